import LiveryDiff
import LiveryEngine
import LiveryGit
import LiveryTargets
import Testing

@testable import LiveryKit

/// `diff` marks a release that takes a colour pair of HEAD's contract below its target as
/// an accessibility regression, in every format, and `--exit-code accessibility` gates on it.
@Suite("Accessibility regressions in diff")
struct AccessibilityDiffTests {
    static func side(primary: String, contract: String = #"{"colors": {"primary": {}, "onPrimary": {}}}"#) -> Workspace {
        let files: [String: String] = [
            "targets/contract.json": contract,
            "targets/acme/style.json":
                ##"{"app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "colors": {"primary": ""## + primary
                + ##"", "onPrimary": "#FFFFFF"}}"##,
        ]
        return Workspace(repository: nil, source: MemorySource(files: files.mapValues { Array($0.utf8) }))
    }

    @Test func aLighterPrimaryUnderWhiteTextIsARegression() async throws {
        let report = try await DiffService(base: Self.side(primary: "#0B5FFF"), head: Self.side(primary: "#5A9BFF")).diff(jobs: 1)
        let target = try #require(report.targets.first)
        // Light and dark (one colour for both) fall below 4.5:1; high contrast is derived to 7:1 on both sides.
        #expect(target.accessibilityRegressions.map(\.appearance) == ["light", "dark"])
        #expect(target.accessibilityRegressions.allSatisfy { $0.before >= 4.5 && $0.after < 4.5 && $0.target == 4.5 })
        #expect(report.hasAccessibilityRegressions)
        #expect(DiffGate.accessibility.isMet(by: report))
        let text = DiffTextFormat.render(report)
        #expect(text.contains("! accessibility regression: colors.onPrimary on colors.primary in light: "), "\(text)")
        #expect(text.contains("acme: changed (1 change, 2 accessibility regressions)"), "\(text)")
        #expect(DiffJSONFormat.render(report).contains(#""accessibilityRegressions""#))
        #expect(DiffMarkdownFormat.render(report).contains("accessibility regression"))
        #expect(DiffHTMLFormat.render(report).contains("Accessibility regression: colors.onPrimary on colors.primary in dark"))
    }

    @Test func aChangeThatKeepsEveryPairAboveItsTargetIsNone() async throws {
        let report = try await DiffService(base: Self.side(primary: "#0B5FFF"), head: Self.side(primary: "#0A4FD0")).diff(jobs: 1)
        #expect(!report.targets.isEmpty)
        #expect(!report.hasAccessibilityRegressions)
        #expect(!DiffGate.accessibility.isMet(by: report))
        #expect(!DiffJSONFormat.render(report).contains("accessibilityRegressions"))
    }

    @Test func aChangedPairIsAContractChangeThatSaysSo() async throws {
        let base = Self.side(primary: "#0B5FFF")
        let head = Self.side(
            primary: "#0B5FFF", contract: #"{"colors": {"primary": {"on": ["onPrimary"], "use": "nonText"}, "onPrimary": {}}}"#)
        let report = try await DiffService(base: base, head: head).diff(jobs: 1)
        let change = try #require(report.contract?.changes.first)
        #expect(change.path == "colors.primary")
        #expect(change.new == "colour, on onPrimary, nonText")
        #expect(change.breakingReason.hasPrefix("the colours it is drawn on change"))
    }
}
