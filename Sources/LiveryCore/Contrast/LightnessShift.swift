import Foundation

/// A colour moved along its own lightness: the same OKLCH hue and chroma at another
/// OKLCH lightness, its chroma lowered only as far as the colour's gamut needs (CSS
/// Color 4's gamut mapping, which keeps lightness and hue). Pure.
///
/// The colour stays in the space it was written in, so a brand's hex colour becomes
/// another hex colour and a Display P3 or OKLCH colour stays one: a hex colour is
/// mapped into sRGB and rounded to 8 bits, a Display P3 one into Display P3, an OKLCH
/// one into Display P3 (the widest gamut livery writes) and printed as OKLCH.
package enum LightnessShift {
    /// Chroma below which a colour is a grey (8-bit greys come out of OKLab with chroma
    /// around 1e-5, not 0).
    static let achromatic = 0.0005

    /// OKLCH lightness (0…1), chroma and hue (degrees) of a colour.
    package static func oklch(of value: ColorValue) -> [Double] {
        if value.space == .oklch { return value.components }
        return OKLab.polar(OKLab.fromLinearSRGB(value.linearSRGB))
    }

    /// `value` at OKLCH lightness `lightness` (clamped to 0…1), same hue and chroma as
    /// far as its gamut allows, same opacity, in its own space.
    package static func colour(_ value: ColorValue, lightness: Double) -> ColorValue {
        var lch = oklch(of: value)
        // A grey's hue is rounding noise: it stays a grey.
        if lch[1] < achromatic { lch[1] = 0 }
        let target = [min(1, max(0, lightness)), lch[1], lch[2]]
        // A grey at OKLab lightness L has linear light L³ in every channel; the matrices
        // would give channels a rounding apart, which 8 bits can turn into a tint.
        let cube = target[0] * target[0] * target[0]
        let linear = lch[1] == 0 ? [cube, cube, cube] : OKLab.toLinearSRGB(ColorSpace.polarToCartesian(target))
        switch value.space {
        case .srgb:
            let mapped = GamutMapping.map(linearSRGB: linear, into: .srgb)
            return ColorValue(space: .srgb, components: mapped, alpha: value.alpha)
        case .displayP3:
            let mapped = GamutMapping.map(linearSRGB: linear, into: .displayP3)
            return ColorValue(space: .displayP3, components: mapped, alpha: value.alpha)
        case .oklch:
            // The chroma the P3 gamut leaves at this lightness; the hue as written.
            let mapped = GamutMapping.map(linearSRGB: linear, into: .displayP3)
            let back = OKLab.polar(OKLab.fromLinearSRGB(RGBGamut.displayP3.toLinearSRGB.applied(to: TransferFunction.srgb.decode(mapped))))
            return ColorValue(space: .oklch, components: [target[0], min(lch[1], back[1]), lch[2]], alpha: value.alpha)
        }
    }
}
