import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

/// The gallery's colour vision views in headless Chromium: with `?vision=<deficiency>`, the
/// view selector shows the deficiency and acme-bank's primary swatch is painted in the colour
/// `validate`'s `distinct-colors` check simulates for it, so what a reviewer sees is what a
/// finding names.
@Suite(
    "livery gallery's colour vision views in Chromium", .serialized,
    .enabled(
        if: ExternalTool.chromium.isInstalled && ExternalTool.python3.isInstalled,
        "chromium or python3 is not installed: the gallery is not checked in a browser (scripts/product/bootstrap --test installs them)")
)
struct GalleryVisionBrowserTests {
    static let probe = """
        const chip = document.querySelector('article[data-id="acme-bank"] .sw[data-path="colors.primary"] .chip');
        const box = chip.getBoundingClientRect();
        out.push('swatch ' + Math.round(box.left + box.width / 2) + ' ' + Math.round(box.top + box.height / 2));
        out.push('vision ' + document.getElementById('vision').value + ' ' + (document.body.dataset.vision || 'typical'));
        """

    @Test func eachDeficiencyPaintsTheColourValidateSimulates() throws {
        let chromium = try GalleryBrowser.require()
        let out = try TemporaryDirectory(prefix: "livery-gallery-vision")
        let site = try GalleryBrowserTests.gallery(["--repo", GalleryBrowserTests.root], into: out.path)
        let layout = try GalleryBrowserTests.withProbe(site, "layout.html", Self.probe)
        let primary = ColorValue(try #require(RGBA(hex: "#0A3D91")))
        let views: [(String, String)] = [("", primary.srgb.hex)] + ColorDeficiency.allCases.map { ($0.rawValue, $0.simulate(primary).hex) }
        for (view, expected) in views {
            let query = view.isEmpty ? "" : "?vision=" + view
            let shot = out.path + "/\(view.isEmpty ? "typical" : view).png"
            let painted = try GalleryBrowser.run(
                chromium, profile: out.path + "/p-shot-\(view)", ["--screenshot=" + shot, "file://\(site)/index.html\(query)#light"])
            let dom = try GalleryBrowser.run(
                chromium, profile: out.path + "/p-dom-\(view)", ["--dump-dom", "file://\(layout)\(query)#light"])
            #expect(GalleryBrowser.consoleProblems(painted.stderr + dom.stderr).isEmpty, "\(view): \(painted.stderr)")
            let lines = GalleryBrowserTests.probed(dom.stdout)
            #expect(lines.contains("vision \(view) \(view.isEmpty ? "typical" : view)"), "\(lines)")
            let fields = try #require(lines.first { $0.hasPrefix("swatch ") }).split(separator: " ")
            let pixel = try GalleryBrowser.pixel(shot, x: try #require(Int(fields[1])), y: try #require(Int(fields[2])))
            #expect(GalleryBrowser.close(pixel, String(expected.dropFirst())), "\(view): painted \(pixel), simulated \(expected)")
            if let keep = ProcessInfo.processInfo.environment["LIVERY_GALLERY_SCREENSHOTS"] {
                try? FileManager.default.removeItem(atPath: keep + "/gallery-vision-\(view).png")
                try FileManager.default.copyItem(atPath: shot, toPath: keep + "/gallery-vision-\(view).png")
            }
        }
        // The four views differ where the brand colour is one a deficiency changes.
        #expect(Set(views.map(\.1)).count == 4, "\(views)")
    }
}
