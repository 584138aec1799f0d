/// The App Store categories fastlane `deliver` can set from `primary_category.txt`,
/// `secondary_category.txt` and their sub-category files: App Store Connect's category
/// ids (its API's `appCategories`), or the older iTunes Connect names deliver still maps
/// to them, each optionally after `MZGenre.` (deliver drops that prefix). Any other value
/// reaches App Store Connect unmapped and is refused there, after the upload began.
/// The lists are those of fastlane's `Spaceship::ConnectAPI::AppCategory`, which deliver
/// maps every value through (docs/store-listings.md, "Categories").
public enum AppStoreCategory {
    /// App Store Connect's category ids.
    public static let categories = [
        "BOOKS", "BUSINESS", "DEVELOPER_TOOLS", "EDUCATION", "ENTERTAINMENT", "FINANCE", "FOOD_AND_DRINK", "GAMES",
        "GRAPHICS_AND_DESIGN", "HEALTH_AND_FITNESS", "LIFESTYLE", "MAGAZINES_AND_NEWSPAPERS", "MEDICAL", "MUSIC",
        "NAVIGATION", "NEWS", "PHOTO_AND_VIDEO", "PRODUCTIVITY", "REFERENCE", "SHOPPING", "SOCIAL_NETWORKING",
        "SPORTS", "STICKERS", "TRAVEL", "UTILITIES", "WEATHER",
    ]

    /// The older names deliver maps to a category id.
    public static let legacyCategories: [String: String] = [
        "Apps.Food_Drink": "FOOD_AND_DRINK", "Business": "BUSINESS", "Education": "EDUCATION",
        "SocialNetworking": "SOCIAL_NETWORKING", "Book": "BOOKS", "Sports": "SPORTS", "Finance": "FINANCE",
        "Reference": "REFERENCE", "Apps.GraphicsDesign": "GRAPHICS_AND_DESIGN", "Apps.DeveloperTools": "DEVELOPER_TOOLS",
        "Healthcare_Fitness": "HEALTH_AND_FITNESS", "Music": "MUSIC", "Weather": "WEATHER", "Travel": "TRAVEL",
        "Entertainment": "ENTERTAINMENT", "Stickers": "STICKERS", "Games": "GAMES", "Lifestyle": "LIFESTYLE",
        "Medical": "MEDICAL", "Apps.Newsstand": "MAGAZINES_AND_NEWSPAPERS", "Utilities": "UTILITIES",
        "Apps.Shopping": "SHOPPING", "Productivity": "PRODUCTIVITY", "News": "NEWS", "Photography": "PHOTO_AND_VIDEO",
        "Navigation": "NAVIGATION",
    ]

    /// Sub-categories exist for games and stickers only; each id starts with its category's.
    public static let subcategories = [
        "GAMES_ACTION", "GAMES_ADVENTURE", "GAMES_BOARD", "GAMES_CARD", "GAMES_CASINO", "GAMES_CASUAL", "GAMES_FAMILY",
        "GAMES_MUSIC", "GAMES_PUZZLE", "GAMES_RACING", "GAMES_ROLE_PLAYING", "GAMES_SIMULATION", "GAMES_SPORTS",
        "GAMES_STRATEGY", "GAMES_TRIVIA", "GAMES_WORD",
        "STICKERS_ANIMALS", "STICKERS_ART", "STICKERS_CELEBRATIONS", "STICKERS_CELEBRITIES", "STICKERS_CHARACTERS",
        "STICKERS_EATING_AND_DRINKING", "STICKERS_EMOJI_AND_EXPRESSIONS", "STICKERS_FASHION", "STICKERS_GAMING",
        "STICKERS_KIDS_AND_FAMILY", "STICKERS_MOVIES_AND_TV", "STICKERS_MUSIC", "STICKERS_PEOPLE",
        "STICKERS_PLACES_AND_OBJECTS", "STICKERS_SPORTS_AND_ACTIVITIES",
    ]

    /// The older names deliver maps to a sub-category id.
    public static let legacySubcategories: [String: String] = [
        "Apps.Stickers.Places": "STICKERS_PLACES_AND_OBJECTS", "Apps.Stickers.Emotions": "STICKERS_EMOJI_AND_EXPRESSIONS",
        "Apps.Stickers.BirthdaysAndCelebrations": "STICKERS_CELEBRATIONS", "Apps.Stickers.Celebrities": "STICKERS_CELEBRITIES",
        "Apps.Stickers.MoviesAndTV": "STICKERS_MOVIES_AND_TV", "Apps.Stickers.Sports": "STICKERS_SPORTS_AND_ACTIVITIES",
        "Apps.Stickers.FoodAndDrink": "STICKERS_EATING_AND_DRINKING", "Apps.Stickers.Characters": "STICKERS_CHARACTERS",
        "Apps.Stickers.Animals": "STICKERS_ANIMALS", "Apps.Stickers.Fashion": "STICKERS_FASHION", "Apps.Stickers.Art": "STICKERS_ART",
        "Apps.Stickers.Games": "STICKERS_GAMING", "Apps.Stickers.KidsAndFamily": "STICKERS_KIDS_AND_FAMILY",
        "Apps.Stickers.People": "STICKERS_PEOPLE", "Apps.Stickers.Music": "STICKERS_MUSIC",
        "Sports": "GAMES_SPORTS", "Word": "GAMES_WORD", "Music": "GAMES_MUSIC", "Adventure": "GAMES_ADVENTURE",
        "Action": "GAMES_ACTION", "RolePlaying": "GAMES_ROLE_PLAYING", "Arcade": "GAMES_CASUAL", "Board": "GAMES_BOARD",
        "Trivia": "GAMES_TRIVIA", "Card": "GAMES_CARD", "Puzzle": "GAMES_PUZZLE", "Casino": "GAMES_CASINO",
        "Strategy": "GAMES_STRATEGY", "Simulation": "GAMES_SIMULATION", "Racing": "GAMES_RACING", "Family": "GAMES_FAMILY",
    ]

    /// The category id a file's value sets, or nil when App Store Connect has none of that name.
    public static func category(_ value: String) -> String? {
        let name = unprefixed(value)
        return categories.contains(name) ? name : legacyCategories[name]
    }

    /// The sub-category id a file's value sets, or nil when App Store Connect has none of that name.
    public static func subcategory(_ value: String) -> String? {
        let name = unprefixed(value)
        return subcategories.contains(name) ? name : legacySubcategories[name]
    }

    /// The category a sub-category id belongs to (`GAMES_PUZZLE` → `GAMES`).
    public static func parent(ofSubcategory id: String) -> String {
        id.hasPrefix("STICKERS_") ? "STICKERS" : "GAMES"
    }

    /// deliver removes every `MZGenre.` from a value before it maps it.
    static func unprefixed(_ value: String) -> String {
        value.replacing("MZGenre.", with: "")
    }

    /// ` (did you mean 'X'?)` for a value close to an id or an older name (case aside), else "".
    static func hint(for value: String, subcategory: Bool) -> String {
        let name = unprefixed(value)
        let ids = subcategory ? subcategories : categories
        if let id = ids.first(where: { $0 == name.uppercased() }) { return " (did you mean '\(id)'?)" }
        let legacy = Array((subcategory ? legacySubcategories : legacyCategories).keys)
        return NameSuggestion.hint(for: name, in: ids + legacy.sorted())
    }
}
