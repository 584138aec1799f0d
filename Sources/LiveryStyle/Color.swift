import Foundation

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
        let l1 = relativeLuminance(over: back), l2 = back.relativeLuminance()
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

/// Tonal shades of a palette colour: `base`, `light02…light08` (mixed with white
/// by 20/40/60/80 %) and `dark02…dark08` (mixed with black likewise).
public enum PaletteShades {
    public static let names: [String] = ["base"] + [2, 4, 6, 8].map { "light0\($0)" } + [2, 4, 6, 8].map { "dark0\($0)" }

    /// The shade `name` of `base`, or nil for an unknown shade name.
    public static func shade(_ name: String, of base: RGBA) -> RGBA? {
        if name == "base" { return base }
        for step in [2, 4, 6, 8] {
            if name == "light0\(step)" { return base.mixed(with: .white, amount: Double(step) / 10) }
            if name == "dark0\(step)" { return base.mixed(with: .black, amount: Double(step) / 10) }
        }
        return nil
    }

    /// Every shade of `base`, in `names` order.
    public static func all(of base: RGBA) -> [(name: String, color: RGBA)] {
        names.compactMap { name in shade(name, of: base).map { (name, $0) } }
    }
}
