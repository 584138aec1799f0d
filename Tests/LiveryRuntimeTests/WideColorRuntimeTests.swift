import Foundation
import LiveryCore
import LiveryJSON
import LiveryRuntime
import Testing

@Suite("The runtime reads and applies Display P3 and OKLCH colours")
@MainActor
struct WideColorRuntimeTests {
    @Test func anUpdateWithADisplayP3ColourIsAppliedAndTheStyleHoldsIt() throws {
        let store = try StyleStore(
            bundled: Fixtures.v1Data, cache: nil, trustedKeys: [Fixtures.key.publicKey.text], allowUnsigned: false,
            logger: LogRecorder().logger)
        let head = Fixtures.edited(
            Fixtures.v1,
            ##"{"colors": {"primary": {"light": "color(display-p3 0.1 0.4 0.95)", "dark": "oklch(0.7 0.15 250 / 0.8)", "highContrastLight": "#0B5F7C", "highContrastDark": "#7FD4F0"}}, "palettes": {"brand": {"base": "oklch(0.6 0.2 250)", "light04": "oklch(0.76 0.12 250)"}}}"##
        )
        let update = try Fixtures.update(from: Fixtures.v1, to: head, sequence: 2)
        #expect(store.apply(update) == .applied(CanonicalJSON.digest(of: head)))
        let primary = try #require(store.style.colors["primary"])
        #expect(primary.wide?.light?.text == "color(display-p3 0.1 0.4 0.95)")
        #expect(primary.wide?.light?.space == .displayP3)
        #expect(primary.wide?.dark?.text == "oklch(0.7 0.15 250 / 0.8)")
        #expect(primary.wide?.highContrastLight == nil)
        #expect(primary.highContrastLight?.hex == "#0B5F7C")
        // The RGBA fields are the sRGB fallbacks an sRGB-only API draws.
        #expect(primary.light == primary.lightValue.srgb)
        #expect(primary.dark.alpha == 204)
        #expect(primary.value(dark: false, highContrast: false).displayP3.red == 0.1)
        #expect(primary.value(dark: false, highContrast: false).displayP3.blue == 0.95)
        #expect(store.style.widePalettes["brand"]?["light04"]?.text == "oklch(0.76 0.12 250)")
        #expect(store.style.palettes["brand"]?["base"] == store.style.widePalettes["brand"]?["base"]?.srgb)
        // The document is the update's result, colours as written.
        #expect(String(decoding: store.document, as: UTF8.self).contains(#""light": "color(display-p3 0.1 0.4 0.95)""#))
    }

    @Test func aWideColourOutOfRangeIsRefusedAtItsPointer() {
        let text = ##"{"id": "a", "colors": {"x": {"light": "#FFFFFF", "dark": "color(display-p3 1.5 0 0)"}}}"##
        #expect(
            throws: LiveryStyleError(pointer: "/colors/x/dark", message: "\"color(display-p3 1.5 0 0)\": 1.5 is out of range (red 0…1)")
        ) {
            try LiveryStyle(document: Data(text.utf8))
        }
    }

    @Test func displayP3ComponentsOfAnOKLCHColourAreItsOwn() throws {
        // P3 green written in OKLCH comes back as P3's 0 1 0, within the published precision.
        let green = try ColorValue.parse("oklch(0.84883 0.36853 145.645)").get()
        let p3 = green.displayP3
        #expect(abs(p3.red) < 1e-4 && abs(p3.green - 1) < 1e-4 && abs(p3.blue) < 1e-4)
        #expect(p3.alpha == 1)
    }
}
