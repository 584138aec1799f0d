import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

/// `livery gallery` through the binary: the site it writes, content-addressed
/// and deduplicated assets, the same bytes every run, invalid clients, hostile
/// names, and the output directories it refuses.
@Suite("livery gallery", .serialized)
struct GalleryCommandTests {
    static func clients(_ html: String) throws -> [[String: Any]] {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"gallery-data\">"))
        let end = try #require(html[start.upperBound...].range(of: "</script>"))
        let object = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        return try #require((object as? [String: Any])?["clients"] as? [[String: Any]])
    }

    static func files(under root: String) throws -> [String: Data] {
        try FileTree.contents(under: root)
    }

    @Test func writesAContentAddressedSiteTheSameEveryRun() throws {
        let fixture = try GalleryFixture.repository()
        let out = try TemporaryDirectory()
        let site = out.path + "/gallery"
        let run = try LiveryBinary.run(["gallery", "--repo", fixture.path, "--rev", "v1", "--output", site])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "✓ gallery: 3 clients, 1 invalid, 3 assets → \(site)/index.html\n")
        let first = try Self.files(under: site)
        // The font and icon both clients inherit are stored once; each name is its bytes' SHA-256.
        let assets = first.keys.filter { $0.hasPrefix("assets/") }.sorted()
        #expect(assets.count == 3, "\(assets)")
        for path in assets {
            let bytes = try #require(first[path])
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            #expect(name == CanonicalJSON.digest(Array(bytes)), "\(path)")
        }
        #expect(Set(assets.map { URL(fileURLWithPath: $0).pathExtension }) == ["png", "svg", "ttf"])
        #expect(Set(first.keys) == Set(assets + ["index.html"]))

        // Again into the same directory: the same bytes, and the old gallery replaced whole.
        let again = try LiveryBinary.run(["gallery", "--repo", fixture.path, "--rev", "v1", "--output", site])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.files(under: site) == first)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(leftovers == ["gallery"], "\(leftovers)")

        let html = String(decoding: try #require(first["index.html"]), as: UTF8.self)
        let clients = try Self.clients(html)
        #expect(clients.compactMap { $0["id"] as? String } == ["acme", "beta", "broken"])
        #expect(clients[0]["chain"] as? [String] == ["acme", "base"])
        #expect((clients[0]["icon"] as? String)?.hasPrefix("assets/") == true)
        // The details' `via`: positions in the chain of the targets whose files set each token.
        let tokens = try #require(clients[0]["tokens"] as? [[Any]])
        let row = { (path: String) in tokens.first { $0.first as? String == path } }
        #expect(row("colors.primary")?[2] as? [Int] == [1], "set in base")
        #expect(row("app.displayName")?[2] as? [Int] == [0], "set in acme")
        #expect(row("images.logo")?[1] as? String == "assets/logo.svg")
        // beta's grey button fails AA; the warning the contrast rule gives is on its card.
        let contrast = try #require(clients[1]["contrast"] as? [[Any]])
        #expect((contrast.first?[3] as? [Double])?.first.map { $0 < 4.5 } == true)
        #expect((clients[1]["warnings"] as? [String])?.contains { $0.contains("[contrast]") } == true)
        // The invalid client carries its error and no preview.
        let errors = try #require(clients[2]["errors"] as? [String])
        #expect(errors.contains { $0.contains("colors.missing") }, "\(errors)")
        #expect(clients[2]["colors"] == nil)
    }

    @Test func hostileDisplayNamesStayText() throws {
        let fixture = try GalleryFixture.repository()
        let escaped = GalleryFixture.hostile.replacingOccurrences(of: "\"", with: "\\\"")
        try fixture.write("targets/acme/style.json", #"{"extends": "base", "app": {"displayName": "\#(escaped)"}}"#)
        _ = try fixture.commitAll("hostile")
        let out = try TemporaryDirectory()
        let run = try LiveryBinary.run(["gallery", "--repo", fixture.path, "--rev", "HEAD", "--output", out.path + "/g"])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: out.path + "/g/index.html", encoding: .utf8)
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)
        #expect(!html.contains("<!--"))
        #expect(try Self.clients(html).first?["name"] as? String == GalleryFixture.hostile)
    }

    @Test func refusesADirectoryItDidNotWrite() throws {
        let fixture = try GalleryFixture.repository()
        let out = try TemporaryDirectory()
        try Data("keep me".utf8).write(to: out.url("notes.txt"))
        let run = try LiveryBinary.run(["gallery", "--repo", fixture.path, "--rev", "v1", "--output", out.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("not empty and not a gallery livery wrote"), "\(run.stderr)")
        #expect(try String(contentsOf: out.url("notes.txt"), encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
    }

    @Test func selectsTargetsAndNamesUnknownOnes() throws {
        let fixture = try GalleryFixture.repository()
        let out = try TemporaryDirectory()
        let one = try LiveryBinary.run(["gallery", "--repo", fixture.path, "--rev", "v1", "--target", "beta", "--output", out.path + "/g"])
        #expect(one.status == 0, "\(one.stderr)")
        let html = try String(contentsOfFile: out.path + "/g/index.html", encoding: .utf8)
        #expect(try Self.clients(html).compactMap { $0["id"] as? String } == ["beta"])
        let unknown = try LiveryBinary.run([
            "gallery", "--repo", fixture.path, "--rev", "v1", "--target", "bta", "--output", out.path + "/h",
        ])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("bta") && unknown.stderr.contains("beta"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/h"))
        let revision = try LiveryBinary.run(["gallery", "--repo", fixture.path, "--rev", "v9", "--output", out.path + "/h"])
        #expect(revision.status == 2 && revision.stderr.contains("v9"), "\(revision.stderr)")
    }

    @Test func reviewModeMarksWhatTheDiffFinds() throws {
        let fixture = try GalleryFixture.repository()
        try fixture.write(
            "targets/acme/style.json",
            ##"{"extends": "base", "app": {"displayName": "Acme"}, "colors": {"primary": "#8A1C1C"}, "images": {"logo": "assets/logo.svg"}}"##
        )
        _ = try fixture.commitAll("acme red", tag: "v2")
        let out = try TemporaryDirectory()
        let run = try LiveryBinary.run(["gallery", "--repo", fixture.path, "--rev", "v2", "--base", "v1", "--output", out.path + "/g"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1 changed"), "\(run.stdout)")
        let clients = try Self.clients(try String(contentsOfFile: out.path + "/g/index.html", encoding: .utf8))
        // The changed client first, with its before side and exactly the changed tokens.
        #expect(clients.compactMap { $0["id"] as? String } == ["acme", "beta", "broken"])
        let review = try #require(clients[0]["review"] as? [String: Any])
        #expect(review["status"] as? String == "changed")
        #expect(Set(review["changed"] as? [String] ?? []) == ["colors.primary", "components.button.primary.background"])
        let before = try #require(review["before"] as? [String: Any])
        let beforePrimary = (before["colors"] as? [[Any]])?.first { $0.first as? String == "primary" }
        #expect((beforePrimary?[1] as? [String])?.first == "#0A3D91")
        #expect((clients[1]["review"] as? [String: Any])?["status"] as? String == "unchanged")
    }
}
