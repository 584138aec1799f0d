import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("web/theme.css: high contrast, images, fonts, units, names")
struct WebThemeCSSTests {
    static let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>"#.utf8)
    static let pdf = Array("%PDF-1.4\n%%EOF\n".utf8)

    func resolve(_ json: String, assets: [String: [UInt8]] = [:]) throws -> ResolvedStyle {
        let document = try JSONReader.parse(Array(json.utf8), file: "targets/acme/style.json")
        var files: [String: [UInt8]] = [:]
        for (path, bytes) in assets { files["targets/acme/" + path] = bytes }
        let (style, diagnostics) = StyleResolver().resolve(
            id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: files))
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        return style
    }

    func css(_ style: ResolvedStyle) -> String {
        WebThemeCSS.file(for: style).text
    }

    /// Everything from `start` to the next line that is only `}` at the block's indentation.
    func block(_ css: String, _ start: String) -> String? {
        guard let range = css.range(of: start) else { return nil }
        let rest = css[range.lowerBound...]
        guard let end = rest.range(of: "\n}\n") else { return nil }
        return String(rest[..<end.upperBound])
    }

    @Test func highContrastBlocksListOnlyColoursThatHaveHighContrastValues() throws {
        let style = try resolve(
            ##"""
            {"colors": {
              "both": {"light": "#111111", "dark": "#222222", "highContrastLight": "#333333", "highContrastDark": "#444444"},
              "onlyLight": {"light": "#555555", "dark": "#666666", "highContrastLight": "#777777"},
              "onlyDark": {"light": "#888888", "dark": "#999999", "highContrastDark": "#AAAAAA"},
              "plain": "#BBBBBB"}}
            """##)
        let css = css(style)
        #expect(
            block(css, "@media (prefers-contrast: more) {\n  :root:not") == """
                @media (prefers-contrast: more) {
                  :root:not([data-contrast="no-preference"]) {
                    --color-both: #333333;
                    --color-onlyLight: #777777;
                  }
                }

                """)
        #expect(
            block(css, "[data-contrast=\"more\"] {")
                == "[data-contrast=\"more\"] {\n  --color-both: #333333;\n  --color-onlyLight: #777777;\n}\n")
        // Dark with more contrast, four ways, each listing every contrasted colour:
        // a colour without a dark high-contrast value shows its dark value.
        let dark = "--color-both: #444444;\n    --color-onlyDark: #AAAAAA;\n    --color-onlyLight: #666666;\n  }\n}\n"
        #expect(
            css.contains(
                "@media (prefers-color-scheme: dark) and (prefers-contrast: more) {\n  :root:not([data-theme=\"light\"]):not([data-contrast=\"no-preference\"]) {\n    "
                    + dark))
        #expect(
            css.contains(
                "  :root:not([data-theme=\"light\"])[data-contrast=\"more\"],\n  :root:not([data-theme=\"light\"]) [data-contrast=\"more\"] {\n    "
                    + dark))
        #expect(
            css.contains(
                "  :root:not([data-contrast=\"no-preference\"])[data-theme=\"dark\"],\n  :root:not([data-contrast=\"no-preference\"]) [data-theme=\"dark\"] {\n    "
                    + dark))
        #expect(
            css.hasSuffix(
                """
                [data-theme="dark"][data-contrast="more"],
                [data-theme="dark"] [data-contrast="more"],
                [data-contrast="more"] [data-theme="dark"] {
                  --color-both: #444444;
                  --color-onlyDark: #AAAAAA;
                  --color-onlyLight: #666666;
                }

                """))
        // Normal blocks come before every high-contrast block, so high contrast wins at equal specificity.
        let darkNormal = try #require(css.range(of: "[data-theme=\"dark\"] {\n"))
        let firstContrast = try #require(css.range(of: "prefers-contrast"))
        #expect(darkNormal.upperBound < firstContrast.lowerBound)
        #expect(css.components(separatedBy: "--color-plain:").count == 4)

        let none = self.css(try resolve(##"{"colors": {"plain": {"light": "#111111", "dark": "#222222"}}}"##))
        #expect(!none.contains("contrast"))
    }

    @Test func imagesAreCopiedUnderURLSafeNamesAndOfferedWithImageSet() throws {
        let style = try resolve(
            ##"""
            {"images": {"card": "art/Card.PNG", "logo": {"light": "logo.svg", "dark": "logo-night.svg"},
                        "splash": {"light": "splash.jpeg", "dark": "splash-dark.jpeg"}, "print": "print.pdf",
                        "mixed": {"light": "m.png", "dark": "m.pdf"}, "my logo.v2": "odd.png"}}
            """##,
            assets: [
                "art/Card.PNG": TestFiles.png(width: 2, height: 2), "art/Card@2x.PNG": TestFiles.png(width: 4, height: 4),
                "art/Card@3x.PNG": TestFiles.png(width: 6, height: 6),
                "logo.svg": Self.svg, "logo-night.svg": Self.svg,
                "splash.jpeg": TestFiles.jpeg(width: 3, height: 3), "splash-dark.jpeg": TestFiles.jpeg(width: 3, height: 3),
                "print.pdf": Self.pdf, "m.png": TestFiles.png(width: 2, height: 2), "m.pdf": Self.pdf,
                "odd.png": TestFiles.png(width: 2, height: 2),
            ])
        let files = WebThemeCSS.files(for: style)
        #expect(
            files.map(\.path) == [
                "web/theme.css",
                "web/images/card.png", "web/images/card@2x.png", "web/images/card@3x.png",
                "web/images/logo.svg", "web/images/logo-dark.svg",
                "web/images/mixed.png",
                "web/images/my~20logo~2Ev2.png",
                "web/images/splash.jpg", "web/images/splash-dark.jpg",
            ])
        #expect(files[2].asset?.repositoryPath == "targets/acme/art/Card@2x.PNG" && files[2].bytes.isEmpty)
        let css = files[0].text
        // Each file is a registered <url> property (an absolute URL once computed, resolved
        // against theme.css), and --image-<name> is made of them.
        #expect(
            css.contains(
                """
                  --image-card-url: url("images/card.png");
                  --image-card-2x: url("images/card@2x.png");
                  --image-card-3x: url("images/card@3x.png");
                  --image-card: image-set(var(--image-card-url) 1x, var(--image-card-2x) 2x, var(--image-card-3x) 3x);
                  --image-logo-url: url("images/logo.svg");
                  --image-logo: var(--image-logo-url);
                  --image-mixed-url: url("images/mixed.png");
                  --image-mixed: var(--image-mixed-url);
                  --image-my\\20 logo\\2E v2-url: url("images/my~20logo~2Ev2.png");
                  --image-my\\20 logo\\2E v2: var(--image-my\\20 logo\\2E v2-url);
                """))
        #expect(
            css.contains(
                """
                @property --image-card-url { syntax: "<url> | none"; inherits: true; initial-value: none; }
                @property --image-card-2x { syntax: "<url> | none"; inherits: true; initial-value: none; }
                @property --image-card-3x { syntax: "<url> | none"; inherits: true; initial-value: none; }
                @property --image-logo-url { syntax: "<url> | none"; inherits: true; initial-value: none; }
                """))
        #expect(!css.contains("print"))
        // Dark variants in both dark blocks; the PDF dark variant of `mixed` is left out, so its light image stays.
        let darkImages =
            "--image-logo-url: url(\"images/logo-dark.svg\");\n    --image-logo: var(--image-logo-url);\n    --image-splash-url: url(\"images/splash-dark.jpg\");\n    --image-splash: var(--image-splash-url);\n  }\n}"
        #expect(css.contains("  :root:not([data-theme=\"light\"]) {\n    " + darkImages))
        #expect(
            css.contains(
                "[data-theme=\"dark\"] {\n  --image-logo-url: url(\"images/logo-dark.svg\");\n  --image-logo: var(--image-logo-url);\n"))

        let warnings = WebPlatform.diagnostics(for: style)
        #expect(warnings.map(\.rule.id) == ["web-image", "web-image"])
        #expect(warnings.map { $0.pointer?.description ?? "" } == ["/images/mixed/dark", "/images/print"])
        #expect(
            warnings.map(\.message) == [
                "dark image 'mixed' (m.pdf) is not usable on the web: browsers do not show a PDF as a CSS image (give an SVG or a PNG); theme.css shows the light image in dark mode too",
                "image 'print' (print.pdf) is not usable on the web: browsers do not show a PDF as a CSS image (give an SVG or a PNG); theme.css has no --image-print",
            ])
        #expect(warnings.allSatisfy { $0.severity == .warning })
    }

    @Test func fontsHaveFacesPerWeightWithFormatsAndShorthands() throws {
        var style = try resolve(
            ##"""
            {"fonts": {
              "body": {"family": "Karla", "size": 16, "weight": "regular", "file": "fonts/Karla-Regular.otf"},
              "title": {"family": "Karla", "size": 22.5, "weight": "bold", "file": "fonts/Karla-Bold.ttf"},
              "button": {"family": "Karla", "size": 17, "weight": "bold", "file": "fonts/Karla-Bold.ttf"},
              "other": {"family": "Odd \"Sans\"", "size": 12, "weight": "light", "file": "other/Karla-Bold.ttf"},
              "system": {"family": "System", "size": 10}}}
            """##,
            assets: [
                "fonts/Karla-Regular.otf": TestFiles.truetype(family: "Karla"),
                "fonts/Karla-Bold.ttf": TestFiles.truetype(family: "KarlaB", weight: 700),
                "other/Karla-Bold.ttf": TestFiles.truetype(family: "Other", weight: 300),
            ])
        // A line break validation refuses in a family (control-character), so the escape is tested here.
        style.fonts["other"]?.family = "Odd \"Sans\"\n"
        let files = WebThemeCSS.files(for: style)
        #expect(
            files.map(\.path) == ["web/theme.css", "web/fonts/Karla-Regular.otf", "web/fonts/Karla-Bold.ttf", "web/fonts/Karla-Bold-2.ttf"])
        #expect(files[3].asset?.repositoryPath == "targets/acme/other/Karla-Bold.ttf")
        let css = files[0].text
        #expect(
            css.hasPrefix(
                """
                /* Generated by livery for acme. Do not edit: change targets/acme/style.json instead. */

                @font-face {
                  font-family: "Karla";
                  src: url("fonts/Karla-Regular.otf") format("truetype");
                  font-weight: 400;
                  font-display: swap;
                }

                @font-face {
                  font-family: "Karla";
                  src: url("fonts/Karla-Bold.ttf") format("truetype");
                  font-weight: 700;
                  font-display: swap;
                }

                @font-face {
                  font-family: "Odd \\"Sans\\"\\A ";
                  src: url("fonts/Karla-Bold-2.ttf") format("truetype");
                  font-weight: 300;
                  font-display: swap;
                }

                :root {
                  --font-body: 400 1rem "Karla", system-ui, sans-serif;
                  --font-body-family: "Karla";
                  --font-body-size: 1rem;
                  --font-body-weight: 400;
                  --font-button: 700 1.0625rem "Karla", system-ui, sans-serif;
                """))
        #expect(css.contains("  --font-system: 400 0.625rem \"System\", system-ui, sans-serif;\n  --font-system-family: \"System\";\n"))
        #expect(css.contains("  --font-title: 700 1.40625rem \"Karla\", system-ui, sans-serif;\n"))
        #expect(WebPlatform.diagnostics(for: style).isEmpty)

        let clash = try resolve(
            ##"""
            {"fonts": {"a": {"family": "Karla", "size": 16, "weight": "bold", "file": "one/K.ttf"},
                       "b": {"family": "Karla", "size": 18, "weight": "bold", "file": "two/K.ttf"}}}
            """##,
            assets: [
                "one/K.ttf": TestFiles.truetype(family: "One", weight: 700), "two/K.ttf": TestFiles.truetype(family: "Two", weight: 700),
            ])
        let warnings = WebPlatform.diagnostics(for: clash)
        #expect(warnings.map(\.rule.id) == ["web-font"] && warnings.first?.pointer?.description == "/fonts/b/file")
    }

    @Test func fontURLsArePercentEncoded() throws {
        let style = try resolve(
            ##"{"fonts": {"odd": {"family": "Odd", "size": 10, "file": "fonts/My Font#1.ttf"}}}"##,
            assets: ["fonts/My Font#1.ttf": TestFiles.truetype(family: "Odd")])
        let files = WebThemeCSS.files(for: style)
        #expect(files.map(\.path) == ["web/theme.css", "web/fonts/My Font#1.ttf"])
        #expect(files[0].text.contains("  src: url(\"fonts/My%20Font%231.ttf\") format(\"truetype\");\n"))
    }

    @Test func durationsAreMillisecondsAndRatiosHaveNoUnit() throws {
        let css = css(
            try resolve(
                ##"""
                {"dimensions": {"cardAspectRatio": 1.586, "spacingM": 16, "disabledOpacity": 0.4},
                 "animations": {"fade": {"short": 0.35, "long": 1.5, "tiny": 0.0001, "none": 0}}}
                """##))
        #expect(css.contains("  --dimension-cardAspectRatio: 1.586;\n  --dimension-disabledOpacity: 0.4;\n  --dimension-spacingM: 16px;\n"))
        #expect(
            css.contains(
                "  --animation-fade-long: 1500ms;\n  --animation-fade-none: 0ms;\n  --animation-fade-short: 350ms;\n  --animation-fade-tiny: 0.1ms;\n"
            ))
    }

    @Test func namesThatAreNotCSSIdentifiersAreEscaped() throws {
        let css = css(try resolve(##"{"colors": {"a.b": "#111111", "é": "#222222", "x y": "#333333"}, "dimensions": {"1st": 2}}"##))
        #expect(css.contains("  --color-a\\2E b: #111111;\n  --color-x\\20 y: #333333;\n  --color-é: #222222;\n"))
        #expect(css.contains("  --dimension-1st: 2px;\n"))
    }
}
