import LiveryImage
import LiveryTestSupport
import Testing

@Suite struct PNGResamplerTests {
    /// Left half red, right half blue: resampling must keep both sides where they were.
    static let split = TestFiles.png(width: 256, height: 256, alpha: false) { x, _ in x < 128 ? (255, 0, 0, 255) : (0, 0, 255, 255) }

    @Test func makesEverySizeAskedFor() throws {
        let sizes = [48, 72, 96, 144, 192].map(PixelSize.init)
        let made = try PNGResampler.resize(Self.split, to: sizes)
        #expect(made.keys.sorted() == sizes.sorted())
        for size in sizes {
            let bytes = try #require(made[size])
            #expect(PNGResampler.size(ofPNG: bytes) == size)
            #expect(PNGResampler.isComplete(bytes))
            let decoded = try PNGResampler.pixels(ofPNG: bytes)
            #expect(decoded.size == size)
        }
    }

    @Test func keepsTheImageWhereItWas() throws {
        let made = try #require(try PNGResampler.resize(Self.split, to: [PixelSize(48)])[PixelSize(48)])
        let (size, rgba) = try PNGResampler.pixels(ofPNG: made)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * size.width + x) * 4..<(y * size.width + x) * 4 + 4]) }
        #expect(pixel(4, 24) == [255, 0, 0, 255])
        #expect(pixel(43, 24) == [0, 0, 255, 255])
        // At the edge a real filter blends; nearest-neighbour would not.
        let edge = pixel(23, 24) + pixel(24, 24)
        #expect(edge.contains { $0 != 0 && $0 != 255 })
    }

    @Test func opaqueInputGivesRGBAndTransparentInputKeepsAlpha() throws {
        let opaque = try #require(try PNGResampler.resize(Self.split, to: [PixelSize(32)])[PixelSize(32)])
        #expect(opaque[25] == 2, "colour type RGB")
        let ring = TestFiles.png(width: 64, height: 64, alpha: true) { x, _ in (0, 128, 0, x < 32 ? 0 : 255) }
        let scaled = try #require(try PNGResampler.resize(ring, to: [PixelSize(16)])[PixelSize(16)])
        #expect(scaled[25] == 6, "colour type RGBA")
        let (_, rgba) = try PNGResampler.pixels(ofPNG: scaled)
        #expect(rgba[3] == 0)
        #expect(rgba[15 * 4 + 3] == 255)
    }

    @Test func sameBytesEveryRunAndAloneOrInABatch() throws {
        let first = try PNGResampler.resize(Self.split, to: [PixelSize(48), PixelSize(96), PixelSize(192)])
        let again = try PNGResampler.resize(Self.split, to: [PixelSize(192), PixelSize(96), PixelSize(48)])
        let alone = try PNGResampler.resize(Self.split, to: [PixelSize(48)])
        #expect(first == again)
        #expect(first[PixelSize(48)] == alone[PixelSize(48)])
    }

    @Test func damagedInputThrows() throws {
        #expect(throws: ImageError.notPNG) { try PNGResampler.resize(Array("not an image".utf8), to: [PixelSize(48)]) }
        #expect(throws: ImageError.notPNG) { try PNGResampler.resize([], to: [PixelSize(48)]) }
        // A real header with its image data cut off.
        let cut = Array(Self.split.prefix(200))
        #expect(throws: ImageError.undecodable) { try PNGResampler.resize(cut, to: [PixelSize(48)]) }
        // Image data overwritten with noise.
        var noisy = Self.split
        for index in 60..<300 { noisy[index] = UInt8(index % 251) }
        #expect(throws: ImageError.undecodable) { try PNGResampler.resize(noisy, to: [PixelSize(48)]) }
        #expect(!PNGResampler.isComplete(cut))
    }

    @Test func refusesSizesItCannotMake() throws {
        #expect(throws: ImageError.invalidSize(width: 0, height: 48)) {
            try PNGResampler.resize(Self.split, to: [PixelSize(width: 0, height: 48)])
        }
        let huge = TestFiles.png(width: 1, height: 1) + []
        var header = huge
        // Claim 100000×1 in IHDR: refused before any pixel is decoded.
        header[16..<20] = [0, 1, 0x86, 0xA0]
        #expect(throws: ImageError.tooLarge(width: 100_000, height: 1, limit: PNGResampler.maximumSide)) {
            try PNGResampler.resize(header, to: [PixelSize(48)])
        }
    }
}
