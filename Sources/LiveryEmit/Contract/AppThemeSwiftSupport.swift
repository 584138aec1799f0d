// The fixed part of AppTheme.swift: the value types, the reader of a bundle's
// style.json and the conveniences. Generated text, so longer than a function.

extension AppThemeSwift {
    static let support = #"""

        /// One appearance of a colour: components from 0 to 1 in `space`.
        public struct AppThemeRGBA: Hashable, Sendable {
            public enum Space: Hashable, Sendable { case sRGB, displayP3 }
            public var red: Double
            public var green: Double
            public var blue: Double
            public var alpha: Double
            public var space: Space

            public init(red: Double, green: Double, blue: Double, alpha: Double = 1, space: Space = .sRGB) {
                self.red = red
                self.green = green
                self.blue = blue
                self.alpha = alpha
                self.space = space
            }
        }

        /// A colour token. Without high-contrast values of its own, high contrast uses the light or dark one.
        public struct AppThemeColor: Hashable, Sendable {
            public var light: AppThemeRGBA
            public var dark: AppThemeRGBA
            public var highContrastLight: AppThemeRGBA
            public var highContrastDark: AppThemeRGBA

            /// The colour to draw in an appearance.
            public func resolved(dark isDark: Bool, highContrast: Bool = false) -> AppThemeRGBA {
                isDark ? (highContrast ? highContrastDark : dark) : (highContrast ? highContrastLight : light)
            }

            /// What a token that no style has reads as: transparent.
            public static let appThemeMissing = AppThemeColor(
                light: AppThemeRGBA(red: 0, green: 0, blue: 0, alpha: 0), dark: AppThemeRGBA(red: 0, green: 0, blue: 0, alpha: 0),
                highContrastLight: AppThemeRGBA(red: 0, green: 0, blue: 0, alpha: 0), highContrastDark: AppThemeRGBA(red: 0, green: 0, blue: 0, alpha: 0)
            )
        }

        /// A font token. `postScriptName` is the bundled file's own name, which UIKit and SwiftUI find
        /// the file by (asked for a family they quietly draw the system font); nil without a file.
        public struct AppThemeFont: Hashable, Sendable {
            public var family: String
            public var postScriptName: String?
            /// Points.
            public var size: Double
            /// From 100 (ultraLight) to 900 (black).
            public var weight: Int

            /// The name to ask the platform for: the file's PostScript name, else the installed family.
            public var lookupName: String { postScriptName ?? family }

            /// What a token that no style has reads as: the system font at body size.
            public static let appThemeMissing = AppThemeFont(family: "System", postScriptName: nil, size: 17, weight: 400)
        }

        /// A palette's shades by name (`base`, `light02` … `dark08`).
        public struct AppThemePalette: Hashable, Sendable {
            public var shades: [String: AppThemeRGBA]
            public subscript(_ shade: String) -> AppThemeRGBA? { shades[shade] }
            public static let appThemeMissing = AppThemePalette(shades: [:])
        }

        /// An animation's timings in seconds by name (`short`, `medium`, `long` …).
        public struct AppThemeAnimation: Hashable, Sendable {
            public var timings: [String: Double]
            public subscript(_ timing: String) -> Double? { timings[timing] }
            public static let appThemeMissing = AppThemeAnimation(timings: [:])
        }

        /// An image's files in the bundle, for the light and (optionally) the dark appearance.
        public struct AppThemeImage: Hashable, Sendable {
            public var light: String
            public var dark: String?
            public func resolved(dark isDark: Bool) -> String { isDark ? dark ?? light : light }
            public static let appThemeMissing = AppThemeImage(light: "", dark: nil)
        }

        /// A component's shape; corner radii in points.
        public enum AppThemeShape: Hashable, Sendable {
            case circle, capsule, rectangle
            case roundedRectangle(cornerRadius: Double)
        }

        /// A value of a flag or a component property, as style.json holds it.
        public enum AppThemeValue: Hashable, Sendable {
            case color(AppThemeColor), font(AppThemeFont), shape(AppThemeShape), number(Double), string(String), bool(Bool)

            public var color: AppThemeColor? { if case .color(let value) = self { value } else { nil } }
            public var font: AppThemeFont? { if case .font(let value) = self { value } else { nil } }
            public var shape: AppThemeShape? { if case .shape(let value) = self { value } else { nil } }
            public var number: Double? { if case .number(let value) = self { value } else { nil } }
            public var string: String? { if case .string(let value) = self { value } else { nil } }
            public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
        }

        /// One client's style.json, read once: what `AppTheme` looks values up in.
        public struct AppThemeStyle: Hashable, Sendable {
            public var id = ""
            public var colors: [String: AppThemeColor] = [:]
            public var palettes: [String: AppThemePalette] = [:]
            public var fonts: [String: AppThemeFont] = [:]
            public var dimensions: [String: Double] = [:]
            public var animations: [String: AppThemeAnimation] = [:]
            /// Kind → variant → property → value.
            public var components: [String: [String: [String: AppThemeValue]]] = [:]
            public var images: [String: AppThemeImage] = [:]
            public var flags: [String: AppThemeValue] = [:]

            public init() {}

            /// Reads a bundle's style.json (or a LiveryRuntime store's `resolvedDocument`). A value it cannot
            /// read is left out, so the built-in style's is used instead.
            public init(json data: Data) throws {
                guard case .object(let root) = try JSONDecoder().decode(AppThemeJSON.self, from: data) else {
                    throw AppThemeError(message: "a style.json is a JSON object")
                }
                id = root["id"]?.string ?? ""
                colors = root["colors"]?.members.compactMapValues(\.color) ?? [:]
                palettes = root["palettes"]?.members.compactMapValues { palette in
                    palette.object.map { AppThemePalette(shades: $0.compactMapValues { $0.string.flatMap(AppThemeJSON.rgba) }) }
                } ?? [:]
                fonts = root["fonts"]?.members.compactMapValues(\.font) ?? [:]
                dimensions = root["dimensions"]?.members.compactMapValues(\.number) ?? [:]
                animations = root["animations"]?.members.compactMapValues { timings in
                    timings.object.map { AppThemeAnimation(timings: $0.compactMapValues(\.number)) }
                } ?? [:]
                components = root["components"]?.members.compactMapValues { variants in
                    variants.object?.compactMapValues { properties in properties.object?.compactMapValues(\.value) }
                } ?? [:]
                images = root["images"]?.members.compactMapValues { image in
                    image["light"]?.string.map { AppThemeImage(light: $0, dark: image["dark"]?.string) }
                } ?? [:]
                flags = root["flags"]?.members.compactMapValues(\.value) ?? [:]
            }
        }

        public struct AppThemeError: Error, Hashable, Sendable {
            public var message: String
        }

        /// JSON as style.json holds it; true and false stay booleans, never numbers.
        enum AppThemeJSON: Decodable {
            case object([String: AppThemeJSON]), array([AppThemeJSON]), string(String), number(Double), bool(Bool), null

            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() { self = .null }
                else if let value = try? container.decode(Bool.self) { self = .bool(value) }
                else if let value = try? container.decode(Double.self) { self = .number(value) }
                else if let value = try? container.decode(String.self) { self = .string(value) }
                else if let value = try? container.decode([String: AppThemeJSON].self) { self = .object(value) }
                else { self = .array(try container.decode([AppThemeJSON].self)) }
            }

            subscript(_ key: String) -> AppThemeJSON? { object?[key] }
            var object: [String: AppThemeJSON]? { if case .object(let value) = self { value } else { nil } }
            var members: [String: AppThemeJSON] { object ?? [:] }
            var string: String? { if case .string(let value) = self { value } else { nil } }
            var number: Double? { if case .number(let value) = self { value } else { nil } }

            var color: AppThemeColor? {
                guard let light = self["light"]?.string.flatMap(Self.rgba), let dark = self["dark"]?.string.flatMap(Self.rgba) else { return nil }
                return AppThemeColor(
                    light: light, dark: dark,
                    highContrastLight: self["highContrastLight"]?.string.flatMap(Self.rgba) ?? light,
                    highContrastDark: self["highContrastDark"]?.string.flatMap(Self.rgba) ?? dark
                )
            }

            var font: AppThemeFont? {
                guard let family = self["family"]?.string, let size = self["size"]?.number, let weight = self["weight"]?.string else { return nil }
                let weights = ["ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700, "heavy": 800, "black": 900]
                return AppThemeFont(family: family, postScriptName: self["postScriptName"]?.string, size: size, weight: weights[weight] ?? 400)
            }

            var shape: AppThemeShape? {
                switch self {
                case .string("circle"): return .circle
                case .string("capsule"): return .capsule
                case .string("rectangle"): return .rectangle
                default: return self["roundedRectangle"]?["cornerRadius"]?.number.map { .roundedRectangle(cornerRadius: $0) }
                }
            }

            /// A flag or component property: a colour, font or shape when it has their form.
            var value: AppThemeValue? {
                switch self {
                case .bool(let value): return .bool(value)
                case .number(let value): return .number(value)
                case .string(let text): return shape.map(AppThemeValue.shape) ?? .string(text)
                case .object:
                    if let color { return .color(color) }
                    if let font { return .font(font) }
                    return shape.map(AppThemeValue.shape)
                default: return nil
                }
            }

            /// `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `color(display-p3 R G B [/ A])` or `oklch(L C H [/ A])`,
            /// the last as Display P3 (clamped to it).
            static func rgba(_ text: String) -> AppThemeRGBA? {
                if text.hasPrefix("#") {
                    let digits: [Double] = text.dropFirst().compactMap { $0.hexDigitValue.map(Double.init) }
                    guard digits.count == text.count - 1 else { return nil }
                    switch digits.count {
                    case 3: return AppThemeRGBA(red: digits[0] / 15, green: digits[1] / 15, blue: digits[2] / 15)
                    case 6, 8:
                        let channels: [Double] = stride(from: 0, to: digits.count, by: 2).map { (index: Int) -> Double in
                            let high: Double = digits[index] * 16
                            return (high + digits[index + 1]) / 255
                        }
                        return AppThemeRGBA(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
                    default: return nil
                    }
                }
                for (prefix, scales) in [("color(display-p3 ", [1.0, 1, 1]), ("oklch(", [1.0, 0.4, 1])] where text.hasPrefix(prefix) && text.hasSuffix(")") {
                    let body = text.dropFirst(prefix.count).dropLast()
                    let parts = body.split(separator: "/", omittingEmptySubsequences: false)
                    let values = parts[0].split(separator: " ").enumerated().compactMap { number(String($1), percent: scales[min($0, 2)]) }
                    let alpha = parts.count == 2 ? number(parts[1].trimmingCharacters(in: .whitespaces), percent: 1) : 1
                    guard values.count == 3, parts.count <= 2, let alpha else { return nil }
                    if prefix.hasPrefix("color") {
                        return AppThemeRGBA(red: values[0], green: values[1], blue: values[2], alpha: alpha, space: .displayP3)
                    }
                    return displayP3(lightness: values[0], chroma: values[1], hue: values[2], alpha: alpha)
                }
                return nil
            }

            /// A number, or a percentage of `percent`.
            static func number(_ text: String, percent: Double) -> Double? {
                text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 * percent } : Double(text)
            }

            /// OKLCH (CSS Color 4) to Display P3: through OKLab and linear sRGB, clamped to P3.
            static func displayP3(lightness: Double, chroma: Double, hue: Double, alpha: Double) -> AppThemeRGBA {
                let a = chroma * cos(hue * .pi / 180), b = chroma * sin(hue * .pi / 180)
                let l = pow(lightness + 0.3963377774 * a + 0.2158037573 * b, 3)
                let m = pow(lightness - 0.1055613458 * a - 0.0638541728 * b, 3)
                let s = pow(lightness - 0.0894841775 * a - 1.2914855480 * b, 3)
                let r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
                let g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
                let bl = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
                func encoded(_ linear: Double) -> Double {
                    let x = min(max(linear, 0), 1)
                    return x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055
                }
                return AppThemeRGBA(
                    red: encoded(0.8224621209 * r + 0.1775378791 * g),
                    green: encoded(0.0331941989 * r + 0.9668058011 * g),
                    blue: encoded(0.0170826307 * r + 0.0723974407 * g + 0.9105199286 * bl),
                    alpha: alpha, space: .displayP3
                )
            }
        }

        """#

    static let themeBody = #"""
            /// The style in use: a store's current style, or the bundle's.
            public let style: AppThemeStyle
            /// The built-in style, for any value the style in use lacks.
            public let bundled: AppThemeStyle

            public init(style: AppThemeStyle, bundled: AppThemeStyle? = nil) {
                self.style = style
                self.bundled = bundled ?? style
            }

            /// From style.json bytes: `current` is the style in use (a store's `resolvedDocument`), `bundled`
            /// the built-in one (the same when omitted).
            public init(current: Data, bundled: Data? = nil) throws {
                let style = try AppThemeStyle(json: current)
                self.init(style: style, bundled: try bundled.map(AppThemeStyle.init(json:)))
            }

            /// The value of `names` in a section: the style's, else the built-in style's. A renamed
            /// token reads both its names, the style in use before the built-in one.
            func value<Value>(_ section: KeyPath<AppThemeStyle, [String: Value]>, _ names: String...) -> Value? {
                for name in names { if let value = style[keyPath: section][name] { return value } }
                for name in names { if let value = bundled[keyPath: section][name] { return value } }
                return nil
            }

            func component(_ kind: String, _ variant: String, _ property: String) -> AppThemeValue? {
                style.components[kind]?[variant]?[property] ?? bundled.components[kind]?[variant]?[property]
            }

            func hasComponent(_ kind: String, _ variant: String) -> Bool {
                style.components[kind]?[variant] != nil || bundled.components[kind]?[variant] != nil
            }

        """#

    static let conveniences = #"""

        #if canImport(LiveryRuntime)
        import LiveryRuntime

        extension AppTheme {
            /// What the store shows (its active variant over its applied updates over the
            /// built-in style: `store.style`), with the built-in style behind it. `StyleStore` is
            /// observable: a view that makes its theme here is redrawn when an update is applied
            /// or another variant is shown.
            @MainActor
            public init(store: StyleStore) {
                let current = (try? AppThemeStyle(json: store.resolvedDocument)) ?? AppThemeStyle()
                self.init(style: current, bundled: (try? AppThemeStyle(json: store.bundledDocument)) ?? current)
            }
        }
        #endif

        \#(SwiftUIHelpers.lookupExtension(of: "AppThemeFont", hasFile: "postScriptName != nil"))
        #if canImport(SwiftUI)
        import SwiftUI

        extension AppThemeRGBA {
            public var color: Color {
                Color(space == .displayP3 ? .displayP3 : .sRGB, red: red, green: green, blue: blue, opacity: alpha)
            }
        }

        extension AppThemeColor {
            /// The colour for the view's colour scheme and contrast.
            public func color(_ scheme: ColorScheme, contrast: ColorSchemeContrast = .standard) -> Color {
                resolved(dark: scheme == .dark, highContrast: contrast == .increased).color
            }
        }

        extension AppThemeFont {
        \#(SwiftUIHelpers.swiftUIFontProperty)
            var swiftUIWeight: Font.Weight { Font.Weight.appTheme(weight) }
        }

        extension Font.Weight {
            static func appTheme(_ weight: Int) -> Font.Weight {
                [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black][min(max(weight / 100 - 1, 0), 8)]
            }
        }
        #endif

        """#
}
