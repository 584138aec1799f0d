import LiveryCore
import LiveryImport
import LiveryJSON
import LiveryTargets
import Testing

/// Token sets written by hand: each token a dotted path, a type, its `$value` as
/// JSON text (already resolved) and, for an alias, the path it refers to.
struct MappingFixture {
    struct Entry {
        var path: String
        var type: String
        var value: String
        var reference: String?
    }

    var line = 0
    var sets: [Appearance: [DTCGToken]] = [:]
    var extensions: JSONObject?

    /// A colour value object for `hex` (`#RRGGBB` or `#RRGGBBAA`).
    static func color(_ hex: String) -> String {
        let rgba = RGBA(hex: hex) ?? .black
        let unit = { (channel: UInt8) in String(Double(channel) / 255) }
        return
            ##"{"colorSpace": "srgb", "components": [\##(unit(rgba.red)), \##(unit(rgba.green)), \##(unit(rgba.blue))], "alpha": \##(unit(rgba.alpha))}"##
    }

    mutating func add(_ appearance: Appearance, _ path: String, _ type: String, _ value: String, reference: String? = nil) {
        line += 1
        let node = (try? JSONReader.parse(Array(value.utf8), file: "tokens.json")) ?? JSONNode(.null, at: .synthesized)
        let location = JSONLocation(file: "tokens.json", line: line, column: 5)
        let token = DTCGToken(
            path: path.split(separator: ".").map(String.init), type: type, value: JSONNode(node.value, at: location),
            reference: reference.map { $0.split(separator: ".").map(String.init) }, location: location
        )
        sets[appearance, default: []].append(token)
    }

    /// The same token in every appearance of `appearances`.
    mutating func add(_ path: String, _ type: String, _ value: String, reference: String? = nil, in appearances: [Appearance] = [.light]) {
        for appearance in appearances { add(appearance, path, type, value, reference: reference) }
    }

    var brand: BrandTokens {
        BrandTokens(brand: nil, appearances: sets.mapValues { DTCGTokenSet(tokens: $0, rootExtensions: extensions) })
    }

    func map() throws -> MappedStyle {
        try StyleMapping.map(brand)
    }

    func failure() -> [Diagnostic] {
        do {
            _ = try StyleMapping.map(brand)
            return []
        } catch {
            return error.diagnostics
        }
    }
}

extension MappedStyle {
    /// The compact JSON at a dotted place of the document, e.g. `colors.primary`.
    func at(_ dotted: String) -> String? {
        let node = JSONNode(document, at: .synthesized).value(at: JSONPointer(tokens: dotted.split(separator: ".").map(String.init)))
        return node.map { JSONWriter.compact($0.value, sortedKeys: true) }
    }
}

@Suite("Style mapping: tokens onto style.json")
struct StyleMappingTests {
    static let all: [Appearance] = Appearance.allCases

    @Test func pathsBecomeNamesInTheirSections() throws {
        var fixture = MappingFixture()
        fixture.add("color.text-hdr", "color", MappingFixture.color("#112233"))
        fixture.add("spacing.m", "dimension", ##"{"value": 16, "unit": "px"}"##)
        let mapped = try fixture.map()
        #expect(mapped.at("colors.textHdr") == ##""#112233""##)
        #expect(mapped.at("dimensions.spacingM") == "16")
    }

    @Test func twoPathsWithOneNameAreAnErrorListingBoth() {
        var fixture = MappingFixture()
        fixture.add("color.text-hdr", "color", MappingFixture.color("#112233"))
        fixture.add("color.text_hdr", "color", MappingFixture.color("#445566"))
        let errors = fixture.failure()
        #expect(errors.count == 1)
        let error = errors.first
        #expect(error?.rule.id == "dtcg-name-collision")
        #expect(error?.message.contains("`color.text_hdr`") == true && error?.message.contains("`color.text-hdr`") == true)
        #expect(
            error?.message == "`color.text_hdr` and `color.text-hdr` (tokens.json:1:5) both become `colors.textHdr`: rename one of them")
        #expect(error?.line == 2)
        #expect(error?.related.first?.line == 1)
    }

    @Test func coloursAreOneHexWhenEqualElseOneValuePerAppearance() throws {
        var fixture = MappingFixture()
        fixture.add("color.same", "color", MappingFixture.color("#FFFFFF"), in: Self.all)
        fixture.add("color.veil", "color", MappingFixture.color("#00000080"), in: Self.all)
        for (appearance, hex) in [
            (Appearance.light, "#111111"), (.dark, "#EEEEEE"), (.highContrastLight, "#111111"), (.highContrastDark, "#FFFFFF"),
        ] {
            fixture.add(appearance, "color.text", "color", MappingFixture.color(hex))
        }
        let mapped = try fixture.map()
        #expect(mapped.at("colors.same") == ##""#FFFFFF""##)
        #expect(mapped.at("colors.veil") == ##""#00000080""##)
        // highContrastLight equals light, what livery falls back to: left out.
        #expect(mapped.at("colors.text") == ##"{"dark":"#EEEEEE","highContrastDark":"#FFFFFF","light":"#111111"}"##)
    }

    @Test func aHighContrastValueEqualToTheFallbackIsKeptWhereLiverysExtensionSaysSo() throws {
        var fixture = MappingFixture()
        for (appearance, hex) in [
            (Appearance.light, "#FFFFFF"), (.dark, "#FFFFFF"), (.highContrastLight, "#FFFFFF"), (.highContrastDark, "#FFFFFF"),
        ] {
            fixture.add(appearance, "colors.white", "color", MappingFixture.color(hex))
        }
        #expect(try fixture.map().at("colors.white") == ##""#FFFFFF""##)
        let kept = JSONValue.makeObject([("white", .makeArray([.string("highContrastLight")]))])
        guard case .object(let extensions) = JSONValue.makeObject([("dev.livery", .makeObject([("highContrast", kept)]))]) else { return }
        fixture.extensions = extensions
        #expect(try fixture.map().at("colors.white") == ##"{"dark":"#FFFFFF","highContrastLight":"#FFFFFF","light":"#FFFFFF"}"##)
    }

    @Test func anAliasStaysAnAliasPerAppearance() throws {
        var fixture = MappingFixture()
        for (appearance, hex) in [(Appearance.light, "#0000FF"), (.dark, "#8888FF")] {
            fixture.add(appearance, "color.primary", "color", MappingFixture.color(hex))
            fixture.add(appearance, "color.link", "color", MappingFixture.color(hex), reference: "color.primary")
        }
        fixture.add(.light, "color.border", "color", MappingFixture.color("#0000FF"), reference: "color.primary")
        fixture.add(.dark, "color.border", "color", MappingFixture.color("#333333"))
        let mapped = try fixture.map()
        #expect(mapped.at("colors.link") == ##""{colors.primary}""##)
        #expect(mapped.at("colors.border") == ##"{"dark":"#333333","light":"{colors.primary}"}"##)
    }

    @Test func aGroupThatIsExactlyAPaletteBecomesOne() throws {
        var fixture = MappingFixture()
        let base = try #require(RGBA(hex: "#11A4D6"))
        for (shade, color) in PaletteShades.all(of: base) {
            fixture.add("color.brand.\(shade)", "color", MappingFixture.color(color.hex), in: [.light, .dark])
        }
        // One shade off by one: not a palette, its tokens stay colours.
        for (shade, color) in PaletteShades.all(of: base) {
            let hex = shade == "dark08" ? "#000000" : color.hex
            fixture.add("color.other.\(shade)", "color", MappingFixture.color(hex), in: [.light, .dark])
        }
        let light04 = try #require(PaletteShades.shade("light04", of: base))
        fixture.add("color.accent", "color", MappingFixture.color(light04.hex), reference: "color.brand.light04", in: [.light, .dark])
        let mapped = try fixture.map()
        #expect(mapped.at("palettes") == ##"{"brand":"#11A4D6"}"##)
        #expect(mapped.at("colors.accent") == ##""{palettes.brand.light04}""##)
        #expect(mapped.at("colors.brandBase") == nil)
        #expect(mapped.at("colors.otherDark08") == ##""#000000""##)
        #expect(mapped.at("colors.otherBase") == ##""#11A4D6""##)
    }

    @Test func sizesTimingsFontsAndNumbers() throws {
        var fixture = MappingFixture()
        fixture.add("dimension.gutter", "dimension", ##"{"value": 1.5, "unit": "rem"}"##)
        fixture.add("dimension.inset", "dimension", ##"{"value": 0.5, "unit": "rem"}"##)
        fixture.add("radius.card", "dimension", ##"{"value": 24, "unit": "px"}"##, reference: "dimension.gutter")
        fixture.add("duration.fast", "duration", ##"{"value": 150, "unit": "ms"}"##)
        fixture.add("motion.fade.long", "duration", ##"{"value": 0.6, "unit": "s"}"##)
        fixture.add(
            "font.body", "typography",
            ##"{"fontFamily": "Inter", "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 600, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.4}"##
        )
        fixture.add(
            "font.quote", "typography",
            ##"{"fontFamily": "Inter", "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 600, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.4}"##,
            reference: "font.body")
        fixture.add("family.sans", "fontFamily", ##""Inter""##)
        fixture.add("family.serif", "fontFamily", ##""Georgia""##)
        fixture.add("number.max-items", "number", "12")
        fixture.add("stroke.dashed", "strokeStyle", ##""dashed""##)
        fixture.add("stroke.custom", "strokeStyle", ##"{"dashArray": [{"value": 2, "unit": "px"}], "lineCap": "round"}"##)
        let mapped = try fixture.map()
        #expect(mapped.at("dimensions.gutter") == "24")
        #expect(mapped.at("dimensions.radiusCard") == ##""{dimensions.gutter}""##)
        #expect(mapped.at("animations.default.fast") == "0.15")
        #expect(mapped.at("animations.motionFade.long") == "0.6")
        #expect(mapped.at("fonts.body") == ##"{"family":"Inter","size":16,"weight":"semibold"}"##)
        #expect(mapped.at("fonts.quote") == ##""{fonts.body}""##)
        #expect(mapped.at("flags.maxItems") == "12")
        #expect(mapped.at("flags.strokeDashed") == ##""dashed""##)
        // Georgia is in no typography token; Inter is (through font.body).
        #expect(mapped.notImported == ["fontFamily": 1, "strokeStyle": 1])
        #expect(mapped.fontsWithoutFiles == ["body"])
        // One line for every rem, and one for every font without a file.
        let rem = mapped.warnings.filter { $0.message.contains("rem") }
        #expect(rem.count == 1)
        #expect(rem.first?.message.contains("`dimension.gutter` and 1 more") == true)
        #expect(
            mapped.warnings.filter { $0.rule.id == "dtcg-font-file" }.map(\.message) == [
                "DTCG has no font files: `body` has none (add them with --fonts DIR, or the app uses a system font of that family)"
            ])
    }

    @Test func typesWithNoPlaceAreCountedWithoutAWarningEach() throws {
        var fixture = MappingFixture()
        for index in 0..<12 {
            fixture.add("gradient.g\(index)", "gradient", ##"[{"color": \##(MappingFixture.color("#000000")), "position": 0}]"##)
        }
        fixture.add(
            "shadow.card", "shadow",
            ##"{"color": \##(MappingFixture.color("#000000")), "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 4, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}"##
        )
        fixture.add("ease.out", "cubicBezier", "[0, 0, 0.58, 1]")
        let mapped = try fixture.map()
        #expect(mapped.notImported == ["gradient": 12, "shadow": 1, "cubicBezier": 1])
        #expect(mapped.warnings.isEmpty)
        #expect(mapped.document == .makeObject([]))
    }

    @Test func aNonColourThatDiffersByThemeTakesTheLightValueWithAWarning() throws {
        var fixture = MappingFixture()
        fixture.add(.light, "spacing.m", "dimension", ##"{"value": 16, "unit": "px"}"##)
        fixture.add(.dark, "spacing.m", "dimension", ##"{"value": 18, "unit": "px"}"##)
        let mapped = try fixture.map()
        #expect(mapped.at("dimensions.spacingM") == "16")
        let warning = try #require(mapped.warnings.first { $0.rule.id == "dtcg-theme-value" })
        #expect(warning.message.contains("`spacing.m`"))
        #expect(warning.message.contains("dark"))
    }

    @Test func componentsTakeAliasesLiteralsAndShapes() throws {
        var fixture = MappingFixture()
        fixture.add("color.primary", "color", MappingFixture.color("#0000FF"), in: [.light, .dark])
        fixture.add(
            "font.body", "typography",
            ##"{"fontFamily": "Inter", "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 400, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.2}"##,
            in: [.light, .dark])
        fixture.add("spacing.m", "dimension", ##"{"value": 16, "unit": "px"}"##, in: [.light, .dark])
        fixture.add(
            "components.button.primary.background", "color", MappingFixture.color("#0000FF"), reference: "color.primary",
            in: [.light, .dark])
        fixture.add("components.button.primary.foreground", "color", MappingFixture.color("#FFFFFF"), in: [.light, .dark])
        fixture.add(
            "components.button.primary.font", "typography",
            ##"{"fontFamily": "Inter", "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 400, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.2}"##,
            reference: "font.body", in: [.light, .dark])
        fixture.add(
            "components.button.primary.padding", "dimension", ##"{"value": 16, "unit": "px"}"##, reference: "spacing.m",
            in: [.light, .dark])
        fixture.add("components.button.primary.opacity", "number", "0.5", in: [.light, .dark])
        fixture.add("components.button.primary.shape.cornerRadius", "dimension", ##"{"value": 8, "unit": "px"}"##, in: [.light, .dark])
        let mapped = try fixture.map()
        #expect(
            mapped.at("components.button.primary")
                == ##"{"background":"{colors.primary}","font":"{fonts.body}","foreground":"#FFFFFF","opacity":0.5,"padding":"{dimensions.spacingM}","shape":{"roundedRectangle":{"cornerRadius":8}}}"##
        )
        #expect(mapped.at("flags") == nil)
    }

    @Test func componentValuesLiveryCannotHoldAreWarnedAbout() throws {
        var fixture = MappingFixture()
        fixture.add(.light, "components.card.default.background", "color", MappingFixture.color("#FFFFFF"))
        fixture.add(.dark, "components.card.default.background", "color", MappingFixture.color("#000000"))
        fixture.add(
            "components.card.default.font", "typography",
            ##"{"fontFamily": "Inter", "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 400, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.2}"##,
            in: [.light, .dark])
        let mapped = try fixture.map()
        // One colour per property: the light one, with a warning naming the token.
        #expect(mapped.at("components.card.default") == ##"{"background":"#FFFFFF"}"##)
        #expect(
            mapped.warnings.contains { $0.rule.id == "dtcg-theme-value" && $0.message.contains("`components.card.default.background`") })
        #expect(mapped.warnings.contains { $0.rule.id == "dtcg-component-font" && $0.message.contains("`components.card.default.font`") })
        #expect(mapped.notImported == ["typography": 1])
    }

    @Test func aComponentTokenIsWrittenInTheFormItsPropertyReads() throws {
        var fixture = MappingFixture()
        fixture.add("components.card.default.background", "number", "3")
        fixture.add("components.card.default.padding", "color", MappingFixture.color("#FFFFFF"))
        fixture.add("components.card.default.inset", "number", "-2")
        fixture.add("components.card.default.glow", "color", MappingFixture.color("#FF0000"))
        fixture.add("components.card.default.zIndex", "number", "-2")
        let mapped = try fixture.map()
        // A colour at a property livery reads as text stays its hex; a number there may be negative.
        #expect(mapped.at("components.card.default") == ##"{"glow":"#FF0000","zIndex":-2}"##)
        #expect(
            mapped.warnings.map(\.message).sorted() == [
                "`components.card.default.background` is a number token, but livery reads `background` as a colour; not imported",
                "`components.card.default.inset` is -2, but livery reads `inset` as a length, 0 or more; not imported",
                "`components.card.default.padding` is a color token, but livery reads `padding` as a length; not imported",
            ])
        #expect(mapped.notImported == ["number": 2, "color": 1])
    }

    @Test func valuesStyleJSONDoesNotAllowAreLeftOutWithAWarning() throws {
        var fixture = MappingFixture()
        fixture.add("offset.shadow-y", "dimension", ##"{"value": -2, "unit": "px"}"##)
        fixture.add("duration.slow", "duration", ##"{"value": 90, "unit": "s"}"##)
        fixture.add("size.ok", "dimension", ##"{"value": 0, "unit": "px"}"##)
        let mapped = try fixture.map()
        #expect(mapped.at("dimensions") == ##"{"sizeOk":0}"##)
        #expect(mapped.at("animations") == nil)
        #expect(
            mapped.warnings.filter { $0.rule.id == "dtcg-out-of-range" }.map(\.message) == [
                "`offset.shadow-y` is -2 (livery's dimensions are 0 or more); not imported",
                "`duration.slow` is 90 (livery's timings are 0 to 60 seconds); not imported",
            ])
        #expect(mapped.notImported == ["dimension": 1, "duration": 1])
    }

    @Test func aColourMissingFromDarkTakesItsLightValueWithAWarning() throws {
        var fixture = MappingFixture()
        fixture.add("color.only-light", "color", MappingFixture.color("#123456"))
        fixture.add(.dark, "color.other", "color", MappingFixture.color("#654321"))
        let mapped = try fixture.map()
        #expect(mapped.at("colors.onlyLight") == ##""#123456""##)
        #expect(mapped.warnings.contains { $0.message == "`color.only-light` has no dark value: its light one is used" })
        #expect(mapped.warnings.contains { $0.message == "`color.other` has no light value: its dark one is used" })
    }

    @Test func liverysExtensionAddsTextFlagsComponentPropertiesAndEmptyVariants() throws {
        var fixture = MappingFixture()
        fixture.add("flags.limit", "number", "5")
        fixture.add("dimensions.cardAspectRatio", "number", "1.586")
        fixture.add("components.button.primary.opacity", "number", "0.5")
        let extensions = try JSONReader.parse(
            Array(
                ##"""
                {"dev.livery": {"names": "livery",
                  "flags": {"beta": true, "welcome": "Hi", "limit": 99},
                  "components": {"button": {"primary": {"label": "Go", "shape": "capsule"}, "empty": {}}, "spacer": {}}}}
                """##.utf8), file: "base.tokens.json")
        fixture.extensions = extensions.value.objectValue
        let mapped = try fixture.map()
        // A token wins over the extension; the extension fills in what has no token.
        #expect(mapped.at("flags") == ##"{"beta":true,"limit":5,"welcome":"Hi"}"##)
        #expect(mapped.at("dimensions.cardAspectRatio") == "1.586")
        #expect(
            mapped.at("components") == ##"{"button":{"empty":{},"primary":{"label":"Go","opacity":0.5,"shape":"capsule"}},"spacer":{}}"##)
    }

    @Test func theAppIdentityComesFromLiverysExtension() throws {
        var fixture = MappingFixture()
        fixture.add("color.primary", "color", MappingFixture.color("#0000FF"))
        let app = JSONValue.makeObject([("displayName", .string("Acme")), ("bundleId", .string("com.acme.app"))])
        guard case .object(let extensions) = JSONValue.makeObject([("dev.livery", .makeObject([("app", app)]))]) else { return }
        fixture.extensions = extensions
        #expect(try fixture.map().app == app)
        fixture.extensions = nil
        #expect(try fixture.map().app == nil)
    }

    @Test func sectionsAndKeysAreInAFixedOrder() throws {
        var fixture = MappingFixture()
        fixture.add("number.zeta", "number", "1")
        fixture.add("spacing.b", "dimension", ##"{"value": 2, "unit": "px"}"##)
        fixture.add("color.b", "color", MappingFixture.color("#000000"))
        fixture.add("color.a", "color", MappingFixture.color("#FFFFFF"))
        let mapped = try fixture.map()
        #expect(
            JSONWriter.compact(mapped.document)
                == ##"{"colors":{"a":"#FFFFFF","b":"#000000"},"dimensions":{"spacingB":2},"flags":{"zeta":1}}"##)
        #expect(try fixture.map().warnings == mapped.warnings)
    }

    @Test func anUnreadableValueIsAnErrorAtItsToken() {
        var fixture = MappingFixture()
        fixture.add("spacing.m", "dimension", ##"{"value": 16, "unit": "furlong"}"##)
        let errors = fixture.failure()
        #expect(errors.map(\.rule.id) == ["dtcg-value"])
        #expect(errors.first?.line == 1)
    }
}
