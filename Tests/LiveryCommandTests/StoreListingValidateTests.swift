import Foundation
import LiveryTestSupport
import Testing

/// `livery validate` on store listings and names per language: each problem at
/// the file, line and column that wrote it, inherited files through `extends`.
@Suite("validate: names per language and store listings")
struct StoreListingValidateTests {
    @Test func problemsArePlacedInTheFilesThatWroteThem() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", #"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}}"#)
        try fixture.write("targets/base/store/en-US/support_url.txt", "http://example.com/help\n")
        try fixture.write(
            "targets/sunny/style.json",
            """
            {"extends": "base",
             "app": {"displayName": {"default": "Sunny", "fr_CA": "Soleil"}, "bundleId": "com.example.sunny"}}
            """)
        try fixture.write("targets/sunny/store/en-US/subtitle.txt", "Bright and sunny,\nall day long, every day\n")
        try fixture.write("targets/sunny/store/iw/title.txt", "שמש\n")
        _ = try fixture.commitAll("sunny")
        let run = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(run.status == 1)
        let out = run.stdout + run.stderr
        for line in [
            "targets/sunny/style.json:2:46: error: 'fr_CA' is not a locale livery knows",
            "(did you mean 'fr-CA'?) (at /app/displayName/fr_CA) [locale]",
            "targets/sunny/store/en-US/subtitle.txt:2:13: error: the App Store subtitle is 41 characters long, over the store's limit of 30 characters; shorten it from here (at /store/en-US/subtitle.txt) [store-text]",
            "targets/base/store/en-US/support_url.txt:1:1: error: the App Store support URL must be one https:// URL: the stores ask for https, not http (at /store/en-US/support_url.txt) [store-url]",
            "targets/sunny/store/iw/title.txt: error: store folder 'iw' is not a locale livery knows",
            "(did you mean 'he'?) (at /store/iw/title.txt) [locale]",
        ] {
            #expect(out.contains(line), "\(line)\n---\n\(out)")
        }
        let sarif = try LiveryBinary.run(["validate", "--format", "json"], in: fixture.path)
        #expect(
            sarif.stdout.contains("\"rule\":\"store-text\"") || sarif.stdout.contains("\"rule\": \"store-text\""),
            "\(sarif.stdout.prefix(2_000))")
    }

    @Test func aChildReplacesOneInheritedFileAndAnEmptyFileRemovesOne() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", #"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}}"#)
        try fixture.write("targets/base/store/en-US/support_url.txt", "https://example.com/help\n")
        try fixture.write("targets/base/store/en-US/marketing_url.txt", "https://example.com\n")
        try fixture.write("targets/base/store/en-US/title.txt", "Base\n")
        try fixture.write(
            "targets/sunny/style.json", #"{"extends": "base", "app": {"displayName": "Sunny", "bundleId": "com.example.sunny"}}"#)
        try fixture.write("targets/sunny/store/en-US/title.txt", "Sunny\n")
        try fixture.write("targets/sunny/store/en-US/marketing_url.txt", "")
        _ = try fixture.commitAll("sunny")
        let out = try TemporaryDirectory()
        let run = try LiveryBinary.run(["build", "--platform", "fastlane", "--out", out.path], in: fixture.path)
        #expect(run.status == 0, "\(run.stderr)")
        let metadata = out.path + "/sunny/fastlane/metadata"
        #expect(try String(contentsOfFile: metadata + "/android/en-US/title.txt", encoding: .utf8) == "Sunny")
        #expect(try String(contentsOfFile: metadata + "/en-US/support_url.txt", encoding: .utf8) == "https://example.com/help")
        #expect(!FileManager.default.fileExists(atPath: metadata + "/en-US/marketing_url.txt"))
    }

    /// Store images per language through `extends`: a base's Hebrew screenshots reach every
    /// client's Play and App Store folders for Hebrew; a client's image problems are placed at
    /// its file with the pointer under /store. No appIcon here, so no Play icon is made.
    @Test func imagesPerLanguageAreInheritedAndCheckedWhereTheyAre() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", #"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}}"#)
        try fixture.write("targets/base/store/he/images/phoneScreenshots/1.jpg", TestFiles.jpeg(width: 540, height: 960))
        try fixture.write("targets/base/store/he/images/screenshots/1.jpg", TestFiles.jpeg(width: 1290, height: 2796))
        try fixture.write("targets/base/store/images/featureGraphic.jpg", TestFiles.jpeg(width: 1024, height: 500))
        try fixture.write(
            "targets/sunny/style.json", #"{"extends": "base", "app": {"displayName": "Sunny", "bundleId": "com.example.sunny"}}"#)
        try fixture.write("targets/sunny/store/he/title.txt", "שמש\n")
        try fixture.write("targets/sunny/store/en-US/title.txt", "Sunny\n")
        _ = try fixture.commitAll("sunny")
        let out = try TemporaryDirectory()
        let run = try LiveryBinary.run(["build", "--platform", "fastlane", "--out", out.path], in: fixture.path)
        #expect(run.status == 0, "\(run.stderr)")
        let fastlane = out.path + "/sunny/fastlane"
        #expect(FileTree.paths(under: fastlane + "/metadata/android/iw-IL/images") == ["featureGraphic.jpg", "phoneScreenshots/1.jpg"])
        #expect(FileTree.paths(under: fastlane + "/metadata/android/en-US/images") == ["featureGraphic.jpg"])
        #expect(FileTree.paths(under: fastlane + "/screenshots") == ["he/1.jpg"])
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: fastlane + "/screenshots/he/1.jpg"))
                == Data(TestFiles.jpeg(width: 1290, height: 2796)))

        try fixture.write("targets/sunny/store/he/images/screenshots/2.jpg", TestFiles.jpeg(width: 1080, height: 1920))
        try fixture.write("targets/sunny/store/he/images/phoneScreenshots/1.jpg", TestFiles.png(width: 320, height: 700))
        try fixture.write("targets/sunny/store/af/images/screenshots/1.jpg", TestFiles.jpeg(width: 1290, height: 2796))
        _ = try fixture.commitAll("problems")
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 1)
        for line in [
            "targets/sunny/store/he/images/screenshots/2.jpg: error: 'targets/sunny/store/he/images/screenshots/2.jpg' is 1080×1920 pixels, a size App Store Connect has no screenshot display for",
            "(at /store/he/images/screenshots/2.jpg) [store-image]",
            "targets/sunny/store/he/images/phoneScreenshots/1.jpg: error: 'targets/sunny/store/he/images/phoneScreenshots/1.jpg' is named .jpg but holds a PNG",
            "targets/sunny/store/af/images/screenshots/1.jpg: error: App Store has no locale for 'af', so 'images/screenshots/1.jpg' cannot be listed there (at /store/af/images/screenshots/1.jpg) [store-file]",
        ] {
            #expect(validate.stdout.contains(line), "\(line)\n---\n\(validate.stdout)")
        }
    }
}
