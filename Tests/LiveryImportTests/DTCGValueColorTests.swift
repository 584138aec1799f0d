import LiveryCore
import LiveryJSON
import LiveryTargets
import Testing

@testable import LiveryImport

@Suite struct DTCGValueColorTests {
    /// Space, components as JSON, the sRGB colour (ColorAide's conversion, clipped), and whether it is outside sRGB.
    static let spaces: [(String, String, String, Bool)] = [
        ("srgb", "[1, 0, 1]", "#FF00FF", false),
        ("srgb", "[0.2, 0.4, 0.6]", "#336699", false),
        ("srgb-linear", "[1, 0, 1]", "#FF00FF", false),
        ("srgb-linear", "[0.2, 0.5, 0.8]", "#7CBCE7", false),
        ("hsl", "[330, 100, 50]", "#FF0080", false),
        ("hsl", "[120, 100, 25]", "#008000", false),
        ("hsl", "[\"none\", 0, 100]", "#FFFFFF", false),
        ("hsl", "[-30, 100, 50]", "#FF0080", false),
        ("hwb", "[330, 0, 0]", "#FF0080", false),
        ("hwb", "[200, 60, 60]", "#808080", false),
        ("hwb", "[90, 20, 30]", "#73B333", false),
        ("lab", "[60.17, 93.54, -60.5]", "#FF00FF", false),
        ("lab", "[54.29, 80.82, 69.88]", "#FF0000", false),
        ("lab", "[53.24, 80.09, 67.2]", "#FA0007", true),
        ("lch", "[60.17, 111.4, 327.11]", "#FF00FF", false),
        ("lch", "[50, 30, \"none\"]", "#A66278", false),
        ("oklab", "[0.701, 0.2746, -0.169]", "#FF00FF", true),
        ("oklab", "[0.5, -0.05, 0.1]", "#606B08", false),
        ("oklch", "[0.7016, 0.3225, 328.363]", "#FF00FF", false),
        ("oklch", "[0.628, 0.2577, 29.23]", "#FF0000", false),
        ("oklch", "[0.6, 0.1, 200]", "#0D9298", false),
        ("display-p3", "[1, 0, 1]", "#FF00FF", true),
        ("display-p3", "[0.9175, 0.2003, 0.1386]", "#FF0000", false),
        ("display-p3", "[0.3, 0.6, 0.4]", "#249B61", false),
        ("a98-rgb", "[1, 0, 1]", "#FF00FF", true),
        ("a98-rgb", "[0.4, 0.5, 0.6]", "#59819B", false),
        ("prophoto-rgb", "[1, 0, 1]", "#FF00FF", true),
        ("prophoto-rgb", "[0.4, 0.5, 0.6]", "#4597AD", false),
        ("rec2020", "[1, 0, 1]", "#FF00FF", true),
        ("rec2020", "[0.4, 0.5, 0.6]", "#407B97", false),
        ("xyz-d65", "[0.5929, 0.2848, 0.9699]", "#FF00FF", false),
        ("xyz-d65", "[0.2, 0.25, 0.3]", "#5F9290", false),
        ("xyz-d50", "[0.5791, 0.2831, 0.728]", "#FF00FF", false),
        ("xyz-d50", "[0.2, 0.25, 0.3]", "#4E93A5", false),
    ]

    @Test(arguments: 0..<spaces.count)
    func readsEverySpaceAsSRGB(_ index: Int) throws {
        let (space, components, hex, outside) = Self.spaces[index]
        let token = try valueToken(##"{"colorSpace": "\##(space)", "components": \##(components)}"##)
        let read = try DTCGValueReader.color(token)
        if space == "display-p3" || space == "oklch" {
            // Kept as written; the sRGB fallback is gamut mapped, so only colours inside sRGB have the clipped value.
            #expect(read.value.space.rawValue == space)
            // (Components written to four decimals can lie a hair outside sRGB, as the clip test allows.)
            if outside { #expect(read.value.isOutsideSRGB, "\(space) \(components)") }
            if !outside { #expect(read.value.srgb.hex == hex, "\(space) \(components)") }
            #expect(read.warnings.isEmpty, "\(space) \(components): \(read.warnings.map(\.message))")
            return
        }
        #expect(read.value.isHex)
        #expect(read.value.srgb.hex == hex, "\(space) \(components)")
        #expect(
            read.warnings.map(\.rule.id) == (outside ? ["dtcg-clipped"] : []), "\(space) \(components): \(read.warnings.map(\.message))")
    }

    /// Display P3 and OKLCH are written as the style writes them, numbers as the file wrote
    /// them: `none` as 0, an exponent spelled out, a hue as 0…360, alpha after a slash.
    @Test(arguments: [
        (##"{"colorSpace": "display-p3", "components": [1, 0, 1], "hex": "#ff00ff"}"##, "color(display-p3 1 0 1)"),
        (##"{"colorSpace": "display-p3", "components": [0.30, 0.6, 0.4], "alpha": 0.5}"##, "color(display-p3 0.30 0.6 0.4 / 0.5)"),
        (##"{"colorSpace": "display-p3", "components": [1e-3, 0, 1]}"##, "color(display-p3 0.001 0 1)"),
        (##"{"colorSpace": "oklch", "components": [0.5, "none", "none"]}"##, "oklch(0.5 0 0)"),
        (##"{"colorSpace": "oklch", "components": [0.7, 0.3, -30]}"##, "oklch(0.7 0.3 330)"),
        (
            ##"{"colorSpace": "oklch", "components": [0.6462, 0.2634, 262.09], "alpha": 1, "hex": "#0086ff"}"##,
            "oklch(0.6462 0.2634 262.09)"
        ),
    ])
    func displayP3AndOKLCHAreKeptAsWritten(_ json: String, _ text: String) throws {
        let read = try DTCGValueReader.color(valueToken(json))
        #expect(read.value.text == text)
        #expect(read.warnings.isEmpty, "\(read.warnings.map(\.message))")
    }

    /// A component the style's syntax cannot hold is converted and clipped like any other space.
    @Test func aDisplayP3ChannelBeyondItsRangeIsClippedIntoSRGB() throws {
        let read = try DTCGValueReader.color(valueToken(##"{"colorSpace": "display-p3", "components": [1.2, 0, 0]}"##))
        #expect(read.value.isHex)
        #expect(read.warnings.map(\.rule.id) == ["dtcg-clipped"])
    }

    @Test func theSpecsSRGBExamplesReadAsWritten() throws {
        let pink = try DTCGValueReader.color(
            valueToken(##"{"colorSpace": "srgb", "components": [1, 0, 1], "alpha": 1, "hex": "#ff00ff"}"##))
        #expect(pink.value.srgb == RGBA(red: 255, green: 0, blue: 255))
        #expect(pink.warnings.isEmpty)
        let shadow = try DTCGValueReader.color(
            valueToken(##"{"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5, "hex": "#000000"}"##))
        #expect(shadow.value.srgb == RGBA(red: 0, green: 0, blue: 0, alpha: 128))
        #expect(shadow.warnings.isEmpty)
    }

    @Test func noneCountsAsZero() throws {
        let white = try DTCGValueReader.color(
            valueToken(##"{"colorSpace": "hsl", "components": ["none", 0, 100], "alpha": 1, "hex": "#ffffff"}"##))
        #expect(white.value.srgb == .white)
        #expect(white.warnings.isEmpty)
        let grey = try DTCGValueReader.color(valueToken(##"{"colorSpace": "oklch", "components": [0.5, "none", "none"]}"##))
        #expect(grey.value.text == "oklch(0.5 0 0)")
        #expect(grey.value.srgb.red == grey.value.srgb.green && grey.value.srgb.green == grey.value.srgb.blue)
        #expect(grey.value.srgb.red == 99, "oklch(0.5 0 0) is rgb(99 99 99)")
    }

    @Test func aHueIsAnyAngle() throws {
        let a = try DTCGValueReader.color(valueToken(##"{"colorSpace": "hsl", "components": [-30, 100, 50]}"##))
        let b = try DTCGValueReader.color(valueToken(##"{"colorSpace": "hsl", "components": [690, 100, 50]}"##))
        #expect(a.value.srgb.hex == "#FF0080")
        #expect(b.value == a.value)
    }

    @Test func outOfGamutIsClippedWithAWarningNamingTheTokenAndTheColour() throws {
        let token = try valueToken(##"{"colorSpace": "a98-rgb", "components": [1, 0, 1], "hex": "#ff00ff"}"##)
        let read = try DTCGValueReader.color(token)
        #expect(read.value.srgb.hex == "#FF00FF")
        let warning = try #require(read.warnings.first)
        #expect(read.warnings.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.rule.id == "dtcg-clipped")
        #expect(
            warning.message
                == "`color.brand`: a98-rgb [1, 0, 1] is outside the sRGB gamut; clipped each channel to #FF00FF (its hex fallback is #ff00ff)"
        )
        #expect(warning.file == "tokens.json" && warning.line == 2 && warning.column == 23)
        #expect(warning.pointer?.description == "/color/brand/$value")
    }

    @Test func aChannelLessThanHalfAStepOutsideIsRoundingNotAClip() throws {
        // lab(54.29 80.82 69.88) is sRGB red to the precision written: green is −0.17 of a step.
        let red = try DTCGValueReader.color(valueToken(##"{"colorSpace": "lab", "components": [54.29, 80.82, 69.88]}"##))
        #expect(red.value.srgb.hex == "#FF0000")
        #expect(red.warnings.isEmpty)
        let over = try DTCGValueReader.color(valueToken(##"{"colorSpace": "srgb", "components": [1.003, 0, 0]}"##))
        #expect(over.value.srgb.hex == "#FF0000")
        #expect(over.warnings.map(\.rule.id) == ["dtcg-clipped"])
    }

    @Test func alphaDefaultsToOpaqueAndIsClippedToItsRange() throws {
        #expect(try DTCGValueReader.color(valueToken(##"{"colorSpace": "srgb", "components": [0, 0, 0]}"##)).value.srgb.alpha == 255)
        #expect(
            try DTCGValueReader.color(valueToken(##"{"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.2}"##)).value.srgb.alpha
                == 51)
        let over = try DTCGValueReader.color(valueToken(##"{"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 1.5}"##))
        #expect(over.value.srgb.alpha == 255)
        #expect(over.warnings.map(\.rule.id) == ["dtcg-clipped"])
        #expect(over.warnings.first?.message == "`color.brand` alpha: 1.5 is outside 0…1; clipped to 1")
        #expect(over.warnings.first?.pointer?.description == "/color/brand/$value/alpha")
    }

    // MARK: Lenient forms

    @Test(arguments: [("#ff0000", "#FF0000"), ("#F00", "#FF0000"), ("#ff000080", "#FF000080")])
    func aHexStringIsReadAsSRGBWithAWarning(_ text: String, _ hex: String) throws {
        let read = try DTCGValueReader.color(valueToken("\"\(text)\""))
        #expect(read.value.srgb.hex == hex)
        #expect(read.warnings.map(\.rule.id) == ["dtcg-assumed"])
        #expect(
            read.warnings.first?.message
                == "`color.brand`: a hex string where DTCG 2025.10 wants a colour object {colorSpace, components}; read \"\(text)\" as sRGB \(hex)"
        )
    }

    @Test func anObjectWithOnlyHexIsReadFromItsHex() throws {
        let read = try DTCGValueReader.color(valueToken(##"{"hex": "#00ff00", "alpha": 0.5}"##))
        #expect(read.value.srgb == RGBA(red: 0, green: 255, blue: 0, alpha: 128))
        #expect(read.warnings.map(\.rule.id) == ["dtcg-assumed"])
        #expect(
            read.warnings.map(\.message) == [
                "`color.brand`: the colour has no `colorSpace` and `components`; expected {colorSpace, components, alpha?, hex?}; read its hex #00ff00 instead"
            ])
        let translucent = try DTCGValueReader.color(valueToken(##"{"hex": "#00ff0080"}"##))
        #expect(translucent.value.srgb == RGBA(red: 0, green: 255, blue: 0, alpha: 128))
    }

    @Test func anUnknownSpaceFallsBackOnTheHex() throws {
        let read = try DTCGValueReader.color(valueToken(##"{"colorSpace": "cmyk", "components": [0, 1, 1, 0], "hex": "#ff0000"}"##))
        #expect(read.value.srgb.hex == "#FF0000")
        #expect(read.warnings.first?.message.contains("unknown colour space \"cmyk\"") == true)
    }

    @Test func componentsWinOverADisagreeingHex() throws {
        let read = try DTCGValueReader.color(valueToken(##"{"colorSpace": "hsl", "components": [330, 100, 50], "hex": "#ff00ff"}"##))
        #expect(read.value.srgb.hex == "#FF0080")
        #expect(read.warnings.map(\.rule.id) == ["dtcg-assumed"])
        #expect(
            read.warnings.first?.message
                == "`color.brand`: its hex #ff00ff differs from its components (hsl [330, 100, 50] is #FF0080); used the components")
    }

    @Test func aHexOneStepAwayIsRoundingAndAgrees() throws {
        // 0.5 × 255 = 127.5: livery rounds to 128, a tool that truncates writes 7f.
        let read = try DTCGValueReader.color(valueToken(##"{"colorSpace": "srgb", "components": [0.5, 0.5, 0.5], "hex": "#7f7f7f"}"##))
        #expect(read.value.srgb.hex == "#808080")
        #expect(read.warnings.isEmpty)
    }

    @Test func aColourSpaceInAnotherCaseIsReadWithAWarning() throws {
        let read = try DTCGValueReader.color(valueToken(##"{"colorSpace": "Display-P3", "components": [0.3, 0.6, 0.4]}"##))
        #expect(read.value.srgb.hex == "#249B61")
        #expect(read.value.text == "color(display-p3 0.3 0.6 0.4)")
        #expect(
            read.warnings.map(\.message) == ["`color.brand`: colour space \"Display-P3\" read as \"display-p3\" (DTCG names are lowercase)"]
        )
    }

    // MARK: Errors

    @Test func anUnreadableValueIsAnErrorAtTheToken() throws {
        let token = try valueToken("12")
        let error = try #require(readingError { () throws(Diagnostic) in try DTCGValueReader.color(token) })
        #expect(error.severity == .error)
        #expect(error.rule.id == "dtcg-value")
        #expect(error.message == "`color.brand`: expected a colour object {colorSpace, components, alpha?, hex?}, found the number 12")
        #expect(error.file == "tokens.json" && error.line == 2 && error.column == 23)
        #expect(error.pointer?.description == "/color/brand/$value")
    }

    @Test(arguments: [
        (
            ##""red""##, "",
            "expected a colour object {colorSpace, components, alpha?, hex?} (or a hex string #rrggbb), found the string \"red\""
        ),
        (
            ##"{"colorSpace": "display_p3", "components": [1, 0, 0]}"##, "/colorSpace",
            "unknown colour space \"display_p3\" (did you mean \"display-p3\"?)"
        ),
        (##"{"colorSpace": 3, "components": [1, 0, 0]}"##, "/colorSpace", "expected `colorSpace` to be one of srgb,"),
        (##"{"components": [1, 0, 0]}"##, "", "the colour has no `colorSpace`; expected one of srgb,"),
        (##"{"alpha": 1}"##, "", "the colour has no `colorSpace` and `components`"),
        (##"{"colorSpace": "srgb"}"##, "", "the colour has no `components`; srgb expects three components [red 0…1, green 0…1, blue 0…1]"),
        (
            ##"{"colorSpace": "oklch", "components": [0.5, 0.1]}"##, "/components",
            "oklch expects three components [lightness 0…1, chroma ≥ 0, hue 0…360], found an array of 2"
        ),
        (
            ##"{"colorSpace": "hsl", "components": [0, "50%", 50]}"##, "/components/1",
            "expected a number or \"none\" for saturation 0…100, found the string \"50%\""
        ),
        (##"{"colorSpace": "srgb", "components": [0, 0, 0], "alpha": "50%"}"##, "/alpha", "expected a number from 0 to 1"),
        (
            ##"{"colorSpace": "srgb", "components": [0, 0, 0], "hex": "ff0000"}"##, "/hex",
            "expected a hex colour #rrggbb, found the string \"ff0000\""
        ),
        (##"{"colorSpace": "srgb", "components": [1e400, 0, 0]}"##, "", "srgb [1e400, 0, 0] does not give a colour"),
    ])
    func everyErrorSaysWhatWasExpectedWhere(_ json: String, _ below: String, _ message: String) throws {
        let token = try valueToken(json)
        let error = try #require(readingError { () throws(Diagnostic) in try DTCGValueReader.color(token) })
        #expect(error.rule.id == "dtcg-value")
        #expect(error.pointer?.description == "/color/brand/$value" + below)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.line == 2 && error.column == 23)
    }

    /// Extreme components give a clipped colour or an error, in every space, never a crash or a NaN channel.
    @Test(arguments: ColorSpace.allCases)
    func extremeComponentsAreClippedOrRefused(_ space: ColorSpace) throws {
        for components in ["[1e300, -1e300, 1e300]", "[-1e30, 1e-300, 5e-324]", "[1e200, 1e200, 1e200]", "[-5, 500, -0]"] {
            let token = try valueToken(##"{"colorSpace": "\##(space.rawValue)", "components": \##(components)}"##)
            do {
                let read = try DTCGValueReader.color(token)
                #expect(read.warnings.allSatisfy { $0.rule.id == "dtcg-clipped" || $0.rule.id == "dtcg-assumed" })
            } catch {
                #expect(error.rule.id == "dtcg-value")
            }
        }
    }
}
