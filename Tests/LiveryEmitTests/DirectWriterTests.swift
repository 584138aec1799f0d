import LiveryCore
@testable import LiveryEmit
import LiveryJSON
import LiveryStyle
import LiveryTestSupport
import Testing

/// Emitters that write bytes directly instead of building a JSON tree must give
/// exactly the file the tree would have given.
@Suite("Direct writers match the JSON tree they replace")
struct DirectWriterTests {
    static func randomColor(_ random: inout SeededRandom) -> RGBA {
        RGBA(red: UInt8.random(in: 0...255, using: &random), green: UInt8.random(in: 0...255, using: &random),
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

    @Test func channelSpellingsMatchXcode() {
        #expect(AssetCatalog.alphaText(255) == "1.000")
        #expect(AssetCatalog.alphaText(0) == "0.000")
        #expect(AssetCatalog.alphaText(128) == "0.502")
        #expect(AssetCatalog.hexByte(0x0F) == "0x0F")
        #expect(AssetCatalog.hexByte(0xD4) == "0xD4")
        #expect(SwiftTheme.rgba(RGBA(red: 255, green: 0, blue: 51, alpha: 128))
            == "LiveryRGBA(red: 1.0, green: 0.0, blue: 0.2, alpha: 0.5019607843137255)")
    }

    @Test(arguments: [
        ("primary", "primary"), ("on_primary2", "on_primary2"), ("2x", "_2x"), ("default", "`default`"),
        ("brand-blue", "brand_blue"), ("", "_"), ("héllo", "h_llo"), ("Self", "`Self`"),
    ])
    func identifiersAreSwiftNames(name: String, expected: String) {
        #expect(SwiftTheme.identifier(name) == expected)
    }
}
