import Foundation
import LiveryDiff
import LiveryTestSupport
import Testing

/// `--format changelog`: per client, each change in words under the release level it asks
/// for, colours by appearance with their hex values, the contract first.
@Suite("Diff: the changelog for a client's brand team")
struct ChangelogFormatTests {
    static let style =
        ##"{"app": {"displayName": "Acme"}, "colors": {"primary": "#111111", "accent": "#222222", "ink": {"light": "#000000", "dark": "#FFFFFF"}}}"##

    static func report() throws -> DiffReport {
        let after =
            ##"{"app": {"displayName": "Acme Bank"}, "colors": {"primary": "#333333", "ink": {"light": "#000000", "dark": "#EEEEEE"}, "link": "#0000FF"}}"##
        return Styles.report(
            [
                try ReleaseLevelTests.pair("acme", before: Self.style, after: after),
                try ReleaseLevelTests.pair("beta", before: nil, after: Self.style),
                try ReleaseLevelTests.pair("gone", before: Self.style, after: nil),
            ], unchanged: 1)
    }

    @Test func eachClientsChangesAreSentencesUnderTheirLevel() throws {
        let text = DiffFormat.all.first { $0.name == "changelog" }?.render(try Self.report(), context: DiffRenderContext()) ?? ""
        let acme = try #require(text.components(separatedBy: "\n## acme\n").last?.components(separatedBy: "\n## ").first)
        let major = try #require(
            acme.components(separatedBy: "### Major: the app must be updated\n\n").last?.components(separatedBy: "\n### ").first)
        #expect(major.hasPrefix("- Colour **accent** is removed ("), "\(acme)")
        #expect(acme.contains("### Minor: something new\n\n- New colour **link**: `#0000FF`.\n"), "\(acme)")
        #expect(acme.contains("- Colour **primary** changes from `#111111` to `#333333`.\n"), "\(acme)")
        #expect(acme.contains("- Colour **ink** changes: dark mode `#FFFFFF` → `#EEEEEE`.\n"), "\(acme)")
        #expect(acme.contains(#"- App name or identity **displayName** changes from "Acme" to "Acme Bank"."#), "\(acme)")
        #expect(text.contains("\n## beta\n\n### Minor: something new\n\n- New client.\n"))
        #expect(text.contains("\n## gone\n\n### Major: the app must be updated\n\n- The client is removed.\n"))
        #expect(text.contains("**Major release** — "))
        // The levels come in order: major, then minor, then patch.
        let order = ["### Major", "### Minor", "### Patch"].compactMap { acme.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted())
    }

    @Test func nothingDifferingSaysSoAndTheOutputIsStable() throws {
        #expect(DiffChangelogFormat.render(Styles.report([], unchanged: 2)).hasSuffix("Nothing changed for any client.\n"))
        let report = try Self.report()
        #expect(DiffChangelogFormat.render(report) == DiffChangelogFormat.render(try Self.report()))
    }

    /// The HTML notes say the same sentences, each colour a swatch beside its value, with
    /// repository text escaped and no script or request.
    @Test func theHTMLNotesDrawEachColourAsASwatch() throws {
        let hostile = ##"{"app": {"displayName": "<script>alert(1)</script>"}, "colors": {"primary": "#333333"}}"##
        let report = Styles.report(
            [try ReleaseLevelTests.pair("acme", before: Self.style, after: hostile)], unchanged: 0)
        let html = DiffChangelogHTMLFormat.render(report)
        #expect(html.contains(#"<span class="swatch" style="background:#111111"></span><code>#111111</code>"#))
        #expect(html.contains(#"<li>Colour <strong>primary</strong> changes from <span class="swatch""#))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !html.contains("<script"))
        #expect(html.contains(#"content="default-src 'none'; style-src 'unsafe-inline'""#))
        #expect(html.contains("<h3>Major: the app must be updated</h3>"))
        #expect(DiffFormat(named: "changelog-html")?.render(report, context: DiffRenderContext()) == html)
    }
}
