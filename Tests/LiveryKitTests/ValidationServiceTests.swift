import Foundation
import LiveryConcurrency
import LiveryCore
import LiveryGit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// A schema that accepts everything and merges every object, so these tests see
/// only the checks outside the schema.
struct AcceptingSchema: StyleSchema {
    var replace: Set<String> = []
    func violations(in document: JSONNode, target: String) -> [Diagnostic] { [] }
    func replacesWhole(_ path: [String]) -> Bool { replace.contains(path.joined(separator: "/")) }
}

@Suite("Validating targets")
struct ValidationServiceTests {
    func validate(_ files: [String: [UInt8]], selected: [String] = [], schema: any StyleSchema = AcceptingSchema()) throws
        -> ValidationReport
    {
        let workspace = Workspace(repository: nil, source: MemorySource(files: files))
        return try ValidationService(workspace: workspace, schema: schema).validate(selected: selected)
    }

    static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

    static let healthy: [String: [UInt8]] = [
        "targets/base/style.json": text(
            ##"{"abstract": true, "colors": {"bg": "#FFFFFF", "fg": "#111111"}, "components": {"text": {"body": {"background": "bg", "foreground": "fg"}}}}"##
        ),
        "targets/acme/style.json": text(##"{"extends": "base", "colors": {"fg": "#222222"}, "images": {"logo": "assets/logo.svg"}}"##),
        "targets/acme/assets/logo.svg": TestFiles.svg,
        "targets/verde/style.json": text(#"{"extends": "base", "images": {"logo": "assets/logo.svg"}}"#),
        "targets/base/assets/logo.svg": TestFiles.svg,
    ]

    @Test func healthyTargetsValidateClean() throws {
        let report = try validate(Self.healthy)
        // Nothing is wrong but that no client has an app icon, which iOS and Android need.
        #expect(report.diagnostics.map(\.rule.id) == ["app-icon-missing", "app-icon-missing"], "\(report.diagnostics)")
        #expect(report.diagnostics.map(\.file) == ["targets/acme/style.json", "targets/verde/style.json"])
        #expect(report.targets == ["acme", "base", "verde"])
        #expect(!report.fails(strict: false))
    }

    @Test func problemsInAParentArePlacedInTheParentsFile() throws {
        var files = Self.healthy
        files["targets/base/style.json"] = Self.text(
            "{\n  \"abstract\": true,\n  \"colors\": {\"bg\": \"{colors.nope}\", \"fg\": \"#111111\"}\n}")
        let report = try validate(files)
        // Both children inherit the broken alias; each reports it at base's line.
        let missing = report.diagnostics.filter { $0.rule.id == "alias-missing" }
        #expect(missing.map(\.target) == ["acme", "verde"])
        #expect(missing.allSatisfy { $0.file == "targets/base/style.json" && $0.line == 3 && $0.pointer?.description == "/colors/bg" })
    }

    @Test func everyProblemIsReportedInOneRun() throws {
        var files = Self.healthy
        files["targets/broken/style.json"] = Self.text("{\"extends\": \"base\",}")
        files["targets/orphan/style.json"] = Self.text("{\"extends\": \"bsae\"}")
        files["targets/loop-a/style.json"] = Self.text("{\"extends\": \"loop-b\"}")
        files["targets/loop-b/style.json"] = Self.text("{\"extends\": \"loop-a\"}")
        files["targets/unused/style.json"] = Self.text("{\"abstract\": true}")
        files["targets/Bad/style.json"] = Self.text("{}")
        let report = try validate(files)
        let rules = Dictionary(grouping: report.diagnostics, by: { $0.target ?? "-" }).mapValues { $0.map(\.rule.id) }
        #expect(rules["broken"] == ["json-syntax"])
        #expect(rules["orphan"] == ["extends-missing"])
        #expect(report.diagnostics.first { $0.rule.id == "extends-missing" }?.message.contains("did you mean 'base'") == true)
        #expect(rules["loop-a"] == ["extends-cycle"])
        #expect(report.diagnostics.first { $0.rule.id == "extends-cycle" }?.message.contains("loop-a → loop-b → loop-a") == true)
        #expect(rules["unused"] == ["abstract-unused"])
        #expect(rules["-"] == ["target-id"])
        #expect(report.fails(strict: false))
    }

    @Test func selectingAnAbstractTargetChecksItsDescendants() throws {
        let report = try validate(Self.healthy, selected: ["base"])
        #expect(report.targets == ["acme", "base", "verde"])
        let one = try validate(Self.healthy, selected: ["verde"])
        #expect(one.targets == ["verde"])
    }

    @Test func anUnknownTargetIsAUsageError() throws {
        let error = #expect(throws: UnknownTargetError.self) { try validate(Self.healthy, selected: ["acmee"]) }
        #expect(error?.localizedDescription == "unknown target 'acmee' (did you mean 'acme'?). Run `livery list` to see the targets.")
    }

    @Test func replaceMarkedValuesDoNotInheritParts() throws {
        var files = Self.healthy
        files["targets/base/style.json"] = Self.text(
            ##"{"abstract": true, "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000", "highContrastLight": "#FFFFFF"}, "fg": "#111111"}}"##
        )
        files["targets/acme/style.json"] = Self.text(
            ##"{"extends": "base", "colors": {"bg": {"light": "#EEEEEE", "dark": "#111111"}}, "images": {"logo": "assets/logo.svg"}}"##)
        let resolved = LockedBox<[String: ColorToken]>([:])
        let workspace = Workspace(repository: nil, source: MemorySource(files: files))
        _ = try ValidationService(workspace: workspace, schema: AcceptingSchema(replace: ["colors/bg"])).validate(onResolved: { style, _ in
            if let bg = style.colors["bg"] { resolved.update { $0[style.id] = bg } }
        })
        #expect(resolved.value["acme"]?.highContrastLight == nil)
        #expect(resolved.value["verde"]?.highContrastLight?.hex == "#FFFFFF")
    }

    @Test func unsafeEntriesAnywhereInATargetAreErrors() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", #"{"abstract": true}"#)
        try fixture.write("targets/acme/style.json", #"{"extends": "base"}"#)
        try fixture.write("targets/acme/assets/a.png", TestFiles.png(width: 1, height: 1))
        try fixture.write("targets/acme/assets/A.png", TestFiles.png(width: 1, height: 1))
        try fixture.commitAll("collide")
        let repository = try Repository.open(at: fixture.path)
        let workspace = Workspace(repository: repository, source: try RevisionSource(repository: repository, revision: "HEAD"))
        let report = try ValidationService(workspace: workspace, schema: AcceptingSchema()).validate()
        let unsafe = report.diagnostics.filter { $0.rule.id == "unsafe-path" }
        #expect(unsafe.map(\.file) == ["targets/acme/assets/A.png", "targets/acme/assets/a.png"])
        #expect(unsafe.allSatisfy { $0.target == "acme" && $0.message.contains("only by case") })
    }
}

/// A value many threads update.
final class LockedBox<Value: Sendable>: Sendable {
    private let stored: Locked<Value>
    init(_ value: Value) { stored = Locked(value) }
    var value: Value { stored.withLock { $0 } }
    func update(_ body: (inout Value) -> Void) {
        stored.withLock { body(&$0) }
    }
}
