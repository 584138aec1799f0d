/// A client's resolved style, typed: what a bundle's `style.json` holds.
///
/// Everything is resolved: palettes are expanded into shades, aliases and
/// component references are replaced by their values. Decode it with
/// ``init(document:)``; a ``StyleStore`` keeps the current one.
public struct LiveryStyle: Sendable, Hashable {
    /// The target id, e.g. `acme`.
    public var id: String
    public var app: App
    /// Palette → shade (`base`, `light02` … `dark08`) → colour.
    public var palettes: [String: [String: RGBA]]
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

    /// An sRGB colour with 8-bit channels.
    public struct RGBA: Sendable, Hashable, CustomStringConvertible {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
        public var alpha: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// `#RRGGBB` or `#RRGGBBAA` (either case), as a bundle writes colours; nil otherwise.
        public init?(hex: String) {
            let utf8 = Array(hex.utf8)
            guard utf8.first == UInt8(ascii: "#"), utf8.count == 7 || utf8.count == 9 else { return nil }
            var channels: [UInt8] = []
            var index = 1
            while index < utf8.count {
                guard let high = Self.nibble(utf8[index]), let low = Self.nibble(utf8[index + 1]) else { return nil }
                channels.append(high << 4 | low)
                index += 2
            }
            self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
        }

        private static func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }

        /// `#RRGGBB`, or `#RRGGBBAA` when not opaque; upper case, as bundles write it.
        public var hex: String {
            let digits = Array("0123456789ABCDEF".utf8)
            var out: [UInt8] = [UInt8(ascii: "#")]
            for channel in alpha == 255 ? [red, green, blue] : [red, green, blue, alpha] {
                out.append(digits[Int(channel >> 4)])
                out.append(digits[Int(channel & 0x0F)])
            }
            return String(decoding: out, as: UTF8.self)
        }

        /// The channels from 0 to 1, as colour APIs take them.
        public var components: (red: Double, green: Double, blue: Double, alpha: Double) {
            (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
        }

        public var description: String { hex }
    }

    /// A colour token with its appearances. A token written as one colour has
    /// the same `light` and `dark`.
    public struct ColorToken: Sendable, Hashable {
        public var light: RGBA
        public var dark: RGBA
        public var highContrastLight: RGBA?
        public var highContrastDark: RGBA?

        public init(light: RGBA, dark: RGBA, highContrastLight: RGBA? = nil, highContrastDark: RGBA? = nil) {
            self.light = light
            self.dark = dark
            self.highContrastLight = highContrastLight
            self.highContrastDark = highContrastDark
        }

        /// The colour to show: dark or light, with increased contrast when
        /// asked and the token has it (otherwise the normal appearance).
        public func resolved(dark isDark: Bool, highContrast: Bool) -> RGBA {
            if highContrast, let high = isDark ? highContrastDark : highContrastLight { return high }
            return isDark ? dark : light
        }
    }

    /// Font weights, lightest first.
    public enum FontWeight: String, Sendable, Hashable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The CSS / OpenType weight: 100 (ultraLight) to 900 (black).
        public var numericValue: Int {
            (Self.allCases.firstIndex(of: self).map { $0 + 1 } ?? 4) * 100
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

        public init(family: String, size: Double, weight: FontWeight, file: String? = nil) {
            self.family = family
            self.size = size
            self.weight = weight
            self.file = file
        }

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

    /// A component's outline.
    public enum Shape: Sendable, Hashable {
        case circle, capsule, rectangle
        case roundedRectangle(cornerRadius: Double)
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
