import LiveryTestSupport
import Testing

@testable import LiveryImage

/// Interlaced PNGs reach libgd in their plain form: the same pixels, every
/// format and size Adam7 can take (including passes with no pixels at all).
@Suite struct PNGInterlaceTests {
    static let formats: [TestFiles.PNGFormat] = [
        .init(colorType: 2, bitDepth: 8), .init(colorType: 6, bitDepth: 8), .init(colorType: 6, bitDepth: 16),
        .init(colorType: 0, bitDepth: 1), .init(colorType: 0, bitDepth: 2), .init(colorType: 0, bitDepth: 16),
        .init(colorType: 3, bitDepth: 4), .init(colorType: 3, bitDepth: 8), .init(colorType: 4, bitDepth: 8),
    ]
    static let sizes = [(1, 1), (3, 2), (13, 11), (9, 17), (64, 5)]

    /// The flattened file's rows, inflated, are the plain file's rows byte for byte.
    @Test(arguments: formats)
    func theFlattenedRowsAreThePlainRows(format: TestFiles.PNGFormat) throws {
        for (width, height) in Self.sizes {
            let interlaced = TestFiles.png(width: width, height: height, format: format, interlaced: true)
            let plain = TestFiles.png(width: width, height: height, format: format, interlaced: false)
            let flattened = PNGInterlace.flattened(interlaced, maximumSide: 8192)
            #expect(flattened != interlaced, "\(format) \(width)×\(height) was not rewritten")
            #expect(try rows(of: flattened) == rows(of: plain), "\(format) \(width)×\(height)")
            let header = try #require(PNGInterlace.chunks(of: flattened)?.first)
            #expect(header.data.last == 0, "IHDR still says interlaced")
        }
    }

    /// libgd decodes both files to the same pixels.
    @Test(arguments: formats)
    func libgdSeesTheSamePixels(format: TestFiles.PNGFormat) throws {
        let interlaced = TestFiles.png(width: 13, height: 11, format: format, interlaced: true)
        let plain = TestFiles.png(width: 13, height: 11, format: format, interlaced: false)
        let seen = try PNGResampler.pixels(ofPNG: interlaced)
        let expected = try PNGResampler.pixels(ofPNG: plain)
        #expect(seen.size == expected.size)
        #expect(seen.rgba == expected.rgba, "\(format)")
    }

    @Test func plainAndDamagedFilesAreLeftAsTheyAre() throws {
        let plain = TestFiles.png(width: 13, height: 11, format: .init(colorType: 2, bitDepth: 8), interlaced: false)
        #expect(PNGInterlace.flattened(plain, maximumSide: 8192) == plain)
        var damaged = TestFiles.png(width: 13, height: 11, format: .init(colorType: 2, bitDepth: 8), interlaced: true)
        // A filter type past Paeth in the first row's filter byte (after the
        // signature, IHDR, the IDAT head, the zlib head and the stored block head).
        damaged[8 + 25 + 8 + 2 + 5] = 9
        #expect(PNGInterlace.flattened(damaged, maximumSide: 8192) == damaged)
        let tooWide = TestFiles.png(width: 13, height: 11, format: .init(colorType: 2, bitDepth: 8), interlaced: true)
        #expect(PNGInterlace.flattened(tooWide, maximumSide: 12) == tooWide)
        // A bit depth PNG does not allow (3) and one colour type does not (16-bit palette).
        for (colorType, bitDepth) in [(0, 3), (3, 16), (5, 8)] as [(UInt8, Int)] {
            var odd = TestFiles.png(width: 13, height: 11, format: .init(colorType: 0, bitDepth: 8), interlaced: true)
            odd[8 + 8 + 8] = UInt8(bitDepth)
            odd[8 + 8 + 9] = colorType
            #expect(PNGInterlace.flattened(odd, maximumSide: 8192) == odd)
        }
        // Image data cut short, and data holding more than the header says.
        let whole = TestFiles.png(width: 13, height: 11, format: .init(colorType: 2, bitDepth: 8), interlaced: true)
        let rows = try #require(PNGInterlace.chunks(of: whole)?.first { $0.type == Array("IDAT".utf8) }).data
        let size = PNGInterlace.interlacedSize(.init(width: 13, height: 11, bitDepth: 8, colorType: 2))
        #expect(PNGInterlace.inflate(Array(rows.dropLast(9)), size: size) == nil)
        #expect(PNGInterlace.inflate(Array(rows), size: size - 1) == nil)
        #expect(PNGInterlace.inflate(Array(rows), size: size)?.count == size)
    }

    /// The rows of a plain PNG's image data, inflated (filter bytes included).
    func rows(of png: [UInt8]) throws -> [UInt8] {
        let chunks = try #require(PNGInterlace.chunks(of: png))
        let header = PNGInterlace.Header(ihdr: Array(try #require(chunks.first).data))
        let data = chunks.filter { $0.type == Array("IDAT".utf8) }.flatMap(\.data)
        return try #require(PNGInterlace.inflate(data, size: header.height * (1 + header.rowBytes(header.width))))
    }
}
