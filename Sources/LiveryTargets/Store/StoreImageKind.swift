/// What a file under `store/images/` or `store/<tag>/images/` is to the store that
/// shows it, read from its name: Play's feature graphic or one of supply's screenshot
/// folders, or an App Store screenshot (`screenshots/`, whose device deliver tells by
/// its pixel size).
public enum StoreImageKind: Sendable, Hashable {
    case featureGraphic
    /// Play's banner for Android TV (`tvBanner`) and its older promo graphic (`promoGraphic`).
    case tvBanner, promoGraphic
    /// `phoneScreenshots`, `sevenInchScreenshots`, … (supply's folder names).
    case playScreenshot(folder: String)
    case appStoreScreenshot

    public var store: Store {
        switch self {
        case .featureGraphic, .tvBanner, .promoGraphic, .playScreenshot: .play
        case .appStoreScreenshot: .appStore
        }
    }

    /// The kind a name under `images/` is, when it is one the stores read
    /// (`featureGraphic.png`, `phoneScreenshots/1.png`, `screenshots/1.png`); nil otherwise.
    public static func of(_ name: String) -> StoreImageKind? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.last, let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        let stem = String(last[..<dot])
        let ext = last[last.index(after: dot)...].lowercased()
        guard StoreImages.extensions.contains(ext) else { return nil }
        if parts.count == 1 {
            switch stem {
            case StoreImages.featureGraphic: return .featureGraphic
            case StoreImages.tvBanner: return .tvBanner
            case StoreImages.promoGraphic: return .promoGraphic
            default: return nil
            }
        }
        guard parts.count == 2 else { return nil }
        if parts[0] == StoreImages.appStoreScreenshotFolder { return .appStoreScreenshot }
        return StoreImages.screenshotFolders.contains(parts[0]) ? .playScreenshot(folder: parts[0]) : nil
    }
}

/// One display size class of App Store Connect's screenshot sets, with the pixel sizes it
/// takes (portrait and landscape where the device turns). fastlane `deliver` puts each
/// screenshot of a language folder into the set its size names, and refuses a size no set
/// takes; App Store Connect holds at most ten screenshots per set and language. The sizes
/// are App Store Connect's screenshot specifications, as deliver's table has them.
public struct AppStoreDisplay: Sendable, Hashable {
    public let name: String
    public let sizes: [PixelDimensions]

    public struct PixelDimensions: Sendable, Hashable {
        public let width: Int
        public let height: Int
    }

    /// App Store Connect takes at most this many screenshots of one display and language.
    public static let maxScreenshots = 10

    init(_ name: String, _ sizes: [(Int, Int)], turns: Bool = true) {
        self.name = name
        let listed = sizes.map { PixelDimensions(width: $0.0, height: $0.1) }
        let turned = turns ? sizes.map { PixelDimensions(width: $0.1, height: $0.0) } : []
        var seen = Set<PixelDimensions>()
        self.sizes = (listed + turned).filter { seen.insert($0).inserted }
    }

    public static let all: [AppStoreDisplay] = [
        AppStoreDisplay("iPhone 6.9-inch / 6.7-inch", [(1320, 2868), (1290, 2796), (1260, 2736)]),
        AppStoreDisplay("iPhone 6.5-inch", [(1284, 2778), (1242, 2688)]),
        AppStoreDisplay("iPhone 6.1-inch", [(1206, 2622), (1179, 2556)]),
        AppStoreDisplay("iPhone 5.8-inch", [(1170, 2532), (1125, 2436)]),
        AppStoreDisplay("iPhone 5.5-inch", [(1242, 2208)]),
        AppStoreDisplay("iPhone 4.7-inch", [(750, 1334)]),
        // The older sizes without the status bar do not simply turn: each is listed.
        AppStoreDisplay("iPhone 4-inch", [(640, 1136), (640, 1096), (1136, 640), (1136, 600)], turns: false),
        AppStoreDisplay("iPhone 3.5-inch", [(640, 960), (640, 920), (960, 640), (960, 600)], turns: false),
        AppStoreDisplay("iPad 13-inch / 12.9-inch", [(2064, 2752), (2048, 2732)]),
        AppStoreDisplay("iPad 11-inch", [(1668, 2420), (1668, 2388)]),
        AppStoreDisplay("iPad 10.5-inch", [(1668, 2224)]),
        AppStoreDisplay(
            "iPad 9.7-inch",
            [
                (1536, 2048), (1536, 2008), (768, 1024), (768, 1004), (2048, 1536), (2048, 1496), (1024, 768), (1024, 748),
            ], turns: false),
        AppStoreDisplay("Mac", [(2880, 1800), (2560, 1600), (1440, 900), (1280, 800)], turns: false),
        AppStoreDisplay("Apple TV", [(3840, 2160), (1920, 1080)], turns: false),
        AppStoreDisplay("Apple Watch Ultra", [(410, 502)], turns: false),
        AppStoreDisplay("Apple Watch Series 7", [(396, 484)], turns: false),
        AppStoreDisplay("Apple Watch Series 4", [(368, 448)], turns: false),
        AppStoreDisplay("Apple Watch", [(312, 390)], turns: false),
    ]

    /// The display a screenshot of this size is for, or nil for a size no set takes.
    public static func of(width: Int, height: Int) -> AppStoreDisplay? {
        let size = PixelDimensions(width: width, height: height)
        return all.first { $0.sizes.contains(size) }
    }
}
