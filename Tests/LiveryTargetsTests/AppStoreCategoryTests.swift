import Foundation
import LiveryTargets
import Testing

/// The App Store category values deliver can set, as docs/store-listings.md lists them, and
/// the age rating questionnaire's answers.
@Suite("App Store categories and age rating")
struct AppStoreCategoryTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/store-listings.md")

    @Test func thePageListsEveryCategoryWithItsOlderNameAndNoOther() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- app-store-categories: checked by AppStoreCategoryTests -->"))
        let stop = try #require(text.range(of: "<!-- end app-store-categories -->"))
        var rows: [String: String] = [:]
        for match in text[start.upperBound..<stop.lowerBound].matches(of: /\| `([A-Z_]+)` \| `([A-Za-z_.]+)` \|/) {
            rows[String(match.output.1)] = String(match.output.2)
        }
        #expect(rows.keys.sorted() == AppStoreCategory.categories)
        for (id, older) in rows {
            #expect(AppStoreCategory.legacyCategories[older] == id, "\(older) → \(id)")
        }
        #expect(rows.count == AppStoreCategory.legacyCategories.count)
    }

    @Test func valuesMapAsDeliverMapsThem() {
        #expect(AppStoreCategory.category("FINANCE") == "FINANCE")
        #expect(AppStoreCategory.category("MZGenre.Apps.Food_Drink") == "FOOD_AND_DRINK")
        #expect(AppStoreCategory.category("Food & Drink") == nil)
        #expect(AppStoreCategory.category("finance") == nil)
        #expect(AppStoreCategory.subcategory("MZGenre.Apps.Stickers.Emotions") == "STICKERS_EMOJI_AND_EXPRESSIONS")
        #expect(AppStoreCategory.subcategory("Arcade") == "GAMES_CASUAL")
        #expect(AppStoreCategory.subcategory("GAMES_EDUCATIONAL") == nil)
        // Every older name maps to an id of the list, and every sub-category to games or stickers.
        #expect(Set(AppStoreCategory.legacyCategories.values).isSubset(of: AppStoreCategory.categories))
        #expect(Set(AppStoreCategory.legacySubcategories.values).isSubset(of: AppStoreCategory.subcategories))
        for id in AppStoreCategory.subcategories {
            let parent = AppStoreCategory.parent(ofSubcategory: id)
            #expect(AppStoreCategory.categories.contains(parent) && id.hasPrefix(parent + "_"), "\(id)")
        }
    }

    @Test func theAgeRatingQuestionnaireIsCheckedAtEachKeyAndValue() {
        func problems(_ json: String) -> [String] {
            AppRatingConfig.problems(Array(json.utf8), repositoryPath: "store/app_rating_config.json", id: "sunny").map {
                "\($0.line ?? 0):\($0.column ?? 0) \($0.severity) \($0.pointer?.description ?? "") \($0.message)"
            }
        }
        #expect(problems(#"{"gambling": true, "kidsAgeBand": null, "contests": "FREQUENT"}"#) == [])
        #expect(
            problems("[]") == [
                "1:1 error /store/app_rating_config.json the age rating questionnaire is a JSON object of App "
                    + "Store Connect's questions"
            ])
        let found = problems(#"{"kidsAgeBand": "TEENS", "GAMBLING_CONTESTS": 0, "MATURE_SUGGESTIVE": 3}"#)
        #expect(found.count == 4, "\(found)")
        #expect(
            found.first?.hasPrefix("1:17 error /store/app_rating_config.json/kidsAgeBand 'kidsAgeBand' takes one " + "of") == true,
            "\(found)")
        #expect(
            found.contains {
                $0.hasPrefix(
                    "1:26 warning /store/app_rating_config.json/GAMBLING_CONTESTS 'GAMBLING_CONTESTS' is " + "iTunes Connect's name")
            })
        #expect(
            found.contains {
                $0.hasPrefix("1:71 error /store/app_rating_config.json/MATURE_SUGGESTIVE 'MATURE_SUGGESTIVE' " + "takes 0, 1 or 2")
            }, "\(found)")
    }
}
