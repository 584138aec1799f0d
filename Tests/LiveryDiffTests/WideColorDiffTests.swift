import Foundation
import LiveryDiff
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Diffs of Display P3 and OKLCH colours")
struct WideColorDiffTests {
    func report(before: String, after: String) throws -> DiffReport {
        let pair = TargetPair(
            base: try Styles.snapshot("acme", own: before),
            head: try Styles.snapshot("acme", own: after),
            changedInChain: ["acme"]
        )
        return Styles.report([pair])
    }

    /// The HTML swatch: the fallback first and the colour as written in one style, captioned
    /// as written with the fallback, and marked P3 when outside sRGB; a hex swatch as before.
    @Test func theHTMLSwatchDrawsTheColourAsWrittenOverItsFallback() throws {
        let report = try report(
            before: ##"{"colors": {"brand": {"light": "#FF0000", "dark": "#111111"}}}"##,
            after: ##"{"colors": {"brand": {"light": "color(display-p3 1 0 0)", "dark": "#111111"}}}"##
        )
        let html = DiffHTMLFormat.render(report)
        // #FF0B0C: Display P3 red gamut mapped into sRGB (CSS Color 4), not clipped to #FF0000.
        #expect(html.contains("<div class=\"chip\" style=\"background:#FF0B0C;background:color(display-p3 1 0 0)\"></div>"), "\(html)")
        #expect(html.contains("title=\"outside sRGB\""))
        #expect(html.contains("<code>color(display-p3 1 0 0)</code><br><small>sRGB <code>#FF0B0C</code></small>"))
        #expect(
            html.contains("<div class=\"chip\" style=\"background:#FF0000\"></div><figcaption>light<br><code>#FF0000</code></figcaption>"))
        // Only the light appearance changed.
        #expect(html.components(separatedBy: "swatch changed").count - 1 == 2, "light before and light after")
    }

    @Test func hexToDisplayP3IsAChangeShownWithBothTexts() throws {
        let report = try report(
            before: ##"{"colors": {"brand": {"light": "#FF0000", "dark": "#111111"}}, "palettes": {"p": "#336699"}}"##,
            after:
                ##"{"colors": {"brand": {"light": "color(display-p3 1 0 0)", "dark": "#111111"}}, "palettes": {"p": "oklch(0.5 0.1 250)"}}"##
        )
        let changes = try #require(report.targets.first?.changes)
        let byPath = Dictionary(uniqueKeysWithValues: changes.map { ($0.path, $0) })
        let brand = try #require(byPath["colors.brand"])
        #expect(brand.appearanceChanges.map(\.appearance) == ["light"])
        #expect(DiffSummary.changeText(brand) == "light #FF0000 → color(display-p3 1 0 0)")
        let palette = try #require(byPath["palettes.p"])
        #expect(DiffSummary.changeText(palette) == "#336699 → oklch(0.5 0.1 250)")

        let text = DiffTextFormat.render(report)
        #expect(text.contains("light #FF0000 → color(display-p3 1 0 0)"), "\(text)")
        let markdown = DiffMarkdownFormat.render(report)
        #expect(markdown.contains("light #FF0000") && markdown.contains("light color(display-p3 1 0 0)"), "\(markdown)")
        #expect(markdown.contains("| #336699 | oklch(0.5 0.1 250) |"), "\(markdown)")
        let json = try JSONReader.parse(Array(DiffJSONFormat.render(report).utf8), file: "diff.json")
        let jsonText = JSONWriter.compact(json.value, sortedKeys: true)
        #expect(jsonText.contains(##"{"appearance":"light","new":"color(display-p3 1 0 0)","old":"#FF0000"}"##), "\(jsonText)")
        #expect(jsonText.contains(##""new":{"dark":"#111111","light":"color(display-p3 1 0 0)"}"##), "\(jsonText)")
        let patch = DiffPatchFormat.render(report)
        #expect(patch.contains(#""light": "color(display-p3 1 0 0)""#), "\(patch)")
        #expect(patch.contains(#""base": "oklch(0.5 0.1 250)""#), "\(patch)")
    }

    /// The same numbers written differently are no change of value; the update
    /// patch still carries the new spelling, so an app's style.json is the bundle's.
    @Test func theSameColourSpelledDifferentlyIsNoChangeOfValue() throws {
        let report = try report(
            before: ##"{"colors": {"brand": "oklch(0.5 0.1 250)", "p3": "color(display-p3 0.5 0 1)"}}"##,
            after: ##"{"colors": {"brand": "oklch(50% 0.10 250)", "p3": "color(display-p3 .5 0 100%)"}}"##
        )
        #expect(report.targets.allSatisfy { $0.changes.isEmpty })
        let patch = DiffPatchFormat.render(report)
        #expect(patch.contains(#""light": "oklch(50% 0.10 250)""#), "\(patch)")
        let same = try self.report(
            before: ##"{"colors": {"brand": "oklch(0.5 0.1 250)"}}"##,
            after: ##"{"colors": {"brand": "oklch(0.5   0.1 250)"}}"##
        )
        #expect(same.targets.isEmpty)
    }

    @Test func aWideColourAndItsOwnFallbackAreDifferent() throws {
        // color(display-p3 1 0 0)'s sRGB fallback is #FF0B0C: the same bytes for sRGB outputs, a change for every other.
        let report = try report(
            before: ##"{"colors": {"brand": "#FF0B0C"}}"##,
            after: ##"{"colors": {"brand": "color(display-p3 1 0 0)"}}"##
        )
        let change = try #require(report.targets.first?.changes.first)
        #expect(DiffSummary.changeText(change) == "#FF0B0C → color(display-p3 1 0 0)")
    }
}
