import LiveryCore
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEmit

/// Emitters that write bytes directly instead of building a JSON tree must give
/// exactly the file the tree would have given.
@Suite("Direct writers match the JSON tree they replace")
struct DirectWriterTests {
    static func randomColor(_ random: inout SeededRandom) -> RGBA {
        RGBA(
            red: UInt8.random(in: 0...255, using: &random), green: UInt8.random(in: 0...255, using: &random),
            blue: UInt8.random(in: 0...255, using: &random), alpha: UInt8.random(in: 0...255, using: &random))
    }

    @Test func colorsetBytesEqualXcodeJSONOfTheColorset() {
        var random = SeededRandom(seed: 0xC010)
        for round in 0..<400 {
            let token = ColorToken(
                light: Self.randomColor(&random), dark: Self.randomColor(&random),
                highContrastLight: round % 2 == 0 ? Self.randomColor(&random) : nil,
                highContrastDark: round % 3 == 0 ? Self.randomColor(&random) : nil
            )
            let direct = String(decoding: AssetCatalog.colorsetBytes(token), as: UTF8.self)
            #expect(direct == JSONWriter.xcode(AssetCatalog.colorset(token)), "round \(round)")
        }
    }

    /// Light and dark, raster scales with and without files, vectors, none at
    /// all, and file names JSON must escape.
    @Test func imagesetBytesEqualXcodeJSONOfTheImageset() {
        var random = SeededRandom(seed: 0x1A6E)
        let names = ["logo.png", "logo-dark@2x.png", "quote\"d.pdf", "back\\slash.svg", "tab\t.jpg", "é.png"]
        for round in 0..<300 {
            let entries = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                AssetCatalog.ImageEntry(
                    fileName: Bool.random(using: &random) ? names[Int.random(in: 0..<names.count, using: &random)] : nil,
                    dark: Bool.random(using: &random),
                    scale: Bool.random(using: &random) ? Int.random(in: 1...3, using: &random) : nil
                )
            }
            let vector = round % 2 == 0
            let direct = String(decoding: AssetCatalog.imagesetBytes(entries, vector: vector), as: UTF8.self)
            #expect(direct == JSONWriter.xcode(AssetCatalog.imagesetContents(entries, vector: vector)), "round \(round)")
        }
    }

    @Test func channelSpellingsMatchXcode() {
        #expect(AssetCatalog.alphaText(255) == "1.000")
        #expect(AssetCatalog.alphaText(0) == "0.000")
        #expect(AssetCatalog.alphaText(128) == "0.502")
        #expect(AssetCatalog.hexByte(0x0F) == "0x0F")
        #expect(AssetCatalog.hexByte(0xD4) == "0xD4")
        #expect(
            SwiftTheme.rgba(RGBA(red: 255, green: 0, blue: 51, alpha: 128))
                == "LiveryRGBA(red: 1.0, green: 0.0, blue: 0.2, alpha: 0.5019607843137255)")
    }

    /// Group and token names in every order the writer must sort them in:
    /// digits, capitals, `_`, `-`, non-ASCII, prefixes of one another.
    @Test func dtcgTreeBytesEqualTheWrittenDocument() {
        var random = SeededRandom(seed: 0xD7C6)
        let names = ["a", "ab", "B", "b", "_x", "-y", "0", "10", "2", "é", "ü", "aé", "Z"]
        for round in 0..<100 {
            var tree = DTCGTree()
            for _ in 0..<Int.random(in: 0...25, using: &random) {
                let depth = Int.random(in: 1...3, using: &random)
                let path = (0..<depth).map { _ in names[Int.random(in: 0..<names.count, using: &random)] }
                tree.insert(DTCGValue.token("color", DTCGValue.color(Self.randomColor(&random))), at: path)
            }
            if round % 2 == 0 { tree.description = "round \(round)" }
            if round % 3 == 0 { tree.extensions = .makeObject([("dev.livery", .string("x"))]) }
            let schema = round % 5 == 0 ? nil : "https://example.com/schema.json"
            let direct = String(decoding: tree.bytes(schema: schema), as: UTF8.self)
            #expect(direct == JSONWriter.write(tree.document(schema: schema)), "round \(round)")
        }
    }

    @Test func textBufferSpellsTextAsStringDoes() {
        var buffer = TextBuffer(capacity: 8)
        buffer += "a\u{E9}\n"
        buffer.append("\u{1F600}b")
        buffer.append(Unicode.Scalar(0x2028) ?? "x")
        buffer.append(-42)
        buffer.appendHex(0x0F)
        buffer.appendHex(0xD4)
        var other = TextBuffer(capacity: 1)
        other += "!"
        buffer.append(other)
        #expect(buffer.text == "a\u{E9}\n\u{1F600}b\u{2028}-420FD4!")
        #expect(buffer.bytes == Array("a\u{E9}\n\u{1F600}b\u{2028}-420FD4!".utf8))
    }

    @Test func dtcgHexIsLowercaseRGB() {
        #expect(DTCGValue.hex(RGBA(red: 0xAB, green: 0x0C, blue: 0xF0, alpha: 0x12)) == "#ab0cf0")
    }

    @Test(arguments: [
        ("primary", "primary"), ("on_primary2", "on_primary2"), ("2x", "_2x"), ("default", "`default`"),
        ("brand-blue", "brand_blue"), ("", "_"), ("héllo", "h_llo"), ("Self", "`Self`"),
    ])
    func identifiersAreSwiftNames(name: String, expected: String) {
        #expect(SwiftTheme.identifier(name) == expected)
    }
}
