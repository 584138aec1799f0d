import Foundation
import LiveryTestSupport
import Testing

/// The web theme livery writes, loaded by headless Chromium (Debian's
/// `chromium`, installed by `scripts/product/bootstrap --test`): the custom properties
/// must give each colour in light, in dark (by the system setting and by
/// `data-theme`), and light when the page forces it.
@Suite("web/theme.css in Chromium")
struct WebConsumerTests {
    static let page = """
        <!doctype html><html><head><link rel="stylesheet" href="theme.css"></head><body>
        <div id="probe" style="color: var(--color-primary); width: var(--dimension-spacingM)"></div>
        <script>
        const probe = document.getElementById('probe');
        const read = () => getComputedStyle(probe).color;
        const system = read() + ';' + getComputedStyle(probe).width;
        document.documentElement.setAttribute('data-theme', 'dark');
        const forcedDark = read();
        document.documentElement.setAttribute('data-theme', 'light');
        const forcedLight = read();
        document.body.setAttribute('data-result', [system, forcedDark, forcedLight].join('|'));
        </script></body></html>
        """

    func rgb(_ hex: String) -> String {
        let digits = Array(hex.dropFirst())
        let value = { (i: Int) in Int(String(digits[i..<(i + 2)]), radix: 16) ?? -1 }
        return "rgb(\(value(0)), \(value(2)), \(value(4)))"
    }

    func result(_ chromium: String, _ page: String, dark: Bool) throws -> String {
        var arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + page]
        if dark { arguments.insert("--blink-settings=preferredColorScheme=0", at: 0) }
        let run = try runProcess(chromium, arguments)
        guard let start = run.stdout.range(of: "data-result=\""), let end = run.stdout[start.upperBound...].firstIndex(of: "\"") else {
            return "no result: \(run.stderr.suffix(300))"
        }
        return String(run.stdout[start.upperBound..<end])
    }

    @Test(
        .enabled(
            if: ExternalTool.chromium.isInstalled,
            "chromium is not installed: the web theme is not loaded in a browser (scripts/product/bootstrap --test installs it)"))
    func lightDarkAndForcedThemesResolve() throws {
        let chromium = try #require(ExternalTool.chromium.path)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let out = try TemporaryDirectory()
        #expect(
            try LiveryBinary.run(["build", "--repo", root, "--out", out.path, "--platform", "web", "--target", "acme-bank"]).status == 0)
        let web = out.path + "/acme-bank/web"
        try Data(Self.page.utf8).write(to: URL(fileURLWithPath: web + "/check.html"))
        let style = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out.path + "/acme-bank/style.json")))
                as? [String: Any])
        let primary = try #require((style["colors"] as? [String: Any])?["primary"] as? [String: String])
        let light = rgb(try #require(primary["light"]))
        let dark = rgb(try #require(primary["dark"]))
        #expect(light != dark)
        let spacing = try #require((style["dimensions"] as? [String: Any])?["spacingM"] as? Int)
        #expect(try result(chromium, web + "/check.html", dark: false) == "\(light);\(spacing)px|\(dark)|\(light)")
        #expect(try result(chromium, web + "/check.html", dark: true) == "\(dark);\(spacing)px|\(dark)|\(light)")
    }
}
