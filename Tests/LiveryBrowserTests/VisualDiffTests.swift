import Foundation
import LiveryTestSupport
import Testing

/// `livery diff --visual` on the demo targets' release (v1 → v2: acme-bank's brand palette,
/// title size and a shared radius; verde-grocers' light splash swapped; verde-express
/// added; harbor-credit-union unchanged), drawn in headless Chromium.
@Suite("livery diff --visual", .serialized)
struct VisualDiffTests {
    struct Share: Equatable {
        var client: String
        var appearance: String
        var differing: Int
    }

    static func report(_ directory: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/report.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func shares(_ report: [String: Any]) -> [String: [String: Int]] {
        var result: [String: [String: Int]] = [:]
        for client in report["clients"] as? [[String: Any]] ?? [] {
            let id = client["id"] as? String ?? ""
            for appearance in client["appearances"] as? [[String: Any]] ?? [] {
                result[id, default: [:]][appearance["name"] as? String ?? ""] = appearance["differingPixels"] as? Int
            }
        }
        return result
    }

    @Test(.enabled(if: ExternalTool.chromium.isInstalled, "chromium is not installed (scripts/product/bootstrap --test installs it)"))
    func theDemoReleaseChangesExactlyTheAppearancesItChangedAndTwoRunsAreByteIdentical() throws {
        let fixture = try DemoHistory.repository()
        let out = try TemporaryDirectory(prefix: "livery-visual")
        let first = out.path + "/first", second = out.path + "/second"
        // The pages Chromium drew are kept: one per client and revision it exists in, none for the unchanged client.
        let pages = out.path + "/pages"
        // Any changed pixel is beyond a threshold of 0.001 of a screen: the exit status is 1.
        let run = try LiveryBinary.run(
            ["diff", "v1", "v2", "--visual", first, "--exit-code", "visual", "--threshold", "0.001"], in: fixture.path, environment: ["LIVERY_VISUAL_WORK": pages]
        )
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let drawn = try FileManager.default.contentsOfDirectory(atPath: pages + "/pages").sorted()
        #expect(drawn == ["0-after.html", "0-before.html", "1-after.html", "2-after.html", "2-before.html"], "\(drawn)")
        let drawnText = try drawn.map { try String(contentsOfFile: pages + "/pages/" + $0, encoding: .utf8) }.joined()
        #expect(!drawnText.contains("Harbor") && drawnText.contains("Acme"), "the unchanged client is drawn")
        #expect(run.stdout.hasPrefix("wrote \(first)/report.html: 3 clients drawn, 3 with pixels changed"), "\(run.stdout)")
        let report = try Self.report(first)
        #expect(report["format"] as? String == "livery-visual/1")
        let shares = Self.shares(report)
        // The unchanged client is not drawn at all.
        #expect(shares.keys.sorted() == ["acme-bank", "verde-express", "verde-grocers"], "\(shares)")
        #expect(!FileManager.default.fileExists(atPath: first + "/images/harbor-credit-union"))
        // acme-bank's palette reaches every appearance.
        for appearance in ["light", "dark", "high-contrast-light", "high-contrast-dark"] {
            #expect((shares["acme-bank"]?[appearance] ?? 0) > 0, "acme-bank \(appearance): \(shares)")
        }
        // Only the light splash changed: light and high-contrast light (which shows it) differ, the dark ones not by one pixel.
        #expect((shares["verde-grocers"]?["light"] ?? 0) > 0, "\(shares)")
        #expect((shares["verde-grocers"]?["high-contrast-light"] ?? 0) > 0, "\(shares)")
        #expect(shares["verde-grocers"]?["dark"] == 0, "\(shares)")
        #expect(shares["verde-grocers"]?["high-contrast-dark"] == 0, "\(shares)")
        // The added client has an after side only.
        let added = (report["clients"] as? [[String: Any]])?.first { $0["id"] as? String == "verde-express" }
        #expect(added?["status"] as? String == "added")
        #expect(FileManager.default.fileExists(atPath: first + "/images/verde-express/light-after.png"))
        #expect(!FileManager.default.fileExists(atPath: first + "/images/verde-express/light-before.png"))
        for name in ["before", "after", "difference"] {
            #expect(FileManager.default.fileExists(atPath: first + "/images/acme-bank/dark-\(name).png"), "\(name)")
        }
        let html = try String(contentsOfFile: first + "/report.html", encoding: .utf8)
        #expect(html.contains("src=\"images/verde-grocers/dark-difference.png\""))

        // Deterministic: a second run writes the same bytes, images and reports.
        // No screen changed by more than all of its pixels: the exit status is 0.
        let again = try LiveryBinary.run(["diff", "v1", "v2", "--visual", second, "--exit-code", "visual", "--threshold", "1"], in: fixture.path)
        #expect(again.status == 0, "\(again.stderr)")
        let one = try FileTree.contents(under: first), two = try FileTree.contents(under: second)
        #expect(one.count == 30 && one.keys.sorted() == two.keys.sorted(), "\(one.keys.sorted())")
        #expect(one.keys.sorted().filter { one[$0] != two[$0] } == [], "files that differ between two runs")

        // Nothing changed: no browser is needed and the old report is replaced by an empty one.
        #expect(try LiveryBinary.run(["diff", "v1", "v1", "--visual", first, "--exit-code", "visual"], in: fixture.path).status == 0)
        #expect((try Self.report(first)["clients"] as? [Any])?.isEmpty == true)

        if let keep = ProcessInfo.processInfo.environment["LIVERY_KEEP_SCREENSHOTS"] {
            let chromium = try GalleryBrowser.require()
            _ = try LiveryBinary.run(["diff", "v1", "v2", "--visual", keep + "/visual"], in: fixture.path)
            _ = try GalleryBrowser.run(chromium, profile: out.path + "/p", ["--screenshot=" + keep + "/visual-report-1280.png", "file://\(keep)/visual/report.html"], size: "1280,1600")
        }
    }
}
