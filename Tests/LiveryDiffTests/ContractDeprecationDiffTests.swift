import LiveryDiff
import LiveryTargets
import Testing

/// A rename through deprecation in `diff` (docs/diff.md, "The app's contract"): deprecating a
/// token and adding its replacement is a minor release, removing the deprecated token the
/// breaking step, and `--app-sources` finds the app code that still reads a removed token.
@Suite("Deprecation in diff")
struct ContractDeprecationDiffTests {
    static func contract(_ json: String) throws -> AppContract {
        try ContractParser.parse(Array(json.utf8), file: "targets/contract.json")
    }

    static let v1 = #"{"colors": {"warning": {"requires": ["dark"]}}}"#
    static let v2 =
        #"{"colors": {"warning": {"requires": ["dark"], "deprecated": {"reason": "Named caution now.", "replacement": "caution"}}, "caution": {"requires": ["dark"]}}}"#
    static let v3 = #"{"colors": {"caution": {"requires": ["dark"]}}}"#

    static func diff(_ base: String, _ head: String) throws -> ContractDiff? {
        ContractDiff.compare(
            base: try contract(base), head: try contract(head), baseExists: true, headExists: true, headErrors: [],
            file: "targets/contract.json")
    }

    @Test func deprecatingWithItsReplacementIsMinor() throws {
        let diff = try #require(try Self.diff(Self.v1, Self.v2))
        #expect(!diff.breaks)
        #expect(diff.changes.map(\.path) == ["colors.caution", "colors.warning"])
        #expect(diff.changes.allSatisfy { !$0.breaks })
        #expect(diff.changes.last?.new == "colour, requires dark, deprecated for caution")
        #expect(diff.changes.last?.breakingReason.contains("compiles with a warning; move it to theme.colors.caution") == true)
        let report = DiffReport(
            base: RevisionInfo(label: "v1", revision: nil, commit: nil), head: RevisionInfo(label: "v2", revision: nil, commit: nil),
            targets: [], unchanged: 0, contract: diff)
        #expect(!report.hasBreakingChanges)
        #expect(report.release.level == .minor)
        #expect(report.release.reason.hasPrefix("the app's contract deprecates tokens"))
    }

    @Test func removingTheDeprecatedTokenIsTheBreakingStep() throws {
        let diff = try #require(try Self.diff(Self.v2, Self.v3))
        #expect(diff.breaks)
        let removed = try #require(diff.changes.first { $0.kind == .removed })
        #expect(
            removed.breakingReason
                == "the deprecated theme.colors.warning is removed, the breaking step of its rename to caution: shared code that still reads it no longer compiles"
        )
        let report = DiffReport(
            base: RevisionInfo(label: "v2", revision: nil, commit: nil), head: RevisionInfo(label: "v3", revision: nil, commit: nil),
            targets: [], unchanged: 0, contract: diff)
        #expect(report.release.level == .major)
    }

    @Test func appCodeUsesAreFoundByTheirGeneratedNames() {
        let swift = """
            let a = theme.colors.warning.resolved(dark: false)
            let b = theme.colors.warningLight // another token
            let c = mycolors.warning
            """
        let found = AppCodeMatch.uses(in: swift, file: "App/Screen.swift", paths: ["colors.warning"])
        #expect(found.map { "\($0.use.file):\($0.use.line):\($0.use.column)" } == ["App/Screen.swift:1:15"])
        let css =
            ".banner { color: var(--color-warning); border-color: var(--color-warning-x, red) }\n.x { background: var(--palette-brand-light02) }"
        let cssUses = AppCodeMatch.uses(in: css, file: "web/app.css", paths: ["colors.warning", "palettes.brand"])
        #expect(cssUses.map { "\($0.path) \($0.use.line):\($0.use.column)" } == ["colors.warning 1:22", "palettes.brand 2:22"])
    }
}
