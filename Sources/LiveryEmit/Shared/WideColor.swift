import LiveryCore
import LiveryTargets

/// How outputs that speak Display P3 write a colour written beyond hex: its red,
/// green and blue in Display P3, and plain decimals for them.
///
/// A `color(display-p3 …)` colour keeps its components exactly; an `oklch(…)`
/// colour is converted to Display P3 (gamut mapped, as CSS Color 4 maps it, if it
/// lies beyond even that) and rounded to six decimals, finer than any display's steps.
enum WideColor {
    /// Red, green, blue 0…1 in Display P3.
    static func displayP3(_ color: ColorValue) -> [Double] {
        if color.space == .displayP3 { return color.components }
        return color.components(in: .displayP3).map { ($0 * 1_000_000).rounded() / 1_000_000 }
    }

    /// A plain decimal (never an exponent) to six places at most, with at least
    /// `places` decimals: `0.2` → `"0.200"` for three.
    static func decimal(_ value: Double, places: Int = 1) -> String {
        let millionths = Int64((abs(value) * 1_000_000).rounded())
        let whole = millionths / 1_000_000
        var fraction = String(millionths % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.count > places, fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && millionths != 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}

extension WideColor {
    /// Whether any colour of the style, a token's or a component's own, is written
    /// beyond hex: only such a style's files change shape for it.
    static func isUsed(in style: ResolvedStyle) -> Bool {
        if style.colors.values.contains(where: { $0.wide != nil }) { return true }
        return style.components.values.contains { variants in
            variants.values.contains { properties in
                properties.values.contains { if case .color(let token, _) = $0 { token.wide != nil } else { false } }
            }
        }
    }
}
