import Foundation
import LiveryDiff
import LiveryJSON
import LiveryStyle
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

    @Test func hexToDisplayP3IsAChangeShownWithBothTexts() throws {
        let report = try report(
            before: ##"{"colors": {"brand": {"light": "#FF0000", "dark": "#111111"}}, "palettes": {"p": "#336699"}}"##,
            after: ##"{"colors": {"brand": {"light": "color(display-p3 1 0 0)", "dark": "#111111"}}, "palettes": {"p": "oklch(0.5 0.1 250)"}}"##
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
