import LiveryJSON
import LiveryVisual
import Testing

@Suite("Visual report page")
struct VisualReportPageTests {
    static func appearance(_ name: String, differing: Int) -> VisualReport.Appearance {
        .init(
            name: name, differing: differing, total: 1_000, before: "images/a/\(name)-before.png", after: "images/a/\(name)-after.png",
            difference: "images/a/\(name)-difference.png")
    }

    static let report = VisualReport(
        base: "v1", head: "v2", colorThreshold: 0.02,
        clients: [
            .init(
                id: "acme", status: "changed",
                appearances: [
                    appearance("light", differing: 30), appearance("dark", differing: 0), appearance("high-contrast-light", differing: 1),
                    appearance("high-contrast-dark", differing: 0),
                ],
                changes: .init(
                    json: .makeArray([.makeObject([("path", .string("colors.brand")), ("breaking", .bool(false))])]),
                    html: "<table class=\"changes\"><tr><td><code>colors.<wbr>brand</code></td></tr></table>\n", count: 2, breaking: 1
                )
            ),
            .init(id: "gone", status: "removed", appearances: [], changes: .init(breakingReason: "target removed")),
        ]
    )

    @Test func anAppearanceWithNoChangedPixelReadsUnchangedAndTheOthersTheirShare() {
        let html = VisualReportPage.render(Self.report)
        #expect(html.components(separatedBy: "<p class=\"share\">unchanged</p>").count - 1 == 2)
        #expect(html.contains("<p class=\"share\">3 %</p>") && html.contains("<p class=\"share\">0.1 %</p>"), "\(html)")
        #expect(!html.contains(">0 %<"))
    }

    @Test func eachClientListsTheChangesTheDiffRenderedAndWhatIsBreaking() throws {
        let html = VisualReportPage.render(Self.report)
        // The diff's table sits in the client's own section, under its pictures.
        let acme = try #require(
            html.components(separatedBy: "<tr id=\"c-acme\">").dropFirst().first?.components(separatedBy: "<tr id=\"c-gone\">").first)
        #expect(
            acme.contains(
                "<tr class=\"diff\"><td colspan=\"5\"><div class=\"changes-of\"><table class=\"changes\"><tr><td><code>colors.<wbr>brand</code>"
            ))
        #expect(acme.contains("2 changes, <span class=\"breaking\">1 breaking</span>"))
        #expect(html.contains("<p class=\"breaking\">Breaking: target removed</p>"))
        let json = Self.report.json()
        #expect(
            json.contains("\"changes\":[{\"path\":\"colors.brand\",\"breaking\":false}]") || json.contains("\"path\": \"colors.brand\""),
            "\(json)")
        #expect(json.contains("target removed"))
        // The same report gives the same bytes.
        #expect(VisualReportPage.render(Self.report) == html)
    }
}
