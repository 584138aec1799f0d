import LiveryStyle
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

    @Test func extensionsPromiseKinds() {
        #expect(AssetKind.expected(forPath: "assets/Logo.PNG") == [.png])
        #expect(AssetKind.expected(forPath: "a.jpeg") == [.jpeg])
        #expect(AssetKind.expected(forPath: "fonts/x.ttf") == [.truetype, .opentype])
        #expect(AssetKind.expected(forPath: "x.gif") == nil)
        #expect(AssetKind.expected(forPath: "dir.png/file") == nil)
    }
}
