import LiveryRuntime
import Testing

/// What the SwiftUI conveniences compute, tested where SwiftUI is not available.
@Suite("Colour appearances and fonts for the platform conveniences")
struct AppearanceTests {
    let token = ColorToken(
        light: RGBA(red: 255, green: 0, blue: 0), dark: RGBA(red: 0, green: 0, blue: 255),
        highContrastDark: RGBA(red: 0, green: 0, blue: 128)
    )

    @Test func anAppearanceFallsBackToTheNormalColourWithoutAHighContrastOne() {
        #expect(token.resolved(dark: false, highContrast: false).hex == "#FF0000")
        #expect(token.resolved(dark: false, highContrast: true).hex == "#FF0000")
        #expect(token.resolved(dark: true, highContrast: false).hex == "#0000FF")
        #expect(token.resolved(dark: true, highContrast: true).hex == "#000080")
    }

    @Test func channelsRunFromZeroToOne() {
        let channels = RGBA(red: 255, green: 0, blue: 51, alpha: 128).components
        #expect(channels.red == 1 && channels.green == 0 && channels.blue == 0.2)
        #expect(abs(channels.alpha - 128.0 / 255) < 1e-12)
        #expect(RGBA(hex: "#ff000080")?.hex == "#FF000080")
        #expect(RGBA(hex: "#FFF") == .white, "the colour model is the one the command line parses styles with")
        #expect(RGBA(hex: "#GG0000") == nil)
    }

    @Test func fontWeightsAndSystemFonts() {
        #expect(FontWeight.allCases.map(\.numeric) == [100, 200, 300, 400, 500, 600, 700, 800, 900])
        #expect(LiveryStyle.FontToken(family: "System", size: 12, weight: .bold).isSystemFont)
        #expect(!LiveryStyle.FontToken(family: "Inter", size: 12, weight: .bold).isSystemFont)
        #expect(!LiveryStyle.FontToken(family: "System", size: 12, weight: .bold, file: "a.ttf").isSystemFont)
    }
}
