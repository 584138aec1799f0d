import LiveryCore
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Display P3 and OKLCH colours in the style: resolved, aliased, written back")
struct WideColorResolverTests {
    static let file = "targets/acme/style.json"

    func resolve(_ text: String) throws -> (ResolvedStyle, [Diagnostic]) {
        let document = try JSONReader.parse(Array(text.utf8), file: Self.file)
        return StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
    }

    @Test func aWideColourKeepsItsValueAndAnSRGBFallback() throws {
        let (style, diagnostics) = try resolve(
            """
            {"colors": {
              "brand": "color(display-p3 1 0 0)",
              "ink": {"light": "#111111", "dark": "oklch(0.9 0.05 250)", "highContrastDark": "#FFFFFF"},
              "plain": "#0B5FFF"
            }}
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let brand = try #require(style.colors["brand"])
        #expect(brand.wide?.light?.text == "color(display-p3 1 0 0)")
        #expect(brand.lightValue.space == .displayP3)
        #expect(brand.light == brand.lightValue.srgb)
        #expect(brand.light.hex == "#FF0B0C")
        let ink = try #require(style.colors["ink"])
        #expect(ink.light.hex == "#111111")
        #expect(ink.wide?.light == nil)
        #expect(ink.wide?.dark?.text == "oklch(0.9 0.05 250)")
        #expect(ink.dark == ink.darkValue.srgb)
        #expect(ink.appearanceValues.map(\.name) == ["light", "dark", "highContrastDark"])
        #expect(ink.appearanceValues.map(\.value.text) == ["#111111", "oklch(0.9 0.05 250)", "#FFFFFF"])
        #expect(ink.value(dark: true, highContrast: false).text == "oklch(0.9 0.05 250)")
        #expect(ink.value(dark: true, highContrast: true).text == "#FFFFFF")
        #expect(ink.value(dark: false, highContrast: true).text == "#111111")
        let plain = try #require(style.colors["plain"])
        #expect(plain.wide == nil)
        #expect(plain == ColorToken(RGBA(hex: "#0B5FFF")!))
    }

    @Test func aliasesToWideColoursResolveToTheWideColour() throws {
        let (style, diagnostics) = try resolve(
            """
            {"colors": {
              "brand": {"light": "color(display-p3 0.2 0.4 0.9)", "dark": "oklch(0.7 0.2 260 / 0.5)"},
              "same": "{colors.brand}",
              "darkOnly": "{colors.brand.dark}",
              "mixed": {"light": "{colors.brand.dark}", "dark": "#000000"}
            },
            "components": {"button": {"primary": {"background": "brand", "fill": "oklch(0.5 0.1 30)", "border": "{colors.darkOnly}"}}}}
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let brand = try #require(style.colors["brand"])
        #expect(style.colors["same"] == brand)
        #expect(style.colors["darkOnly"]?.lightValue.text == "oklch(0.7 0.2 260 / 0.5)")
        #expect(style.colors["darkOnly"]?.darkValue.text == "oklch(0.7 0.2 260 / 0.5)")
        #expect(style.colors["mixed"]?.wide?.light?.text == "oklch(0.7 0.2 260 / 0.5)")
        #expect(style.colors["mixed"]?.wide?.dark == nil)
        #expect(style.colors["mixed"]?.light.alpha == 128)
        #expect(style.aliases["colors.darkOnly"] == "colors.brand.dark")
        let button = try #require(style.components["button"]?["primary"])
        guard case .color(let background, let token)? = button["background"] else {
            Issue.record("no background")
            return
        }
        #expect(token == "brand")
        #expect(background == brand)
        guard case .color(let fill, _)? = button["fill"] else {
            Issue.record("no fill")
            return
        }
        #expect(fill.lightValue.text == "oklch(0.5 0.1 30)")
        guard case .color(let border, _)? = button["border"] else {
            Issue.record("no border")
            return
        }
        #expect(border.darkValue.text == "oklch(0.7 0.2 260 / 0.5)")
    }

    @Test(arguments: [
        ("color(display-p3 1.2 0 0)", "1.2 is out of range (red 0…1)"),
        ("oklch(0.5 0.1)", "has 2 components; oklch takes three"),
        ("color(display-p3 1 0 x)", "\"x\" is not a number (blue 0…1)"),
        ("oklch(0.5 0.1 30 / 2)", "2 is out of range (alpha)"),
        ("color(srgb 1 0 0)", "is not a colour: write #RRGGBB, color(display-p3 R G B) or oklch(L C H)"),
    ])
    func malformedComponentsAreErrorsAtTheValue(text: String, words: String) throws {
        let (style, diagnostics) = try resolve(
            """
            {
              "colors": {"bad": {"light": "#FFFFFF", "dark": "\(text)"}}
            }
            """)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.rule.id == "color")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains(words), "\(diagnostic.message)")
        #expect(diagnostic.pointer?.description == "/colors/bad/dark")
        #expect(diagnostic.file == Self.file)
        #expect(diagnostic.line == 2)
        #expect(diagnostic.column == 50)
        #expect(style.colors["bad"] == nil)
    }

    @Test func aMalformedPaletteBaseIsAnErrorAtTheValue() throws {
        let (_, diagnostics) = try resolve(
            """
            {"palettes": {"brand": "oklch(1.5 0 0)"}}
            """)
        #expect(diagnostics.map(\.pointer?.description) == ["/palettes/brand"])
        #expect(diagnostics.first?.message.contains("1.5 is out of range (lightness 0…1)") == true)
        #expect(diagnostics.first?.column == 24)
    }

    @Test func resolvedStyleJSONWritesWideColoursAsWrittenAndHexUnchanged() throws {
        let (style, diagnostics) = try resolve(
            """
            {"palettes": {"wide": "color(display-p3 0.5 0.25 1)", "hex": "#11A4D6"},
             "colors": {
              "brand": {"light": "color(display-p3 1 0 0)", "dark": "#FF0000", "highContrastLight": "oklch(0.5 0.2 30)"},
              "plain": "#0b5fff80",
              "shade": "{palettes.wide.dark04}"
            }}
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let text = String(decoding: ResolvedStyleJSON.bytes(for: style), as: UTF8.self)
        let document = try JSONReader.parse(Array(text.utf8), file: "style.json")
        let colors = try #require(document.value.objectValue?["colors"]?.value.objectValue)
        let brand = try #require(colors["brand"]?.value.objectValue)
        #expect(brand["light"]?.value.stringValue == "color(display-p3 1 0 0)")
        #expect(brand["dark"]?.value.stringValue == "#FF0000")
        #expect(brand["highContrastLight"]?.value.stringValue == "oklch(0.5 0.2 30)")
        #expect(colors["plain"]?.value.objectValue?["light"]?.value.stringValue == "#0B5FFF80")
        #expect(colors["shade"]?.value.objectValue?["light"]?.value.stringValue == "color(display-p3 0.3 0.15 0.6)")
        let palettes = try #require(document.value.objectValue?["palettes"]?.value.objectValue)
        #expect(palettes["wide"]?.value.objectValue?["base"]?.value.stringValue == "color(display-p3 0.5 0.25 1)")
        #expect(palettes["wide"]?.value.objectValue?["light02"]?.value.stringValue == "color(display-p3 0.6 0.4 1)")
        #expect(palettes["hex"]?.value.objectValue?["light04"]?.value.stringValue == "#70C8E6")
        // The streamed bytes and the document tree agree.
        #expect(text == JSONWriter.write(ResolvedStyleJSON.document(for: style), sortedKeys: true))
    }
}

@Suite("Contrast of Display P3 and OKLCH colours")
struct WideColorContrastTests {
    func diagnostics(_ text: String, minimum: Double = 4.5) throws -> [Diagnostic] {
        let document = try JSONReader.parse(Array(text.utf8), file: "targets/acme/style.json")
        return StyleResolver(contrastMinimum: minimum).resolve(
            id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:])
        ).1
    }

    @Test func theWarningNamesTheColoursAsWritten() throws {
        let found = try diagnostics(
            ##"""
            {"colors": {"bg": "#FFFFFF", "ink": "color(display-p3 0.6 0.6 0.6)"},
             "components": {"button": {"primary": {"background": "bg", "foreground": "ink"}}}}
            """##)
        #expect(
            found.map(\.message).sorted() == [
                "button.primary: foreground color(display-p3 0.6 0.6 0.6) on background #FFFFFF has contrast 2.84:1 in dark, below 4.5:1; the nearest passing foreground of the same hue is color(display-p3 0.465 0.465 0.465) (4.5:1)",
                "button.primary: foreground color(display-p3 0.6 0.6 0.6) on background #FFFFFF has contrast 2.84:1 in light, below 4.5:1; the nearest passing foreground of the same hue is color(display-p3 0.465 0.465 0.465) (4.5:1)",
            ])
        #expect(found.first?.pointer?.description == "/components/button/primary/foreground")
    }

    /// Display P3 red is brighter than sRGB red, as a P3 screen shows it: on
    /// black it passes 4.5:1 where its sRGB fallback would measure lower.
    @Test func aWideColourIsMeasuredOnItsOwnComponents() throws {
        let p3Red = try ColorValue.parse("color(display-p3 1 0 0)").get()
        let black = ColorValue(RGBA.black)
        let own = p3Red.contrastRatio(on: black)
        let fallback = p3Red.srgb.contrastRatio(on: .black)
        #expect(abs(own - (0.2289745641 + 0.05) / 0.05) < 0.01)
        #expect(own > fallback + 0.2)
        // Hex colours through ColorValue agree with the 8-bit computation.
        let grey = ColorValue(RGBA(red: 0x76, green: 0x76, blue: 0x76))
        #expect(abs(grey.contrastRatio(on: ColorValue(.white)) - RGBA(red: 0x76, green: 0x76, blue: 0x76).contrastRatio(on: .white)) < 1e-9)
        let found = try diagnostics(
            ##"""
            {"components": {"button": {"primary": {"background": "#000000", "foreground": "color(display-p3 0.45 0 0)"}}}}
            """##)
        #expect(found.count == 2)
        #expect(found.first?.message.contains("foreground color(display-p3 0.45 0 0) on background #000000") == true)
        // P3 red on black is 5.57:1 measured on itself, 5.30:1 on its fallback #FF0B0C:
        // a 5.45 minimum passes it, as the user sees it.
        let red = ##"{"components": {"button": {"primary": {"background": "#000000", "foreground": "color(display-p3 1 0 0)"}}}}"##
        #expect(try diagnostics(red, minimum: 5.45).isEmpty)
        let messages = try diagnostics(red, minimum: 5.6).map(\.message).sorted()
        #expect(messages.count == 2)
        for (message, appearance) in zip(messages, ["dark", "light"]) {
            #expect(
                message.hasPrefix(
                    "button.primary: foreground color(display-p3 1 0 0) on background #000000 has contrast 5.57:1 in \(appearance), below 5.6:1; the nearest passing foreground of the same hue is color(display-p3 "
                ), "\(message)")
        }
    }

    @Test func hexPairsAreMeasuredAsBefore() throws {
        let found = try diagnostics(
            ##"""
            {"components": {"button": {"primary": {"background": "#FFFFFF", "foreground": "#EEEEEE80"}}}}
            """##)
        // The 8-bit blend: #EEEEEE80 over white is #F7F7F7, 1.08:1.
        #expect(
            found.map(\.message).sorted() == [
                "button.primary: foreground #EEEEEE80 on background #FFFFFF has contrast 1.08:1 in dark, below 4.5:1",
                "button.primary: foreground #EEEEEE80 on background #FFFFFF has contrast 1.08:1 in light, below 4.5:1",
            ])
    }
}

@Suite("Palettes with a wide-gamut base")
struct WidePaletteTests {
    @Test func oklchShadesMoveLightnessAndChromaAndKeepTheHue() throws {
        let document = try JSONReader.parse(Array(##"{"palettes": {"brand": "oklch(0.6 0.2 250 / 0.5)"}}"##.utf8), file: "style.json")
        let (style, diagnostics) = StyleResolver().resolve(
            id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        #expect(diagnostics.isEmpty)
        let shades = try #require(style.widePalettes["brand"])
        #expect(shades.count == 9)
        #expect(shades["base"]?.text == "oklch(0.6 0.2 250 / 0.5)")
        #expect(shades["light04"]?.text == "oklch(0.76 0.12 250 / 0.7)")
        #expect(shades["dark02"]?.text == "oklch(0.48 0.16 250 / 0.6)")
        #expect(shades["dark08"]?.text == "oklch(0.12 0.04 250 / 0.9)")
        // Each shade's fallback is its own gamut mapping, not a mix of the base's fallback.
        for (name, shade) in shades { #expect(style.palettes["brand"]?[name] == shade.srgb, "\(name)") }
        #expect(style.paletteValue("brand", shade: "light08")?.space == .oklch)
    }
}
