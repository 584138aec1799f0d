import Foundation
import LiveryTestSupport
import Testing

/// `livery diff` of a client whose name per language and store listing change:
/// every format lists each change per locale and says how it reaches users.
@Suite("diff: identity and store changes per locale")
struct IdentityDiffCommandTests {
    static func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/sunny/style.json",
            #"""
            {"app": {"displayName": {"default": "Sunny", "fr-CA": "Soleil"}, "bundleId": "com.example.sunny"}}
            """#)
        try fixture.write("targets/sunny/store/fr-CA/title.txt", "Soleil\n")
        try fixture.write("targets/sunny/store/en-US/title.txt", "Sunny\n")
        _ = try fixture.commitAll("v1", tag: "v1")
        try fixture.write(
            "targets/sunny/style.json",
            #"""
            {"app": {"displayName": {"default": "Sunny", "fr-CA": "Soleil radieux", "he": "שמש"}, "bundleId": "com.example.sunny"}}
            """#)
        try fixture.write("targets/sunny/store/fr-CA/title.txt", "Soleil radieux\n")
        _ = try fixture.commitAll("v2", tag: "v2")
        return fixture
    }

    @Test func everyFormatMarksAppReleasesAndStoreUpdates() throws {
        let fixture = try Self.repository()
        let text = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("~ displayName.fr-CA  \"Soleil\" → \"Soleil radieux\"  [needs an app release]"), "\(text.stdout)")
        #expect(text.stdout.contains("+ displayName.he  \"שמש\"  [needs an app release]"), "\(text.stdout)")
        #expect(text.stdout.contains("~ fr-CA/title.txt  \"Soleil\" → \"Soleil radieux\"  [store update only]"), "\(text.stdout)")
        #expect(!text.stdout.contains("en-US/title.txt"))

        let json = try LiveryBinary.run(["diff", "v1", "v2", "--format", "json"], in: fixture.path)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let changes = ((report["targets"] as? [[String: Any]])?.first?["changes"] as? [[String: Any]]) ?? []
        let delivery = Dictionary(
            uniqueKeysWithValues: changes.compactMap { change in
                (change["path"] as? String).map { ($0, change["delivery"] as? String ?? "null") }
            })
        #expect(
            delivery == ["app.displayName.fr-CA": "appRelease", "app.displayName.he": "appRelease", "store.fr-CA/title.txt": "storeUpdate"])
        #expect(changes.allSatisfy { $0["breaking"] as? Bool == false })

        let markdown = try LiveryBinary.run(["diff", "v1", "v2", "--format", "markdown"], in: fixture.path)
        #expect(markdown.stdout.contains("app.displayName.he (needs an app release)"), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("store.fr-CA/title.txt (store update only)"), "\(markdown.stdout)")
        let html = try LiveryBinary.run(["diff", "v1", "v2", "--format", "html"], in: fixture.path)
        #expect(html.stdout.contains(#"<div class="delivery storeUpdate">store update only</div>"#))
        #expect(html.stdout.contains(#"<div class="delivery appRelease">needs an app release</div>"#))
        let patch = try LiveryBinary.run(["diff", "v1", "v2", "--format", "patch"], in: fixture.path)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(patch.stdout.utf8)) as? [String: Any])
        #expect(
            (document["$delivery"] as? [String: [String: String]])?["sunny"] == [
                "app.displayName.fr-CA": "appRelease", "app.displayName.he": "appRelease", "store.fr-CA/title.txt": "storeUpdate",
            ])
        // The merge patch carries the names per language of the resolved style.json.
        let app = ((document["sunny"] as? [String: Any])?["app"] as? [String: Any])?["localized"] as? [String: Any]
        #expect((app?["he"] as? [String: String]) == ["displayName": "שמש"])
    }

    /// Store images, shared and per language, in each store's folders.
    static func imageRepository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/sunny/style.json", #"{"app": {"displayName": "Sunny", "bundleId": "com.example.sunny"}}"#)
        try fixture.write("targets/sunny/store/en-US/title.txt", "Sunny\n")
        try fixture.write("targets/sunny/store/he/title.txt", "שמש\n")
        try fixture.write("targets/sunny/store/images/phoneScreenshots/1.jpg", TestFiles.jpeg(width: 540, height: 960))
        try fixture.write("targets/sunny/store/images/screenshots/1.jpg", TestFiles.jpeg(width: 1320, height: 2868))
        _ = try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/sunny/store/images/phoneScreenshots/1.jpg", TestFiles.jpeg(width: 600, height: 1000))
        try fixture.write("targets/sunny/store/he/images/phoneScreenshots/1.jpg", TestFiles.jpeg(width: 960, height: 540))
        try fixture.write("targets/sunny/store/he/images/screenshots/1.jpg", TestFiles.jpeg(width: 2868, height: 1320))
        try fixture.remove("targets/sunny/store/images/screenshots/1.jpg")
        _ = try fixture.commitAll("v2", tag: "v2")
        return fixture
    }

    @Test func storeImagesPerLanguageAreStoreUpdatesInEveryFormat() throws {
        let fixture = try Self.imageRepository()
        let changed = [
            "store.images/phoneScreenshots/1.jpg", "store.he/images/phoneScreenshots/1.jpg", "store.he/images/screenshots/1.jpg",
            "store.images/screenshots/1.jpg",
        ]
        let text = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path)
        #expect(text.status == 0, "\(text.stderr)")
        for line in [
            "~ images/phoneScreenshots/1.jpg  ", "+ he/images/phoneScreenshots/1.jpg  ", "+ he/images/screenshots/1.jpg  ",
            "- images/screenshots/1.jpg  ",
        ] {
            let row = text.stdout.split(separator: "\n").first { $0.contains(line) }
            #expect(row?.hasSuffix("[store update only]") == true, "\(line) in:\n\(text.stdout)")
        }
        #expect(text.stdout.contains("540×960") && text.stdout.contains("600×1000"), "\(text.stdout)")

        let json = try LiveryBinary.run(["diff", "v1", "v2", "--format", "json"], in: fixture.path)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let changes = ((report["targets"] as? [[String: Any]])?.first?["changes"] as? [[String: Any]]) ?? []
        let delivery = Dictionary(
            uniqueKeysWithValues: changes.compactMap { change in
                (change["path"] as? String).map { ($0, change["delivery"] as? String ?? "null") }
            })
        #expect(delivery == Dictionary(uniqueKeysWithValues: changed.map { ($0, "storeUpdate") }), "\(delivery)")

        let markdown = try LiveryBinary.run(["diff", "v1", "v2", "--format", "markdown"], in: fixture.path)
        for path in changed { #expect(markdown.stdout.contains("\(path) (store update only)"), "\(path) in:\n\(markdown.stdout)") }
        let html = try LiveryBinary.run(["diff", "v1", "v2", "--format", "html"], in: fixture.path)
        #expect(
            html.stdout.components(separatedBy: #"<div class="delivery storeUpdate">store update only</div>"#).count - 1 == changed.count,
            "\(html.stdout.prefix(3_000))")
        #expect(!html.stdout.contains(#"<div class="delivery appRelease">"#))
        let patch = try LiveryBinary.run(["diff", "v1", "v2", "--format", "patch"], in: fixture.path)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(patch.stdout.utf8)) as? [String: Any])
        #expect(
            (document["$delivery"] as? [String: [String: String]])?["sunny"]
                == Dictionary(uniqueKeysWithValues: changed.map { ($0, "storeUpdate") }))
    }
}
