// The linear algebra of colour conversion: 3×3 matrices built from each space's
// primaries and white point, as CSS Color 4 defines the spaces, rather than typed-in
// tables of rounded numbers, so every matrix is as exact as a Double allows and the
// way each was made can be read.

/// A 3×3 matrix acting on column vectors of three components.
struct ColorMatrix: Sendable, Equatable {
    var rows: [[Double]]

    init(_ rows: [[Double]]) {
        self.rows = rows
    }

    static func diagonal(_ values: [Double]) -> ColorMatrix {
        ColorMatrix([[values[0], 0, 0], [0, values[1], 0], [0, 0, values[2]]])
    }

    func applied(to v: [Double]) -> [Double] {
        rows.map { row in
            let terms: [Double] = [row[0] * v[0], row[1] * v[1], row[2] * v[2]]
            return terms[0] + terms[1] + terms[2]
        }
    }

    static func * (a: ColorMatrix, b: ColorMatrix) -> ColorMatrix {
        var product: [[Double]] = Array(repeating: [0, 0, 0], count: 3)
        for i in 0..<3 {
            for j in 0..<3 {
                var sum = 0.0
                for k in 0..<3 { sum += a.rows[i][k] * b.rows[k][j] }
                product[i][j] = sum
            }
        }
        return ColorMatrix(product)
    }

    /// The inverse by cofactors. Every matrix here comes from three independent
    /// primaries (or a published, invertible transform), so the determinant is far from 0.
    var inverse: ColorMatrix {
        let m = rows
        func cofactor(_ r: Int, _ c: Int) -> Double {
            let r1 = (r + 1) % 3
            let r2 = (r + 2) % 3
            let c1 = (c + 1) % 3
            let c2 = (c + 2) % 3
            return m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1]
        }
        let determinant = m[0][0] * cofactor(0, 0) + m[0][1] * cofactor(0, 1) + m[0][2] * cofactor(0, 2)
        // Transposed cofactors over the determinant.
        return ColorMatrix((0..<3).map { i in (0..<3).map { j in cofactor(j, i) / determinant } })
    }
}

/// A chromaticity (CIE 1931 x, y).
struct Chromaticity: Sendable {
    var x: Double
    var y: Double

    /// The XYZ of this chromaticity with luminance Y = 1.
    var xyz: [Double] { [x / y, 1, (1 - x - y) / y] }

    /// The two white points CSS Color 4 uses, to four decimals as it gives them.
    static let d65 = Chromaticity(x: 0.3127, y: 0.3290)
    static let d50 = Chromaticity(x: 0.3457, y: 0.3585)
}

enum ColorMatrices {
    /// Linear RGB → XYZ for a space with these primaries and white: the primaries'
    /// XYZ as columns, each scaled so that RGB (1, 1, 1) lands on the white.
    static func rgbToXYZ(red: Chromaticity, green: Chromaticity, blue: Chromaticity, white: Chromaticity) -> ColorMatrix {
        let primaries = [red.xyz, green.xyz, blue.xyz]
        let columns = ColorMatrix((0..<3).map { i in primaries.map { $0[i] } })
        let scale = columns.inverse.applied(to: white.xyz)
        return columns * .diagonal(scale)
    }

    /// The Bradford cone response matrix, which chromatic adaptation between D50 and D65 uses.
    private static let bradford = ColorMatrix([
        [0.8951, 0.2664, -0.1614],
        [-0.7502, 1.7135, 0.0367],
        [0.0389, -0.0685, 1.0296],
    ])

    /// XYZ under `source` white → XYZ under `destination` white, by scaling the Bradford cone responses.
    static func adaptation(from source: Chromaticity, to destination: Chromaticity) -> ColorMatrix {
        let s = bradford.applied(to: source.xyz)
        let d = bradford.applied(to: destination.xyz)
        return bradford.inverse * .diagonal([d[0] / s[0], d[1] / s[1], d[2] / s[2]]) * bradford
    }

    static let d50ToD65 = adaptation(from: .d50, to: .d65)

    static let xyzToLinearSRGB = rgbToXYZ(
        red: Chromaticity(x: 0.64, y: 0.33), green: Chromaticity(x: 0.30, y: 0.60), blue: Chromaticity(x: 0.15, y: 0.06), white: .d65
    ).inverse

    static let displayP3ToXYZ = rgbToXYZ(
        red: Chromaticity(x: 0.680, y: 0.320), green: Chromaticity(x: 0.265, y: 0.690), blue: Chromaticity(x: 0.150, y: 0.060), white: .d65
    )

    static let a98ToXYZ = rgbToXYZ(
        red: Chromaticity(x: 0.64, y: 0.33), green: Chromaticity(x: 0.21, y: 0.71), blue: Chromaticity(x: 0.15, y: 0.06), white: .d65
    )

    static let rec2020ToXYZ = rgbToXYZ(
        red: Chromaticity(x: 0.708, y: 0.292), green: Chromaticity(x: 0.170, y: 0.797), blue: Chromaticity(x: 0.131, y: 0.046), white: .d65
    )

    /// ProPhoto RGB is defined under D50 (its XYZ is then adapted to D65).
    static let proPhotoToXYZD50 = rgbToXYZ(
        red: Chromaticity(x: 0.734699, y: 0.265301), green: Chromaticity(x: 0.159597, y: 0.840403),
        blue: Chromaticity(x: 0.036598, y: 0.000105), white: .d50
    )

    // OKLab is defined by two published matrices (Björn Ottosson, 2020): linear sRGB →
    // approximate cone responses, and cube-rooted cone responses → L, a, b. They are the
    // definition of the space, so they are written out; their inverses are computed.
    // Going through linear sRGB (not XYZ) keeps sRGB white at exactly a = b = 0, as CSS Color 4 does.
    static let linearSRGBToLMS = ColorMatrix([
        [0.4122214708, 0.5363325363, 0.0514459929],
        [0.2119034982, 0.6806995451, 0.1073969566],
        [0.0883024619, 0.2817188376, 0.6299787005],
    ])
    static let lmsToOKLab = ColorMatrix([
        [0.2104542553, 0.7936177850, -0.0040720468],
        [1.9779984951, -2.4285922050, 0.4505937099],
        [0.0259040371, 0.7827717662, -0.8086757660],
    ])
    static let okLabToLMS = lmsToOKLab.inverse
    static let lmsToLinearSRGB = linearSRGBToLMS.inverse
}
