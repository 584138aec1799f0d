import LiverySource

/// One text of a store listing: a file under `store/<tag>/`, from the target or
/// the nearest ancestor that has it.
public struct StoreText: Sendable, Hashable {
    /// The path under the locale folder (`name.txt`, `changelogs/42.txt`).
    public var path: String
    /// Where it was read, from the repository root.
    public var repositoryPath: String
    public var foundIn: String
    /// The text as the store gets it: UTF-8, without the line breaks that end the file.
    public var text: String

    public init(path: String, repositoryPath: String, foundIn: String, text: String) {
        self.path = path
        self.repositoryPath = repositoryPath
        self.foundIn = foundIn
        self.text = text
    }
}

/// A client's store listing after inheritance: texts per BCP 47 tag, the images every
/// locale shares (`store/images/`) and each locale's own (`store/<tag>/images/`).
/// Empty for a client without `store/`.
public struct StoreListing: Sendable, Hashable {
    /// Tag → path under the tag's folder → text. A file left empty removes an
    /// inherited one, so it is not here.
    public var texts: [String: [String: StoreText]] = [:]
    /// Path under `store/images/` (`featureGraphic.png`, `phoneScreenshots/1.png`,
    /// `screenshots/1.png`) → the file: every locale's, unless it has its own.
    public var images: [String: AssetReference] = [:]
    /// Tag → path under `store/<tag>/images/` → the file: that locale's own images.
    public var localeImages: [String: [String: AssetReference]] = [:]

    /// deliver's files of the app rather than of a language, by path under `store/`
    /// (`copyright.txt`, `primary_category.txt`, `review_information/notes.txt`),
    /// written at the root of `metadata/`.
    public var appTexts: [String: StoreText] = [:]

    /// The files deliver reads at the root of its metadata folder: not localized. The trade
    /// representative's (the contact the App Store shows in Korea) are the names deliver
    /// writes when it downloads a listing.
    public static let appFiles: [String] =
        [
            "copyright.txt",
            "primary_category.txt", "secondary_category.txt",
            "primary_first_sub_category.txt", "primary_second_sub_category.txt",
            "secondary_first_sub_category.txt", "secondary_second_sub_category.txt",
        ]
        + ["first_name", "last_name", "phone_number", "email_address", "demo_user", "demo_password", "notes"].map {
            "review_information/\($0).txt"
        }
        + tradeRepresentativeFields.map { tradeRepresentativeFolder + "/\($0).txt" }

    /// deliver's folder of the trade representative's contact, and its files.
    public static let tradeRepresentativeFolder = "trade_representative_contact_information"
    public static let tradeRepresentativeFields = [
        "trade_name", "first_name", "last_name", "address_line1", "address_line2", "address_line3",
        "city_name", "state", "country", "postal_code", "phone_number", "email_address", "is_displayed_on_app_store",
    ]

    /// The sub-category files and the category file each belongs to.
    public static let subcategoryFiles: [(file: String, category: String)] = [
        ("primary_first_sub_category.txt", "primary_category.txt"), ("primary_second_sub_category.txt", "primary_category.txt"),
        ("secondary_first_sub_category.txt", "secondary_category.txt"), ("secondary_second_sub_category.txt", "secondary_category.txt"),
    ]

    public init() {}

    /// `store/default/`: texts every language of a listing shares, as fastlane deliver's
    /// `metadata/default/`; a language's own file of the same name replaces one.
    public static let defaultFolder = "default"

    public var isEmpty: Bool { texts.isEmpty && images.isEmpty && localeImages.isEmpty && appTexts.isEmpty }

    /// The tags with a listing in `store` (a text or an image of their own for it),
    /// sorted, each with its store code.
    public func locales(for store: Store) -> [(locale: AppLocale, code: String)] {
        Set(texts.keys).union(localeImages.keys).sorted().compactMap { tag in
            guard let locale = AppLocale(tag) else { return nil }
            let hasText = texts[tag]?.keys.contains { StoreField.field(forPath: $0)?.store == store } ?? false
            let hasImage = localeImages[tag]?.keys.contains { StoreImageKind.of($0)?.store == store } ?? false
            guard hasText || hasImage else { return nil }
            let code = store == .appStore ? locale.appStoreCode : locale.playCode
            return code.map { (locale, $0) }
        }
    }

    /// The images `store` shows for `tag`, by path under `images/`: the shared ones,
    /// where the locale has images of the same set its own replace the whole set (a
    /// Play screenshot folder, an App Store display size, the feature graphic), and a
    /// file of the locale replaces the shared file of its name.
    public func images(for tag: String, in store: Store) -> [String: AssetReference] {
        let own = (localeImages[tag] ?? [:]).filter { StoreImageKind.of($0.key)?.store == store }
        let replaced = Set(own.compactMap { StoreImages.set(of: $0.key, $0.value) })
        var shown = images.filter { name, image in
            guard StoreImageKind.of(name)?.store == store, let set = StoreImages.set(of: name, image) else { return false }
            return !replaced.contains(set)
        }
        shown.merge(own) { _, mine in mine }
        return shown
    }
}

/// The images `store/images/` and `store/<tag>/images/` may hold: Play's as fastlane
/// `supply` names them, the App Store's screenshots in `screenshots/`.
public enum StoreImages {
    public static let featureGraphic = "featureGraphic"
    public static let tvBanner = "tvBanner"
    public static let promoGraphic = "promoGraphic"
    /// Play's one-file graphics, each its own set: a locale's replaces the shared one.
    public static let playGraphics = [featureGraphic, tvBanner, promoGraphic]
    public static let screenshotFolders = [
        "phoneScreenshots", "sevenInchScreenshots", "tenInchScreenshots", "tvScreenshots", "wearScreenshots",
    ]
    public static let extensions = ["png", "jpg", "jpeg"]
    /// Play takes at most this many screenshots of one kind.
    public static let maxScreenshots = 8
    public static let featureGraphicSize = (width: 1_024, height: 500)
    /// Play Console's sizes: the Android TV banner 1280×720, the promo graphic 180×120,
    /// both JPEG or 24-bit PNG without alpha, like the feature graphic.
    public static let tvBannerSize = (width: 1_280, height: 720)
    public static let promoGraphicSize = (width: 180, height: 120)
    public static let screenshotSides = 320...3_840
    /// The Play store icon made from the app icon, and the most bytes Play takes for it.
    public static let iconSide = 512
    public static let iconMaxBytes = 1_024 * 1_024
    /// App Store screenshots, for fastlane `deliver`'s `screenshots/<language>/`.
    public static let appStoreScreenshotFolder = "screenshots"

    /// The set an image belongs to, which a locale's own images of the same set replace
    /// whole: the feature graphic, a Play screenshot folder, or an App Store display
    /// (by pixel size; a size no display takes is its own set).
    public static func set(of name: String, _ image: AssetReference) -> String? {
        switch StoreImageKind.of(name) {
        case .featureGraphic: featureGraphic
        case .tvBanner: tvBanner
        case .promoGraphic: promoGraphic
        case .playScreenshot(let folder): folder
        case .appStoreScreenshot:
            AppStoreDisplay.of(width: image.info.width ?? 0, height: image.info.height ?? 0).map { "app-store " + $0.name } ?? "app-store "
                + name
        case nil: nil
        }
    }
}
