/// The stores a listing is written for.
public enum Store: String, Sendable, Hashable, CaseIterable {
    case appStore = "App Store"
    case play = "Google Play"
}

/// How a store measures a text: in characters (counted as UTF-16 code units, what
/// Java and JavaScript count, so a character beyond U+FFFF such as most emoji
/// counts two: the stricter reading where a store does not say) or in UTF-8 bytes.
public enum TextUnit: String, Sendable, Hashable {
    case characters, bytes

    /// The length of `text` in this unit.
    public func count(_ text: String) -> Int {
        switch self {
        case .characters: text.utf16.count
        case .bytes: text.utf8.count
        }
    }

    public func count(_ scalar: Unicode.Scalar) -> Int {
        switch self {
        case .characters: scalar.utf16.count
        case .bytes: scalar.utf8.count
        }
    }
}

/// One text file of a store listing, as fastlane names it, with its store's limit.
/// docs/store-listings.md lists this table.
public struct StoreField: Sendable, Hashable {
    /// The file name in `store/<tag>/` (`name.txt`); for Play's changelogs, `changelogs/`.
    public let file: String
    public let store: Store
    /// What the store calls it, for messages.
    public let title: String
    public let minimum: Int
    /// The most the store accepts, in `unit`; nil for a URL.
    public let maximum: Int?
    public let unit: TextUnit
    public let isURL: Bool

    init(_ file: String, _ store: Store, _ title: String, minimum: Int = 0, maximum: Int?, unit: TextUnit = .characters, url: Bool = false)
    {
        self.file = file
        self.store = store
        self.title = title
        self.minimum = minimum
        self.maximum = maximum
        self.unit = unit
        isURL = url
    }

    /// Whether the field's text may run over several lines (a description,
    /// release notes); the others are one line, as the store shows them.
    public var hasLines: Bool {
        ["description.txt", "promotional_text.txt", "release_notes.txt", "full_description.txt", "changelogs/"].contains(file)
    }

    /// Every field: fastlane `deliver`'s localized files, then `supply`'s.
    public static let all: [StoreField] = [
        StoreField("name.txt", .appStore, "App Store name", minimum: 2, maximum: 30),
        StoreField("subtitle.txt", .appStore, "App Store subtitle", maximum: 30),
        StoreField("description.txt", .appStore, "App Store description", maximum: 4_000),
        StoreField("keywords.txt", .appStore, "App Store keywords", maximum: 100, unit: .bytes),
        StoreField("promotional_text.txt", .appStore, "App Store promotional text", maximum: 170),
        StoreField("release_notes.txt", .appStore, "App Store release notes", maximum: 4_000),
        StoreField("privacy_url.txt", .appStore, "App Store privacy policy URL", maximum: nil, url: true),
        StoreField("support_url.txt", .appStore, "App Store support URL", maximum: nil, url: true),
        StoreField("marketing_url.txt", .appStore, "App Store marketing URL", maximum: nil, url: true),
        StoreField("title.txt", .play, "Play title", maximum: 30),
        StoreField("short_description.txt", .play, "Play short description", maximum: 80),
        StoreField("full_description.txt", .play, "Play full description", maximum: 4_000),
        StoreField("video.txt", .play, "Play promo video URL", maximum: nil, url: true),
        StoreField("changelogs/", .play, "Play release notes", maximum: 500),
    ]

    /// The field a file under `store/<tag>/` is (`changelogs/42.txt` is a changelog), or nil.
    public static func field(forPath path: String) -> StoreField? {
        if path.hasPrefix("changelogs/") {
            let name = path.dropFirst("changelogs/".count)
            guard name.hasSuffix(".txt") else { return nil }
            let stem = name.dropLast(4)
            guard stem == "default" || (!stem.isEmpty && stem.count <= 10 && stem.allSatisfy(\.isASCIIDigit)) else { return nil }
            return all.last
        }
        return all.first { $0.file == path }
    }

    /// Every file name a locale folder may hold, for suggestions.
    public static var fileNames: [String] { all.map(\.file).filter { $0 != "changelogs/" } }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
