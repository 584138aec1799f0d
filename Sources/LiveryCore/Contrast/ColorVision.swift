/// The three colour vision deficiencies a dichromat has, simulated on a colour in
/// linear-light sRGB: what someone missing one kind of cone sees in its place. Pure.
///
/// Protanopia and deuteranopia follow Machado, Oliveira and Fernandes (2009) at full
/// severity: one published 3×3 matrix each, applied in linear sRGB. Tritanopia follows
/// Brettel, Viénot and Mollon (1997): in cone space (LMS), the colour is projected along
/// the missing S axis onto one of two half-planes, each spanned by the neutral axis and
/// the LMS of a monochromatic light a tritanope sees as a tritanope sees it (485 nm and
/// 660 nm); which half-plane is the side of the plane through the neutral and S axes the
/// colour lies on.
package enum ColorDeficiency: String, Sendable, Hashable, CaseIterable {
    case protanopia, deuteranopia, tritanopia

    /// The colour as the deficiency sees it, in linear sRGB, clamped to 0…1 (what a
    /// display can show; the models' small excursions beyond it are no colour).
    package func simulate(linearSRGB rgb: [Double]) -> [Double] {
        let seen: [Double]
        switch self {
        case .protanopia: seen = Self.machadoProtanopia.applied(to: rgb)
        case .deuteranopia: seen = Self.machadoDeuteranopia.applied(to: rgb)
        case .tritanopia: seen = Brettel.tritanopia(rgb)
        }
        return seen.map { min(1, max(0, $0)) }
    }

    /// `value` as the deficiency sees it, as the nearest 8-bit sRGB colour (opaque).
    package func simulate(_ value: ColorValue) -> RGBA {
        let encoded = TransferFunction.srgb.encode(simulate(linearSRGB: value.linearSRGB))
        func byte(_ component: Double) -> UInt8 { UInt8(max(0, min(255, (component * 255).rounded()))) }
        return RGBA(red: byte(encoded[0]), green: byte(encoded[1]), blue: byte(encoded[2]))
    }

    /// Machado et al. 2009, table of simulation matrices, severity 1.0.
    static let machadoProtanopia = ColorMatrix([
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ])
    static let machadoDeuteranopia = ColorMatrix([
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ])

    /// Brettel et al. 1997 for the missing S cone, in the cone space of Viénot, Brettel and
    /// Mollon (1999): linear sRGB → Smith and Pokorny's LMS, as that paper publishes it.
    enum Brettel {
        static let linearSRGBToLMS = ColorMatrix([
            [0.178824041258, 0.4351609057, 0.04119349692],
            [0.034556423182, 0.27155382458, 0.03867130836],
            [0.000299565576, 0.0018430896, 0.01467086136],
        ])
        static let lmsToLinearSRGB = linearSRGBToLMS.inverse
        /// The neutral axis: sRGB white in LMS.
        static let white = linearSRGBToLMS.applied(to: [1, 1, 1])
        /// CIE 1931 2° colour matching functions (x̄, ȳ, z̄) at 485 nm and 660 nm.
        static let anchor485 = lms(xyz: [0.05795001, 0.1693, 0.6162])
        static let anchor660 = lms(xyz: [0.1649, 0.061, 0])
        /// The normal of the plane holding the neutral axis and the S axis, which separates the two half-planes.
        static let separation = cross(white, [0, 0, 1])
        static let wing485 = projection(anchor485)
        static let wing660 = projection(anchor660)
        static let side660 = dot(anchor660, separation) > 0

        static func tritanopia(_ rgb: [Double]) -> [Double] {
            let lms = linearSRGBToLMS.applied(to: rgb)
            let wing = (dot(lms, separation) > 0) == side660 ? wing660 : wing485
            return lmsToLinearSRGB.applied(to: wing.applied(to: lms))
        }

        static func lms(xyz: [Double]) -> [Double] {
            linearSRGBToLMS.applied(to: ColorMatrices.xyzToLinearSRGB.applied(to: xyz))
        }

        /// Keeps L and M and replaces S by the value that puts the colour on the plane
        /// through the origin, the neutral axis and `anchor`.
        static func projection(_ anchor: [Double]) -> ColorMatrix {
            let n = cross(white, anchor)
            return ColorMatrix([[1, 0, 0], [0, 1, 0], [-n[0] / n[2], -n[1] / n[2], 0]])
        }

        static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
            [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
        }

        static func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    }
}

extension ColorDeficiency {
    /// The simulation as a renderer that applies 3×3 matrices to linear sRGB (an SVG filter
    /// in `linearRGB`) draws it: one matrix for protanopia and deuteranopia; for tritanopia
    /// the two half-planes' matrices and the weights of the plane between them (a colour
    /// whose weighted sum is above 0 takes `positive`). Values before clamping.
    package var linearMatrices: (positive: [[Double]], negative: [[Double]], separation: [Double]) {
        switch self {
        case .protanopia: return (Self.machadoProtanopia.rows, Self.machadoProtanopia.rows, [0, 0, 0])
        case .deuteranopia: return (Self.machadoDeuteranopia.rows, Self.machadoDeuteranopia.rows, [0, 0, 0])
        case .tritanopia:
            let toLMS = Brettel.linearSRGBToLMS
            let wing660 = Brettel.lmsToLinearSRGB * Brettel.wing660 * toLMS
            let wing485 = Brettel.lmsToLinearSRGB * Brettel.wing485 * toLMS
            // separation · (M rgb) = (Mᵀ separation) · rgb
            let weights = (0..<3).map { column in (0..<3).reduce(0.0) { $0 + toLMS.rows[$1][column] * Brettel.separation[$1] } }
            return Brettel.side660 ? (wing660.rows, wing485.rows, weights) : (wing485.rows, wing660.rows, weights)
        }
    }
}
