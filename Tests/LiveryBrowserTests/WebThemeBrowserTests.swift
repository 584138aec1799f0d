import Foundation
import LiveryTestSupport
import Testing

/// `web/theme.css` as a page uses it, in headless Chromium (Debian's
/// `chromium`; `scripts/product/bootstrap --test` installs it).
///
/// The four modes are driven two ways in every run:
/// - the media features, emulated through the DevTools protocol
///   (`Emulation.setEmulatedMedia` with `prefers-color-scheme` and
///   `prefers-contrast`), once per mode;
/// - the data attributes: inside each launch the page sets `data-theme`
///   (none, light, dark) and `data-contrast` (none, no-preference, more) on
///   `<html>`, and `data-theme="dark"` / `data-contrast="more"` on a section
///   inside it, and reads every colour in each of those 36 states.
/// Every computed colour is compared with the style's value for the mode the
/// state stands for. The page also loads both weights of the bundled family
/// and the images named by the custom properties.
@Suite("web/theme.css in Chromium: light, dark, high contrast, fonts and images")
struct WebThemeBrowserTests {
    /// Each colour's light, dark, high-contrast light and high-contrast dark
    /// value; nil where the style gives none (the normal value is kept).
    static let colors: [(name: String, light: String, dark: String, contrastLight: String?, contrastDark: String?)] = [
        ("primary", "#0A3D91", "#6C8BBD", "#041E4A", "#C9D8F2"),
        ("accent", "#916500", "#F2A900", "#5C4000", nil),
        ("link", "#1B6E35", "#7DD99A", nil, "#B9F0CA"),
        ("background", "#FFFFFF", "#0E1117", nil, nil),
    ]

    static var style: String {
        let colors = Self.colors.map { color in
            var fields = ["\"light\": \"\(color.light)\"", "\"dark\": \"\(color.dark)\""]
            if let value = color.contrastLight { fields.append("\"highContrastLight\": \"\(value)\"") }
            if let value = color.contrastDark { fields.append("\"highContrastDark\": \"\(value)\"") }
            return "\"\(color.name)\": {\(fields.joined(separator: ", "))}"
        }
        return """
            {"app": {"displayName": "Web Check", "bundleId": "com.example.web"},
             "colors": {\(colors.joined(separator: ", "))},
             "fonts": {"title": {"family": "Karla", "size": 24, "weight": "bold", "file": "assets/Karla-Bold.otf"},
                       "body": {"family": "Karla", "size": 16, "weight": "regular", "file": "assets/Karla-Regular.otf"}},
             "dimensions": {"spacingM": 16, "cardAspectRatio": 1.586},
             "animations": {"fade": {"short": 0.25}},
             "images": {"card": "assets/card.png", "logo": "assets/logo.svg",
                        "splash": {"light": "assets/splash.png", "dark": "assets/splash-dark.png"}}}
            """
    }

    /// Real font and image files from the demo repository, so Chromium can load them.
    static let demoAssets = [
        "targets/base/assets/fonts/Karla-Bold.otf": "Karla-Bold.otf",
        "targets/base/assets/fonts/Karla-Regular.otf": "Karla-Regular.otf",
        "targets/acme-bank/assets/card.png": "card.png",
        "targets/acme-bank/assets/card@2x.png": "card@2x.png",
        "targets/acme-bank/assets/card@3x.png": "card@3x.png",
        "targets/acme-bank/assets/splash.png": "splash.png",
        "targets/acme-bank/assets/splash-dark.png": "splash-dark.png",
        "targets/acme-bank/assets/logo.svg": "logo.svg",
    ]

    static let checkPage = """
        <!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="theme.css"></head><body>
        <div id="section">\(colors.map { "<i class=\"probe\" style=\"color: var(--color-\($0.name))\"></i>" }.joined())</div>
        <div id="units" style="aspect-ratio: var(--dimension-cardAspectRatio); transition-duration: var(--animation-fade-short); width: var(--dimension-spacingM)"></div>
        <div id="card" style="background-image: var(--image-card)"></div>
        <pre id="out"></pre>
        <script>
        const out = [], root = document.documentElement, section = document.getElementById('section');
        const probes = [...document.querySelectorAll('.probe')];
        const set = (element, name, value) => value ? element.setAttribute(name, value) : element.removeAttribute(name);
        for (const rootTheme of ['', 'light', 'dark']) for (const rootContrast of ['', 'no-preference', 'more'])
          for (const theme of ['', 'dark']) for (const contrast of ['', 'more']) {
            set(root, 'data-theme', rootTheme); set(root, 'data-contrast', rootContrast);
            set(section, 'data-theme', theme); set(section, 'data-contrast', contrast);
            out.push('state ' + [rootTheme, rootContrast, theme, contrast].join(',') + ' ' + probes.map(p => getComputedStyle(p).color).join(';'));
          }
        for (const element of [root, section]) { element.removeAttribute('data-theme'); element.removeAttribute('data-contrast'); }
        const units = getComputedStyle(document.getElementById('units'));
        out.push('units ' + [units.aspectRatio, units.transitionDuration, units.width].join(';'));
        const property = name => getComputedStyle(root).getPropertyValue(name).trim();
        const urls = text => [...text.matchAll(/url\\("([^"]*)"\\)/g)].map(match => match[1]);
        // Every load starts while the page is parsed, so the load event waits for it.
        const load = url => { const image = new Image(); image.src = url; return image; };
        const fonts = ['--font-title', '--font-body'].map(token => [token, property(token), document.fonts.load(property(token))]);
        const cardSet = getComputedStyle(document.getElementById('card')).backgroundImage;
        const card = urls(cardSet).map(load);
        const named = ['splash', 'logo'].map(name => [name, load(urls(property('--image-' + name + '-url'))[0])]);
        const width = image => image.complete ? image.naturalWidth : 'pending';
        window.addEventListener('load', async () => {
          for (const [token, font, loading] of fonts) {
            const faces = await loading;
            out.push('font ' + token + ' ' + faces.map(face => face.family + '/' + face.weight + '/' + face.status).join(',') + ' check=' + document.fonts.check(font));
          }
          out.push('card ' + cardSet.slice(0, 10) + ' ' + card.map(width).join(';'));
          for (const [name, image] of named) out.push('image ' + name + ' ' + image.getAttribute('src') + ' ' + width(image));
          document.getElementById('out').textContent = out.join('\\n');
        });
        </script></body></html>
        """

    /// Four panels, one per mode, chosen by data attributes on each panel.
    static let screenshotPage = """
        <!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="theme.css"><style>
        body { margin: 0; display: grid; grid-template-columns: repeat(4, 1fr); font: var(--font-body); }
        section { background: var(--color-background); color: var(--color-primary); padding: var(--dimension-spacingM); height: 100vh; box-sizing: border-box; }
        h1 { font: var(--font-title); margin: 0 0 8px; }
        .swatch { display: inline-block; width: 56px; height: 40px; margin: 0 6px 6px 0; border: 1px solid #888; }
        .card { width: 100%; aspect-ratio: var(--dimension-cardAspectRatio); background: var(--image-card) center / cover; border-radius: 8px; }
        .splash { height: 120px; background: var(--image-splash) center / contain no-repeat; margin-top: 8px; }
        .logo { height: 40px; background: var(--image-logo) left / contain no-repeat; margin-bottom: 8px; }
        </style></head><body>
        \([("light", ""), ("dark", " data-theme=\"dark\""), ("light, more contrast", " data-contrast=\"more\""), ("dark, more contrast", " data-theme=\"dark\" data-contrast=\"more\"")].map { mode in
            "<section\(mode.1)><div class=\"logo\"></div><h1>\(mode.0)</h1><p>Karla 400 body text, 700 title.</p>"
                + colors.map { "<span class=\"swatch\" title=\"\($0.name)\" style=\"background: var(--color-\($0.name))\"></span>" }.joined()
                + "<div class=\"card\"></div><div class=\"splash\"></div></section>"
        }.joined(separator: "\n"))
        </body></html>
        """

    func rgb(_ hex: String) -> String {
        let digits = Array(hex.dropFirst())
        let value = { (i: Int) in Int(String(digits[i..<(i + 2)]), radix: 16) ?? -1 }
        return "rgb(\(value(0)), \(value(2)), \(value(4)))"
    }

    /// The colours the page must show for one state, as Chromium prints them.
    func expected(dark: Bool, more: Bool) -> String {
        Self.colors.map { color in
            switch (dark, more) {
            case (false, false): rgb(color.light)
            case (true, false): rgb(color.dark)
            case (false, true): rgb(color.contrastLight ?? color.light)
            case (true, true): rgb(color.contrastDark ?? color.dark)
            }
        }.joined(separator: ";")
    }

    /// Builds the fixture's web bundle and returns its directory.
    func buildBundle(into out: TemporaryDirectory) throws -> String {
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let fixture = try FixtureRepository()
        try fixture.write("targets/web-check/style.json", Self.style)
        for (source, name) in Self.demoAssets {
            try fixture.write("targets/web-check/assets/" + name, Array(try Data(contentsOf: URL(fileURLWithPath: demo + "/" + source))))
        }
        try fixture.commitAll("web check")
        let build = try LiveryBinary.run(["build", "--repo", fixture.path, "--out", out.path, "--platform", "web"])
        #expect(build.status == 0, "\(build.stderr)")
        return out.path + "/web-check/web"
    }

    @Test(
        .enabled(
            if: ExternalTool.chromium.isInstalled,
            "chromium is not installed: web/theme.css is not checked in a browser (scripts/product/bootstrap --test installs it)"))
    func fourModesFontsAndImagesInChromium() throws {
        let chromium = try #require(ExternalTool.chromium.path)
        let out = try TemporaryDirectory()
        let web = try buildBundle(into: out)
        try Data(Self.checkPage.utf8).write(to: URL(fileURLWithPath: web + "/check.html"))
        try Data(Self.screenshotPage.utf8).write(to: URL(fileURLWithPath: web + "/modes.html"))

        // The screenshot, by a Chromium process of its own, while the four media modes are emulated in another.
        let modes: [(dark: Bool, more: Bool)] = [(false, false), (true, false), (false, true), (true, true)]
        let screenshot = out.path + "/modes.png"
        let shooting = Process()
        shooting.executableURL = URL(fileURLWithPath: chromium)
        shooting.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--user-data-dir=\(out.path)/profile-shot",
            "--hide-scrollbars", "--window-size=1600,640", "--screenshot=" + screenshot, "file://" + web + "/modes.html",
        ]
        shooting.standardOutput = FileHandle.nullDevice
        shooting.standardError = FileHandle.nullDevice
        try shooting.run()
        let browser = try DevToolsPipe(chromium: chromium, profile: out.path + "/profile")
        var results: [String] = []
        for mode in modes {
            let page = try browser.openPage()
            try page.emulate([
                "prefers-color-scheme": mode.dark ? "dark" : "light", "prefers-contrast": mode.more ? "more" : "no-preference",
            ])
            try page.navigate("file://" + web + "/check.html")
            // The page writes its lines once every font and image has loaded.
            let written =
                "new Promise(done => { const poll = () => { const text = document.getElementById('out').textContent; text ? done(text) : setTimeout(poll, 50); }; poll(); })"
            results.append((try page.evaluate(written) as? String) ?? "")
            try browser.send("Target.closeTarget", ["targetId": page.targetID])
        }
        shooting.waitUntilExit()
        #expect(shooting.terminationStatus == 0)

        let shot = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        #expect(shot.starts(with: [0x89, 0x50, 0x4E, 0x47]) && shot.count > 10_000)
        // Keep the picture for a person to look at: LIVERY_WEB_SCREENSHOT=/path/modes.png swift test …
        if let keep = ProcessInfo.processInfo.environment["LIVERY_WEB_SCREENSHOT"] {
            try shot.write(to: URL(fileURLWithPath: keep))
            let pages = URL(fileURLWithPath: keep).deletingPathExtension().path + "-web"
            try? FileManager.default.removeItem(atPath: pages)
            try FileManager.default.copyItem(atPath: web, toPath: pages)
        }

        for (index, mode) in modes.enumerated() {
            let lines = results[index].split(separator: "\n").map(String.init)
            let states = lines.filter { $0.hasPrefix("state ") }
            #expect(states.count == 36, "mode \(mode): \(results[index])")
            for line in states {
                let fields = line.split(separator: " ", maxSplits: 2).map(String.init)
                guard fields.count == 3 else { continue }
                let attributes = fields[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard attributes.count == 4 else { continue }
                // The page's rules: a dark or more-contrast section, or <html>'s attribute, wins; else the media feature.
                let dark = attributes[2] == "dark" || attributes[0] == "dark" || (attributes[0] != "light" && mode.dark)
                let more = attributes[3] == "more" || attributes[1] == "more" || (attributes[1] != "no-preference" && mode.more)
                #expect(fields[2] == expected(dark: dark, more: more), "media \(mode), attributes [\(fields[1])]")
            }
            // The media features alone: the four modes the issue names.
            #expect(states.first == "state ,,, " + expected(dark: mode.dark, more: mode.more))
            #expect(lines.contains("units 1.586 / 1;0.25s;16px"), "\(lines)")
            #expect(lines.contains("font --font-title Karla/700/loaded check=true"), "\(lines)")
            #expect(lines.contains("font --font-body Karla/400/loaded check=true"), "\(lines)")
            let card = try #require(lines.first { $0.hasPrefix("card ") }).split(separator: " ")
            #expect(card.count == 3 && card[1] == "image-set(", "\(card)")
            let widths = card.last.map { $0.split(separator: ";").compactMap { Int($0) } } ?? []
            #expect(widths.count == 3 && widths[0] > 0 && widths == [widths[0], 2 * widths[0], 3 * widths[0]], "\(card)")
            let splash = try #require(lines.first { $0.hasPrefix("image splash ") }).split(separator: " ")
            // theme.css's image URLs are absolute once computed: resolved against theme.css, not the page.
            #expect(
                splash.count == 4 && splash[2] == "file://" + web + (mode.dark ? "/images/splash-dark.png" : "/images/splash.png"),
                "\(splash)")
            #expect(Int(splash.last ?? "") ?? 0 > 0, "\(splash)")
            let logo = try #require(lines.first { $0.hasPrefix("image logo ") }).split(separator: " ")
            #expect(logo.count == 4 && logo[2] == "file://" + web + "/images/logo.svg" && Int(logo[3]) ?? 0 > 0, "\(logo)")
        }
    }
}
