import Foundation
import LiveryTestSupport
import Testing

/// The gallery's review mode and the HTML diff on one release of the demo targets
/// that removes a client, adds one, renames a token while its palette moves, swaps
/// a client's font for its parent's and edits a one-file image: each shown for what
/// it is. The gallery is checked in headless Chromium; without it (or python3) the
/// suite is reported skipped, and under CI `RequiredToolsTests` fails then.
@Suite(
    "Review pages: what each change is shown as", .serialized,
    .enabled(
        if: ExternalTool.chromium.isInstalled && ExternalTool.python3.isInstalled,
        "chromium or python3 is not installed (scripts/product/bootstrap --test installs them)")
)
struct ReviewPagesBrowserTests {
    /// v1: the demo targets. v2: `secondaryText` renamed to `textSecondary` everywhere (the
    /// app's contract too) while
    /// `base` moves the neutral palette it points to; verde-grocers removed; new-bank added
    /// (acme-bank's files under a new name); harbor's display font dropped for base's; harbor's
    /// logo (one file) edited.
    static func release() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        let demo = try FileTree.contents(under: GalleryBrowserTests.root + "/targets")
        for (path, bytes) in demo { try fixture.write("targets/" + path, Array(bytes)) }
        try fixture.commitAll("v1", tag: "v1")
        for (path, bytes) in demo {
            var text = String(decoding: bytes, as: UTF8.self)
            if path.hasSuffix("style.json") {
                text = text.replacingOccurrences(of: "secondaryText", with: "textSecondary")
                    .replacingOccurrences(of: ##""neutral": "#6B7280""##, with: ##""neutral": "#4B5563""##)
                if path == "harbor-credit-union/style.json" {
                    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                    text = lines.filter { !$0.contains(#""display": { "family": "Cantarell""#) }.joined(separator: "\n")
                }
                try fixture.write("targets/" + path, text)
            }
            // The app's contract follows the rename, as a team renaming a token the app reads does.
            if path == "contract.json" {
                try fixture.write("targets/" + path, text.replacingOccurrences(of: "secondaryText", with: "textSecondary"))
            }
            if path == "harbor-credit-union/assets/logo.svg" { try fixture.write("targets/" + path, text + "<!-- v2 -->\n") }
            if path.hasPrefix("acme-bank/") {
                let copy =
                    path.hasSuffix("style.json")
                    ? Array(text.replacingOccurrences(of: "acme", with: "newbank").utf8) : Array(bytes)
                try fixture.write("targets/new-bank/" + path.dropFirst("acme-bank/".count), copy)
            }
        }
        try fixture.remove("targets/verde-grocers")
        try fixture.commitAll("v2", tag: "v2")
        return fixture
    }

    @Test func theHTMLDiffShowsFontsInTheirFilesAddedColoursAndOneImageWithoutASlot() throws {
        let fixture = try Self.release()
        let run = try LiveryBinary.run(["diff", "v1", "v2", "--format", "html"], in: fixture.path)
        #expect(run.status == 0, "\(run.stderr)")
        let html = run.stdout.replacingOccurrences(of: "<wbr>", with: "")
        // Harbor's display font before (Cantarell) and after (Karla): two embedded files, a specimen in each.
        let faces = html.components(separatedBy: "@font-face{font-family:\"f").count - 1
        #expect(faces >= 2, "\(faces) font faces")
        let harbor = try #require(html.range(of: "id=\"t-harbor-credit-union\"").map { String(html[$0.lowerBound...]) })
        let display = try #require(
            harbor.components(separatedBy: "<tr").first { $0.contains("<code>fonts.display</code>") }, "\(harbor.prefix(2000))")
        let families = display.components(separatedBy: "class=\"specimen\" style=\"font-family:'").dropFirst().map { $0.prefix(17) }
        #expect(families.count == 2 && Set(families).count == 2, "\(display)")
        #expect(html.contains("font-src data:"))
        // The logo is one file: its caption is its path, not "light: …".
        #expect(harbor.contains("<figcaption>assets/logo.svg<br>"), "\(harbor.prefix(3000))")
        #expect(!harbor.contains("<figcaption>light: assets/logo.svg"))
        // The added client shows its colours.
        let added = try #require(html.range(of: "id=\"t-new-bank\"").map { String(html[$0.lowerBound...]) })
        let section = String(added.prefix(upTo: added.range(of: "</section>")?.lowerBound ?? added.endIndex))
        #expect(section.contains("added-colors") && section.contains("<div class=\"chip\" style=\"background:#"), "\(section.prefix(1500))")
        // In Chromium every embedded face loads and draws its specimen (the page's policy forbids the probe's script: it is left out).
        let chromium = try GalleryBrowser.require()
        let out = try TemporaryDirectory(prefix: "livery-review-html")
        let policy =
            #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'">"#
        #expect(run.stdout.contains(policy))
        let probe = """
            <pre id="probe" style="position:absolute;left:-99999px;top:0"></pre>
            <script>
            window.addEventListener('load', () => document.fonts.ready.then(() => {
              document.getElementById('probe').textContent = 'faces ' + [...document.fonts].map(face => face.status).sort().join(',')
                + '\\nspecimens ' + document.querySelectorAll('.specimen').length;
            }));
            </script>
            """
        try Data(run.stdout.replacingOccurrences(of: policy, with: "").replacingOccurrences(of: "</body>", with: probe + "</body>").utf8)
            .write(to: URL(fileURLWithPath: out.path + "/diff.html"))
        let result = try GalleryBrowser.run(
            chromium, profile: out.path + "/p", ["--dump-dom", "file://" + out.path + "/diff.html"], size: "1280,900")
        let lines = GalleryBrowserTests.probed(result.stdout)
        #expect(lines.contains("faces " + Array(repeating: "loaded", count: faces).joined(separator: ",")), "\(lines)")
        // The rename is one row, breaking.
        #expect(
            html.contains(
                "<tr class=\"renamed\"><td class=\"mark\">~</td><td><code>colors.secondaryText → colors.textSecondary</code><div class=\"breaking\">"
            ), "\(html.prefix(200))")
    }

    @Test func theReviewGalleryShowsRemovalsRenamesAdditionsFontsAndUncoveredLabels() throws {
        let chromium = try GalleryBrowser.require()
        let fixture = try Self.release()
        let out = try TemporaryDirectory(prefix: "livery-review-pages")
        let site = try GalleryBrowserTests.gallery(["--repo", fixture.path, "--rev", "v2", "--base", "v1"], into: out.path)
        let page = try GalleryBrowserTests.withProbe(
            site, "probe.html",
            """
            const card = id => document.querySelector('article.card[data-id="' + id + '"]');
            const removed = card('verde-grocers');
            out.push('removed ' + (removed.querySelector('.sides > div:last-child .preview.removed') ? 'shown' : 'missing')
              + ' invalid=' + (removed.textContent.includes('Invalid') || !!removed.querySelector('.tag.bad')));
            const acme = card('acme-bank');
            const changes = acme.querySelector('.changes');
            out.push('rename ' + changes.textContent.includes('renamed colors.secondaryText → colors.textSecondary breaking'));
            out.push('added swatches ' + card('new-bank').querySelectorAll('.sw .chip').length);
            const spec = side => getComputedStyle(card('harbor-credit-union').querySelector('.sides > div:' + side + ' .spec[data-path="fonts.display"]')).fontFamily;
            out.push('fonts ' + spec('first-child') + ' | ' + spec('last-child'));
            // No marked swatch's outline reaches another swatch or its label.
            let covered = 0, marked = 0;
            for (const box of document.querySelectorAll('.swatches')) {
              const items = [...box.querySelectorAll('.sw')];
              for (const sw of items.filter(item => [...item.classList].some(name => name.startsWith('chg')))) {
                marked++;
                if (sw.querySelector('.chip.chg, .chip[class*="chg-"]')) covered++;
                const r = sw.getBoundingClientRect(), reach = 5;
                for (const other of items) {
                  if (other === sw) continue;
                  const o = other.getBoundingClientRect();
                  if (r.left - reach < o.right && o.left < r.right + reach && r.top - reach < o.bottom && o.top < r.bottom + reach) covered++;
                }
              }
            }
            out.push('outlines ' + marked + ' covering ' + covered);
            """)
        let result = try GalleryBrowser.run(
            chromium, profile: out.path + "/p-dom", ["--dump-dom", "file://" + page + "#light"], size: "1280,1400")
        let lines = GalleryBrowserTests.probed(result.stdout)
        #expect(lines.contains("removed shown invalid=false"), "\(lines)")
        #expect(lines.contains("rename true"), "\(lines)")
        let swatches = try #require(
            lines.first { $0.hasPrefix("added swatches ") }.flatMap { Int($0.dropFirst("added swatches ".count)) }, "\(lines)")
        #expect(swatches > 10, "\(lines)")
        let fonts = try #require(lines.first { $0.hasPrefix("fonts ") }, "\(lines)").dropFirst("fonts ".count).components(
            separatedBy: " | ")
        #expect(fonts.count == 2 && fonts[0] != fonts[1] && fonts.allSatisfy { $0.hasPrefix("lf") }, "\(fonts)")
        let outlines = try #require(lines.first { $0.hasPrefix("outlines ") }, "\(lines)")
        #expect(outlines.hasSuffix(" covering 0") && !outlines.hasPrefix("outlines 0 "), "\(outlines)")
        if let keep = ProcessInfo.processInfo.environment["LIVERY_KEEP_SCREENSHOTS"] {
            let shot = keep + "/review-gallery-1280.png"
            _ = try GalleryBrowser.run(
                chromium, profile: out.path + "/p-shot", ["--screenshot=" + shot, "file://\(site)/index.html#light"], size: "1280,2400")
        }
    }
}
