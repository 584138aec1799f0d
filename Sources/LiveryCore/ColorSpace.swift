import Foundation

/// The colour spaces of the DTCG 2025.10 colour module, each with the conversion
/// to sRGB that CSS Color 4 defines for it.
public enum ColorSpace: String, Sendable, CaseIterable {
    case srgb
    case srgbLinear = "srgb-linear"
    case hsl, hwb, lab, lch, oklab, oklch
    case displayP3 = "display-p3"
    case a98RGB = "a98-rgb"
    case proPhotoRGB = "prophoto-rgb"
    case rec2020
    case xyzD65 = "xyz-d65"
    case xyzD50 = "xyz-d50"

    /// The components in the order `components` lists them, with the spec's ranges, for messages.
    public var componentNames: [String] {
        switch self {
        case .srgb, .srgbLinear, .displayP3, .a98RGB, .proPhotoRGB, .rec2020: ["red 0…1", "green 0…1", "blue 0…1"]
        case .hsl: ["hue 0…360", "saturation 0…100", "lightness 0…100"]
        case .hwb: ["hue 0…360", "whiteness 0…100", "blackness 0…100"]
        case .lab: ["lightness 0…100", "a", "b"]
        case .lch: ["lightness 0…100", "chroma ≥ 0", "hue 0…360"]
        case .oklab: ["lightness 0…1", "a", "b"]
        case .oklch: ["lightness 0…1", "chroma ≥ 0", "hue 0…360"]
        case .xyzD65, .xyzD50: ["X", "Y", "Z"]
        }
    }

    /// The colour in gamma-encoded sRGB, channels 0…1 when in gamut and beyond
    /// that when not (the caller clips). `none` components arrive as 0, which is
    /// how CSS Color 4 renders a missing component. Nil unless there are exactly three components.
    public func srgb(_ c: [Double]) -> [Double]? {
        guard c.count == 3 else { return nil }
        let toD65 = ColorMatrices.d50ToD65
        return switch self {
        case .srgb: c
        case .hsl: Self.hslToSRGB(hue: c[0], saturation: c[1] / 100, lightness: c[2] / 100)
        case .hwb: Self.hwbToSRGB(hue: c[0], whiteness: c[1] / 100, blackness: c[2] / 100)
        case .srgbLinear: Self.encoded(linear: c)
        case .oklab: Self.encoded(linear: Self.okLabToLinearSRGB(c))
        case .oklch: Self.encoded(linear: Self.okLabToLinearSRGB(Self.polarToCartesian(c)))
        case .displayP3: Self.encoded(xyz: ColorMatrices.displayP3ToXYZ.applied(to: TransferFunction.srgb.decode(c)))
        case .a98RGB: Self.encoded(xyz: ColorMatrices.a98ToXYZ.applied(to: TransferFunction.a98.decode(c)))
        case .rec2020: Self.encoded(xyz: ColorMatrices.rec2020ToXYZ.applied(to: TransferFunction.rec2020.decode(c)))
        case .proPhotoRGB:
            Self.encoded(xyz: toD65.applied(to: ColorMatrices.proPhotoToXYZD50.applied(to: TransferFunction.proPhoto.decode(c))))
        case .xyzD65: Self.encoded(xyz: c)
        case .xyzD50: Self.encoded(xyz: toD65.applied(to: c))
        case .lab: Self.encoded(xyz: toD65.applied(to: Self.labToXYZD50(c)))
        case .lch: Self.encoded(xyz: toD65.applied(to: Self.labToXYZD50(Self.polarToCartesian(c))))
        }
    }

    private static func encoded(linear: [Double]) -> [Double] {
        TransferFunction.srgb.encode(linear)
    }

    private static func encoded(xyz: [Double]) -> [Double] {
        TransferFunction.srgb.encode(ColorMatrices.xyzToLinearSRGB.applied(to: xyz))
    }

    /// Hue-based spaces: the hue is an angle, so any number names one (370 is 10).
    static func normalisedHue(_ hue: Double) -> Double {
        let turn = hue.truncatingRemainder(dividingBy: 360)
        return turn < 0 ? turn + 360 : turn
    }

    /// CSS Color 4's HSL: each channel is the lightness moved by up to
    /// `saturation × min(l, 1 − l)` along a piecewise-linear wave of the hue.
    private static func hslToSRGB(hue: Double, saturation: Double, lightness: Double) -> [Double] {
        let h = normalisedHue(hue)
        let amplitude = saturation * min(lightness, 1 - lightness)
        func channel(_ offset: Double) -> Double {
            let k = (offset + h / 30).truncatingRemainder(dividingBy: 12)
            return lightness - amplitude * max(-1, min(k - 3, 9 - k, 1))
        }
        return [channel(0), channel(8), channel(4)]
    }

    /// HWB: the pure hue, mixed with white and black; when they add up to 1 or more
    /// the colour is the grey of their ratio.
    private static func hwbToSRGB(hue: Double, whiteness: Double, blackness: Double) -> [Double] {
        if whiteness + blackness >= 1 {
            let grey = whiteness / (whiteness + blackness)
            return [grey, grey, grey]
        }
        return hslToSRGB(hue: hue, saturation: 1, lightness: 0.5).map { $0 * (1 - whiteness - blackness) + whiteness }
    }

    /// [lightness, chroma, hue in degrees] → [lightness, a, b]; a negative chroma is 0, as CSS clamps it.
    static func polarToCartesian(_ c: [Double]) -> [Double] {
        let chroma = max(0, c[1])
        let radians = normalisedHue(c[2]) * .pi / 180
        return [c[0], chroma * cos(radians), chroma * sin(radians)]
    }

    /// CIE Lab (D50) → XYZ (D50), with the CIE's exact ε and κ.
    private static func labToXYZD50(_ c: [Double]) -> [Double] {
        let epsilon = 216.0 / 24389
        let kappa = 24389.0 / 27
        let fy = (c[0] + 16) / 116
        let fx = c[1] / 500 + fy
        let fz = fy - c[2] / 200
        func inverse(_ f: Double) -> Double {
            let cube = f * f * f
            return cube > epsilon ? cube : (116 * f - 16) / kappa
        }
        let y = c[0] > kappa * epsilon ? fy * fy * fy : c[0] / kappa
        let white = Chromaticity.d50.xyz
        return [inverse(fx) * white[0], y * white[1], inverse(fz) * white[2]]
    }

    /// OKLab → linear sRGB: back through the cube-rooted cone responses.
    static func okLabToLinearSRGB(_ c: [Double]) -> [Double] {
        let lms = ColorMatrices.okLabToLMS.applied(to: c).map { $0 * $0 * $0 }
        return ColorMatrices.lmsToLinearSRGB.applied(to: lms)
    }
}

/// The curves between a space's encoded components and linear light. Each is odd
/// (mirrored below 0), as CSS Color 4 extends them, so out-of-gamut values keep their sign.
/// Rec. 2020 is display-referred, as CSS Color 4 decided in 2025 (csswg-drafts #12574):
/// the BT.1886 display curve, a pure 2.4 gamma, rather than BT.2020's camera curve.
enum TransferFunction {
    case srgb, a98, proPhoto, rec2020

    func decode(_ values: [Double]) -> [Double] { values.map(decode) }
    func encode(_ values: [Double]) -> [Double] { values.map(encode) }

    func decode(_ value: Double) -> Double {
        let sign: Double = value < 0 ? -1 : 1
        let v = abs(value)
        switch self {
        case .srgb: return v <= 0.04045 ? value / 12.92 : sign * pow((v + 0.055) / 1.055, 2.4)
        case .a98: return sign * pow(v, 563.0 / 256)
        case .proPhoto: return v <= 16.0 / 512 ? value / 16 : sign * pow(v, 1.8)
        case .rec2020: return sign * pow(v, 2.4)
        }
    }

    func encode(_ value: Double) -> Double {
        let sign: Double = value < 0 ? -1 : 1
        let v = abs(value)
        switch self {
        case .srgb: return v <= 0.0031308 ? value * 12.92 : sign * (1.055 * pow(v, 1 / 2.4) - 0.055)
        case .a98: return sign * pow(v, 256.0 / 563)
        case .proPhoto: return v < 1.0 / 512 ? value * 16 : sign * pow(v, 1 / 1.8)
        case .rec2020: return sign * pow(v, 1 / 2.4)
        }
    }
}
