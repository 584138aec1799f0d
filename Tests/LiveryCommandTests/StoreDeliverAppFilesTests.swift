import Foundation
import LiveryTestSupport
import Testing

/// deliver's other files of the app: the trade representative's contact, the App Store
/// categories checked against App Store Connect's list, and the age rating questionnaire.
/// Each has a place under `store/`, is checked at its file, line and column, and is written
/// where deliver reads it.
@Suite("Store listings: deliver's trade representative, categories and age rating")
struct StoreDeliverAppFilesTests {
    static let style = #"{"app": {"displayName": "Sunny", "bundleId": "com.example.sunny"}}"#
    static let trade = "targets/sunny/store/trade_representative_contact_information/"

    /// Builds the fastlane platform into `out`; the client's `fastlane/` folder.
    static func build(_ fixture: FixtureRepository, into out: TemporaryDirectory) throws -> String {
        let run = try LiveryBinary.run(["build", "--platform", "fastlane", "--out", out.path], in: fixture.path)
        #expect(run.status == 0, "\(run.stderr)")
        return out.path + "/sunny/fastlane"
    }

    @Test func theTradeRepresentativesContactIsCheckedAndWrittenInDeliversFolder() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/sunny/style.json", Self.style)
        try fixture.write("targets/sunny/store/en-US/name.txt", "Sunny\n")
        let fields = [
            "trade_name": "Sunny Ltd", "first_name": "Ada", "last_name": "Kim", "address_line1": "1 Harbour Road",
            "city_name": "Busan", "country": "KR", "postal_code": "48058", "phone_number": "+82 51 000 0000",
            "email_address": "trade@example.com", "is_displayed_on_app_store": "true",
        ]
        for (name, value) in fields { try fixture.write(Self.trade + name + ".txt", value + "\n") }
        _ = try fixture.commitAll("trade representative")
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 0 && !validate.stdout.contains("[store-"), "\(validate.stdout)")
        let out = try TemporaryDirectory()
        let folder = try Self.build(fixture, into: out) + "/metadata/trade_representative_contact_information"
        #expect(FileTree.paths(under: folder) == fields.keys.map { $0 + ".txt" }.sorted())
        for (name, value) in fields {
            #expect(try String(contentsOfFile: folder + "/" + name + ".txt", encoding: .utf8) == value, "\(name)")
        }

        try fixture.write(Self.trade + "is_displayed_on_app_store.txt", "yes\n")
        try fixture.write(Self.trade + "email_address.txt", "trade.example.com\n")
        try fixture.write(Self.trade + "city_name.txt", "Busan\nHaeundae\n")
        try fixture.write(Self.trade + "city_nme.txt", "Busan\n")
        _ = try fixture.commitAll("bad trade representative")
        let bad = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(bad.status == 1)
        let at = "targets/sunny/store/trade_representative_contact_information/"
        for line in [
            at + "is_displayed_on_app_store.txt:1:1: error: whether the App Store shows the trade representative is true or false, "
                + "not 'yes'",
            at + "email_address.txt:1:1: error: the trade representative's e-mail address has no '@'",
            at + "city_name.txt:1:6: error: 'trade_representative_contact_information/city_name.txt' holds one line; a line break "
                + "follows here",
            at + "city_nme.txt: warning: 'trade_representative_contact_information/city_nme.txt' is not a file fastlane deliver "
                + "reads (did you mean 'trade_representative_contact_information/city_name.txt'?)",
        ] {
            #expect(bad.stdout.contains(line), "\(line)\n---\n\(bad.stdout)")
        }
    }

    @Test func categoriesAreAppStoreConnectsAndASubCategoryBelongsToItsCategory() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/sunny/style.json", Self.style)
        try fixture.write("targets/sunny/store/en-US/name.txt", "Sunny\n")
        // An id, an older name after MZGenre. (deliver maps both), and a game's sub-categories.
        try fixture.write("targets/sunny/store/primary_category.txt", "GAMES\n")
        try fixture.write("targets/sunny/store/primary_first_sub_category.txt", "GAMES_PUZZLE\n")
        try fixture.write("targets/sunny/store/primary_second_sub_category.txt", "MZGenre.Trivia\n")
        try fixture.write("targets/sunny/store/secondary_category.txt", "MZGenre.Apps.Food_Drink\n")
        _ = try fixture.commitAll("categories")
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 0 && !validate.stdout.contains("[store-"), "\(validate.stdout)")
        let out = try TemporaryDirectory()
        let metadata = try Self.build(fixture, into: out) + "/metadata"
        #expect(try String(contentsOfFile: metadata + "/primary_category.txt", encoding: .utf8) == "GAMES")
        #expect(try String(contentsOfFile: metadata + "/secondary_category.txt", encoding: .utf8) == "MZGenre.Apps.Food_Drink")

        try fixture.write("targets/sunny/store/primary_category.txt", "Finanse\n")
        try fixture.write("targets/sunny/store/primary_second_sub_category.txt", "games_trivia\n")
        try fixture.write("targets/sunny/store/secondary_first_sub_category.txt", "STICKERS_ART\n")
        _ = try fixture.commitAll("bad categories")
        let bad = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(bad.status == 1)
        let at = "targets/sunny/store/"
        for line in [
            at + "primary_category.txt:1:1: error: 'Finanse' is not an App Store category deliver can set (did you mean 'FINANCE'?)",
            at + "primary_second_sub_category.txt:1:1: error: 'games_trivia' is not an App Store sub-category deliver can set (did "
                + "you mean 'GAMES_TRIVIA'?)",
            at + "secondary_first_sub_category.txt:1:1: error: STICKERS_ART is a sub-category of STICKERS, and "
                + "secondary_category.txt is FOOD_AND_DRINK; App Store Connect refuses it (at "
                + "/store/secondary_first_sub_category.txt) [store-text]",
        ] {
            #expect(bad.stdout.contains(line), "\(line)\n---\n\(bad.stdout)")
        }
        // An unknown category is one finding, not a second one at each of its sub-categories.
        #expect(!bad.stdout.contains(at + "primary_first_sub_category.txt"), "\(bad.stdout)")

        try fixture.write("targets/sunny/store/primary_category.txt", "FINANCE\n")
        try fixture.write("targets/sunny/store/primary_second_sub_category.txt", "")
        try fixture.write("targets/sunny/store/secondary_category.txt", "")
        try fixture.write("targets/sunny/store/secondary_first_sub_category.txt", "Puzzle\n")
        _ = try fixture.commitAll("sub-categories without their category")
        let wrong = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(wrong.status == 1)
        for line in [
            at + "primary_first_sub_category.txt:1:1: error: GAMES_PUZZLE is a sub-category of GAMES, and primary_category.txt is "
                + "FINANCE; App Store Connect refuses it",
            at + "secondary_first_sub_category.txt:1:1: warning: deliver sets a sub-category only with its category, and there is "
                + "no secondary_category.txt; GAMES_PUZZLE is a sub-category of GAMES",
        ] {
            #expect(wrong.stdout.contains(line), "\(line)\n---\n\(wrong.stdout)")
        }
    }

    @Test func theAgeRatingQuestionnaireIsCheckedAtItsKeysAndWrittenBesideTheMetadata() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/sunny/style.json", Self.style)
        try fixture.write("targets/sunny/store/en-US/name.txt", "Sunny\n")
        let config = """
            {
              "violenceCartoonOrFantasy": "INFREQUENT_OR_MILD",
              "gambling": false,
              "contests": "NONE",
              "kidsAgeBand": null,
              "ageRatingOverrideV2": "NONE",
              "developerAgeRatingInfoUrl": "https://example.com/ratings"
            }

            """
        try fixture.write("targets/sunny/store/app_rating_config.json", config)
        _ = try fixture.commitAll("age rating")
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 0 && !validate.stdout.contains("[store-"), "\(validate.stdout)")
        let out = try TemporaryDirectory()
        let fastlane = try Self.build(fixture, into: out)
        #expect(try String(contentsOfFile: fastlane + "/app_rating_config.json", encoding: .utf8) == config, "written as it is")
        #expect(!FileManager.default.fileExists(atPath: fastlane + "/metadata/app_rating_config.json"))

        let bad = """
            {
              "violenceCartoonOrFantasy": "SOMETIMES",
              "gambling": 0,
              "lootbox": false,
              "HORROR": 1,
              "gamblingAndContests": true,
              "developerAgeRatingInfoUrl": "http://example.com"
            }
            """
        try fixture.write("targets/sunny/store/app_rating_config.json", bad)
        _ = try fixture.commitAll("bad age rating")
        let run = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(run.status == 1)
        let at = "targets/sunny/store/app_rating_config.json:"
        for line in [
            at + "2:31: error: 'violenceCartoonOrFantasy' takes one of \"NONE\", \"INFREQUENT_OR_MILD\", \"FREQUENT_OR_INTENSE\", "
                + "\"INFREQUENT\", \"FREQUENT\" (at /store/app_rating_config.json/violenceCartoonOrFantasy) [store-text]",
            at + "3:15: error: 'gambling' takes true or false",
            at + "4:3: error: 'lootbox' is not a question of App Store Connect's age rating (did you mean 'lootBox'?)",
            at + "5:3: warning: 'HORROR' is iTunes Connect's name, which deliver maps to App Store Connect's 'horrorOrFearThemes'; "
                + "write that key",
            at + "6:3: error: App Store Connect split 'gamblingAndContests' into 'gambling'",
            at + "7:32: error: 'developerAgeRatingInfoUrl' must be one https:// URL: the stores ask for https, not http",
        ] {
            #expect(run.stdout.contains(line), "\(line)\n---\n\(run.stdout)")
        }
        // A file that is not JSON is an error at the place it stops being JSON, and nothing is written.
        try fixture.write("targets/sunny/store/app_rating_config.json", "{\n  \"gambling\": false,\n}\n")
        _ = try fixture.commitAll("not JSON")
        let broken = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(
            broken.status == 1 && broken.stdout.contains(at + "3:1: error: the age rating questionnaire is not " + "JSON"),
            "\(broken.stdout)")
    }
}
