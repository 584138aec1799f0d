import Foundation

// CSS Color 4's gamut mapping (§13.2, "CSS gamut map"): a colour outside an RGB
// display's gamut keeps its OKLCH lightness and hue and loses chroma, by binary
// search, until clipping what is left changes it by less than a just-noticeable
// difference (ΔEOK 0.02). That is what a browser shows for the colour on that
// display, so it is the fallback livery writes where only that gamut can be said.

/// An RGB display gamut with the sRGB transfer curve: sRGB itself or Display P3.
public enum RGBGamut: String, Sendable, CaseIterable {
    case srgb
    case displayP3 = "display-p3"

    /// Linear sRGB → this gamut's linear components.
    var fromLinearSRGB: ColorMatrix {
        switch self {
        case .srgb: ColorMatrix.identity
        case .displayP3: ColorMatrices.displayP3ToXYZ.inverse * ColorMatrices.xyzToLinearSRGB.inverse
        }
    }

    /// This gamut's linear components → linear sRGB.
    var toLinearSRGB: ColorMatrix {
        switch self {
        case .srgb: ColorMatrix.identity
        case .displayP3: ColorMatrices.xyzToLinearSRGB * ColorMatrices.displayP3ToXYZ
        }
    }
}

/// Conversions through linear sRGB, the hub every livery colour passes: unbounded,
/// so a colour outside sRGB keeps its exact value until a gamut is chosen.
enum OKLab {
    /// Linear sRGB → OKLab [L, a, b].
    static func fromLinearSRGB(_ rgb: [Double]) -> [Double] {
        let lms = ColorMatrices.linearSRGBToLMS.applied(to: rgb).map { cbrt($0) }
        return ColorMatrices.lmsToOKLab.applied(to: lms)
    }

    /// OKLab → linear sRGB.
    static func toLinearSRGB(_ lab: [Double]) -> [Double] {
        ColorSpace.okLabToLinearSRGB(lab)
    }

    /// OKLab → OKLCH [L, C, H in degrees 0..<360].
    static func polar(_ lab: [Double]) -> [Double] {
        let chroma = (lab[1] * lab[1] + lab[2] * lab[2]).squareRoot()
        var hue = atan2(lab[2], lab[1]) * 180 / .pi
        if hue < 0 { hue += 360 }
        return [lab[0], chroma, hue]
    }

    /// ΔEOK: the Euclidean distance in OKLab.
    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        let d0 = a[0] - b[0]
        let d1 = a[1] - b[1]
        let d2 = a[2] - b[2]
        return (d0 * d0 + d1 * d1 + d2 * d2).squareRoot()
    }
}

enum GamutMapping {
    /// ΔEOK below which two colours look the same (CSS Color 4's JND).
    static let justNoticeable = 0.02
    /// How close the chroma search gets before it stops.
    static let epsilon = 0.0001

    /// Encoded components (0…1 when in gamut) of a colour given in linear sRGB,
    /// gamut mapped into `gamut` as CSS Color 4 does it.
    static func map(linearSRGB origin: [Double], into gamut: RGBGamut) -> [Double] {
        func encoded(_ linear: [Double]) -> [Double] {
            TransferFunction.srgb.encode(gamut.fromLinearSRGB.applied(to: linear))
        }
        func clipped(_ values: [Double]) -> [Double] { values.map { min(1, max(0, $0)) } }
        func isInGamut(_ values: [Double]) -> Bool { values.allSatisfy { $0 >= -inGamutTolerance && $0 <= 1 + inGamutTolerance } }
        func okLab(encoded values: [Double]) -> [Double] {
            OKLab.fromLinearSRGB(gamut.toLinearSRGB.applied(to: TransferFunction.srgb.decode(values)))
        }

        let direct = encoded(origin)
        if isInGamut(direct) { return clipped(direct) }
        let lch = OKLab.polar(OKLab.fromLinearSRGB(origin))
        // Lightness comes back through two matrices, so the ends are matched within rounding.
        if lch[0] >= 1 - inGamutTolerance { return [1, 1, 1] }
        if lch[0] <= inGamutTolerance { return [0, 0, 0] }

        func encoded(chroma: Double) -> [Double] {
            let radians = lch[2] * .pi / 180
            return encoded(OKLab.toLinearSRGB([lch[0], chroma * cos(radians), chroma * sin(radians)]))
        }
        func difference(_ values: [Double], _ clippedValues: [Double]) -> Double {
            OKLab.distance(okLab(encoded: values), okLab(encoded: clippedValues))
        }

        var current = direct
        var clip = clipped(current)
        if difference(current, clip) < justNoticeable { return clip }
        var low = 0.0
        var high = lch[1]
        var lowIsInGamut = true
        while high - low > epsilon {
            let chroma = (low + high) / 2
            current = encoded(chroma: chroma)
            if lowIsInGamut && isInGamut(current) {
                low = chroma
                continue
            }
            clip = clipped(current)
            let delta = difference(current, clip)
            if delta < justNoticeable {
                if justNoticeable - delta < epsilon { return clip }
                lowIsInGamut = false
                low = chroma
            } else {
                high = chroma
            }
        }
        return clip
    }

    /// Rounding noise of the matrices: a colour this close to the edge is in gamut
    /// (sRGB white written in Display P3 comes back as 1.0000000000000002).
    static let inGamutTolerance = 1e-9
}

extension ColorMatrix {
    static let identity = ColorMatrix.diagonal([1, 1, 1])
}
