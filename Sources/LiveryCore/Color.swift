import Foundation

// The colour and type model the command line and an app share: one
// implementation, so a colour parsed, printed or compared by `livery build`
// is the same value an app decodes from the bundle's `style.json`.

/// An sRGB colour with 8-bit channels, exactly as written in a style.
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

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (either case); nil for anything else.
    public init?(hex text: String) {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#") else { return nil }
        var digits: [UInt8] = []
        for byte in bytes.dropFirst() {
            guard let value = RGBA.hexValue(byte) else { return nil }
            digits.append(value)
        }
        switch digits.count {
        case 3:
            self.init(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17)
        case 6, 8:
            let channel = { (i: Int) in digits[i] << 4 | digits[i + 1] }
            self.init(red: channel(0), green: channel(2), blue: channel(4), alpha: digits.count == 8 ? channel(6) : 255)
        default:
            return nil
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque; uppercase, as design tools write it.
    public var hex: String {
        RGBA.hexText(red, green, blue, alpha == 255 ? nil : alpha)
    }

    /// `#AARRGGBB`, the order Android resources use.
    public var androidHex: String {
        RGBA.hexText(alpha, red, green, blue)
    }

    public var description: String { hex }

    /// The channels from 0 to 1, as colour APIs take them.
    public var components: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }

    /// This colour mixed with `other`: `amount` 0 is self, 1 is other. Channels round half up.
    public func mixed(with other: RGBA, amount: Double) -> RGBA {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            let value = (Double(a) * (1 - amount) + Double(b) * amount).rounded(.toNearestOrAwayFromZero)
            return UInt8(max(0, min(255, value)))
        }
        return RGBA(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue), alpha: mix(alpha, other.alpha))
    }

    public static let white = RGBA(red: 255, green: 255, blue: 255)
    public static let black = RGBA(red: 0, green: 0, blue: 0)

    /// WCAG 2 relative luminance of the colour as if composited over `background` when translucent.
    public func relativeLuminance(over background: RGBA = .white) -> Double {
        let c = alpha == 255 ? self : composited(over: background)
        func linear(_ channel: UInt8) -> Double {
            let s = Double(channel) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    /// The opaque colour seen when this one is drawn over `background`.
    public func composited(over background: RGBA) -> RGBA {
        let a = Double(alpha) / 255
        func blend(_ f: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Double(f) * a + Double(b) * (1 - a)).rounded())))
        }
        return RGBA(red: blend(red, background.red), green: blend(green, background.green), blue: blend(blue, background.blue))
    }

    /// The WCAG 2 contrast ratio (1…21) of text in this colour on `background`.
    public func contrastRatio(on background: RGBA) -> Double {
        let back = background.alpha == 255 ? background : background.composited(over: .white)
        let l1 = relativeLuminance(over: back)
        let l2 = back.relativeLuminance()
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `#` and two uppercase hex digits per channel, written straight into the
    /// string (it fits in a small string: no allocation). Every emitter prints
    /// every colour this way, so it is a measurable part of a build.
    private static func hexText(_ first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8?) -> String {
        let count = fourth == nil ? 7 : 9
        return String(unsafeUninitializedCapacity: count) { buffer in
            func digit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10 }
            func put(_ channel: UInt8, at index: Int) {
                buffer[index] = digit(channel >> 4)
                buffer[index + 1] = digit(channel & 0xF)
            }
            buffer[0] = UInt8(ascii: "#")
            put(first, at: 1)
            put(second, at: 3)
            put(third, at: 5)
            if let fourth { put(fourth, at: 7) }
            return count
        }
    }
}

/// A colour token with its appearances.
///
/// `light`, `dark` and the high-contrast appearances are always the exact sRGB
/// colour to write where only sRGB can be said: the hex value as written, or a
/// wide-gamut colour's gamut-mapped fallback (``ColorValue/srgb``). `wide` holds
/// the colours written in Display P3 or OKLCH, and is nil for a token written in
/// hex only, so every sRGB output reads the RGBA fields as it always has.
public struct ColorToken: Sendable, Hashable {
    public var light: RGBA
    public var dark: RGBA
    public var highContrastLight: RGBA?
    public var highContrastDark: RGBA?
    /// The appearances written as `color(display-p3 …)` or `oklch(…)`; nil when none was.
    public var wide: WideColors?

    public init(light: RGBA, dark: RGBA, highContrastLight: RGBA? = nil, highContrastDark: RGBA? = nil) {
        self.light = light
        self.dark = dark
        self.highContrastLight = highContrastLight
        self.highContrastDark = highContrastDark
    }

    /// One colour for every appearance.
    public init(_ color: RGBA) {
        self.init(light: color, dark: color)
    }

    /// A token from colours in any space: the RGBA fields get each colour's sRGB
    /// fallback, `wide` the ones that are not hex.
    public init(light: ColorValue, dark: ColorValue, highContrastLight: ColorValue? = nil, highContrastDark: ColorValue? = nil) {
        self.init(light: light.srgb, dark: dark.srgb, highContrastLight: highContrastLight?.srgb, highContrastDark: highContrastDark?.srgb)
        func wideOnly(_ value: ColorValue?) -> ColorValue? { value.flatMap { $0.isHex ? nil : $0 } }
        let wide = WideColors(
            light: wideOnly(light), dark: wideOnly(dark), highContrastLight: wideOnly(highContrastLight),
            highContrastDark: wideOnly(highContrastDark))
        self.wide = wide.isEmpty ? nil : wide
    }

    /// One colour, in any space, for every appearance.
    public init(_ value: ColorValue) {
        self.init(light: value, dark: value)
    }

    /// The appearances that exist, named as livery names them, in a fixed order.
    public var appearances: [(name: String, color: RGBA)] {
        var list = [("light", light), ("dark", dark)]
        if let highContrastLight { list.append(("highContrastLight", highContrastLight)) }
        if let highContrastDark { list.append(("highContrastDark", highContrastDark)) }
        return list
    }

    /// ``appearances`` as the colours were written: the wide value where there is
    /// one, else the hex colour.
    public var appearanceValues: [(name: String, value: ColorValue)] {
        var list = [("light", lightValue), ("dark", darkValue)]
        if let highContrastLightValue { list.append(("highContrastLight", highContrastLightValue)) }
        if let highContrastDarkValue { list.append(("highContrastDark", highContrastDarkValue)) }
        return list
    }

    /// Whether any appearance was written in Display P3 or OKLCH.
    public var isWide: Bool { wide != nil }

    public var lightValue: ColorValue { wide?.light ?? ColorValue(light) }
    public var darkValue: ColorValue { wide?.dark ?? ColorValue(dark) }
    public var highContrastLightValue: ColorValue? { wide?.highContrastLight ?? highContrastLight.map(ColorValue.init) }
    public var highContrastDarkValue: ColorValue? { wide?.highContrastDark ?? highContrastDark.map(ColorValue.init) }

    /// The colour to show: dark or light, with increased contrast when
    /// asked and the token has it (otherwise the normal appearance).
    public func resolved(dark isDark: Bool, highContrast: Bool) -> RGBA {
        if highContrast, let high = isDark ? highContrastDark : highContrastLight { return high }
        return isDark ? dark : light
    }

    /// ``resolved(dark:highContrast:)`` as written, wide where it was.
    public func value(dark isDark: Bool, highContrast: Bool) -> ColorValue {
        if highContrast, let high = isDark ? highContrastDarkValue : highContrastLightValue { return high }
        return isDark ? darkValue : lightValue
    }

    /// The appearance `name` (`light`, `dark`, `highContrastLight`, `highContrastDark`)
    /// as a one-colour token, a high-contrast one falling back to light or dark as
    /// apps do; nil for another name.
    public func appearance(_ name: String) -> ColorToken? {
        let chosen: (color: RGBA, wide: ColorValue?)
        switch name {
        case "light": chosen = (light, wide?.light)
        case "dark": chosen = (dark, wide?.dark)
        case "highContrastLight":
            chosen = highContrastLight.map { ($0, wide?.highContrastLight) } ?? (light, wide?.light)
        case "highContrastDark":
            chosen = highContrastDark.map { ($0, wide?.highContrastDark) } ?? (dark, wide?.dark)
        default: return nil
        }
        return chosen.wide.map(ColorToken.init) ?? ColorToken(chosen.color)
    }
}

/// The appearances of a ``ColorToken`` written in Display P3 or OKLCH; an
/// appearance written in hex is nil here. Held in one array so a token
/// without wide colours stays as small as it was.
public struct WideColors: Sendable, Hashable {
    private var values: [ColorValue?]

    public init(
        light: ColorValue? = nil, dark: ColorValue? = nil, highContrastLight: ColorValue? = nil, highContrastDark: ColorValue? = nil
    ) {
        values = [light, dark, highContrastLight, highContrastDark]
    }

    public var light: ColorValue? {
        get { values[0] }
        set { values[0] = newValue }
    }
    public var dark: ColorValue? {
        get { values[1] }
        set { values[1] = newValue }
    }
    public var highContrastLight: ColorValue? {
        get { values[2] }
        set { values[2] = newValue }
    }
    public var highContrastDark: ColorValue? {
        get { values[3] }
        set { values[3] = newValue }
    }

    /// Whether no appearance is wide.
    public var isEmpty: Bool { values.allSatisfy { $0 == nil } }
}

/// Font weights in the order of their thickness.
public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The CSS / OpenType numeric weight.
    public var numeric: Int {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }
}

/// Shapes components can take.
public enum Shape: Sendable, Hashable {
    case circle, capsule, rectangle
    case roundedRectangle(cornerRadius: Double)
}
