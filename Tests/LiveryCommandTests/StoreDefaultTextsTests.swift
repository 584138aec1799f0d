import Foundation
import LiveryTestSupport
import Testing

/// `store/default/`: texts every language of a listing shares, written once (in a base
/// or the client), checked like a language's, and written into every language each
/// store lists, unless the language has its own file (an empty one takes it away).
@Suite("Store listings: texts every language shares, in store/default/")
struct StoreDefaultTextsTests {
    func fixture() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", #"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}}"#)
        try fixture.write("targets/base/store/default/privacy_url.txt", "https://example.com/privacy\n")
        try fixture.write("targets/base/store/default/support_url.txt", "https://example.com/help\n")
        try fixture.write(
            "targets/sunny/style.json", #"{"extends": "base", "app": {"displayName": "Sunny", "bundleId": "com.example.sunny"}}"#)
        try fixture.write("targets/sunny/store/default/video.txt", "https://example.com/video\n")
        try fixture.write("targets/sunny/store/en-US/name.txt", "Sunny\n")
        try fixture.write("targets/sunny/store/en-US/title.txt", "Sunny\n")
        try fixture.write("targets/sunny/store/fr-CA/name.txt", "Soleil\n")
        try fixture.write("targets/sunny/store/fr-CA/support_url.txt", "https://example.com/fr/aide\n")
        try fixture.write("targets/sunny/store/he/name.txt", "שמש\n")
        try fixture.write("targets/sunny/store/he/privacy_url.txt", "")
        try fixture.write("targets/sunny/store/he/title.txt", "שמש\n")
        _ = try fixture.commitAll("listing")
        return fixture
    }

    @Test func aDefaultReachesEveryLanguageOfItsStoreUnlessItHasItsOwn() throws {
        let fixture = try fixture()
        let out = try TemporaryDirectory()
        let run = try LiveryBinary.run(["build", "--platform", "fastlane", "--out", out.path], in: fixture.path)
        #expect(run.status == 0, "\(run.stderr)")
        let metadata = out.path + "/sunny/fastlane/metadata"
        func read(_ path: String) -> String? { try? String(contentsOfFile: metadata + "/" + path, encoding: .utf8) }
        // The App Store's languages: the base's URLs in each, French's own support URL,
        // Hebrew's empty privacy file takes the default away.
        #expect(read("en-US/privacy_url.txt") == "https://example.com/privacy")
        #expect(read("en-US/support_url.txt") == "https://example.com/help")
        #expect(read("fr-CA/privacy_url.txt") == "https://example.com/privacy")
        #expect(read("fr-CA/support_url.txt") == "https://example.com/fr/aide")
        #expect(read("he/support_url.txt") == "https://example.com/help")
        #expect(read("he/privacy_url.txt") == nil)
        // Play's: the video reaches the languages Play lists (en-US, Hebrew), not French,
        // which has no Play listing.
        #expect(read("android/en-US/video.txt") == "https://example.com/video")
        #expect(read("android/iw-IL/video.txt") == "https://example.com/video")
        #expect(!FileManager.default.fileExists(atPath: metadata + "/android/fr-CA"))
        // No folder named default is written: every language has its texts in full.
        #expect(!FileManager.default.fileExists(atPath: metadata + "/default"))
        #expect(read("android/en-US/privacy_url.txt") == nil)
    }

    @Test func aDefaultIsCheckedAtItsFile() throws {
        let fixture = try fixture()
        try fixture.write("targets/sunny/store/default/subtitle.txt", "Bright and sunny, all day long\nand all night\n")
        try fixture.write("targets/sunny/store/default/marketing_url.txt", "http://example.com\n")
        try fixture.write("targets/sunny/store/default/nmae.txt", "Sunny\n")
        try fixture.write("targets/sunny/store/default/images/featureGraphic.jpg", TestFiles.jpeg(width: 1024, height: 500))
        _ = try fixture.commitAll("bad default")
        let run = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(run.status == 1)
        let out = run.stdout + run.stderr
        for line in [
            "targets/sunny/store/default/subtitle.txt:1:31: error: the App Store subtitle is 44 characters long, over the store's limit of 30 characters; shorten it from here (at /store/default/subtitle.txt) [store-text]",
            "targets/sunny/store/default/marketing_url.txt:1:1: error: the App Store marketing URL must be one https:// URL",
            "targets/sunny/store/default/nmae.txt: warning: 'nmae.txt' is not a file fastlane deliver or supply reads (did you mean 'name.txt'?)",
            "targets/sunny/store/default/images/featureGraphic.jpg: error: 'default/images/featureGraphic.jpg': images every language shares are in store/images/",
        ] {
            #expect(out.contains(line), "\(line)\n---\n\(out)")
        }
        #expect(!out.contains("store folder 'default' is not a locale"), "\(out)")
    }
}
