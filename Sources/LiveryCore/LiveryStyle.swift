/// A client's resolved style, typed: what a bundle's `style.json` holds.
///
/// Everything is resolved: palettes are expanded into shades, aliases and
/// component references are replaced by their values. Decode it with
/// ``init(document:)``; a ``StyleStore`` keeps the current one.
public struct LiveryStyle: Sendable, Hashable {
    /// The target id, e.g. `acme`.
    public var id: String
    public var app: App
    /// Palette → shade (`base`, `light02` … `dark08`) → colour: for a palette
    /// written in Display P3 or OKLCH, each shade's sRGB fallback.
    public var palettes: [String: [String: RGBA]]
    /// The palettes written in Display P3 or OKLCH, every shade as written.
    public var widePalettes: [String: [String: ColorValue]] = [:]
    public var colors: [String: ColorToken]
    public var fonts: [String: FontToken]
    /// Lengths in points.
    public var dimensions: [String: Double]
    /// Animation → timing (`short`, `medium`, `long`, …) → seconds.
    public var animations: [String: [String: Double]]
    /// Kind (`button`) → variant (`primary`) → property (`background`) → value.
    public var components: [String: [String: [String: ComponentValue]]]
    public var images: [String: ImageToken]
    /// The app icon's path in the bundle, for reference: the icon itself is
    /// compiled into the app and never changes remotely.
    public var appIcon: String?
    public var flags: [String: FlagValue]

    public init(
        id: String, app: App = App(), palettes: [String: [String: RGBA]] = [:], colors: [String: ColorToken] = [:],
        fonts: [String: FontToken] = [:], dimensions: [String: Double] = [:], animations: [String: [String: Double]] = [:],
        components: [String: [String: [String: ComponentValue]]] = [:], images: [String: ImageToken] = [:],
        appIcon: String? = nil, flags: [String: FlagValue] = [:]
    ) {
        self.id = id
        self.app = app
        self.palettes = palettes
        self.colors = colors
        self.fonts = fonts
        self.dimensions = dimensions
        self.animations = animations
        self.components = components
        self.images = images
        self.appIcon = appIcon
        self.flags = flags
    }

    /// The app's identity as the style names it.
    public struct App: Sendable, Hashable {
        public var displayName: String?
        public var bundleId: String?

        public init(displayName: String? = nil, bundleId: String? = nil) {
            self.displayName = displayName
            self.bundleId = bundleId
        }
    }

    /// A font token.
    public struct FontToken: Sendable, Hashable {
        public var family: String
        /// Points, greater than 0.
        public var size: Double
        public var weight: FontWeight
        /// The embedded font file's path in the bundle; nil for a system font.
        public var file: String?
        /// The embedded file's PostScript name (its `name` table, ID 6), which
        /// livery reads at build time; nil without a file.
        public var postScriptName: String?

        public init(family: String, size: Double, weight: FontWeight, file: String? = nil, postScriptName: String? = nil) {
            self.family = family
            self.size = size
            self.weight = weight
            self.file = file
            self.postScriptName = postScriptName
        }

        /// The name to ask the platform for: the bundled file's PostScript name,
        /// which UIKit, SwiftUI and AppKit find a registered file by (asked for
        /// its family they quietly draw the system font), else the family of a
        /// font installed on the device. A remote update may change the family;
        /// it cannot change the file or its name, so the bundled face stays found.
        public var lookupName: String { postScriptName ?? family }

        /// Whether this is the platform's own font (no file; `System` or empty family).
        public var isSystemFont: Bool {
            file == nil && (family.isEmpty || family == "System" || family.hasPrefix("."))
        }
    }

    /// An image token: paths in the bundle for light and (optionally) dark mode.
    public struct ImageToken: Sendable, Hashable {
        public var light: String
        public var dark: String?

        public init(light: String, dark: String? = nil) {
            self.light = light
            self.dark = dark
        }

        /// The path to show in the given appearance.
        public func resolved(dark isDark: Bool) -> String {
            isDark ? dark ?? light : light
        }
    }

    /// A resolved component property.
    public enum ComponentValue: Sendable, Hashable {
        case color(ColorToken)
        case font(FontToken)
        case shape(Shape)
        /// A dimension or another number.
        case number(Double)
        case string(String)
        case bool(Bool)
    }

    /// A flag: a boolean, number or string the app reads as it is.
    public enum FlagValue: Sendable, Hashable {
        case bool(Bool)
        case number(Double)
        case string(String)
    }
}
