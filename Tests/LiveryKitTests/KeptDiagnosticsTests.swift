import Foundation
import LiveryEmit
import LiveryGit
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("Validation keeps only what its caller shows of targets that pass")
struct KeptDiagnosticsTests {
    /// A base whose button fails contrast (a warning in every client), four
    /// clients, and one of them with a broken alias (an error).
    static let files: [String: [UInt8]] = {
        let base = ##"""
            {"abstract": true, "colors": {"bg": "#EEEEEE", "fg": "#FFFFFF"},
             "components": {"button": {"primary": {"background": "{colors.bg}", "foreground": "{colors.fg}"}}}}
            """##
        var files = ["targets/base/style.json": Array(base.utf8)]
        for index in 0..<4 {
            let own = index == 2 ? ##", "colors": {"extra": "{colors.nope}"}"## : ""
            files["targets/c\(index)/style.json"] = Array((#"{"extends": "base""# + own + "}").utf8)
        }
        return files
    }()

    func validate(keeping keep: ((Diagnostic) -> Bool)?) async throws -> ValidationReport {
        let workspace = Workspace(repository: nil, source: MemorySource(files: Self.files))
        return try await ValidationService(workspace: workspace, schema: AcceptingSchema()).validate(
            jobs: 2, keepFromPassing: keep.map { keep in { $0.filter(keep) } })
    }

    @Test func everyDiagnosticIsKeptWithoutAFilter() async throws {
        let report = try await validate(keeping: nil)
        let warned = Set(report.diagnostics.filter { $0.rule.id == "contrast" }.compactMap(\.target))
        #expect(warned == ["c0", "c1", "c2", "c3"])
        #expect(report.diagnostics.contains { $0.severity == .error && $0.target == "c2" })
    }

    @Test func aPassingTargetKeepsOnlyWhatTheFilterChoosesAndAFailingOneKeepsAll() async throws {
        let report = try await validate(keeping: { _ in false })
        // c2 fails: its warning stays beside its error, as `livery build` shows both.
        #expect(Set(report.diagnostics.compactMap(\.target)) == ["c2"])
        #expect(report.diagnostics.contains { $0.rule.id == "contrast" && $0.target == "c2" })
        #expect(report.diagnostics.contains { $0.severity == .error && $0.target == "c2" })

        let contrastKept = try await validate(keeping: { $0.rule.id == "contrast" })
        let warned = Set(contrastKept.diagnostics.filter { $0.rule.id == "contrast" }.compactMap(\.target))
        #expect(warned == ["c0", "c1", "c2", "c3"])
    }

    @Test func aPlatformWarningIsOneOfTheBuildsPlatformsRules() {
        let android = Diagnostic(.warning, rule: .androidImage, "left out")
        let contrast = Diagnostic(.warning, rule: .contrast, "low")
        let androidError = Diagnostic(.error, rule: .androidImage, "broken")
        let platforms = Platform.all.filter { ["ios", "android", "web"].contains($0.name) }
        #expect(android.isWarning(of: platforms))
        #expect(!android.isWarning(of: platforms.filter { $0.name != "android" }))
        #expect(!contrast.isWarning(of: platforms))
        #expect(!androidError.isWarning(of: platforms))
    }
}
