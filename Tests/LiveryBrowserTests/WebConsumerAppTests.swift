import Foundation
import LiveryTestSupport
import Testing

/// A web page as an app's site has it: in a directory of its own, linking the
/// bundle's theme.css by a relative path from elsewhere. Headless Chromium,
/// driven through the DevTools protocol, emulates light, dark and
/// `prefers-contrast: more`; in each mode every image theme.css names must load
/// (`naturalWidth > 0`), every font face must load with the weight and style its
/// file has, and every computed colour must be style.json's for that mode.
@Suite("Consumer app: a web page elsewhere links theme.css")
struct WebConsumerAppTests {
    /// The page: a probe per colour, an element per image using `var(--image-…)`
    /// in the page's own CSS, and a script that reports what loaded.
    static func page(themeHref: String, colors: [String], images: [String], fonts: [String]) -> String {
        """
        <!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="\(themeHref)"><style>
        .image { width: 40px; height: 40px; }
        \(images.map { "#image-\($0) { background-image: var(--image-\($0)); }" }.joined(separator: "\n"))
        </style></head><body>
        \(colors.map { "<i class=\"probe\" data-name=\"\($0)\" style=\"color: var(--color-\($0))\"></i>" }.joined())
        \(images.map { "<div class=\"image\" id=\"image-\($0)\"></div>" }.joined())
        <script>
        window.report = async () => {
          const colors = {};
          for (const probe of document.querySelectorAll('.probe')) colors[probe.dataset.name] = getComputedStyle(probe).color;
          const urls = text => [...text.matchAll(/url\\("([^"]*)"\\)/g)].map(match => match[1]);
          const load = url => new Promise(done => { const image = new Image(); image.onload = image.onerror = () => done([url, image.naturalWidth]); image.src = url; });
          const images = {};
          for (const name of \(jsArray(images))) {
            const element = document.getElementById('image-' + name);
            images[name] = await Promise.all(urls(getComputedStyle(element).backgroundImage).map(load));
          }
          const root = getComputedStyle(document.documentElement);
          const shorthands = \(jsArray(fonts)).map(token => root.getPropertyValue('--font-' + token).trim());
          for (const font of shorthands) await document.fonts.load(font);
          await document.fonts.ready;
          const faces = [...document.fonts].map(face => [face.family.replace(/"/g, ''), face.weight, face.style, face.status].join('/')).sort();
          return JSON.stringify({colors, images, faces, checks: shorthands.map(font => document.fonts.check(font))});
        };
        </script></body></html>
        """
    }

    static func jsArray(_ names: [String]) -> String {
        "[" + names.map { "'\($0)'" }.joined(separator: ", ") + "]"
    }

    struct Mode: CustomStringConvertible {
        var dark: Bool
        var more: Bool
        var description: String { (dark ? "dark" : "light") + (more ? ", more contrast" : "") }
        var features: [String: String] {
            ["prefers-color-scheme": dark ? "dark" : "light", "prefers-contrast": more ? "more" : "no-preference"]
        }
    }

    static let modes = [
        Mode(dark: false, more: false), Mode(dark: true, more: false), Mode(dark: false, more: true), Mode(dark: true, more: true),
    ]

    /// The colour style.json gives `name` in `mode`, as Chromium prints it.
    static func expectedColor(_ color: [String: Any], _ mode: Mode) -> String? {
        let normal = color[mode.dark ? "dark" : "light"] as? String
        let contrast = mode.more ? color[mode.dark ? "highContrastDark" : "highContrastLight"] as? String : nil
        // A colour beyond hex is computed as written (Chromium reads the @supports block), in its shortest numbers.
        return (contrast ?? normal).map { $0.hasPrefix("#") ? ConsumerFixture.rgb($0) : $0 }
    }

    /// Loads `site/pages/index.html` (two directories away from the bundle) in every mode and checks what the page got.
    func check(bundle: String, site: String, chromium: String, expectedFaces: [String]?) throws {
        let style = try ConsumerFixture.style(of: bundle)
        let colors = style["colors"] as? [String: [String: Any]] ?? [:]
        let images = (style["images"] as? [String: Any] ?? [:]).keys.sorted()
        let fonts = (style["fonts"] as? [String: Any] ?? [:]).keys.sorted()
        let pages = site + "/pages"
        try FileManager.default.createDirectory(atPath: pages, withIntermediateDirectories: true)
        // The bundle is reached from the page by a relative path through other directories.
        let href =
            "../../" + URL(fileURLWithPath: bundle).deletingLastPathComponent().lastPathComponent + "/"
            + URL(fileURLWithPath: bundle).lastPathComponent + "/web/theme.css"
        try Data(Self.page(themeHref: href, colors: colors.keys.sorted(), images: images, fonts: fonts).utf8)
            .write(to: URL(fileURLWithPath: pages + "/index.html"))
        #expect(!FileManager.default.fileExists(atPath: pages + "/images"))

        let browser = try DevToolsPipe(chromium: chromium, profile: site + "/profile")
        for mode in Self.modes {
            let page = try browser.openPage()
            try page.emulate(mode.features)
            try page.navigate("file://" + pages + "/index.html")
            let text = try #require(try page.evaluate("window.report()") as? String)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let shown = report["colors"] as? [String: String] ?? [:]
            for (name, color) in colors {
                #expect(shown[name] == Self.expectedColor(color, mode), "\(bundle) \(mode): colour \(name)")
            }
            let loaded = report["images"] as? [String: [[Any]]] ?? [:]
            #expect(Set(loaded.keys) == Set(images), "\(mode)")
            for (name, files) in loaded {
                #expect(!files.isEmpty, "\(mode): image \(name) names no file")
                for file in files {
                    let url = file.first as? String ?? ""
                    let width = file.last as? Int ?? 0
                    #expect(width > 0, "\(bundle) \(mode): image \(name) did not load from \(url)")
                    #expect(url.contains("/web/images/"), "\(mode): \(url)")
                }
            }
            let faces = report["faces"] as? [String] ?? []
            #expect(!faces.isEmpty || fonts.isEmpty)
            #expect(faces.allSatisfy { $0.hasSuffix("/loaded") }, "\(bundle) \(mode): \(faces)")
            if let expectedFaces { #expect(faces == expectedFaces, "\(mode)") }
            #expect((report["checks"] as? [Bool] ?? []).allSatisfy { $0 }, "\(mode): \(report)")
            _ = try browser.send("Target.closeTarget", ["targetId": page.targetID])
        }
    }

    @Test(
        .enabled(
            if: ExternalTool.chromium.isInstalled && ExternalTool.systemFonts.isInstalled && ExternalTool.fontconfig.isInstalled,
            "chromium, the DejaVu/Liberation fonts or fontconfig are not installed (scripts/product/bootstrap --test installs them)"))
    func realFontsImagesAndModesLoadFromAPageElsewhere() throws {
        let chromium = try #require(ExternalTool.chromium.path)
        let root = try TemporaryDirectory()
        let bundle = try ConsumerFixture.buildRealFonts(into: root.path + "/dist")
        // Each face as fontconfig reads its file: family as the style names it, the file's weight and slant.
        var expected: [String] = []
        for font in ConsumerFixture.fonts {
            let facts = try #require(try ConsumerFixture.fontconfigFacts(ExternalTool.fontDirectory + "/" + font.source))
            expected.append("\(font.family)/\(facts.weight)/\(facts.italic ? "italic" : "normal")/loaded")
        }
        try check(bundle: bundle, site: root.path + "/site", chromium: chromium, expectedFaces: expected.sorted())
    }

    @Test(.enabled(if: ExternalTool.chromium.isInstalled, "chromium is not installed (scripts/product/bootstrap --test installs it)"))
    func demoTargetsLoadFromAPageElsewhere() throws {
        let chromium = try #require(ExternalTool.chromium.path)
        let root = try TemporaryDirectory()
        for id in try ConsumerFixture.buildDemo(into: root.path + "/dist") {
            try check(bundle: root.path + "/dist/" + id, site: root.path + "/site-" + id, chromium: chromium, expectedFaces: nil)
        }
    }
}
