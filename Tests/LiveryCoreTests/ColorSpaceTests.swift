import Testing

@testable import LiveryCore

/// Each colour space's conversion to sRGB against values computed independently
/// (ColorAide, a CSS Color 4 implementation), before clipping and rounding: the
/// spec's own "hot pink" examples, known reds, and a colour inside sRGB for each space.
@Suite struct ColorSpaceTests {
    /// Space, components (nil = `none`), sRGB channels unclipped.
    static let references: [(String, [Double?], [Double])] = [
        ("srgb-linear", [1, 0, 1], [1.0, 0.0, 1.0]),
        ("srgb-linear", [0.2, 0.5, 0.8], [0.484529, 0.735357, 0.906332]),
        ("hsl", [330, 100, 50], [1.0, 0.0, 0.5]),
        ("hsl", [120, 100, 25], [0.0, 0.5, 0.0]),
        ("hsl", [nil, 0, 100], [1.0, 1.0, 1.0]),
        ("hsl", [-30, 100, 50], [1.0, 0.0, 0.5]),
        ("hwb", [330, 0, 0], [1.0, 0.0, 0.5]),
        ("hwb", [200, 60, 60], [0.5, 0.5, 0.5]),
        ("hwb", [90, 20, 30], [0.45, 0.7, 0.2]),
        ("lab", [60.17, 93.54, -60.5], [1.000017, 3.8e-05, 1.000007]),
        ("lab", [54.29, 80.82, 69.88], [1.000062, -0.000673, 0.000204]),
        ("lab", [53.24, 80.09, 67.2], [0.982335, -0.020057, 0.025915]),
        ("lch", [60.17, 111.4, 327.11], [1.000058, -0.000214, 0.99996]),
        ("lch", [50, 30, nil], [0.649582, 0.385878, 0.471578]),
        ("oklab", [0.701, 0.2746, -0.169], [0.999167, -0.004691, 0.998714]),
        ("oklab", [0.5, -0.05, 0.1], [0.375735, 0.417916, 0.031141]),
        ("oklch", [0.7016, 0.3225, 328.363], [0.999901, -0.000661, 0.999914]),
        ("oklch", [0.628, 0.2577, 29.23], [1.000093, -2.5e-05, 0.000261]),
        ("oklch", [0.6, 0.1, 200], [0.050239, 0.571578, 0.594809]),
        ("display-p3", [1, 0, 1], [1.093066, -0.226742, 1.033806]),
        ("display-p3", [0.9175, 0.2003, 0.1386], [1.000013, 4.2e-05, 0.000108]),
        ("display-p3", [0.3, 0.6, 0.4], [0.143097, 0.608757, 0.38024]),
        ("a98-rgb", [1, 0, 1], [1.158183, 0.0, 1.01864]),
        ("a98-rgb", [0.4, 0.5, 0.6], [0.348621, 0.503993, 0.609525]),
        ("prophoto-rgb", [1, 0, 1], [1.269923, -0.518694, 1.064584]),
        ("prophoto-rgb", [0.4, 0.5, 0.6], [0.271029, 0.591386, 0.678214]),
        ("rec2020", [1, 0, 1], [1.224085, -0.400045, 1.04298]),
        ("rec2020", [0.4, 0.5, 0.6], [0.251397, 0.482705, 0.590214]),
        ("xyz-d65", [0.5929, 0.2848, 0.9699], [1.000054, -0.001095, 1.000021]),
        ("xyz-d65", [0.2, 0.25, 0.3], [0.372284, 0.572703, 0.563156]),
        ("xyz-d50", [0.5791, 0.2831, 0.728], [0.999953, 0.000227, 0.999986]),
        ("xyz-d50", [0.2, 0.25, 0.3], [0.304093, 0.577881, 0.648999]),
    ]

    @Test(arguments: 0..<references.count)
    func convertsToTheReferenceSRGB(_ index: Int) throws {
        let (name, components, expected) = Self.references[index]
        let space = try #require(ColorSpace(rawValue: name))
        let srgb = try #require(space.srgb(components.map { $0 ?? 0 }))
        for channel in 0..<3 {
            // Within a tenth of an 8-bit step: the matrices are derived here, not copied, so they differ in the last digits.
            #expect(
                abs(srgb[channel] - expected[channel]) < 0.0004,
                "\(name) \(components) channel \(channel): \(srgb[channel]) vs \(expected[channel])")
        }
    }

    @Test func everySpaceOfTheSpecIsKnown() {
        let spec = [
            "srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "display-p3", "a98-rgb",
            "prophoto-rgb", "rec2020", "xyz-d65", "xyz-d50",
        ]
        #expect(ColorSpace.allCases.map(\.rawValue) == spec)
        let tested = Set(Self.references.map(\.0) + ["srgb"])
        #expect(tested == Set(spec))
    }

    @Test func whiteIsWhiteInEverySpace() throws {
        let white: [ColorSpace: [Double]] = [
            .srgb: [1, 1, 1], .srgbLinear: [1, 1, 1], .hsl: [0, 0, 100], .hwb: [0, 100, 0], .lab: [100, 0, 0],
            .lch: [100, 0, 0], .oklab: [1, 0, 0], .oklch: [1, 0, 0], .displayP3: [1, 1, 1], .a98RGB: [1, 1, 1],
            .proPhotoRGB: [1, 1, 1], .rec2020: [1, 1, 1],
            .xyzD65: Chromaticity.d65.xyz, .xyzD50: Chromaticity.d50.xyz,
        ]
        for space in ColorSpace.allCases {
            let components = try #require(white[space])
            let srgb = try #require(space.srgb(components))
            for channel in srgb { #expect(abs(channel - 1) < 0.0005, "\(space.rawValue): \(srgb)") }
        }
    }

    @Test func aNonsenseNumberOfComponentsHasNoColour() {
        #expect(ColorSpace.srgb.srgb([1, 0]) == nil)
        #expect(ColorSpace.oklch.srgb([1, 0, 0, 0]) == nil)
    }

    @Test func transferFunctionsAreInversesAndOdd() {
        for curve in [TransferFunction.srgb, .a98, .proPhoto, .rec2020] {
            for value in [-0.5, -0.01, 0, 0.001, 0.02, 0.3, 0.75, 1, 1.2] {
                #expect(abs(curve.encode(curve.decode(value)) - value) < 1e-12, "\(curve) \(value)")
                #expect(curve.decode(-value) == -curve.decode(value))
            }
        }
    }

    @Test func bradfordAdaptationMapsD50WhiteOntoD65White() {
        let adapted = ColorMatrices.d50ToD65.applied(to: Chromaticity.d50.xyz)
        let white = Chromaticity.d65.xyz
        for i in 0..<3 { #expect(abs(adapted[i] - white[i]) < 1e-12) }
    }
}
