import LiveryTestSupport
import Testing

@testable import LiveryImage

/// The first steps of scaling an icon halve it; an exact halving is computed by
/// livery itself and must give libgd's resampler's bytes, so icons (and the
/// icon cache's entries) stay as they were.
@Suite struct HalvingTests {
    /// Colours and alpha from a fixed pseudo-random sequence, with wholly
    /// transparent and wholly opaque 2×2 blocks among them.
    static func mixed(width: Int, height: Int) -> [UInt8] {
        var state: UInt32 = 0x9E37_79B9
        func next() -> UInt8 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return TestFiles.png(width: width, height: height, alpha: true) { x, y in
            let block = (x / 2 + y / 2) % 5
            let alpha: UInt8 = block == 0 ? 0 : block == 1 ? 255 : next()
            return (next(), next(), next(), alpha)
        }
    }

    @Test(arguments: [(64, 64), (2, 2), (130, 34)])
    func anExactHalvingGivesLibgdsBytes(width: Int, height: Int) throws {
        let image = try GDImage.decode(png: Self.mixed(width: width, height: height))
        let halved = try image.halved()
        let reference = try GDImage.blank(PixelSize(width: width / 2, height: height / 2))
        image.resample(into: reference)
        #expect(halved.size == reference.size)
        #expect(try halved.png(alpha: true) == reference.png(alpha: true))
    }

    @Test func anOddSizeIsLeftToLibgd() throws {
        let image = try GDImage.decode(png: Self.mixed(width: 65, height: 33))
        let halved = try image.halved()
        #expect(halved.size == PixelSize(width: 32, height: 16))
        let reference = try GDImage.blank(PixelSize(width: 32, height: 16))
        image.resample(into: reference)
        #expect(try halved.png(alpha: true) == reference.png(alpha: true))
    }

    @Test func aTransparentBlockIsTransparentBlackAndColoursAreWeightedByOpacity() throws {
        // Left block: all transparent. Right block: one opaque red pixel, three
        // transparent green ones, so the colour is red's.
        let png = TestFiles.png(width: 4, height: 2, alpha: true) { x, y in
            x < 2 ? (200, 100, 50, 0) : (x == 2 && y == 0 ? (255, 0, 0, 255) : (0, 255, 0, 0))
        }
        let halved = try GDImage.decode(png: png).halved()
        let (size, rgba) = try PNGResampler.pixels(ofPNG: halved.png(alpha: true))
        #expect(size == PixelSize(width: 2, height: 1))
        #expect(Array(rgba[0..<4]) == [0, 0, 0, 0])
        // Alpha is the plain mean of gd's 7-bit alphas: (0 + 3 × 127) / 4 = 95.25,
        // so 95, which reads back as (127 − 95) × 2.
        #expect(Array(rgba[4..<7]) == [255, 0, 0])
        #expect(rgba[7] == 64)
    }
}
