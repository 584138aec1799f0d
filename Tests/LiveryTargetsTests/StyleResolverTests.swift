import LiveryCore
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Resolving styles: palettes, aliases, components, assets, contrast")
struct StyleResolverTests {
    static let file = "targets/acme/style.json"

    func resolve(_ text: String, files: [String: [UInt8]] = [:], contrast: Double = 4.5) throws -> (ResolvedStyle, [Diagnostic]) {
        let document = try JSONReader.parse(Array(text.utf8), file: Self.file)
        return StyleResolver(contrastMinimum: contrast).resolve(
            id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: files))
    }

    @Test func expandsPalettesAndResolvesAliasChains() throws {
        let (style, diagnostics) = try resolve(
            """
            {
              "palettes": {"brand": "#11A4D6"},
              "colors": {
                "primary": {"light": "#11A4D6", "dark": "{palettes.brand.light04}"},
                "accent": "{colors.primary}",
                "onAccent": "{colors.accent}",
                "border": {"light": "{colors.primary.dark}", "dark": "{palettes.brand}"},
                "muted": "#11A4D680"
              }
            }
            """)
        #expect(diagnostics.isEmpty)
        #expect(style.palettes["brand"]?.count == 9)
        #expect(style.palettes["brand"]?["light04"]?.hex == "#70C8E6")
        let primary = try #require(style.colors["primary"])
        #expect(primary.light.hex == "#11A4D6")
        #expect(primary.dark.hex == "#70C8E6")
        #expect(style.colors["accent"] == primary)
        #expect(style.colors["onAccent"] == primary)
        #expect(style.colors["border"]?.light.hex == "#70C8E6")
        #expect(style.colors["border"]?.dark.hex == "#11A4D6")
        #expect(style.colors["muted"]?.light.alpha == 0x80)
    }

    @Test func aCycleNamesEveryTokenInIt() throws {
        let (style, diagnostics) = try resolve(
            """
            {
              "colors": {
                "a": "{colors.b}",
                "b": "{colors.c}",
                "c": "{colors.a}",
                "d": "{colors.a}"
              }
            }
            """)
        let cycles = diagnostics.filter { $0.rule.id == "alias-cycle" }
        #expect(cycles.count == 1)
        let cycle = try #require(cycles.first)
        #expect(cycle.message.contains("colors.a → colors.b → colors.c → colors.a"))
        #expect(cycle.file == Self.file)
        #expect(cycle.line == 3)
        #expect(style.colors.isEmpty)
    }

    @Test func missingAndWrongKindReferencesAreErrorsWithPointers() throws {
        let (_, diagnostics) = try resolve(
            """
            {
              "colors": {"primary": "#000000", "x": "{colors.primry}", "y": "{dimensions.spacingM}", "z": "{colours.a}"},
              "dimensions": {"spacingM": 16, "big": "{colors.primary}"},
              "fonts": {"body": {"family": "Inter", "size": "{dimensions.spacingM}", "weight": "regularr"}}
            }
            """)
        func find(_ pointer: String) -> Diagnostic? { diagnostics.first { $0.pointer?.description == pointer } }
        #expect(find("/colors/x")?.rule.id == "alias-missing")
        #expect(find("/colors/x")?.message.contains("did you mean 'primary'") == true)
        #expect(find("/colors/y")?.rule.id == "alias-kind")
        #expect(find("/colors/z")?.rule.id == "alias-syntax")
        #expect(find("/dimensions/big")?.rule.id == "alias-kind")
        #expect(find("/fonts/body/weight")?.message.contains("did you mean 'regular'") == true)
        #expect(find("/colors/x")?.line == 2)
        #expect(diagnostics.count == 5)
    }

    @Test func componentPropertiesResolveByKind() throws {
        let (style, diagnostics) = try resolve(
            """
            {
              "colors": {"primary": "#0B5FFF", "onPrimary": "#FFFFFF"},
              "fonts": {"body": {"family": "Inter", "size": 16, "weight": "regular"}},
              "dimensions": {"radiusS": 8},
              "components": {
                "button": {
                  "primary": {"background": "primary", "foreground": "{colors.onPrimary}", "font": "body",
                              "cornerRadius": "radiusS", "shape": {"roundedRectangle": {"cornerRadius": "{dimensions.radiusS}"}},
                              "uppercase": true, "label": "Go"},
                  "broken": {"background": "primray", "font": "heading", "shape": "hexagon"}
                }
              }
            }
            """)
        let primary = try #require(style.components["button"]?["primary"])
        #expect(primary["background"] == .color(ColorToken(try #require(RGBA(hex: "#0B5FFF"))), token: "primary"))
        #expect(primary["foreground"] == .color(ColorToken(.white), token: "onPrimary"))
        guard case .font(let font, "body")? = primary["font"] else {
            Issue.record("font did not resolve")
            return
        }
        #expect(font.size == 16)
        #expect(primary["cornerRadius"] == .dimension(8, token: "radiusS"))
        #expect(primary["shape"] == .shape(.roundedRectangle(cornerRadius: 8)))
        #expect(primary["uppercase"] == .bool(true))
        #expect(primary["label"] == .string("Go"))
        let broken = diagnostics.filter { $0.pointer?.tokens.prefix(3) == ["components", "button", "broken"] }
        #expect(broken.map(\.rule.id).sorted() == ["component-reference", "component-reference", "shape"])
        #expect(broken.contains { $0.message.contains("did you mean 'primary'") })
    }

    @Test func lowContrastIsAWarningNamingBothColoursAndTheRatio() throws {
        let (_, diagnostics) = try resolve(
            """
            {
              "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}, "fg": {"light": "#777777", "dark": "#FFFFFF"}},
              "components": {"text": {"body": {"background": "bg", "foreground": "fg"}}}
            }
            """)
        #expect(diagnostics.count == 1)
        let warning = try #require(diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.rule.id == "contrast")
        #expect(
            warning.message
                == "text.body: foreground #777777 on background #FFFFFF has contrast 4.47:1 in light, below 4.5:1; the nearest passing foreground of the same hue is #767676 (4.54:1)"
        )
        #expect(warning.pointer?.description == "/components/text/body/foreground")
        // A lower minimum accepts it.
        #expect(
            try resolve(
                """
                {"colors": {"bg": "#FFFFFF", "fg": "#777777"}, "components": {"text": {"body": {"background": "bg", "foreground": "fg"}}}}
                """, contrast: 3
            ).1.isEmpty)
    }

    @Test func assetsAreFoundSniffedAndScaleChecked() throws {
        let files: [String: [UInt8]] = [
            "targets/acme/assets/logo.svg": TestFiles.svg,
            "targets/acme/assets/banner.png": TestFiles.png(width: 10, height: 5),
            "targets/acme/assets/banner@2x.png": TestFiles.png(width: 20, height: 10),
            "targets/acme/assets/banner@3x.png": TestFiles.png(width: 31, height: 15),
            "targets/acme/assets/fake.png": TestFiles.jpeg(width: 4, height: 4),
            "targets/acme/assets/big.png": TestFiles.lfsPointer(size: 5_000_000),
            "targets/acme/assets/AppIcon.png": TestFiles.png(width: 1024, height: 1024, alpha: true),
            "targets/acme/assets/font.ttf": TestFiles.truetype(family: "T", weight: 700),
        ]
        let (style, diagnostics) = try resolve(
            """
            {
              "fonts": {"body": {"family": "T", "size": 12, "weight": "bold", "file": "assets/font.ttf"}},
              "images": {
                "logo": "assets/logo.svg",
                "banner": "assets/banner.png",
                "fake": "assets/fake.png",
                "big": "assets/big.png",
                "gone": {"light": "assets/gone.png", "dark": "../../etc/passwd.png"}
              },
              "appIcon": "assets/AppIcon.png"
            }
            """, files: files)
        #expect(style.images["logo"]?.light.file.info.kind == .svg)
        #expect(style.images["banner"]?.light.scales.keys.sorted() == [2])
        #expect(style.fonts["body"]?.file?.info.kind == .truetype)
        func rule(_ pointer: String) -> [String] { diagnostics.filter { $0.pointer?.description == pointer }.map(\.rule.id) }
        #expect(rule("/images/banner") == ["asset-scale"])
        #expect(diagnostics.first { $0.rule.id == "asset-scale" }?.message.contains("31×15 but should be 30×15") == true)
        #expect(rule("/images/fake") == ["asset-type"])
        #expect(rule("/images/big") == ["asset-lfs"])
        #expect(rule("/images/gone/light") == ["asset-missing"])
        #expect(rule("/images/gone/dark") == ["unsafe-path"])
        #expect(rule("/appIcon") == ["app-icon"])
        #expect(diagnostics.first { $0.rule.id == "app-icon" }?.message.contains("alpha") == true)
        #expect(diagnostics.count == 6)
    }

    @Test func assetsAreLookedUpInAncestors() throws {
        let document = try JSONReader.parse(Array(#"{"images": {"logo": "assets/logo.svg"}}"#.utf8), file: Self.file)
        let assets = MemoryAssets(files: ["targets/base/assets/logo.svg": TestFiles.svg], ancestors: ["acme": ["base"]])
        let (style, diagnostics) = StyleResolver().resolve(id: "acme", chain: ["acme", "base"], document: document, assets: assets)
        #expect(diagnostics.isEmpty)
        #expect(style.images["logo"]?.light.file.foundIn == "base")
        #expect(style.images["logo"]?.light.file.repositoryPath == "targets/base/assets/logo.svg")
    }

    @Test func theAppIconMustBe1024Square() throws {
        let (_, diagnostics) = try resolve(#"{"appIcon": "i.png"}"#, files: ["targets/acme/i.png": TestFiles.png(width: 512, height: 512)])
        #expect(diagnostics.map(\.message) == ["the app icon must be 1024×1024 pixels, 'i.png' is 512×512"])
    }
}
