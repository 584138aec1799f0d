import Foundation
import LiveryTestSupport
import Testing

/// deliver's files of the app rather than of a language (copyright, categories, review
/// information): read at `store/`, inherited, checked, and written at the root of the
/// fastlane metadata folder.
@Suite("Store listings: deliver's copyright, categories and review information")
struct StoreAppFilesTests {
    @Test func theyAreInheritedCheckedAndWrittenAtTheRoot() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", #"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}}"#)
        try fixture.write("targets/base/store/copyright.txt", "2026 Example Ltd\n")
        try fixture.write("targets/base/store/review_information/email_address.txt", "review@example.com\n")
        try fixture.write(
            "targets/sunny/style.json", #"{"extends": "base", "app": {"displayName": "Sunny", "bundleId": "com.example.sunny"}}"#)
        try fixture.write("targets/sunny/store/primary_category.txt", "FOOD_AND_DRINK\n")
        try fixture.write(
            "targets/sunny/store/review_information/notes.txt", "Sign in with the demo account.\nThe store locator needs location.\n")
        try fixture.write("targets/sunny/store/en-US/name.txt", "Sunny\n")
        _ = try fixture.commitAll("app files")
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 0 && !validate.stdout.contains("[store-file]"), "\(validate.stdout)")
        let out = try TemporaryDirectory()
        let run = try LiveryBinary.run(["build", "--platform", "fastlane", "--out", out.path], in: fixture.path)
        #expect(run.status == 0, "\(run.stderr)")
        let metadata = out.path + "/sunny/fastlane/metadata"
        func read(_ path: String) -> String? { try? String(contentsOfFile: metadata + "/" + path, encoding: .utf8) }
        #expect(read("copyright.txt") == "2026 Example Ltd")
        #expect(read("primary_category.txt") == "FOOD_AND_DRINK")
        #expect(read("review_information/email_address.txt") == "review@example.com")
        #expect(read("review_information/notes.txt") == "Sign in with the demo account.\nThe store locator needs location.")
        #expect(read("en-US/name.txt") == "Sunny")

        try fixture.write("targets/sunny/store/copyright.txt", "2026 Example\nLtd\n")
        try fixture.write("targets/sunny/store/review_information/email_address.txt", "review.example.com\n")
        try fixture.write("targets/sunny/store/review_information/phone.txt", "+1 555 0100\n")
        _ = try fixture.commitAll("bad app files")
        let bad = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(bad.status == 1)
        for line in [
            "targets/sunny/store/copyright.txt:1:13: error: 'copyright.txt' holds one line; a line break follows here (at /store/copyright.txt) [store-text]",
            "targets/sunny/store/review_information/email_address.txt:1:1: error: the App Store review contact's e-mail address has no '@'",
            "targets/sunny/store/review_information/phone.txt: warning: 'review_information/phone.txt' is not a file fastlane deliver reads (at /store/review_information/phone.txt) [store-file]",
        ] {
            #expect(bad.stdout.contains(line), "\(line)\n---\n\(bad.stdout)")
        }
    }
}
