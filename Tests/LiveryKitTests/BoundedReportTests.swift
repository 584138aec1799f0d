import Foundation
import LiveryConcurrency
import LiveryGit
import LiveryJSON
import LiveryTargets
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// Validation keeps each target's problems, not its outcome, and makes its
/// report in place; the report must be what it was when everything was kept.
@Suite("Reports made without copies")
struct BoundedReportTests {
    static let base = "targets/base/style.json"

    static func own(_ target: String, line: Int = 3) -> Diagnostic {
        Diagnostic(
            .warning, rule: .contrast, "low contrast in \(target)", file: "targets/\(target)/style.json", line: line, column: 5,
            target: target)
    }

    static func shared(_ target: String) -> Diagnostic {
        Diagnostic(
            .error, rule: .schema, "`colors.error` is not a colour", file: base, line: 25, column: 14,
            pointer: JSONPointer(tokens: ["colors", "error"]), target: target)
    }

    @Test func sortingOnceRemovesRepeatsAndKeepsTiesInTheOrderGiven() {
        // Equal for `<` (same target, place, rule and message), told apart only by the pointer.
        let first = Diagnostic(
            .error, rule: .schema, "bad", file: "f", line: 1, column: 1, pointer: JSONPointer(tokens: ["b"]), target: "acme")
        let second = Diagnostic(
            .error, rule: .schema, "bad", file: "f", line: 1, column: 1, pointer: JSONPointer(tokens: ["a"]), target: "acme")
        var diagnostics = [Self.own("verde"), first, Self.own("acme"), second, first, Self.own("verde"), second]
        DiagnosticOrder.sortOnce(&diagnostics)
        // Target, then file ("f" before "targets/…"), then the order given.
        #expect(diagnostics == [first, second, Self.own("acme"), Self.own("verde")])
    }

    @Test func problemsWalkedOneAtATimeAreTheGroupedOnes() {
        let clients = ["acme", "bolt", "corp", "delta"]
        var diagnostics: [Diagnostic] = []
        for client in clients.reversed() {
            diagnostics += [Self.own(client, line: 9), Self.shared(client), Self.own(client)]
        }
        diagnostics.append(Self.shared("acme"))
        var walked: [Diagnostic] = []
        let problems = DiagnosticGrouping.Problems(diagnostics)
        problems.forEach { walked.append($0) }
        var again: [Diagnostic] = []
        problems.forEach { again.append($0) }

        var merged = Self.shared("acme")
        merged.target = nil
        merged.affectedTargets = clients
        let own = clients.flatMap { [Self.own($0), Self.own($0, line: 9)] }
        // By file: targets/acme, targets/base (the shared one), targets/bolt, …
        #expect(walked == Array(own.prefix(2)) + [merged] + own.dropFirst(2))
        #expect(again == walked)
        #expect(DiagnosticGrouping.grouped(diagnostics) == walked)
    }

    @Test func theJSONReportCountsProblemsNotDiagnostics() throws {
        let diagnostics = ["acme", "bolt"].flatMap { [Self.shared($0), Self.own($0)] }
        let report = ValidationReport(targets: ["acme", "bolt"], diagnostics: diagnostics)
        let text = ValidationReportFormats.json(report, source: MemorySource(files: [:]), strict: false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 1)
        #expect(object["warnings"] as? Int == 2)
        #expect((object["diagnostics"] as? [Any])?.count == 3)
    }

    @Test func forEachHandsOverEveryOutputOnceWithItsIndex() async {
        let items = Array(0..<200)
        for width in [1, 2, 7] {
            var seen: [Int: Int] = [:]
            await Parallel.forEach(items, width: width, { $0 * 3 }) { index, output in
                #expect(seen[index] == nil)
                seen[index] = output
            }
            #expect(seen.count == items.count)
            #expect(items.allSatisfy { seen[$0] == $0 * 3 })
        }
    }

    @Test func withOneWorkerOutputsComeInOrder() async {
        var order: [Int] = []
        await Parallel.forEach(Array(0..<20), width: 1, { $0 }) { index, _ in order.append(index) }
        #expect(order == Array(0..<20))
    }
}
