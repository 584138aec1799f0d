import Foundation
import LiveryTestSupport
import Testing

/// The HTML diff and the gallery in a 1280 px window, in headless Chromium: no
/// horizontal scrolling, labels that wrap between words, and review marks only in
/// the appearances whose colour changed. Without Chromium or python3 they are
/// reported skipped; under CI `RequiredToolsTests` fails then.
@Suite(
    "The diff report and the gallery at 1280 px", .serialized,
    .enabled(
        if: ExternalTool.chromium.isInstalled && ExternalTool.python3.isInstalled,
        "chromium or python3 is not installed: the pages are not checked in a browser (scripts/product/bootstrap --test installs them)")
)
struct WideLayoutBrowserTests {
    static let width = 1280

    /// v1 and v2 of a base, a group and a client, with long token names, a colour whose
    /// light value alone changes, a rename, and a logo swapped in the client's directory.
    func history() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        func write(primaryLight: String, secondaryName: String, logo: (UInt8, UInt8, UInt8)) throws {
            try fixture.write(
                "targets/base/style.json",
                ##"""
                {"abstract": true,
                 "colors": {"primary": {"light": "\##(primaryLight)", "dark": "#7AB8FF"},
                  "background": {"light": "#FFFFFF", "dark": "#101418"}, "foreground": {"light": "#1B1D21", "dark": "#ECEEF2"},
                  "\##(secondaryName)": {"light": "#5B6270", "dark": "#A9B0BC", "highContrastLight": "#30343B", "highContrastDark": "#D5DAE1"},
                  "surfaceContainerHighestVariant": {"light": "#E6E9EE", "dark": "#2A3038"},
                  "onSurfaceContainerHighestVariant": "{colors.foreground}",
                  "linkOnSurfaceContainerHighestVariant": "{colors.primary}"},
                 "components": {"text": {"caption": {"foreground": "\##(secondaryName)", "background": "surfaceContainerHighestVariant"}},
                  "button": {"primaryActionWithAVeryLongVariantName": {"background": "primary", "foreground": "background"}}}}
                """##)
            try fixture.write("targets/banks/style.json", #"{"abstract": true, "extends": "base", "flags": {"bank": true}}"#)
            try fixture.write(
                "targets/acme-bank-with-a-long-client-identifier/style.json",
                ##"""
                {"extends": "banks", "app": {"displayName": "Acme Bank", "bundleId": "com.example.acme"}, "images": {"logoForTheLoginScreenHeader": "logo.png"}}
                """##)
            try fixture.write("targets/acme-bank-with-a-long-client-identifier/logo.png", TestFiles.png(width: 64, height: 32, rgb: logo))
        }
        try write(primaryLight: "#1D4ED8", secondaryName: "secondaryTextOnSurfaceVariant", logo: (10, 20, 30))
        try fixture.commitAll("v1", tag: "v1")
        try write(primaryLight: "#0B3AA8", secondaryName: "textSecondaryOnSurfaceVariant", logo: (200, 20, 30))
        try fixture.commitAll("v2", tag: "v2")
        return fixture
    }

    /// What a probe finds when the page is laid out at 1280 px: the page's width, and every
    /// piece of a label between its break opportunities that was itself broken across lines.
    static let layoutProbe = """
        out.push('scrollWidth ' + document.documentElement.scrollWidth);
        const broken = [];
        for (const label of document.querySelectorAll('.sw, .comp figcaption, table.changes code')) {
          for (const node of label.childNodes) {
            if (node.nodeType !== 3) continue;
            // Each word of the piece (a space is a break opportunity too) on one line.
            for (const word of node.textContent.matchAll(/\\S+/g)) {
              const range = document.createRange();
              range.setStart(node, word.index);
              range.setEnd(node, word.index + word[0].length);
              const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
              if (lines.size > 1) broken.push(word[0]);
            }
          }
        }
        out.push('broken ' + broken.join(','));
        """

    /// The layout probe for a page without the gallery's script, written where `GalleryBrowserTests.probed` reads it.
    static let reportProbe = """
        <pre id="probe" style="position:absolute;left:-99999px;top:0"></pre>
        <script>
        window.addEventListener('load', () => setTimeout(() => {
          const out = [];
          try {
        \(layoutProbe)
          } catch (error) { out.push('probe-error ' + error); }
          document.getElementById('probe').textContent = out.join('\\n');
        }, 100));
        </script>
        """

    @Test func theHTMLDiffFitsAndWrapsBetweenWords() throws {
        let chromium = try GalleryBrowser.require()
        let fixture = try history()
        let out = try TemporaryDirectory(prefix: "livery-diff-html")
        let report = out.path + "/diff.html"
        let run = try LiveryBinary.run(["diff", "v1", "v2", "--format", "html", "--output", report], in: fixture.path)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        // The report forbids scripts; the probe's copy lets its own one run (the layout is the same).
        let policy =
            #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'">"#
        #expect(html.contains(policy))
        let page = out.path + "/probe.html"
        try Data(
            html.replacingOccurrences(of: policy, with: "").replacingOccurrences(of: "</body>", with: Self.reportProbe + "\n</body>").utf8
        )
        .write(to: URL(fileURLWithPath: page))
        let result = try GalleryBrowser.run(
            chromium, profile: out.path + "/p-dom", ["--dump-dom", "file://" + page], size: "\(Self.width),900")
        let lines = GalleryBrowserTests.probed(result.stdout)
        let width = try #require(
            lines.first { $0.hasPrefix("scrollWidth ") }.flatMap { Int($0.dropFirst("scrollWidth ".count)) }, "\(lines)")
        #expect(width <= Self.width, "\(lines)")
        #expect(lines.contains("broken "), "\(lines)")
        // The via column is on screen: the page has no horizontal scroll, and the column is there.
        #expect(html.contains("<th>via</th>"))
        let shot = out.path + "/diff.png"
        let taken = try GalleryBrowser.run(
            chromium, profile: out.path + "/p-shot", ["--screenshot=" + shot, "file://" + report], size: "\(Self.width),900")
        #expect(taken.status == 0 && FileManager.default.fileExists(atPath: shot), "\(taken.stderr)")
        if let keep = ProcessInfo.processInfo.environment["LIVERY_KEEP_SCREENSHOTS"] {
            try? FileManager.default.copyItem(atPath: shot, toPath: keep + "/diff-1280.png")
        }
    }

    @Test func theReviewGalleryFitsWrapsLabelsAndMarksOnlyTheChangedAppearances() throws {
        let chromium = try GalleryBrowser.require()
        let fixture = try history()
        let out = try TemporaryDirectory(prefix: "livery-gallery-1280")
        let site = try GalleryBrowserTests.gallery(["--repo", fixture.path, "--rev", "v2", "--base", "v1"], into: out.path)
        let page = try GalleryBrowserTests.withProbe(
            site, "probe.html",
            Self.layoutProbe + """

                out.push('opened ' + document.body.dataset.mode + ' ' + location.hash);
                const chips = [...document.querySelectorAll('article.card.changed .sw[data-path="colors.primary"]')];
                out.push('chips ' + chips.length);
                // The renamed token is marked under its old name before and its new one after, in every appearance.
                out.push('renamed ' + document.querySelectorAll('article.card.changed .sw.chg[data-path="colors.secondaryTextOnSurfaceVariant"]').length
                  + ' ' + document.querySelectorAll('article.card.changed .sw.chg[data-path="colors.textSecondaryOnSurfaceVariant"]').length);
                for (const mode of ['light', 'dark', 'hcl', 'hcd']) {
                  window.liveryGallery.setMode(mode);
                  out.push('outline ' + mode + ' ' + [...new Set(chips.map(chip => getComputedStyle(chip).outlineStyle))].join('/') + ' ' + location.hash);
                }
                """)
        // Opened with the short fragment of earlier pages: high-contrast dark, shown in words.
        let result = try GalleryBrowser.run(
            chromium, profile: out.path + "/p-dom", ["--dump-dom", "file://" + page + "#hcd"], size: "\(Self.width),1400")
        let problems = GalleryBrowser.consoleProblems(result.stderr, standInFonts: true)
        #expect(problems.isEmpty, "\(problems)")
        let lines = GalleryBrowserTests.probed(result.stdout)
        let width = try #require(
            lines.first { $0.hasPrefix("scrollWidth ") }.flatMap { Int($0.dropFirst("scrollWidth ".count)) }, "\(lines)")
        #expect(width <= Self.width, "\(lines)")
        #expect(lines.contains("broken "), "\(lines)")
        #expect(lines.contains("opened hcd #high-contrast-dark"), "\(lines)")
        #expect(lines.contains("chips 2"), "\(lines)")
        #expect(lines.contains("renamed 1 1"), "\(lines)")
        // Only primary's light value changed: marked in light and in high-contrast light (which falls back to it).
        #expect(lines.contains("outline light dashed #light"), "\(lines)")
        #expect(lines.contains("outline dark none #dark"), "\(lines)")
        #expect(lines.contains("outline hcl dashed #high-contrast-light"), "\(lines)")
        #expect(lines.contains("outline hcd none #high-contrast-dark"), "\(lines)")

        let shot = out.path + "/gallery.png"
        let taken = try GalleryBrowser.run(
            chromium, profile: out.path + "/p-shot", ["--screenshot=" + shot, "file://\(site)/index.html#light"], size: "\(Self.width),1400"
        )
        #expect(taken.status == 0 && FileManager.default.fileExists(atPath: shot), "\(taken.stderr)")
        if let keep = ProcessInfo.processInfo.environment["LIVERY_KEEP_SCREENSHOTS"] {
            try? FileManager.default.copyItem(atPath: shot, toPath: keep + "/gallery-1280.png")
        }
    }
}
