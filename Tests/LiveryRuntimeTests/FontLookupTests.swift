import LiveryCore
import Testing

@testable import LiveryRuntime

/// How a font token is found on Apple platforms (`FontLookup.swift`, written from the rule
/// every Swift file livery writes for apps carries): the rule itself, on the runtime's copy.
@Suite struct FontLookupTests {
    typealias Font = LiveryStyle.FontToken

    @Test func aBundledFileIsFoundByItsPostScriptName() {
        let font = Font(
            family: "League Spartan", size: 22, weight: .bold, file: "fonts/LeagueSpartan-Bold.otf", postScriptName: "LeagueSpartan-Bold")
        #expect(font.lookup == .postScriptName("LeagueSpartan-Bold"))
    }

    @Test(arguments: ["System", "", ".SFUI-Regular"])
    func aTokenWithoutAFileNamedLikeThePlatformsFontIsTheSystemFont(family: String) {
        #expect(Font(family: family, size: 17, weight: .regular).lookup == .system)
    }

    @Test func anyOtherFamilyIsLookedUpAsInstalled() {
        #expect(Font(family: "Avenir Next", size: 17, weight: .medium).lookup == .family("Avenir Next"))
        // A file whose PostScript name is unknown is asked for by its family, never as the system font.
        #expect(Font(family: "System", size: 17, weight: .medium, file: "fonts/Odd.ttf").lookup == .family("System"))
        #expect(Font(family: "Inter", size: 17, weight: .medium, file: "fonts/Inter.ttf", postScriptName: "").lookup == .family("Inter"))
    }
}
