import LiveryGit
import LiveryTargets
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("The build holds a few warnings per rule of the targets that build, and counts the rest")
struct BuildWarningSampleTests {
    /// `base` (extended by every client and by `brand`), `brand` (extended by
    /// `brand-kids`), and `count` leaf clients.
    static func graph(clients count: Int) throws -> TargetGraph {
        let tree = try #require(ObjectID(hex: String(repeating: "0", count: 40)))
        func summary(_ id: String, extends parent: String?) -> TargetSummary {
            TargetSummary(id: id, extends: parent, abstract: parent == nil, tree: tree, styleFile: "targets/\(id)/style.json")
        }
        var summaries = [summary("base", extends: nil), summary("brand", extends: "base"), summary("brand-kids", extends: "brand")]
        for index in 0..<count { summaries.append(summary(client(index), extends: "base")) }
        return TargetGraph(summaries)
    }

    static func client(_ index: Int) -> String { "client-" + String(1000 + index).dropFirst() }

    /// What one target reports: a warning in its own file, one in the base every
    /// client inherits, and one of another rule in its own file.
    static func diagnostics(of target: String) -> [Diagnostic] {
        [
            Diagnostic(
                .warning, rule: .androidImage, "logo is not usable on Android", file: "targets/\(target)/style.json", line: 41, column: 13,
                target: target),
            Diagnostic(
                .warning, rule: .androidName, "'default' becomes 'default_'", file: "targets/base/style.json", line: 3, column: 5,
                target: target),
            Diagnostic(
                .warning, rule: .androidName, "'new' becomes 'new_'", file: "targets/\(target)/style.json", line: 7, column: 9,
                target: target),
        ]
    }

    /// A fixed shuffle, so targets finish out of order as they do in a parallel build.
    static func finishingOrder(_ ids: [String]) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var order = ids
        for index in order.indices.reversed() where index > 0 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            order.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
        }
        return order
    }

    /// Per rule: the problems in report order, as the build shows them.
    static func problemsByRule(_ diagnostics: [Diagnostic]) -> [String: [Diagnostic]] {
        Dictionary(grouping: DiagnosticGrouping.grouped(diagnostics), by: \.rule.id)
    }

    @Test func theFirstProblemsOfEachRuleAreKeptAndEveryOtherOneIsCounted() throws {
        let graph = try Self.graph(clients: 200)
        var sample = BuildWarningSample(perRule: 5, targetsDirectory: "targets", graph: graph)
        var all: [Diagnostic] = []
        var kept: [Diagnostic] = []
        for target in Self.finishingOrder(graph.concrete) {
            let found = Self.diagnostics(of: target)
            all += found
            kept += sample.keep(found)
        }
        let complete = Self.problemsByRule(all)
        let held = Self.problemsByRule(kept)
        #expect(complete.keys.sorted() == ["android-image", "android-name"])
        for (rule, problems) in complete {
            let heldProblems = held[rule] ?? []
            // The same five shown, and the same number in all.
            #expect(Array(heldProblems.prefix(5)) == Array(problems.prefix(5)), "\(rule)")
            #expect(heldProblems.count + sample.counted[rule, default: 0] == problems.count, "\(rule)")
        }
        // The base's warning is one problem affecting every client: all of its copies are kept to merge.
        #expect(kept.filter { $0.file == "targets/base/style.json" }.count == 202)
        // Of 202 own-file warnings per rule, few are held.
        #expect(kept.filter { $0.rule.id == "android-image" }.count < 40)
        #expect(sample.counted["android-image", default: 0] > 160)
    }

    @Test func targetsFinishingInOrderHoldExactlyTheShownNumber() throws {
        let graph = try Self.graph(clients: 50)
        var sample = BuildWarningSample(perRule: 3, targetsDirectory: "targets", graph: graph)
        var kept: [Diagnostic] = []
        let leaves = graph.concrete.filter { $0.hasPrefix("client-") }
        for target in leaves { kept += sample.keep(Self.diagnostics(of: target)) }
        #expect(kept.filter { $0.rule.id == "android-image" }.map(\.target) == ["client-000", "client-001", "client-002"])
        #expect(sample.counted == ["android-image": 47, "android-name": 47])
    }

    @Test func aWarningInTheFileOfATargetOthersExtendIsAlwaysKept() throws {
        let graph = try Self.graph(clients: 0)
        var sample = BuildWarningSample(perRule: 0, targetsDirectory: "targets", graph: graph)
        // `brand-kids` reports brand's own warning too: the report merges the two.
        let brandOwn = Diagnostic(
            .warning, rule: .androidImage, "logo", file: "targets/brand/style.json", line: 1, column: 1, target: "brand")
        var fromKids = brandOwn
        fromKids.target = "brand-kids"
        #expect(sample.keep([brandOwn]) == [brandOwn])
        #expect(sample.keep([fromKids]) == [fromKids])
        let kidsOwn = Diagnostic(
            .warning, rule: .androidImage, "logo", file: "targets/brand-kids/style.json", line: 1, column: 1, target: "brand-kids")
        #expect(sample.keep([kidsOwn]).isEmpty)
        #expect(sample.counted == ["android-image": 1])
    }

    @Test func aWarningATargetReportsTwiceIsOneProblem() throws {
        var sample = BuildWarningSample(perRule: 1, targetsDirectory: "targets", graph: try Self.graph(clients: 3))
        let first = Self.diagnostics(of: "client-000")[0]
        let second = Self.diagnostics(of: "client-001")[0]
        #expect(sample.keep([first, first]) == [first])
        #expect(sample.keep([second, second]).isEmpty)
        #expect(sample.counted == ["android-image": 1])
    }

    @Test func errorsAndProblemsWithoutAFileAreKept() throws {
        var sample = BuildWarningSample(perRule: 0, targetsDirectory: "targets", graph: try Self.graph(clients: 1))
        let error = Diagnostic(
            .error, rule: .androidName, "two tokens are one resource", file: "targets/client-000/style.json", line: 2, column: 2,
            target: "client-000")
        let nowhere = Diagnostic(.warning, rule: .androidImage, "no file", target: "client-000")
        #expect(sample.keep([error, nowhere]) == [error, nowhere])
        #expect(sample.counted.isEmpty)
    }
}
