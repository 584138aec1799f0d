/// The languages and store locales livery knows, as data: the table
/// docs/locales.md lists. A row is a BCP 47 tag a style may use and the code
/// each store gives that locale (nil where the store has none). The App Store's
/// codes are App Store Connect's 50 localizations, the Play codes Google Play's
/// listing languages (the lists fastlane's `deliver` and `supply` use).
enum LocaleTable {
    struct Row: Sendable {
        let tag: String
        let appStore: String?
        let play: String?
    }

    /// Languages by their ISO 639 subtag: the English name, and whether they are
    /// written right to left. Only a tag whose language is here is accepted.
    static let languages: [String: (name: String, rightToLeft: Bool)] = [
        "af": ("Afrikaans", false), "am": ("Amharic", false), "ar": ("Arabic", true), "az": ("Azerbaijani", false),
        "be": ("Belarusian", false), "bg": ("Bulgarian", false), "bn": ("Bangla", false), "ca": ("Catalan", false),
        "cs": ("Czech", false), "da": ("Danish", false), "de": ("German", false), "el": ("Greek", false),
        "en": ("English", false), "es": ("Spanish", false), "et": ("Estonian", false), "eu": ("Basque", false),
        "fa": ("Persian", true), "fi": ("Finnish", false), "fil": ("Filipino", false), "fr": ("French", false),
        "gl": ("Galician", false), "gu": ("Gujarati", false), "he": ("Hebrew", true), "hi": ("Hindi", false),
        "hr": ("Croatian", false), "hu": ("Hungarian", false), "hy": ("Armenian", false), "id": ("Indonesian", false),
        "is": ("Icelandic", false), "it": ("Italian", false), "ja": ("Japanese", false), "ka": ("Georgian", false),
        "km": ("Khmer", false), "kn": ("Kannada", false), "ko": ("Korean", false), "ky": ("Kyrgyz", false),
        "lo": ("Lao", false), "lt": ("Lithuanian", false), "lv": ("Latvian", false), "mk": ("Macedonian", false),
        "ml": ("Malayalam", false), "mn": ("Mongolian", false), "mr": ("Marathi", false), "ms": ("Malay", false),
        "my": ("Burmese", false), "nb": ("Norwegian Bokmål", false), "ne": ("Nepali", false), "nl": ("Dutch", false),
        "or": ("Odia", false), "pa": ("Punjabi", false), "pl": ("Polish", false), "pt": ("Portuguese", false),
        "rm": ("Romansh", false), "ro": ("Romanian", false), "ru": ("Russian", false), "si": ("Sinhala", false),
        "sk": ("Slovak", false), "sl": ("Slovenian", false), "sr": ("Serbian", false), "sv": ("Swedish", false),
        "sw": ("Swahili", false), "ta": ("Tamil", false), "te": ("Telugu", false), "th": ("Thai", false),
        "tr": ("Turkish", false), "uk": ("Ukrainian", false), "ur": ("Urdu", true), "vi": ("Vietnamese", false),
        "yi": ("Yiddish", true), "zh": ("Chinese", false), "zu": ("Zulu", false),
    ]

    /// Android still reads three languages by their withdrawn ISO 639 codes.
    static let androidLegacyLanguage: [String: String] = ["he": "iw", "id": "in", "yi": "ji"]

    /// Withdrawn or store-only language codes, and the tag livery knows them by.
    static let modernLanguage: [String: String] = ["iw": "he", "in": "id", "ji": "yi", "no": "nb"]

    /// Store codes by tag. A bare language stands for the region CLDR's likely
    /// subtags give it (`pt` is `pt-BR`, `zh-Hans` is `zh-CN`); `es-419` (Latin
    /// America) is the App Store's `es-MX`, its closest.
    static let rows: [Row] = [
        Row(tag: "af", appStore: nil, play: "af"), Row(tag: "am", appStore: nil, play: "am"),
        Row(tag: "ar", appStore: "ar-SA", play: "ar"), Row(tag: "ar-SA", appStore: "ar-SA", play: "ar"),
        Row(tag: "az", appStore: nil, play: "az-AZ"), Row(tag: "az-AZ", appStore: nil, play: "az-AZ"),
        Row(tag: "be", appStore: nil, play: "be"), Row(tag: "bg", appStore: nil, play: "bg"),
        Row(tag: "bn", appStore: "bn", play: "bn-BD"), Row(tag: "bn-BD", appStore: "bn", play: "bn-BD"),
        Row(tag: "ca", appStore: "ca", play: "ca"),
        Row(tag: "cs", appStore: "cs", play: "cs-CZ"), Row(tag: "cs-CZ", appStore: "cs", play: "cs-CZ"),
        Row(tag: "da", appStore: "da", play: "da-DK"), Row(tag: "da-DK", appStore: "da", play: "da-DK"),
        Row(tag: "de", appStore: "de-DE", play: "de-DE"), Row(tag: "de-DE", appStore: "de-DE", play: "de-DE"),
        Row(tag: "el", appStore: "el", play: "el-GR"), Row(tag: "el-GR", appStore: "el", play: "el-GR"),
        Row(tag: "en", appStore: "en-US", play: "en-US"), Row(tag: "en-AU", appStore: "en-AU", play: "en-AU"),
        Row(tag: "en-CA", appStore: "en-CA", play: "en-CA"), Row(tag: "en-GB", appStore: "en-GB", play: "en-GB"),
        Row(tag: "en-IN", appStore: nil, play: "en-IN"), Row(tag: "en-SG", appStore: nil, play: "en-SG"),
        Row(tag: "en-US", appStore: "en-US", play: "en-US"), Row(tag: "en-ZA", appStore: nil, play: "en-ZA"),
        Row(tag: "es", appStore: "es-ES", play: "es-ES"), Row(tag: "es-419", appStore: "es-MX", play: "es-419"),
        Row(tag: "es-ES", appStore: "es-ES", play: "es-ES"), Row(tag: "es-MX", appStore: "es-MX", play: "es-419"),
        Row(tag: "es-US", appStore: nil, play: "es-US"), Row(tag: "et", appStore: nil, play: "et"),
        Row(tag: "eu", appStore: nil, play: "eu-ES"), Row(tag: "eu-ES", appStore: nil, play: "eu-ES"),
        Row(tag: "fa", appStore: nil, play: "fa"),
        Row(tag: "fi", appStore: "fi", play: "fi-FI"), Row(tag: "fi-FI", appStore: "fi", play: "fi-FI"),
        Row(tag: "fil", appStore: nil, play: "fil"),
        Row(tag: "fr", appStore: "fr-FR", play: "fr-FR"), Row(tag: "fr-CA", appStore: "fr-CA", play: "fr-CA"),
        Row(tag: "fr-FR", appStore: "fr-FR", play: "fr-FR"),
        Row(tag: "gl", appStore: nil, play: "gl-ES"), Row(tag: "gl-ES", appStore: nil, play: "gl-ES"),
        Row(tag: "gu", appStore: "gu", play: nil),
        Row(tag: "he", appStore: "he", play: "iw-IL"), Row(tag: "he-IL", appStore: "he", play: "iw-IL"),
        Row(tag: "hi", appStore: "hi", play: "hi-IN"), Row(tag: "hi-IN", appStore: "hi", play: "hi-IN"),
        Row(tag: "hr", appStore: "hr", play: "hr"),
        Row(tag: "hu", appStore: "hu", play: "hu-HU"), Row(tag: "hu-HU", appStore: "hu", play: "hu-HU"),
        Row(tag: "hy", appStore: nil, play: "hy-AM"), Row(tag: "hy-AM", appStore: nil, play: "hy-AM"),
        Row(tag: "id", appStore: "id", play: "id"), Row(tag: "is", appStore: nil, play: "is-IS"),
        Row(tag: "is-IS", appStore: nil, play: "is-IS"),
        Row(tag: "it", appStore: "it", play: "it-IT"), Row(tag: "it-IT", appStore: "it", play: "it-IT"),
        Row(tag: "ja", appStore: "ja", play: "ja-JP"), Row(tag: "ja-JP", appStore: "ja", play: "ja-JP"),
        Row(tag: "ka", appStore: nil, play: "ka-GE"), Row(tag: "km", appStore: nil, play: "km-KH"),
        Row(tag: "kn", appStore: "kn", play: "kn-IN"),
        Row(tag: "ko", appStore: "ko", play: "ko-KR"), Row(tag: "ko-KR", appStore: "ko", play: "ko-KR"),
        Row(tag: "ky", appStore: nil, play: "ky-KG"), Row(tag: "lo", appStore: nil, play: "lo-LA"),
        Row(tag: "lt", appStore: nil, play: "lt"), Row(tag: "lv", appStore: nil, play: "lv"),
        Row(tag: "mk", appStore: nil, play: "mk-MK"), Row(tag: "ml", appStore: "ml", play: "ml-IN"),
        Row(tag: "mn", appStore: nil, play: "mn-MN"), Row(tag: "mr", appStore: "mr", play: "mr-IN"),
        Row(tag: "ms", appStore: "ms", play: "ms"), Row(tag: "ms-MY", appStore: "ms", play: "ms-MY"),
        Row(tag: "my", appStore: nil, play: "my-MM"),
        Row(tag: "nb", appStore: "no", play: "no-NO"), Row(tag: "nb-NO", appStore: "no", play: "no-NO"),
        Row(tag: "ne", appStore: nil, play: "ne-NP"),
        Row(tag: "nl", appStore: "nl-NL", play: "nl-NL"), Row(tag: "nl-NL", appStore: "nl-NL", play: "nl-NL"),
        Row(tag: "or", appStore: "or", play: nil), Row(tag: "pa", appStore: "pa", play: nil),
        Row(tag: "pl", appStore: "pl", play: "pl-PL"), Row(tag: "pl-PL", appStore: "pl", play: "pl-PL"),
        Row(tag: "pt", appStore: "pt-BR", play: "pt-BR"), Row(tag: "pt-BR", appStore: "pt-BR", play: "pt-BR"),
        Row(tag: "pt-PT", appStore: "pt-PT", play: "pt-PT"), Row(tag: "rm", appStore: nil, play: "rm"),
        Row(tag: "ro", appStore: "ro", play: "ro"),
        Row(tag: "ru", appStore: "ru", play: "ru-RU"), Row(tag: "ru-RU", appStore: "ru", play: "ru-RU"),
        Row(tag: "si", appStore: nil, play: "si-LK"), Row(tag: "sk", appStore: "sk", play: "sk"),
        Row(tag: "sl", appStore: "sl", play: "sl"), Row(tag: "sr", appStore: nil, play: "sr"),
        Row(tag: "sv", appStore: "sv", play: "sv-SE"), Row(tag: "sv-SE", appStore: "sv", play: "sv-SE"),
        Row(tag: "sw", appStore: nil, play: "sw"), Row(tag: "ta", appStore: "ta", play: "ta-IN"),
        Row(tag: "te", appStore: "te", play: "te-IN"), Row(tag: "th", appStore: "th", play: "th"),
        Row(tag: "tr", appStore: "tr", play: "tr-TR"), Row(tag: "tr-TR", appStore: "tr", play: "tr-TR"),
        Row(tag: "uk", appStore: "uk", play: "uk"), Row(tag: "ur", appStore: "ur", play: nil),
        Row(tag: "vi", appStore: "vi", play: "vi"), Row(tag: "yi", appStore: nil, play: nil),
        Row(tag: "zh-CN", appStore: "zh-Hans", play: "zh-CN"), Row(tag: "zh-HK", appStore: "zh-Hant", play: "zh-HK"),
        Row(tag: "zh-Hans", appStore: "zh-Hans", play: "zh-CN"), Row(tag: "zh-Hant", appStore: "zh-Hant", play: "zh-TW"),
        Row(tag: "zh-TW", appStore: "zh-Hant", play: "zh-TW"), Row(tag: "zu", appStore: nil, play: "zu"),
    ]

    static let rowsByTag: [String: Row] = Dictionary(rows.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
}
