import Foundation
import LiveryGit
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("A broken chain and an empty repository report one thing to fix")
struct ChainAndEmptyRepositoryTests {
    func validate(_ files: [String: String]) throws -> ValidationReport {
        let workspace = Workspace(repository: nil, source: MemorySource(texts: files))
        return try ValidationService(workspace: workspace, schema: AcceptingSchema()).validate()
    }

    @Test func aCycleReportsOnlyTheCycle() throws {
        let report = try validate([
            // `loop-a` is abstract and in the cycle; `under` is abstract and extends it.
            "targets/loop-a/style.json": #"{"abstract": true, "extends": "loop-b"}"#,
            "targets/loop-b/style.json": #"{"extends": "loop-a"}"#,
            "targets/under/style.json": #"{"abstract": true, "extends": "loop-a"}"#,
            "targets/lost/style.json": #"{"abstract": true, "extends": "nowhere"}"#,
            "targets/unused/style.json": #"{"abstract": true}"#,
        ])
        #expect(report.diagnostics.map(\.rule.id).sorted() == ["abstract-unused", "extends-cycle", "extends-missing"])
        #expect(report.diagnostics.first { $0.rule.id == "abstract-unused" }?.target == "unused")
    }

    @Test func theGraphAloneWarnsOnlyAboutTargetsOutsideBrokenChains() {
        func summary(_ id: String, extends: String? = nil, abstract: Bool) -> TargetSummary {
            TargetSummary(
                id: id, extends: extends, abstract: abstract, tree: ObjectID(hex: String(repeating: "0", count: 40))!,
                styleFile: "targets/\(id)/style.json")
        }
        let graph = TargetGraph([
            summary("a", extends: "b", abstract: true), summary("b", extends: "a", abstract: false),
            summary("c", extends: "a", abstract: true), summary("base", abstract: true),
        ])
        #expect(graph.diagnostics.map(\.rule.id) == ["extends-cycle", "abstract-unused"])
        #expect(graph.diagnostics.last?.target == "base")
    }

    @Test func aRepositoryWithoutTargetsSaysHowToStart() throws {
        let report = try validate(["README.md": "hello"])
        #expect(report.diagnostics.map(\.rule.id) == ["no-targets"])
        #expect(report.diagnostics.first?.message.contains("livery new <id>") == true)
        #expect(report.diagnostics.first?.message.contains("'targets/<id>/style.json'") == true)
        #expect(report.fails(strict: false))
    }

    @Test func aTargetsDirectoryWithoutTargetsSaysHowToStartToo() throws {
        let report = try validate(["targets/style.schema.json": "{}"])
        #expect(report.diagnostics.map(\.rule.id) == ["no-targets"])
        #expect(report.diagnostics.first?.message.hasPrefix("no targets in 'targets/'") == true)
        #expect(ValidationReportFormats.summary(report) == "✗ 1 error, no targets")
    }

    @Test func theBuildsCheckFindsNoTargetsWithoutListingThem() throws {
        #expect(try EmptyRepository.check(MemorySource(texts: ["a.txt": "x"]), targetsDirectory: "targets")?.rule.id == "no-targets")
        #expect(
            try EmptyRepository.check(MemorySource(texts: ["targets/style.schema.json": "{}"]), targetsDirectory: "targets")?.rule.id
                == "no-targets")
        #expect(try EmptyRepository.check(MemorySource(texts: ["targets/acme/style.json": "{}"]), targetsDirectory: "targets") == nil)
    }
}
