import Foundation
import LiveryDiff
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// A range's release level: major when it breaks, minor when it only adds, patch
/// when it only changes values, with the first reason and how many more; and every
/// report format says it.
@Suite("Diff: the release level of a range")
struct ReleaseLevelTests {
    static let style = ##"{"colors": {"primary": "#111111", "accent": "#222222"}}"##

    static func pair(_ id: String, before: String?, after: String?) throws -> TargetPair {
        TargetPair(
            base: try before.map { try Styles.snapshot(id, own: $0) }, head: try after.map { try Styles.snapshot(id, own: $0) },
            changedInChain: [id])
    }

    @Test func valuesOnlyArePatch() throws {
        let changed = ##"{"colors": {"primary": "#333333", "accent": "#222222"}}"##
        let release = Styles.report([try Self.pair("acme", before: Self.style, after: changed)], unchanged: 1).release
        #expect(release.level == .patch)
        #expect(release.reason == "acme: colors.primary changed")
    }

    @Test func anAddedTokenOrClientIsMinor() throws {
        let added = ##"{"colors": {"primary": "#111111", "accent": "#222222", "link": "#0000FF"}}"##
        let changed = ##"{"colors": {"primary": "#333333", "accent": "#222222"}}"##
        let report = Styles.report(
            [
                try Self.pair("acme", before: Self.style, after: added), try Self.pair("beta", before: nil, after: Self.style),
                try Self.pair("gamma", before: Self.style, after: changed),
            ], unchanged: 0)
        #expect(report.release.level == .minor)
        #expect(report.release.reason == "acme: colors.link added (and 1 more)")
    }

    @Test func aRemovalOrARemovedClientIsMajorAndSaysWhy() throws {
        let removed = ##"{"colors": {"primary": "#111111"}}"##
        let report = Styles.report(
            [try Self.pair("acme", before: Self.style, after: removed), try Self.pair("gone", before: Self.style, after: nil)],
            unchanged: 0)
        #expect(report.hasBreakingChanges)
        #expect(report.release.level == .major)
        #expect(report.release.reason.hasPrefix("acme: colors.accent removed: "), "\(report.release.reason)")
        #expect(report.release.reason.hasSuffix(" (and 1 more)"))
    }

    @Test func nothingDifferingIsNone() {
        let release = Styles.report([], unchanged: 3).release
        #expect(release.level == .none)
        #expect(ReleaseLevel.major > .minor && ReleaseLevel.minor > .patch && ReleaseLevel.patch > .none)
    }

    @Test func everyReportFormatSaysTheLevel() throws {
        let added = ##"{"colors": {"primary": "#111111", "accent": "#222222", "link": "#0000FF"}}"##
        let report = Styles.report([try Self.pair("acme", before: Self.style, after: added)], unchanged: 0)
        let line = "release: minor — acme: colors.link added"
        #expect(DiffTextFormat.render(report).split(separator: "\n")[2] == Substring(line))
        #expect(DiffMarkdownFormat.render(report).contains("\n" + line + "\n"))
        #expect(DiffHTMLFormat.render(report).contains(#"<p class="release minor" id="release">"# + line + "</p>"))
        let json = try JSONReader.parse(Array(DiffJSONFormat.render(report).utf8), file: "diff.json").value
        #expect(json.objectValue?["release"]?.value.objectValue?["level"]?.value == .string("minor"))
        #expect(json.objectValue?["release"]?.value.objectValue?["reason"]?.value == .string("acme: colors.link added"))
        let patch = try JSONReader.parse(Array(DiffPatchFormat.render(report).utf8), file: "patch.json").value
        #expect(patch.objectValue?[DiffPatchFormat.releaseKey]?.value.objectValue?["level"]?.value == .string("minor"))
        // Nothing differing adds no line: the report stays one line long.
        let same = Styles.report([], unchanged: 1)
        #expect(!DiffTextFormat.render(same).contains("release:"))
        #expect(DiffPatchFormat.document(same).objectValue?[DiffPatchFormat.releaseKey] == nil)
    }
}
