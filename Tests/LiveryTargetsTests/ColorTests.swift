import LiveryCore
import LiveryTargets
import Testing

@Suite("Colours, palettes and contrast")
struct ColorTests {
    @Test(arguments: [
        ("#FFF", RGBA(red: 255, green: 255, blue: 255)),
        ("#1a2", RGBA(red: 0x11, green: 0xAA, blue: 0x22)),
        ("#11A4D6", RGBA(red: 0x11, green: 0xA4, blue: 0xD6)),
        ("#11a4d680", RGBA(red: 0x11, green: 0xA4, blue: 0xD6, alpha: 0x80)),
    ])
    func parsesHex(text: String, expected: RGBA) {
        #expect(RGBA(hex: text) == expected)
    }

    @Test(arguments: ["", "#", "#12", "#12345", "#1234567", "#GGGGGG", "11A4D6", "#11A4D6 ", "red", "#１２３"])
    func rejectsEverythingElse(text: String) {
        #expect(RGBA(hex: text) == nil)
    }

    @Test func printsHexForEachPlatform() {
        let color = RGBA(red: 0x11, green: 0xA4, blue: 0xD6, alpha: 0x80)
        #expect(color.hex == "#11A4D680")
        #expect(color.androidHex == "#8011A4D6")
        #expect(RGBA(red: 1, green: 2, blue: 3).hex == "#010203")
        #expect(RGBA(red: 1, green: 2, blue: 3).androidHex == "#FF010203")
    }

    @Test func paletteShadesMixWithWhiteAndBlack() throws {
        let base = try #require(RGBA(hex: "#11A4D6"))
        #expect(PaletteShades.names == ["base", "light02", "light04", "light06", "light08", "dark02", "dark04", "dark06", "dark08"])
        #expect(PaletteShades.shade("base", of: base) == base)
        // 0x11 + (255 - 0x11) * 0.4 = 17 + 95.2 = 112.2 → 112 (0x70)
        #expect(PaletteShades.shade("light04", of: base)?.hex == "#70C8E6")
        // 0xD6 * 0.2 = 42.8 → 43 (0x2B); 0xA4 * 0.2 = 32.8 → 33; 0x11 * 0.2 = 3.4 → 3
        #expect(PaletteShades.shade("dark08", of: base)?.hex == "#03212B")
        #expect(PaletteShades.shade("light10", of: base) == nil)
        #expect(PaletteShades.all(of: base).count == 9)
    }

    @Test func contrastFollowsWCAG() throws {
        #expect(abs(RGBA.black.contrastRatio(on: .white) - 21) < 0.0001)
        #expect(RGBA.white.contrastRatio(on: .white) == 1)
        // Known pair: #767676 on white is the lightest grey that passes 4.5:1.
        let grey = try #require(RGBA(hex: "#767676"))
        #expect(grey.contrastRatio(on: .white) >= 4.5)
        #expect(try #require(RGBA(hex: "#777777")).contrastRatio(on: .white) < 4.5)
        // Symmetric.
        #expect(grey.contrastRatio(on: .white) == RGBA.white.contrastRatio(on: grey))
        // Translucent text is composited over its background first.
        let halfBlack = RGBA(red: 0, green: 0, blue: 0, alpha: 128)
        #expect(halfBlack.contrastRatio(on: .white) < RGBA.black.contrastRatio(on: .white))
    }
}
