import Foundation

/// CIEDE2000 (CIE 142-2001), the colour difference that tells how far apart two
/// colours look: about 1 is the smallest difference most people notice side by side,
/// 10 and more reads as two different colours at a glance. Measured in CIE Lab relative
/// to D65, sRGB's own white (as the CIE's test data for the formula is), so no chromatic
/// adaptation comes between a colour and its distance. Pure.
package enum ColorDifference {
    /// The CIEDE2000 distance of two colours given in linear sRGB (kL = kC = kH = 1).
    package static func ciede2000(_ first: [Double], _ second: [Double]) -> Double {
        ciede2000(lab: lab(linearSRGB: first), lab: lab(linearSRGB: second))
    }

    static let linearSRGBToXYZ = ColorMatrices.xyzToLinearSRGB.inverse

    /// CIE Lab (D65) of a colour in linear sRGB, with the CIE's exact ε and κ.
    package static func lab(linearSRGB rgb: [Double]) -> [Double] {
        let xyz = linearSRGBToXYZ.applied(to: rgb)
        let white = Chromaticity.d65.xyz
        let epsilon = 216.0 / 24389
        let kappa = 24389.0 / 27
        func f(_ value: Double) -> Double { value > epsilon ? cbrt(value) : (kappa * value + 16) / 116 }
        let fx = f(xyz[0] / white[0])
        let fy = f(xyz[1] / white[1])
        let fz = f(xyz[2] / white[2])
        return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)]
    }

    /// Sharma, Wu and Dalal's (2005) statement of the formula, hue angles in degrees.
    static func ciede2000(lab first: [Double], lab second: [Double]) -> Double {
        let (l1, a1, b1) = (first[0], first[1], first[2])
        let (l2, a2, b2) = (second[0], second[1], second[2])
        let chromaMean = (hypot(a1, b1) + hypot(a2, b2)) / 2
        let c7 = pow(chromaMean, 7)
        let g = 0.5 * (1 - (c7 / (c7 + pow(25, 7))).squareRoot())
        let a1p = (1 + g) * a1
        let a2p = (1 + g) * a2
        let c1p = hypot(a1p, b1)
        let c2p = hypot(a2p, b2)
        func hue(_ b: Double, _ a: Double) -> Double {
            guard a != 0 || b != 0 else { return 0 }
            let degrees = atan2(b, a) * 180 / .pi
            return degrees < 0 ? degrees + 360 : degrees
        }
        let h1p = hue(b1, a1p)
        let h2p = hue(b2, a2p)
        let deltaL = l2 - l1
        let deltaC = c2p - c1p
        var deltaH = 0.0
        if c1p * c2p != 0 {
            deltaH = h2p - h1p
            if deltaH > 180 { deltaH -= 360 } else if deltaH < -180 { deltaH += 360 }
        }
        let deltaBigH = 2 * (c1p * c2p).squareRoot() * sin(deltaH * .pi / 360)
        let lMean = (l1 + l2) / 2
        let cMean = (c1p + c2p) / 2
        var hMean = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 {
                hMean /= 2
            } else {
                hMean = hMean < 360 ? (hMean + 360) / 2 : (hMean - 360) / 2
            }
        }
        func cosine(_ degrees: Double) -> Double { cos(degrees * .pi / 180) }
        let t = 1 - 0.17 * cosine(hMean - 30) + 0.24 * cosine(2 * hMean) + 0.32 * cosine(3 * hMean + 6) - 0.20 * cosine(4 * hMean - 63)
        let deltaTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
        let cMean7 = pow(cMean, 7)
        let rc = 2 * (cMean7 / (cMean7 + pow(25, 7))).squareRoot()
        let lShift = pow(lMean - 50, 2)
        let sl = 1 + 0.015 * lShift / (20 + lShift).squareRoot()
        let sc = 1 + 0.045 * cMean
        let sh = 1 + 0.015 * cMean * t
        let rt = -sin(2 * deltaTheta * .pi / 180) * rc
        let terms = [deltaL / sl, deltaC / sc, deltaBigH / sh]
        return (terms[0] * terms[0] + terms[1] * terms[1] + terms[2] * terms[2] + rt * terms[1] * terms[2]).squareRoot()
    }
}
