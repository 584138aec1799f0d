import Foundation
import LiveryTestSupport
import Testing

/// Play's TV banner, a file supply reads from `images/`: accepted in `store/images/` and
/// `store/<tag>/images/`, checked against Play's size, written for every Play language (a
/// language's own replacing the shared one). A promo graphic, which supply no longer reads,
/// is a warning and is not written.
@Suite("Store listings: Play's TV banner and promo graphic")
struct StorePlayGraphicsTests {
    @Test func theyAreCheckedAndWrittenForEveryPlayLanguage() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/sunny/style.json", #"{"app": {"displayName": "Sunny", "bundleId": "com.example.sunny"}}"#)
        try fixture.write("targets/sunny/store/en-US/title.txt", "Sunny\n")
        try fixture.write("targets/sunny/store/he/title.txt", "שמש\n")
        try fixture.write("targets/sunny/store/images/tvBanner.jpg", TestFiles.jpeg(width: 1280, height: 720))
        try fixture.write("targets/sunny/store/images/promoGraphic.jpg", TestFiles.jpeg(width: 180, height: 120))
        try fixture.write("targets/sunny/store/he/images/tvBanner.png", TestFiles.png(width: 1280, height: 720))
        _ = try fixture.commitAll("graphics")
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 0 && !validate.stdout.contains("[store-image]"), "\(validate.stdout)")
        let promo =
            "targets/sunny/store/images/promoGraphic.jpg: warning: 'images/promoGraphic.jpg' is not written: fastlane "
            + "supply no longer uploads a promo graphic"
        #expect(validate.stdout.contains(promo), "\(validate.stdout)")
        #expect(validate.stdout.components(separatedBy: "[store-file]").count == 2, "one store-file finding: \(validate.stdout)")
        let out = try TemporaryDirectory()
        let run = try LiveryBinary.run(["build", "--platform", "fastlane", "--out", out.path], in: fixture.path)
        #expect(run.status == 0, "\(run.stderr)")
        let android = out.path + "/sunny/fastlane/metadata/android"
        #expect(FileTree.paths(under: android + "/en-US/images") == ["tvBanner.jpg"])
        #expect(FileTree.paths(under: android + "/iw-IL/images") == ["tvBanner.png"])
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: android + "/en-US/images/tvBanner.jpg"))
                == Data(TestFiles.jpeg(width: 1280, height: 720)))

        // Wrong sizes are errors at the file.
        try fixture.write("targets/sunny/store/images/tvBanner.jpg", TestFiles.jpeg(width: 1280, height: 800))
        try fixture.write("targets/sunny/store/images/promoGraphic.jpg", TestFiles.jpeg(width: 360, height: 240))
        try fixture.write("targets/sunny/store/images/tvBaner.jpg", TestFiles.jpeg(width: 1280, height: 720))
        _ = try fixture.commitAll("bad sizes")
        let bad = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(bad.status == 1)
        #expect(!bad.stdout.contains("promo graphic must be"), "a promo graphic is not checked as an image supply uploads")
        for line in [
            "targets/sunny/store/images/tvBanner.jpg: error: the TV banner must be 1280×720 pixels; 'targets/sunny/store/images/tvBanner.jpg' is 1280×800 (at /store/images/tvBanner.jpg) [store-image]",
            promo,
            "targets/sunny/store/images/tvBaner.jpg: warning: 'images/tvBaner.jpg' is not an image deliver or supply reads (did you mean 'tvBanner'?)",
        ] {
            #expect(bad.stdout.contains(line), "\(line)\n---\n\(bad.stdout)")
        }
    }
}
