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
}

/// A client's store listing after inheritance: texts per BCP 47 tag and the images
/// every Play locale shares. Empty for a client without `store/`.
public struct StoreListing: Sendable, Hashable {
    /// Tag → path under the tag's folder → text. A file left empty removes an
    /// inherited one, so it is not here.
    public var texts: [String: [String: StoreText]] = [:]
    /// Path under `store/images/` (`featureGraphic.png`, `phoneScreenshots/1.png`) → the file.
    public var images: [String: AssetReference] = [:]

    public init() {}

    public var isEmpty: Bool { texts.isEmpty && images.isEmpty }

    /// The tags with texts for `store`, sorted, each with its store code.
    public func locales(for store: Store) -> [(locale: AppLocale, code: String)] {
        texts.keys.sorted().compactMap { tag in
            guard let locale = AppLocale(tag), let own = texts[tag],
                  own.keys.contains(where: { StoreField.field(forPath: $0)?.store == store }) else { return nil }
            let code = store == .appStore ? locale.appStoreCode : locale.playCode
            return code.map { (locale, $0) }
        }
    }
}

/// The Play images `store/images/` may hold, as fastlane `supply` names them.
public enum StoreImages {
    public static let featureGraphic = "featureGraphic"
    public static let screenshotFolders = ["phoneScreenshots", "sevenInchScreenshots", "tenInchScreenshots", "tvScreenshots", "wearScreenshots"]
    public static let extensions = ["png", "jpg", "jpeg"]
    /// Play takes at most this many screenshots of one kind.
    public static let maxScreenshots = 8
    public static let featureGraphicSize = (width: 1_024, height: 500)
    public static let screenshotSides = 320...3_840
    /// The Play store icon made from the app icon.
    public static let iconSide = 512
}
