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
        let first = out.path + "/first"
        let second = out.path + "/second"
        // The pages Chromium drew are kept: one per client and revision it exists in, none for the unchanged client.
        let pages = out.path + "/pages"
        // Any changed pixel is beyond a threshold of 0.001 of a screen: the exit status is 1.
        let run = try LiveryBinary.run(
            ["diff", "v1", "v2", "--visual", first, "--exit-code", "visual", "--threshold", "0.001"], in: fixture.path,
            environment: ["LIVERY_VISUAL_WORK": pages]
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
        let again = try LiveryBinary.run(
            ["diff", "v1", "v2", "--visual", second, "--exit-code", "visual", "--threshold", "1"], in: fixture.path)
        #expect(again.status == 0, "\(again.stderr)")
        let one = try FileTree.contents(under: first)
        let two = try FileTree.contents(under: second)
        #expect(one.count == 30 && one.keys.sorted() == two.keys.sorted(), "\(one.keys.sorted())")
        #expect(one.keys.sorted().filter { one[$0] != two[$0] } == [], "files that differ between two runs")

        // Nothing changed: no browser is needed and the old report is replaced by an empty one.
        #expect(try LiveryBinary.run(["diff", "v1", "v1", "--visual", first, "--exit-code", "visual"], in: fixture.path).status == 0)
        #expect((try Self.report(first)["clients"] as? [Any])?.isEmpty == true)

        if let keep = ProcessInfo.processInfo.environment["LIVERY_KEEP_SCREENSHOTS"] {
            let chromium = try GalleryBrowser.require()
            _ = try LiveryBinary.run(["diff", "v1", "v2", "--visual", keep + "/visual"], in: fixture.path)
            _ = try GalleryBrowser.run(
                chromium, profile: out.path + "/p",
                ["--screenshot=" + keep + "/visual-report-1280.png", "file://\(keep)/visual/report.html"], size: "1280,1600")
        }
    }

    /// A release with a breaking rename (a colour only acme-bank defines) and a colour change
    /// (harbor-credit-union's light background): the review lists each client's changes as the
    /// JSON diff names them, the breaking one marked with its reason, and an appearance whose
    /// pixels did not change reads "unchanged".
    @Test(.enabled(if: ExternalTool.chromium.isInstalled, "chromium is not installed (scripts/product/bootstrap --test installs it)"))
    func theReviewListsTheChangesTheDiffNamesAndMarksTheBreakingOne() throws {
        let fixture = try DemoHistory.repository()
        let acme = "targets/acme-bank/style.json"
        let harbor = "targets/harbor-credit-union/style.json"
        let acmeText = try String(contentsOfFile: fixture.path + "/" + acme, encoding: .utf8)
        let harborText = try String(contentsOfFile: fixture.path + "/" + harbor, encoding: .utf8)
        try fixture.write(acme, acmeText.replacingOccurrences(of: "\"premiumCard\"", with: "\"premiumCardFill\""))
        try fixture.write(
            harbor,
            harborText.replacingOccurrences(of: ##""background": { "light": "#FFFFFF""##, with: ##""background": { "light": "#FAF3E6""##))
        try fixture.commitAll("v3", tag: "v3")

        let diff = try LiveryBinary.run(["diff", "v2", "v3", "--format", "json"], in: fixture.path)
        #expect(diff.status == 0, "\(diff.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])
        let targets = document["targets"] as? [[String: Any]] ?? []
        #expect(targets.map { $0["id"] as? String ?? "" } == ["acme-bank", "harbor-credit-union"], "\(diff.stdout)")

        let out = try TemporaryDirectory(prefix: "livery-visual-review")
        let run = try LiveryBinary.run(["diff", "v2", "v3", "--visual", out.path + "/review"], in: fixture.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let page = try String(contentsOfFile: out.path + "/review/report.html", encoding: .utf8)
        // Line-break hints inside names are not text.
        let html = page.replacingOccurrences(of: "<wbr>", with: "")
        let report = try Self.report(out.path + "/review")
        let clients = report["clients"] as? [[String: Any]] ?? []

        var breaking = 0
        for target in targets {
            let id = try #require(target["id"] as? String)
            let changes = target["changes"] as? [[String: Any]] ?? []
            #expect(!changes.isEmpty, "\(id)")
            // report.json carries the diff's own change list.
            let client = clients.first { $0["id"] as? String == id }
            #expect((client?["changes"] as? NSArray)?.isEqual(to: changes) == true, "\(id): \(client?["changes"] ?? "none")")
            // report.html lists each change in the client's section, as `livery diff --format html` does.
            let section =
                html.components(separatedBy: "<tr id=\"c-\(id)\">").dropFirst().first?.components(separatedBy: "<tr id=\"c-").first ?? ""
            for change in changes {
                let path = try #require(change["path"] as? String)
                let item = (change["renamedFrom"] as? String).map { $0 + " → " + path } ?? path
                let row = section.components(separatedBy: "<code>\(item)</code>").dropFirst().first?.components(separatedBy: "</tr>").first
                #expect(row != nil, "\(id)'s section lacks \(item)")
                if let reason = change["breakingReason"] as? String {
                    breaking += 1
                    #expect(
                        row?.contains("<div class=\"breaking\">breaking: \(reason)</div>") == true,
                        "\(item) is not marked breaking: \(row ?? "")")
                } else {
                    #expect(row?.contains("breaking") == false, "\(item) is marked breaking")
                }
            }
        }
        #expect(breaking >= 1, "the rename is not breaking: \(diff.stdout)")
        #expect(html.contains("premiumCard → colors.premiumCardFill"), "the rename is not named as one")

        // harbor-credit-union's dark appearances did not change: they say so in words.
        let harborShares = Self.shares(report)["harbor-credit-union"] ?? [:]
        #expect((harborShares["light"] ?? 0) > 0 && harborShares["dark"] == 0, "\(harborShares)")
        #expect(html.contains("<td class=\"same\"><p class=\"share\">unchanged</p>"), "no appearance reads unchanged")
        #expect(!html.contains(">0 %<"), "an appearance reads 0 %")
    }
    /// The screen draws every text style and component variant the demo contract declares,
    /// each in a slot of its own: a change to the last text style (`text.title`) and then to
    /// the last component variant (`textField.default`) of the shared base each changes pixels
    /// in every client that inherits it, in every appearance, and a text style a client lacks
    /// is drawn as the contract's empty slot. Two runs write the same bytes.
    @Test(.enabled(if: ExternalTool.chromium.isInstalled, "chromium is not installed (scripts/product/bootstrap --test installs it)"))
    func aChangeToTheContractsLastTextStyleAndLastComponentShowsInThePictures() throws {
        let fixture = try DemoHistory.repository()
        let base = "targets/base/style.json"
        let original = try String(contentsOfFile: fixture.path + "/" + base, encoding: .utf8)
        let title = ##""title": { "font": "title", "color": "foreground" }"##
        let field = ##""textField": {\##n      "default": {\##n        "background": "surface","##
        #expect(original.contains(title) && original.contains(field), "the demo base no longer holds what this test edits")
        let recoloured = original.replacingOccurrences(of: title, with: ##""title": { "font": "title", "color": "primary" }"##)
        try fixture.write(base, recoloured)
        try fixture.commitAll("v3", tag: "v3")
        let filled = ##""textField": {\##n      "default": {\##n        "background": "primary","##
        try fixture.write(base, recoloured.replacingOccurrences(of: field, with: filled))
        try fixture.commitAll("v4", tag: "v4")

        let out = try TemporaryDirectory(prefix: "livery-visual-contract")
        let clients = ["acme-bank", "harbor-credit-union", "verde-express", "verde-grocers"]
        for (from, to) in [("v2", "v3"), ("v3", "v4")] {
            let pages = out.path + "/pages-" + to
            let review = out.path + "/" + to
            let run = try LiveryBinary.run(
                ["diff", from, to, "--visual", review], in: fixture.path, environment: ["LIVERY_VISUAL_WORK": pages]
            )
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let shares = Self.shares(try Self.report(review))
            #expect(shares.keys.sorted() == clients, "\(from)→\(to): \(shares)")
            for client in clients {
                for appearance in VisualScreenNames.appearances {
                    #expect((shares[client]?[appearance] ?? 0) > 0, "\(from)→\(to) \(client) \(appearance): \(shares)")
                }
            }
            // Every text style and component of the contract has its slot on every page, drawn or empty.
            let drawn = try FileManager.default.contentsOfDirectory(atPath: pages + "/pages").sorted()
            for page in drawn {
                let html = try String(contentsOfFile: pages + "/pages/" + page, encoding: .utf8)
                #expect(html.contains("Title text") && html.contains("textField default"), "\(page)")
                #expect(html.contains("Price text") || html.contains("text price · none"), "\(page) has no slot for text.price")
            }
            let again = try LiveryBinary.run(["diff", from, to, "--visual", review + "-again"], in: fixture.path)
            #expect(again.status == 0, "\(again.stderr)")
            let one = try FileTree.contents(under: review)
            let two = try FileTree.contents(under: review + "-again")
            #expect(one.keys.sorted() == two.keys.sorted() && one.keys.sorted().filter { one[$0] != two[$0] } == [], "two runs differ")
        }
    }
}

/// The appearances the review names, in its order.
enum VisualScreenNames {
    static let appearances = ["light", "dark", "high-contrast-light", "high-contrast-dark"]
}
