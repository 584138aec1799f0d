import Testing

@testable import LiveryCore

/// Wide-gamut colours: reading and printing them back, their conversion against
/// published reference values, and CSS Color 4's gamut mapping to sRGB.
@Suite struct ColorValueTests {
    static func parsed(_ text: String) throws -> ColorValue {
        try ColorValue.parse(text).get()
    }

    @Test func hexIsTheRGBAItAlwaysWas() throws {
        for text in ["#11A4D6", "#11a4d6", "#FFF", "#11A4D680"] {
            let value = try Self.parsed(text)
            let rgba = try #require(RGBA(hex: text))
            #expect(value.space == .srgb)
            #expect(value.srgb == rgba)
            #expect(value.text == rgba.hex)
            #expect(!value.isOutsideSRGB)
        }
    }

    @Test(arguments: [
        "color(display-p3 0.465377 0.532768 0.317713)",
        "color(display-p3 1 0 0 / 0.5)",
        "color(display-p3 .25 50% 1.0)",
        "oklch(0.627955 0.257683 29.2339)",
        "oklch(84.883% 0.36853 145.645 / 80%)",
    ])
    func wideColoursArePrintedAsWritten(_ text: String) throws {
        #expect(try Self.parsed(text).text == text)
    }

    @Test func spacingIsNormalisedAndNumbersKept() throws {
        #expect(try Self.parsed("oklch(0.5   0.1\t200/0.5)").text == "oklch(0.5 0.1 200 / 0.5)")
        #expect(try Self.parsed("color(display-p3 0.50 0 1)") == Self.parsed("color(display-p3 0.5 0 100%)"))
    }

    @Test(arguments: [
        ("color(display-p3 1.2 0 0)", "out of range"),
        ("color(display-p3 -0.1 0 0)", "out of range"),
        ("color(display-p3 1 0)", "has 2 components"),
        ("color(display-p3 1 0 0 0)", "has 4 components"),
        ("color(display-p3 1 0 0", "no closing parenthesis"),
        ("color(display-p31 0 0)", "space after display-p3"),
        ("color(display-p3 1e-1 0 0)", "is not a number"),
        ("color(display-p3 none 0 0)", "write 0 instead of none"),
        ("oklch(1.5 0.1 20)", "out of range"),
        ("oklch(0.5 0.6 20)", "out of range"),
        ("oklch(0.5 0.1 400)", "out of range"),
        ("oklch(0.5 0.1 20%)", "in degrees"),
        ("oklch(0.5 0.1 20 / 2)", "out of range"),
        ("oklch(0.5 0.1 20 / 0.5 / 1)", "more than one"),
        ("oklch(0.5 0.1 20 / )", "one alpha"),
        ("rgb(1 2 3)", "is not a colour"),
        ("#12345", "is not a hex colour"),
    ])
    func malformedColoursSayWhy(_ text: String, _ expected: String) {
        switch ColorValue.parse(text) {
        case .success(let value): Issue.record("\(text) read as \(value)")
        case .failure(let error): #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    /// CSS Color 4 and its tests: lch(54% 35 118) is color(display-p3 0.465377
    /// 0.532768 0.317713) and color(srgb 0.448436 0.53537 0.288113); sRGB red is
    /// oklch(62.7955% 0.257683 29.2339); Display P3 green is oklch(84.883% 0.36853 145.645).
    @Test func conversionsMatchPublishedValues() throws {
        let moss = try Self.parsed("color(display-p3 0.465377 0.532768 0.317713)")
        let srgb = TransferFunction.srgb.encode(moss.linearSRGB)
        for (channel, expected) in zip(srgb, [0.448436, 0.53537, 0.288113]) {
            #expect(abs(channel - expected) < 2e-6, "\(srgb)")
        }
        #expect(!moss.isOutsideSRGB)
        #expect(moss.srgb == RGBA(red: 114, green: 137, blue: 73))

        let red = try Self.parsed("oklch(0.627955 0.257683 29.2339)")
        for (channel, expected) in zip(TransferFunction.srgb.encode(red.linearSRGB), [1.0, 0, 0]) {
            #expect(abs(channel - expected) < 1e-5)
        }
        #expect(red.srgb == RGBA(red: 255, green: 0, blue: 0))

        let green = try Self.parsed("oklch(0.84883 0.36853 145.645)")
        let p3 = green.components(in: .displayP3)
        for (channel, expected) in zip(p3, [0.0, 1, 0]) {
            #expect(abs(channel - expected) < 1e-4, "\(p3)")
        }
        #expect(green.isOutsideSRGB)
    }

    /// CSS Color 4's OKLCH sample colours (the specification's worked example
    /// listing each oklch() with its sRGB value in percent), and its last one,
    /// CSS `purple`, with the chroma as a percentage (100% = 0.4). The published
    /// percentages hold within 0.1 percentage point (under a third of an 8-bit
    /// step), and the 8-bit colours are exactly the same.
    @Test(arguments: [
        ("oklch(40.101% 0.12332 21.555)", [49.06, 13.87, 15.9]),
        ("oklch(59.686% 0.15619 49.7694)", [77.61, 36.34, 2.45]),
        ("oklch(0.65125 0.13138 104.097)", [61.65, 57.51, 9.28]),
        ("oklch(0.66016 0.15546 134.231)", [40.73, 65.12, 22.35]),
        ("oklch(72.322% 0.12403 247.996)", [38.29, 67.27, 93.85]),
        ("oklch(42.1% 48.25% 328.4)", [50.1808, 0.257216, 50.1403]),
    ])
    func oklchSamplesMatchTheSpecification(_ text: String, _ percent: [Double]) throws {
        let value = try Self.parsed(text)
        let srgb = TransferFunction.srgb.encode(value.linearSRGB)
        for (channel, expected) in zip(srgb, percent) {
            #expect(abs(channel * 100 - expected) < 0.1, "\(text): \(srgb.map { $0 * 100 })")
        }
        func byte(_ percent: Double) -> UInt8 { UInt8((percent * 2.55).rounded()) }
        #expect(value.srgb == RGBA(red: byte(percent[0]), green: byte(percent[1]), blue: byte(percent[2])))
        #expect(!value.isOutsideSRGB)
        // Inside sRGB, the fallback is the conversion itself, not a mapped colour.
        for (mapped, converted) in zip(value.components(in: .srgb), srgb) {
            #expect(abs(mapped - converted) < 1e-9)
        }
    }

    /// A number printed by a derived colour (a palette shade) reads back as the same colour.
    @Test func aColourMadeFromNumbersPrintsThemAndReadsBackEqual() throws {
        let made = ColorValue(space: .oklch, components: [0.62, 0.123456, 255], alpha: 0.5)
        #expect(made.text == "oklch(0.62 0.1235 255 / 0.5)")
        #expect(try Self.parsed(made.text) == made)
        let p3 = ColorValue(space: .displayP3, components: [1, 0.00001, 0.3], alpha: 1)
        #expect(p3.text == "color(display-p3 1 0 0.3)")
        #expect(try Self.parsed(p3.text) == p3)
        #expect(ColorValue(space: .srgb, components: [1, 0.5, 0], alpha: 1).text == "#FF8000")
    }

    @Test func aColourInsideSRGBIsItsOwnFallback() throws {
        // sRGB white and a mid grey, written in Display P3: no mapping, just conversion.
        #expect(try Self.parsed("color(display-p3 1 1 1)").srgb == RGBA.white)
        #expect(!(try Self.parsed("color(display-p3 1 1 1)").isOutsideSRGB))
        #expect(try Self.parsed("color(display-p3 0.6 0.6 0.6 / 0.6)").srgb == RGBA(red: 153, green: 153, blue: 153, alpha: 153))
    }

    /// The fallback of a colour outside sRGB is what CSS Color 4's gamut mapping
    /// gives: inside sRGB, its lightness and hue kept (within the JND), closer to
    /// the original than plain clipping of the components.
    @Test(arguments: [
        "color(display-p3 1 0 0)", "color(display-p3 0 1 0)", "color(display-p3 0 0 1)",
        "color(display-p3 0.2 0.9 0.6)", "oklch(0.7 0.3 250)", "oklch(0.55 0.32 330)", "oklch(0.9 0.2 100)",
    ])
    func outOfGamutColoursKeepLightnessAndHue(_ text: String) throws {
        let value = try Self.parsed(text)
        #expect(value.isOutsideSRGB)
        let mapped = value.components(in: .srgb)
        #expect(mapped.allSatisfy { $0 >= 0 && $0 <= 1 })
        let original = OKLab.polar(OKLab.fromLinearSRGB(value.linearSRGB))
        let result = OKLab.polar(OKLab.fromLinearSRGB(TransferFunction.srgb.decode(mapped)))
        #expect(abs(result[0] - original[0]) < GamutMapping.justNoticeable, "lightness \(original) → \(result)")
        let hueShift = abs(result[2] - original[2]).truncatingRemainder(dividingBy: 360)
        #expect(min(hueShift, 360 - hueShift) < 5, "hue \(original) → \(result)")
        #expect(result[1] < original[1], "chroma is reduced")
        let clipped = TransferFunction.srgb.encode(value.linearSRGB).map { min(1, max(0, $0)) }
        let clippedLab = OKLab.fromLinearSRGB(TransferFunction.srgb.decode(clipped))
        let originalLab = OKLab.fromLinearSRGB(value.linearSRGB)
        let mappedLab = OKLab.fromLinearSRGB(TransferFunction.srgb.decode(mapped))
        #expect(abs(mappedLab[0] - originalLab[0]) <= abs(clippedLab[0] - originalLab[0]) + 1e-9, "lightness kept better than clipping")
    }

    @Test func lightnessAtTheEndsIsWhiteAndBlack() throws {
        #expect(try Self.parsed("oklch(1 0.3 20)").srgb == RGBA.white)
        #expect(try Self.parsed("oklch(0 0.3 20)").srgb == RGBA.black)
    }

    @Test func luminanceIsTheColoursOwn() throws {
        // sRGB: the WCAG 2 formula; the same colour in Display P3 has the same luminance.
        let hex = try Self.parsed("#11A4D6")
        let rgba = try #require(RGBA(hex: "#11A4D6"))
        #expect(abs(hex.relativeLuminance - rgba.relativeLuminance()) < 1e-12)
        let p3Red = try Self.parsed("color(display-p3 1 0 0)")
        // Display P3's red primary has Y = 0.2289745641 (its RGB → XYZ matrix); WCAG's
        // rounded coefficients give it within 1e-4.
        #expect(abs(p3Red.relativeLuminance - 0.2289745641) < 1e-4)
        #expect(p3Red.relativeLuminance > RGBA(red: 255, green: 0, blue: 0).relativeLuminance())
    }
}
