import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Recognising assets by their bytes")
struct AssetSnifferTests {
    @Test func readsPNGSizeAndAlpha() {
        let opaque = AssetSniffer.sniff(TestFiles.png(width: 1024, height: 1024))
        #expect(opaque == AssetInfo(kind: .png, width: 1024, height: 1024, hasAlpha: false))
        let translucent = AssetSniffer.sniff(TestFiles.png(width: 3, height: 2, alpha: true))
        #expect(translucent == AssetInfo(kind: .png, width: 3, height: 2, hasAlpha: true))
    }

    @Test func readsJPEGSize() {
        #expect(AssetSniffer.sniff(TestFiles.jpeg(width: 640, height: 480)) == AssetInfo(kind: .jpeg, width: 640, height: 480))
    }

    @Test func recognisesPDFSVGAndFonts() {
        #expect(AssetSniffer.sniff(TestFiles.pdf).kind == .pdf)
        #expect(AssetSniffer.sniff(TestFiles.svg).kind == .svg)
        #expect(AssetSniffer.sniff(Array("<?xml version=\"1.0\"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg>\n</svg>".utf8)).kind == .svg)
        #expect(AssetSniffer.sniff(TestFiles.truetype()).kind == .truetype)
        var otf = TestFiles.truetype()
        otf.replaceSubrange(0..<4, with: Array("OTTO".utf8))
        #expect(AssetSniffer.sniff(otf).kind == .opentype)
    }

    @Test func recognisesGitLFSPointers() {
        let info = AssetSniffer.sniff(TestFiles.lfsPointer(size: 1_073_741_824))
        #expect(info.kind == .lfsPointer)
        #expect(info.lfsSize == 1_073_741_824)
    }

    @Test(arguments: [
        [UInt8](), Array("hello".utf8), Array("<svgx>".utf8), Array("<html><svg/></html>".utf8),
        [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8], [0x00, 0x01, 0x00, 0x00, 0xFF, 0xFF],
    ])
    func everythingElseIsUnknown(bytes: [UInt8]) {
        #expect(AssetSniffer.sniff(bytes).kind == .unknown)
    }

    @Test func truncatedAndLyingHeadersNeverCrash() {
        var png = TestFiles.png(width: 4, height: 4)
        for length in 0..<png.count { _ = AssetSniffer.sniff(Array(png.prefix(length))) }
        // A chunk length that claims more than the file holds.
        png.replaceSubrange(33..<37, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(AssetSniffer.sniff(png).kind == .png)
        let jpeg = TestFiles.jpeg(width: 10, height: 10)
        for length in 0..<jpeg.count { _ = AssetSniffer.sniff(Array(jpeg.prefix(length))) }
    }

    @Test func wholeImagesHaveNoDamage() {
        #expect(AssetSniffer.sniff(TestFiles.png(width: 64, height: 48)).damage == nil)
        #expect(AssetSniffer.sniff(TestFiles.png(width: 33, height: 7, alpha: true) { x, y in (UInt8(x), UInt8(y), 9, 200) }).damage == nil)
        #expect(AssetSniffer.sniff(TestFiles.jpeg(width: 640, height: 480)).damage == nil)
        // Bytes after the end marker are ignored by decoders, and by livery.
        #expect(AssetSniffer.sniff(TestFiles.png(width: 4, height: 4) + [1, 2, 3]).damage == nil)
    }

    /// An image cut anywhere after its header is still sniffed as an image of
    /// its size, and is reported as damaged.
    @Test func imagesCutShortAreDamaged() {
        let png = TestFiles.png(width: 64, height: 64)
        for length in 33..<png.count {
            let info = AssetSniffer.sniff(Array(png.prefix(length)))
            #expect(info.kind == .png && info.width == 64)
            #expect(info.damage != nil, "cut at \(length)")
        }
        #expect(AssetSniffer.sniff(Array(png.prefix(png.count - 12))).damage == "it ends without an IEND chunk (the file is cut short)")
        let jpeg = TestFiles.jpeg(width: 10, height: 10)
        for length in 4..<jpeg.count {
            #expect(AssetSniffer.sniff(Array(jpeg.prefix(length))).damage != nil, "cut at \(length)")
        }
    }

    @Test func aFlippedBitFailsTheChunkCRC() {
        var png = TestFiles.png(width: 64, height: 64)
        // A byte inside the IDAT data: 8 signature + 25 IHDR + 8 IDAT header.
        png[8 + 25 + 8 + 20] ^= 0x10
        #expect(AssetSniffer.sniff(png).damage == "chunk IDAT at byte 33 fails its CRC check (the file is damaged)")
    }

    @Test func theCRCIsPNGs() {
        // The check value of CRC-32/ISO-HDLC, and one long enough for the eight-byte loop.
        #expect(ImageIntegrity.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        let long = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for count in [0, 1, 7, 8, 9, 999, 1000] {
            #expect(ImageIntegrity.crc32(Array(long.prefix(count))) == CRCProbe.bitwise(Array(long.prefix(count))))
        }
    }

    @Test func extensionsPromiseKinds() {
        #expect(AssetKind.expected(forPath: "assets/Logo.PNG") == [.png])
        #expect(AssetKind.expected(forPath: "a.jpeg") == [.jpeg])
        #expect(AssetKind.expected(forPath: "fonts/x.ttf") == [.truetype, .opentype])
        #expect(AssetKind.expected(forPath: "x.gif") == nil)
        #expect(AssetKind.expected(forPath: "dir.png/file") == nil)
    }
}

/// A bitwise CRC-32, the definition the table-driven one must agree with.
enum CRCProbe {
    static func bitwise(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
