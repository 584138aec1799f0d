import Foundation
import LiveryTestSupport
import Testing

/// An SVG that carries script, an event attribute, a `<foreignObject>` or a reference outside
/// itself is refused where it is named (`svg-active-content`, the SVG's line and column in the
/// message), so neither a bundle nor the gallery ever holds it; a plain SVG still builds.
@Suite("SVGs that carry script")
struct SVGActiveContentTests {
    static func repository(svg: String) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/cedar/style.json",
            ##"{"app": {"displayName": "cedar", "bundleId": "com.example.cedar"}, "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}}, "images": {"logo": "logo.svg"}}"##
        )
        try fixture.write("targets/cedar/logo.svg", svg)
        _ = try fixture.commitAll("svg")
        return fixture
    }

    static let head = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\n"
    static let scripted = head + "  <script>alert(document.cookie)</script>\n</svg>\n"

    @Test(arguments: [
        (scripted, "a <script> element at logo.svg:2:3"),
        (head + "  <rect width=\"10\" height=\"10\" onclick=\"alert(1)\"/>\n</svg>\n", "the event attribute onclick at logo.svg:2:32"),
        (
            head + "  <foreignObject width=\"10\" height=\"10\"><p>hi</p></foreignObject>\n</svg>\n",
            "a <foreignObject> element at logo.svg:2:3"
        ),
        (
            head + "  <image xlink:href=\"https://tracker.example/p.png\" width=\"1\" height=\"1\"/>\n</svg>\n",
            "a reference outside the file (xlink:href) at logo.svg:2:10"
        ),
        (head + "  <use href=\"file:///etc/passwd#x\"/>\n</svg>\n", "a reference outside the file (href) at logo.svg:2:8"),
    ])
    func validateRefusesItNamingWhatAndWhere(_ svg: String, _ expected: String) throws {
        let fixture = try Self.repository(svg: svg)
        let run = try LiveryBinary.run(["validate"], in: fixture.path)
        let text = run.stdout + run.stderr
        #expect(run.status == 1, "\(text)")
        #expect(text.contains("svg-active-content"), "\(text)")
        #expect(text.contains(expected), "\(text)")
        #expect(text.contains("targets/cedar/style.json:"), "the finding is not at the style that names the SVG: \(text)")
    }

    @Test func buildAndGalleryCopyNoneOfIt() throws {
        let fixture = try Self.repository(svg: Self.scripted)
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--out", out.path + "/dist", "--platform", "all"], in: fixture.path)
        #expect(build.status == 1, "\(build.stdout)\(build.stderr)")
        #expect(build.stdout.contains("failed    cedar"), "\(build.stdout)")
        let gallery = try LiveryBinary.run(["gallery", "--output", out.path + "/gallery"], in: fixture.path)
        #expect([0, 1].contains(gallery.status), "\(gallery.stdout)\(gallery.stderr)")
        let written = try FileTree.contents(under: out.path)
        let carrying = written.filter { String(decoding: $0.value, as: UTF8.self).contains("alert(document.cookie)") }.keys.sorted()
        #expect(carrying.isEmpty, "copied with its script: \(carrying)")
    }

    @Test func aPlainSVGStillBuildsIntoTheWebBundle() throws {
        let plain =
            Self.head
            + "  <!-- onload <script> in a comment is text -->\n  <defs><linearGradient id=\"g\"/></defs>\n  <rect fill=\"url(#g)\" width=\"10\" height=\"10\"/>\n  <use href=\"#g\"/>\n</svg>\n"
        let fixture = try Self.repository(svg: plain)
        #expect(try LiveryBinary.run(["validate"], in: fixture.path).status == 0)
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--out", out.path, "--platform", "web"], in: fixture.path)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let written = try FileTree.contents(under: out.path)
        #expect(written.contains { $0.key.hasSuffix(".svg") && $0.value == Data(plain.utf8) }, "\(written.keys.sorted())")
    }
}
