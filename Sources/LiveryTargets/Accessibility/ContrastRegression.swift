import LiveryCore

/// A release that lowers access: a colour pair of the app's contract that met its target
/// in one revision and misses it in the next, in one appearance (light and dark against
/// the normal target, high contrast against WCAG AAA). Pure.
package struct ContrastRegression: Sendable, Hashable {
    package var pair: ColorPair
    /// `light`, `dark`, `highContrastLight` or `highContrastDark`.
    package var appearance: String
    package var before: Double
    package var after: Double
    package var target: Double

    /// The pairs of `head`'s contract that `base` met and `head` does not, in pair order then
    /// appearance order. A high-contrast appearance a style does not have is its normal one,
    /// as every platform shows it.
    package static func find(base: ResolvedStyle, head: ResolvedStyle, pairs: [ColorPair], contrastMinimum: Double) -> [ContrastRegression]
    {
        var found: [ContrastRegression] = []
        for pair in pairs.sorted() {
            for appearance in ["light", "dark", "highContrastLight", "highContrastDark"] {
                let target =
                    appearance.hasPrefix("highContrast")
                    ? pair.use.highContrastTarget : pair.use.normalTarget(contrastMinimum: contrastMinimum)
                guard let before = ratio(pair, appearance, in: base), let after = ratio(pair, appearance, in: head),
                    PairContrast.meets(before, target), !PairContrast.meets(after, target)
                else { continue }
                found.append(ContrastRegression(pair: pair, appearance: appearance, before: before, after: after, target: target))
            }
        }
        return found
    }

    static func ratio(_ pair: ColorPair, _ appearance: String, in style: ResolvedStyle) -> Double? {
        guard let text = style.colors[pair.text]?.appearance(appearance)?.lightValue,
            let back = style.colors[pair.background]?.appearance(appearance)?.lightValue
        else { return nil }
        return PairContrast.ratio(text, on: back)
    }

    /// `colors.onPrimary on colors.primary in light: 4.61:1 → 3.9:1, below 4.5:1`.
    package var text: String {
        "colors.\(pair.text) on colors.\(pair.background) in \(appearance): \(ContrastRatioText.text(before)):1 → \(ContrastRatioText.text(after)):1, below \(ContrastRatioText.text(target)):1"
    }
}
