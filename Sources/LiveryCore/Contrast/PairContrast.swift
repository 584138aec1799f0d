/// The WCAG 2 contrast ratio of one colour drawn on another, as livery's checks
/// measure it: two hex colours on their 8-bit channels (WCAG's formula exactly), a
/// pair with a Display P3 or OKLCH colour on the colours' own components in linear
/// light. Pure.
package enum PairContrast {
    package static func ratio(_ text: ColorValue, on background: ColorValue) -> Double {
        if text.isHex, background.isHex { return text.srgb.contrastRatio(on: background.srgb) }
        return text.contrastRatio(on: background)
    }

    /// Whether `ratio` meets `target`, with the tolerance every contrast check uses.
    package static func meets(_ ratio: Double, _ target: Double) -> Bool {
        ratio + 1e-9 >= target
    }
}
