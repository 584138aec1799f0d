import LiveryCore
import LiveryJSON
import LiverySource

/// A file a style refers to, found in the declaring target or one of its ancestors.
public struct AssetReference: Sendable, Hashable {
    /// The path as written in the style, relative to the target.
    public var path: String
    /// The path from the repository root where the file was found.
    public var repositoryPath: String
    /// The target whose directory holds the file.
    public var foundIn: String
    /// The git blob id of the file.
    public var blob: ObjectID
    /// The file's size in bytes.
    public var size: Int
    /// What the bytes are, and image size where known.
    public var info: AssetInfo

    public init(path: String, repositoryPath: String, foundIn: String, blob: ObjectID, size: Int, info: AssetInfo) {
        self.path = path
        self.repositoryPath = repositoryPath
        self.foundIn = foundIn
        self.blob = blob
        self.size = size
        self.info = info
    }
}

public struct ResolvedFont: Sendable, Hashable {
    public var family: String
    public var size: Double
    public var weight: FontWeight
    public var file: AssetReference?

    /// What the bundled file says of itself; nil without a file.
    public var face: FontFacts? {
        guard case .success(let facts)? = file?.info.font else { return nil }
        return facts
    }

    /// The name iOS looks the bundled file up by (its PostScript name); nil without a file.
    public var postScriptName: String? { face?.postScriptName }

    /// The weight the bundled file draws: its weight class, or for a variable font
    /// the token's weight held inside the file's weight axis. Without a file, the token's.
    public var fileWeight: Int {
        guard let face else { return weight.numeric }
        if let axis = face.weightAxis { return Int(min(max(Double(weight.numeric), axis.lowerBound), axis.upperBound).rounded()) }
        return face.weightClass
    }

    /// Whether the bundled file is an italic or oblique face.
    public var isItalic: Bool { face?.italic ?? false }
}

/// An image in one or two appearances, each with its 1x/2x/3x files.
public struct ResolvedImage: Sendable, Hashable {
    public struct Appearance: Sendable, Hashable {
        /// The 1x file (or the only file, for vectors).
        public var file: AssetReference
        /// `name@2x.ext` and `name@3x.ext` siblings, when present.
        public var scales: [Int: AssetReference]
    }
    public var light: Appearance
    public var dark: Appearance?
}

/// A resolved component property.
public enum ResolvedComponentValue: Sendable, Hashable {
    /// A colour, with the token it came from when it named one.
    case color(ColorToken, token: String?)
    case font(ResolvedFont, token: String)
    case dimension(Double, token: String?)
    case shape(Shape)
    case string(String)
    case number(Double)
    case bool(Bool)
}

/// The texts of the app identity that may differ per language.
public struct AppTexts: Sendable, Hashable {
    public var displayName: String?
    public var tagline: String?
    public var supportEmail: String?

    public init(displayName: String? = nil, tagline: String? = nil, supportEmail: String? = nil) {
        self.displayName = displayName
        self.tagline = tagline
        self.supportEmail = supportEmail
    }

    /// The texts by their key in style.json, in key order: `displayName`, `supportEmail`, `tagline`.
    public var members: [(key: String, text: String)] {
        [("displayName", displayName), ("supportEmail", supportEmail), ("tagline", tagline)].compactMap { key, text in
            text.map { (key, $0) }
        }
    }

    public static let keys = ["displayName", "supportEmail", "tagline"]
}

/// App identity: what the platform shows and how it is packaged.
public struct AppIdentity: Sendable, Hashable {
    public var displayName: String?
    public var bundleId: String?
    /// `app.androidPackage`: the Android application id when it differs from `bundleId`.
    public var androidPackage: String?
    /// `app.tagline` and `app.supportEmail` in the default language.
    public var tagline: String?
    public var supportEmail: String?
    /// `app.defaultLocale` as written; nil means English (`en`).
    public var defaultLocale: String?
    /// The texts given per BCP 47 tag (the `"fr-CA"` members of displayName, tagline, supportEmail).
    public var localized: [String: AppTexts] = [:]

    /// The default texts.
    public var defaultTexts: AppTexts { AppTexts(displayName: displayName, tagline: tagline, supportEmail: supportEmail) }

    /// The tag of the default texts: `defaultLocale`, else `en`.
    public var sourceLocale: String { defaultLocale ?? "en" }

    /// The tags with texts of their own, sorted, without the default's.
    public var locales: [AppLocale] { localized.keys.sorted().compactMap(AppLocale.init) }

    /// The texts for `tag`: its own, each missing one from the default.
    public func texts(for tag: String) -> AppTexts {
        let own = localized[tag] ?? AppTexts()
        return AppTexts(
            displayName: own.displayName ?? displayName, tagline: own.tagline ?? tagline, supportEmail: own.supportEmail ?? supportEmail)
    }

    public init(displayName: String? = nil, bundleId: String? = nil, androidPackage: String? = nil) {
        self.displayName = displayName
        self.bundleId = bundleId
        self.androidPackage = androidPackage
    }

    /// The Android application id: `androidPackage`, else `bundleId` when Android accepts it.
    public var applicationId: String? {
        if let androidPackage { return androidPackage }
        guard let bundleId, AndroidApplicationID.problem(bundleId) == nil else { return nil }
        return bundleId
    }
}

/// One concrete target after merging, palette expansion and alias resolution:
/// what build and diff consume. Dictionaries here are read in sorted key order
/// by every emitter, so output is deterministic.
public struct ResolvedStyle: Sendable, Equatable {
    public var id: String
    /// The target and its ancestors, nearest first.
    public var chain: [String]
    public var app = AppIdentity()
    /// Palette name → shade name (`base`, `light02`…) → colour; for a palette
    /// whose base is wide, each shade's sRGB fallback.
    public var palettes: [String: [String: RGBA]] = [:]
    /// The palettes whose base was written in Display P3 or OKLCH: palette name →
    /// shade name → the shade in the base's space. Hex palettes are not here.
    public var widePalettes: [String: [String: ColorValue]] = [:]
    public var colors: [String: ColorToken] = [:]
    public var fonts: [String: ResolvedFont] = [:]
    public var dimensions: [String: Double] = [:]
    /// Animation name → timing name (`short`, `medium`…) → seconds.
    public var animations: [String: [String: Double]] = [:]
    /// Kind → variant → property → value.
    public var components: [String: [String: [String: ResolvedComponentValue]]] = [:]
    public var images: [String: ResolvedImage] = [:]
    public var appIcon: AssetReference?
    /// `appIcon.android`: adaptive-icon layers; nil when only the 1024 px icon is given.
    public var androidIcon: AndroidIcon?
    public var flags: [String: JSONValue] = [:]
    /// The store listing from `store/` (texts per locale, Play images), after `extends`.
    public var store = StoreListing()
    /// Which values were written as references, though they are resolved above:
    /// the dotted path of the value (`colors.onPrimary.dark`, `fonts.body.size`,
    /// `components.button.primary.background`) → the dotted token it named
    /// (`palettes.brand.dark06`, `dimensions.bodySize`, `colors.primary`).
    /// A palette reference without a shade names `base`. Formats that keep
    /// aliases (DTCG) read it; `style.json` does not.
    public var aliases: [String: String] = [:]
    /// The high-contrast values livery derived for the app's colour pairs where the
    /// client wrote none (docs/style-format.md, "Derived high contrast"), in token order;
    /// `colors` already holds them.
    package var derivedHighContrast: [HighContrastDerivation.Derived] = []
    /// The tokens the app's contract deprecates that the style has, by path
    /// (`colors.accent`): the formats that can say so (CSS, DTCG) mark them.
    package var deprecations: [String: ContractDeprecation] = [:]

    public init(id: String, chain: [String]) {
        self.id = id
        self.chain = chain
    }

    /// The shade `shade` of palette `palette` as written: wide for a wide palette,
    /// else the hex colour; nil when there is no such shade.
    public func paletteValue(_ palette: String, shade: String) -> ColorValue? {
        if let wide = widePalettes[palette]?[shade] { return wide }
        return palettes[palette]?[shade].map(ColorValue.init)
    }
}
