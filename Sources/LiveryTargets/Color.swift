import Foundation
import LiveryCore

/// Tonal shades of a palette colour: `base`, `light02…light08` (mixed with white
/// by 20/40/60/80 %) and `dark02…dark08` (mixed with black likewise).
///
/// A colour is mixed in the space it was written in, as CSS `color-mix(in <space>,
/// base, white 20%)` does: hex in sRGB (rounded to 8 bits, as always),
/// `color(display-p3 …)` in Display P3 (its red, green, blue and alpha move
/// towards white's or black's), `oklch(…)` in OKLCH (lightness and chroma move
/// towards white's 1 0 or black's 0 0, the hue stays, as CSS keeps the hue of the
/// colour that has one). Wide shades are printed with four decimals; their sRGB
/// fallback is their own gamut mapping.
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

    /// The shade `name` of a base written in any space, or nil for an unknown shade name.
    public static func shade(_ name: String, of base: ColorValue) -> ColorValue? {
        if base.isHex { return shade(name, of: base.srgb).map(ColorValue.init) }
        if name == "base" { return base }
        for step in [2, 4, 6, 8] {
            let amount = Double(step) / 10
            if name == "light0\(step)" { return mixed(base, towardsWhite: true, amount: amount) }
            if name == "dark0\(step)" { return mixed(base, towardsWhite: false, amount: amount) }
        }
        return nil
    }

    /// Every shade of `base`, in `names` order.
    public static func all(of base: ColorValue) -> [(name: String, color: ColorValue)] {
        names.compactMap { name in shade(name, of: base).map { (name, $0) } }
    }

    private static func mixed(_ base: ColorValue, towardsWhite: Bool, amount: Double) -> ColorValue {
        func mix(_ value: Double, _ target: Double) -> Double { value * (1 - amount) + target * amount }
        let c = base.components
        let target = towardsWhite ? 1.0 : 0.0
        let components: [Double] =
            switch base.space {
            case .oklch: [mix(c[0], target), mix(c[1], 0), c[2]]
            case .srgb, .displayP3: c.map { mix($0, target) }
            }
        return ColorValue(space: base.space, components: components, alpha: mix(base.alpha, 1))
    }

    /// Every shade of `base`, in `names` order.
    public static func all(of base: RGBA) -> [(name: String, color: RGBA)] {
        names.compactMap { name in shade(name, of: base).map { (name, $0) } }
    }
}
