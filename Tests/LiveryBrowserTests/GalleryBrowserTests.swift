import Foundation
import LiveryTestSupport
import Testing

/// The gallery page in headless Chromium (Debian's `chromium`; `scripts/product/bootstrap
/// --test` installs it): the demo repository's swatches painted in light and dark,
/// one card per client with its contrast badges, the detail view, review mode
/// on a corpus, and no console errors or blocked loads. Without Chromium or
/// python3 they are reported skipped; under CI `RequiredToolsTests` fails then.
@Suite(
    "livery gallery in Chromium", .serialized,
    .enabled(
        if: ExternalTool.chromium.isInstalled && ExternalTool.python3.isInstalled,
        "chromium or python3 is not installed: the gallery is not checked in a browser (scripts/product/bootstrap --test installs them)")
)
struct GalleryBrowserTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path

    /// Probes appended to a copy of the page: they run after the gallery's own
    /// script and write what they find into an off-screen `<pre>`, which
    /// `--dump-dom` prints. Off-screen, so the layout matches the screenshot's.
    static func probe(_ body: String) -> String {
        """
        <pre id="probe" style="position:absolute;left:-99999px;top:0"></pre>
        <script>
        window.addEventListener('load', () => setTimeout(async () => {
          const out = [];
          try {
            // Every card drawn and every font it uses loaded, as in the screenshot taken after the same wait.
            window.liveryGallery.renderAll();
            await document.fonts.ready;
            await new Promise(resolve => setTimeout(resolve, 300));
        \(body)
          } catch (error) { out.push('probe-error ' + error); }
          document.getElementById('probe').textContent = out.join('\\n');
        }, 100));
        </script>
        """
    }

    /// A copy of the gallery's page with `probe` before `</body>`.
    static func withProbe(_ site: String, _ name: String, _ probe: String) throws -> String {
        let html = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        let page = html.replacingOccurrences(of: "</body>", with: Self.probe(probe) + "\n</body>")
        try Data(page.utf8).write(to: URL(fileURLWithPath: site + "/" + name))
        return site + "/" + name
    }

    static func probed(_ dom: String) -> [String] {
        guard let start = dom.range(of: "<pre id=\"probe\" style=\"position:absolute;left:-99999px;top:0\">"),
            let end = dom[start.upperBound...].range(of: "</pre>")
        else { return [] }
        return dom[start.upperBound..<end.lowerBound].split(separator: "\n").map { String($0).replacingOccurrences(of: "&amp;", with: "&") }
    }

    static func gallery(_ arguments: [String], into directory: String) throws -> String {
        let site = directory + "/site"
        let run = try LiveryBinary.run(["gallery"] + arguments + ["--output", site])
        #expect(run.status == 0, "\(run.stderr)")
        return site
    }

    @Test func demoSwatchesBadgesAndDetailsInLightAndDark() throws {
        let chromium = try GalleryBrowser.require()
        let out = try TemporaryDirectory(prefix: "livery-gallery")
        // The working tree, so the page (and the picture in the docs) says "working tree", not a commit id that changes every commit.
        let site = try Self.gallery(["--repo", Self.root], into: out.path)
        let layout = try Self.withProbe(site, "layout.html", Self.demoProbe)
        var results: [String: ProcessResult] = [:]
        for mode in ["light", "dark"] {
            let shot = out.path + "/\(mode).png"
            results["shot-" + mode] = try GalleryBrowser.run(
                chromium, profile: out.path + "/p-shot-\(mode)", ["--screenshot=" + shot, "file://\(site)/index.html#\(mode)"])
            results["dom-" + mode] = try GalleryBrowser.run(
                chromium, profile: out.path + "/p-dom-\(mode)", ["--dump-dom", "file://\(layout)#\(mode)"])
        }
        for (name, result) in results {
            #expect(GalleryBrowser.consoleProblems(result.stderr).isEmpty, "\(name): \(GalleryBrowser.consoleProblems(result.stderr))")
        }
        for mode in ["light", "dark"] {
            let lines = Self.probed(results["dom-" + mode]?.stdout ?? "")
            #expect(!lines.isEmpty && !lines.contains { $0.hasPrefix("probe-error") }, "\(lines)")
            try Self.expectPrimarySwatches(lines, painted: out.path + "/\(mode).png", dark: mode == "dark")
            try Self.expectCardsAndBadges(lines)
            try Self.expectPageChromeAndDetail(lines)
            Self.expectNamesAndStoreIcons(lines)
        }
        try Self.docsPicture(chromium, site: site, scratch: out.path)
        if let keep = ProcessInfo.processInfo.environment["LIVERY_GALLERY_SCREENSHOTS"] {
            for mode in ["light", "dark"] {
                try? FileManager.default.removeItem(atPath: keep + "/gallery-\(mode).png")
                try FileManager.default.copyItem(atPath: out.path + "/\(mode).png", toPath: keep + "/gallery-\(mode).png")
            }
        }
    }

    /// What the demo test reads from the page in each appearance: where the first row's primary
    /// swatches are (their place depends on no other card), every card's badges, the contrast of
    /// the page's own chrome, the detail view, and verde-grocers' names and store icon.
    static let demoProbe = """
        for (const id of ['acme-bank', 'harbor-credit-union']) {
          const chip = document.querySelector('article[data-id="' + id + '"] .sw[data-path="colors.primary"] .chip');
          const box = chip.getBoundingClientRect();
          out.push('swatch ' + id + ' ' + Math.round(box.left + box.width / 2) + ' ' + Math.round(box.top + box.height / 2));
        }
        for (const card of document.querySelectorAll('article.card')) {
          const badges = [...card.querySelectorAll('.badge')].map(b => b.firstChild.textContent + '=' + b.dataset.l0 + '/' + b.dataset.l1);
          out.push('card ' + card.dataset.id + ' nodes=' + card.querySelectorAll('*').length + ' badges=' + badges.join(','));
        }
        // The page's own chrome (not the clients' colours): every text at least AA against what is behind it.
        const channel = value => { const c = value / 255; return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
        const luminance = rgb => 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
        const parse = text => (text.match(/[0-9.]+/g) || []).map(Number);
        const behind = element => { for (let e = element; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c.length === 3 || (c.length === 4 && c[3] > 0)) return c; } return [255, 255, 255]; };
        let lowest = 21, lowestAt = '';
        for (const element of document.querySelectorAll('.bar, .bar *, .head, .head *, .chain, .tag, .badge, .side-label, .changes, .problems li, .expand')) {
          if (!element.textContent.trim() || element.closest('.preview .sw')) continue;
          const fore = luminance(parse(getComputedStyle(element).color)), back = luminance(behind(element));
          const ratio = (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
          if (ratio < lowest) { lowest = ratio; lowestAt = element.className || element.tagName; }
        }
        out.push('chrome-contrast ' + lowest.toFixed(2) + ' ' + lowestAt);
        out.push('labelled ' + [...document.querySelectorAll('input, select')].every(e => e.labels.length > 0) + ' buttons ' + [...document.querySelectorAll('button')].every(b => b.textContent.trim().length > 0));
        out.push('detail-before ' + document.getElementById('detail').open);
        document.querySelector('article[data-id="acme-bank"] button.details').click();
        const rows = [...document.querySelectorAll('#detail-rows tr')].map(row => [...row.cells].map(cell => cell.textContent).join(' | '));
        out.push('detail-open ' + document.getElementById('detail').open + ' ' + document.getElementById('detail-title').textContent + ' rows=' + rows.length);
        for (const row of rows.filter(row => row.startsWith('colors.primary |') || row.startsWith('colors.link |'))) out.push('row ' + row);
        out.push('focus ' + (document.activeElement && document.activeElement.id));
        // verde-grocers' card: its name in each language, each in its direction, and the store icon both stores show, loaded.
        const verde = document.querySelector('article[data-id="verde-grocers"]');
        for (const item of verde.querySelectorAll('ul.names li')) {
          const name = item.querySelector('.name');
          out.push('name ' + item.querySelector('code').textContent + ' ' + name.lang + ' ' + name.dir + ' ' + name.textContent);
        }
        for (const image of verde.querySelectorAll('figure.store-icon img')) {
          const loaded = new Image();
          await new Promise(done => { loaded.onload = loaded.onerror = done; loaded.src = image.src; });
          out.push('store-icon ' + image.alt + ' ' + loaded.naturalWidth + 'x' + loaded.naturalHeight);
        }
        for (const item of verde.querySelectorAll('ul.titles li')) {
          out.push('titles ' + [...item.querySelectorAll('code, .title')].map(e => e.textContent + (e.dir ? ' ' + e.dir : '')).join(' | '));
        }
        """

    /// acme-bank's and harbor-credit-union's primary swatch, painted in the screenshot with the
    /// appearance's colour.
    static func expectPrimarySwatches(_ lines: [String], painted png: String, dark: Bool) throws {
        let expected = ["acme-bank": (light: "0A3D91", dark: "6C8BBD"), "harbor-credit-union": (light: "0F6E74", dark: "6FA8AC")]
        for (id, colors) in expected {
            let fields = try #require(lines.first { $0.hasPrefix("swatch \(id) ") }).split(separator: " ")
            let x = try #require(Int(fields[2]))
            let y = try #require(Int(fields[3]))
            let pixel = try GalleryBrowser.pixel(png, x: x, y: y)
            #expect(
                GalleryBrowser.close(pixel, dark ? colors.dark : colors.light), "\(dark ? "dark" : "light") \(id) at \(x),\(y): \(pixel)")
        }
    }

    /// One card per concrete client, each of a reasonable size, with its contrast badges.
    static func expectCardsAndBadges(_ lines: [String]) throws {
        let cards = lines.filter { $0.hasPrefix("card ") }
        #expect(cards.map { $0.split(separator: " ")[1] } == ["acme-bank", "harbor-credit-union", "verde-grocers"], "\(cards)")
        for card in cards {
            let nodes = Int(card.split(separator: " ")[2].dropFirst("nodes=".count)) ?? 0
            #expect(nodes > 50 && nodes < 400, "\(card)")
        }
        // acme-bank's buttons: white on its navy is AAA in light; its destructive button's badge is present too.
        let acme = try #require(cards.first { $0.hasPrefix("card acme-bank ") })
        #expect(acme.contains("button.primary=AAA/"), "\(acme)")
        #expect(acme.contains("button.destructive="), "\(acme)")
    }

    /// The page's own text readable, every control labelled, and the detail view of a client.
    static func expectPageChromeAndDetail(_ lines: [String]) throws {
        #expect(lines.contains("detail-before false"))
        let chrome = try #require(lines.first { $0.hasPrefix("chrome-contrast ") }).split(separator: " ")
        #expect((Double(chrome[1]) ?? 0) >= 4.5, "\(chrome)")
        #expect(lines.contains("labelled true buttons true"), "\(lines)")
        let detail = try #require(lines.first { $0.hasPrefix("detail-open ") })
        #expect(detail.hasPrefix("detail-open true Acme Bank (acme-bank) rows="), "\(detail)")
        // acme-bank writes no high-contrast values: the detail shows those derived for its pairs.
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "row colors.primary | light #0A3D91, dark #6C8BBD, highContrastLight #0A3D91, highContrastDark #85A6D9"
                        + " | acme-bank")
            }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("row colors.link | ") && $0.hasSuffix("| base") }, "\(lines)")
    }

    /// verde-grocers' names in each language and direction, and its store icon in both stores.
    static func expectNamesAndStoreIcons(_ lines: [String]) {
        // The names per language, the default first; Hebrew right to left.
        #expect(
            lines.filter { $0.hasPrefix("name ") } == [
                "name en en ltr Verde Grocers", "name es-419 es-419 ltr Verde Mercado", "name fr-CA fr-CA ltr Épicerie Verde",
                "name he he rtl ורדה מכולת",
            ], "\(lines)")
        // The store icon (made from the 1024×1024 app icon) in both stores' shapes, loaded.
        #expect(
            lines.filter { $0.hasPrefix("store-icon ") } == [
                "store-icon App Store icon 1024x1024", "store-icon Google Play icon 1024x1024",
            ], "\(lines)")
        #expect(lines.contains("titles he | ורדה מכולת rtl | ורדה מכולת rtl"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("titles fr-CA | ") && $0.contains(" ltr") }, "\(lines)")
    }

    /// The picture docs/gallery.md shows, taken at its size. It goes into docs/images/ only when
    /// asked (`LIVERY_WRITE_DOCS=1`), so a test run leaves the checkout as it was; otherwise it
    /// stays in `scratch`, checked all the same.
    static func docsPicture(_ chromium: String, site: String, scratch: String) throws {
        let small = scratch + "/docs.png"
        let result = try GalleryBrowser.run(
            chromium, profile: scratch + "/p-docs", ["--screenshot=" + small, "file://\(site)/index.html#light"], size: "1200,760")
        #expect(GalleryBrowser.consoleProblems(result.stderr).isEmpty)
        // A PNG that can be read, as the docs' copy must be.
        #expect(!(try GalleryBrowser.pixel(small, x: 0, y: 0)).isEmpty)
        guard ProcessInfo.processInfo.environment["LIVERY_WRITE_DOCS"] == "1" else { return }
        let docs = Self.root + "/docs/images/gallery.png"
        try FileManager.default.createDirectory(atPath: Self.root + "/docs/images", withIntermediateDirectories: true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: small))
        if (try? Data(contentsOf: URL(fileURLWithPath: docs))) != bytes { try bytes.write(to: URL(fileURLWithPath: docs)) }
    }

    @Test func invalidClientsAndHostileNamesDoNotBreakThePage() throws {
        let chromium = try GalleryBrowser.require()
        let fixture = try GalleryFixture.repository()
        let escaped = GalleryFixture.hostile.replacingOccurrences(of: "\"", with: "\\\"")
        try fixture.write("targets/acme/style.json", #"{"extends": "base", "app": {"displayName": "\#(escaped)"}}"#)
        _ = try fixture.commitAll("hostile")
        let out = try TemporaryDirectory(prefix: "livery-gallery-hostile")
        let site = try Self.gallery(["--repo", fixture.path, "--rev", "HEAD"], into: out.path)
        let page = try Self.withProbe(
            site, "check.html",
            """
            out.push('title ' + document.title);
            out.push('scripts ' + document.scripts.length);
            const acme = document.querySelector('article[data-id="acme"] h2');
            out.push('name-is-text ' + (acme.textContent === \(JSONWriterQuote.quoted(GalleryFixture.hostile))) + ' ' + acme.children.length);
            const broken = document.querySelector('article[data-id="broken"]');
            out.push('broken ' + broken.classList.contains('invalid') + ' errors=' + broken.querySelectorAll('.errors li').length + ' swatches=' + broken.querySelectorAll('.chip').length);
            out.push('others ' + document.querySelectorAll('article.card:not(.invalid) .chip').length);
            document.getElementById('search').value = 'beta';
            document.getElementById('search').dispatchEvent(new Event('input'));
            out.push('search ' + [...document.querySelectorAll('article.card')].filter(c => !c.hidden).map(c => c.dataset.id).join(','));
            document.getElementById('search').value = '';
            document.getElementById('search').dispatchEvent(new Event('input'));
            document.getElementById('warned').click();
            out.push('warned ' + [...document.querySelectorAll('article.card')].filter(c => !c.hidden).map(c => c.dataset.id).join(','));
            """)
        let result = try GalleryBrowser.run(chromium, profile: out.path + "/profile", ["--dump-dom", "file://" + page])
        let problems = GalleryBrowser.consoleProblems(result.stderr, standInFonts: true)
        #expect(problems.isEmpty, "\(problems)")
        let lines = Self.probed(result.stdout)
        #expect(lines.contains { $0.hasPrefix("title livery gallery: HEAD") }, "\(lines)")
        // The page's two scripts, the probe's, and nothing the name could add.
        #expect(lines.contains("scripts 3"), "\(lines)")
        #expect(lines.contains("name-is-text true 0"), "\(lines)")
        #expect(lines.contains("broken true errors=1 swatches=0"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("others ") && (Int($0.dropFirst("others ".count)) ?? 0) > 0 }, "\(lines)")
        #expect(lines.contains("search beta"), "\(lines)")
        #expect(lines.contains("warned beta"), "\(lines)")
    }

    @Test func reviewModeMarksExactlyTheChangedClientsOfV2ToV3() throws {
        let chromium = try GalleryBrowser.require()
        let out = try TemporaryDirectory(prefix: "livery-gallery-review")
        let corpus = out.path + "/corpus"
        let made = try runProcess(
            try #require(ExternalTool.python3.path), [Self.root + "/scripts/testing/make-corpus", corpus, "--targets", "20"])
        #expect(made.status == 0, "\(made.stderr)")
        let diff = try LiveryBinary.run(["diff", "v2", "v3", "--repo", corpus, "--format", "json"])
        let report = try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any]
        let changed = ((report?["targets"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }.sorted()
        #expect(!changed.isEmpty, "\(diff.stdout.prefix(400))")
        let site = try Self.gallery(["--repo", corpus, "--rev", "v3", "--base", "v2"], into: out.path)
        let page = try Self.withProbe(
            site, "review.html",
            """
            out.push('changed ' + [...document.querySelectorAll('article.card.changed')].map(c => c.dataset.id).sort().join(','));
            out.push('first ' + [...document.querySelectorAll('article.card')].slice(0, \(changed.count)).map(c => c.dataset.id).sort().join(','));
            out.push('collapsed ' + document.querySelectorAll('article.card.collapsed').length + ' of ' + document.querySelectorAll('article.card').length);
            for (const card of document.querySelectorAll('article.card.changed')) {
              out.push('marks ' + card.dataset.id + ' sides=' + card.querySelectorAll('.preview').length + ' ' + [...new Set([...card.querySelectorAll('.chg')].map(e => e.dataset.path))].sort().join(','));
            }
            """)
        let result = try GalleryBrowser.run(chromium, profile: out.path + "/profile", ["--dump-dom", "file://" + page])
        let problems = GalleryBrowser.consoleProblems(result.stderr, standInFonts: true)
        #expect(problems.isEmpty, "\(problems)")
        let lines = Self.probed(result.stdout)
        #expect(lines.contains("changed " + changed.joined(separator: ",")), "\(lines)")
        #expect(lines.contains("first " + changed.joined(separator: ",")), "\(lines)")
        #expect(lines.contains("collapsed \(20 - changed.count) of 20"), "\(lines)")
        // v3 changes each such client's primary colour and banner: both are marked, before and after.
        for line in lines where line.hasPrefix("marks ") {
            #expect(line.contains(" sides=2 "), "\(line)")
            #expect(line.contains("colors.primary") && line.contains("images.banner"), "\(line)")
        }
    }
}

/// A JavaScript string literal for a probe (JSON's string syntax is JavaScript's).
enum JSONWriterQuote {
    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        // `<` escaped, so a `</script>` in the text cannot end the probe's own script element.
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast()).replacingOccurrences(of: "<", with: "\\u003c")
    }
}

/// Finding and driving Chromium for the gallery tests.
enum GalleryBrowser {
    static let chromium = which("chromium") ?? which("chromium-browser")
    /// CI must run these checks: a missing browser is a failure there.
    static let required = ExternalTool.required()

    struct Missing: Error, CustomStringConvertible {
        var description: String { "chromium is required (CI=true) but not installed; scripts/product/bootstrap --test installs it" }
    }

    struct PixelError: Error, CustomStringConvertible {
        var message: String
        var description: String { "the screenshot could not be read: \(message)" }
    }

    static func require() throws -> String {
        try #require(ExternalTool.chromium.path)
    }

    /// One headless run at a fixed size and scale, with console messages on standard error.
    static func run(_ chromium: String, profile: String, _ arguments: [String], size: String = "1400,2200") throws -> ProcessResult {
        try runProcess(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--window-size=" + size, "--virtual-time-budget=5000", "--enable-logging=stderr", "--v=0",
                "--user-data-dir=" + profile, "--force-color-profile=srgb",
            ] + arguments)
    }

    /// Console messages from the page (errors, CSP refusals), not Chromium's own chatter.
    /// With `standInFonts`, the font files of fixtures and the corpus, which are stand-ins
    /// no browser can decode, are expected to fail; anything else is a fault.
    static func consoleProblems(_ stderr: String, standInFonts: Bool = false) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { line in
            (line.contains(":CONSOLE") || line.contains("Refused to") || line.contains("Uncaught"))
                && !(standInFonts && (line.contains("Failed to decode downloaded font") || line.contains("OTS parsing error")))
        }
    }

    /// `RRGGBB` of one pixel of a PNG screenshot, decoded by Python's zlib.
    static func pixel(_ png: String, x: Int, y: Int) throws -> String {
        let result = try runProcess(try #require(ExternalTool.python3.path), ["-c", pngPixel, png, String(x), String(y)])
        guard result.status == 0 else { throw PixelError(message: result.stderr) }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Each channel within 3 of `hex`: screenshots may round colours by one or two.
    static func close(_ pixel: String, _ hex: String) -> Bool {
        func channels(_ text: String) -> [Int] {
            stride(from: 0, to: 6, by: 2).compactMap { offset in
                let start = text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) ?? text.endIndex
                let end = text.index(start, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
                return Int(text[start..<end], radix: 16)
            }
        }
        let a = channels(pixel)
        let b = channels(hex)
        return a.count == 3 && b.count == 3 && zip(a, b).allSatisfy { abs($0 - $1) <= 3 }
    }

    /// A minimal PNG reader: 8-bit RGB or RGBA, not interlaced (what Chromium writes).
    static let pngPixel = #"""
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        x, y = int(sys.argv[2]), int(sys.argv[3])
        pos, idat, width = 8, b'', 0
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            chunk = data[pos + 8:pos + 8 + length]
            if kind == b'IHDR':
                width, height, depth, color = struct.unpack('>IIBB', chunk[:10])
                assert depth == 8 and color in (2, 6), (depth, color)
                channels = 4 if color == 6 else 3
            elif kind == b'IDAT':
                idat += chunk
            pos += 12 + length
        raw = zlib.decompress(idat)
        stride = width * channels
        previous = bytearray(stride)
        for row in range(y + 1):
            start = row * (stride + 1)
            kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                if kind == 1: line[i] = (line[i] + a) & 255
                elif kind == 2: line[i] = (line[i] + b) & 255
                elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            previous = line
        print('%02X%02X%02X' % tuple(previous[x * channels:x * channels + 3]))
        """#
}
