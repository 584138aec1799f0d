/// Rules of the app's identity per language and of its store listings.
extension Rule {
    public static let locale = Rule(
        "locale", [.error, .warning], section: .validate,
        summary: "A BCP 47 tag livery's locale table does not know.",
        explanation:
            "a language tag in `app` (a key of `displayName`, `tagline` or `supportEmail`, or `defaultLocale`) or a folder under `store/` that is not in the table of docs/locales.md, with the nearest tag it knows; or a text tagged with the default locale (`defaultLocale`, else `en`) beside a different `default`, which would give that locale two names"
    )
    public static let storeFile = Rule(
        "store-file", [.error, .warning], section: .validate,
        summary: "A file under store/ that no store reads, or that cannot be read.",
        explanation:
            "a file under a target's `store/` that neither fastlane `deliver` nor `supply` reads (a misspelt field, a changelog not named by a version code), a text that is not UTF-8, or a field in a locale the store has no code for"
    )
    public static let storeText = Rule(
        "store-text", [.error], section: .validate,
        summary: "A store listing text over its store's limit, or empty.",
        explanation:
            "a store listing text longer than its store allows (App Store name 2–30, subtitle 30, keywords 100 bytes, promotional text 170, description and release notes 4,000; Play title 30, short description 80, full description 4,000, changelog 500), or empty; the position is the first character past the limit"
    )
    public static let storeCharacter = Rule(
        "store-character", [.error, .warning], section: .validate,
        summary: "A store listing text holding a control character or a bidirectional control.",
        explanation:
            "a store listing text holding NUL, another C0 control (a line break is one only in a field of one line: name, subtitle, keywords, title, short description), DEL or a C1 control, which no store shows and a terminal or page may run; or (a warning) a bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069), which reorders what a reader sees. The marks U+200E, U+200F and U+061C stay allowed for the languages that need them. The position is the character's"
    )
    public static let storeURL = Rule(
        "store-url", [.error], section: .validate,
        summary: "A store listing URL that is not one https URL.",
        explanation: "`privacy_url.txt`, `support_url.txt` or `marketing_url.txt` that does not hold one `https://` URL with a host"
    )
    public static let storeImage = Rule(
        "store-image", [.error], section: .validate,
        summary: "A store image of the wrong kind or size.",
        explanation:
            "a file under `store/images/` or `store/<tag>/images/` that a store refuses: a feature graphic that is not 1024×500, a TV banner not 1280×720 or a promo graphic not 180×120 (each without alpha), a Play screenshot outside 320–3840 px or with a long side over twice the short, an App Store screenshot of a size App Store Connect has no display for, more than 8 Play screenshots of one kind or 10 App Store screenshots of one display in a language, a file whose extension is not its format, or a Play icon made from `appIcon` over 1 MiB"
    )
}
