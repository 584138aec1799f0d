import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("DTCG platform: resolver, theme contexts, token forms, references")
struct DTCGEmitterTests {
    static let style = ##"""
        {
          "app": {"displayName": "Acme"},
          "palettes": {"brand": "#11A4D6"},
          "colors": {
            "primary": {"light": "{palettes.brand}", "dark": "{palettes.brand.light04}", "highContrastLight": "#0B5F7C"},
            "link": "{colors.primary}",
            "border": {"light": "{colors.primary}", "dark": "{colors.primary.light}"},
            "veil": "#00000080"
          },
          "fonts": {
            "body": {"family": "Inter", "size": "{dimensions.bodySize}", "weight": "semibold"},
            "quote": "{fonts.body}"
          },
          "dimensions": {"bodySize": 16.5, "spacingM": 16, "gutter": "{dimensions.spacingM}", "cardAspectRatio": 1.586},
          "animations": {"fade": {"short": 0.25, "long": "{animations.fade.short}"}},
          "components": {
            "button": {
              "primary": {
                "background": "primary", "foreground": "{palettes.brand.dark08}", "font": "body", "padding": "spacingM",
                "pressDuration": "{animations.fade.short}", "opacity": 0.5, "label": "Go", "enabled": true,
                "shape": {"roundedRectangle": {"cornerRadius": "{dimensions.spacingM}"}}
              },
              "round": {"shape": "capsule"}
            }
          },
          "flags": {"limit": 5000, "beta": true, "welcome": "Hi"}
        }
        """##

    func resolved() throws -> ResolvedStyle {
        let document = try JSONReader.parse(Array(Self.style.utf8), file: "targets/acme/style.json")
        let (style, diagnostics) = StyleResolver().resolve(
            id: "acme", chain: ["acme", "base"], document: document, assets: MemoryAssets(files: [:]))
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        return style
    }

    func files() throws -> [String: JSONNode] {
        var parsed: [String: JSONNode] = [:]
        for file in DTCGPlatform.files(for: try resolved()) {
            parsed[file.path] = try JSONReader.parse(file.bytes, file: file.path)
        }
        return parsed
    }

    /// The compact JSON at `pointer` (`/colors/primary/$value`) of a file under `dtcg/`.
    func value(_ files: [String: JSONNode], _ name: String, _ pointer: String) throws -> String {
        let document = try #require(files["dtcg/\(name)"], "no dtcg/\(name)")
        let tokens = pointer.split(separator: "/").map(String.init)
        let node = try #require(document.value(at: JSONPointer(tokens: tokens)), "nothing at \(pointer) in \(name)")
        return JSONWriter.compact(node.value, sortedKeys: true)
    }

    @Test func isAnOptInPlatformInTheRegistry() {
        #expect(DTCGPlatform.name == "dtcg")
        #expect(!DTCGPlatform.isDefault)
        #expect(Platform(named: "dtcg") != nil)
        #expect(!Platform.defaults.contains { $0.name == "dtcg" })
    }

    @Test func writesAResolverABaseSetAndOneFilePerContext() throws {
        let written = DTCGPlatform.files(for: try resolved())
        #expect(
            written.map(\.path) == [
                "dtcg/tokens.resolver.json", "dtcg/base.tokens.json", "dtcg/light.tokens.json", "dtcg/dark.tokens.json",
                "dtcg/light-high-contrast.tokens.json", "dtcg/dark-high-contrast.tokens.json",
            ])
        let files = try files()
        #expect(try value(files, "tokens.resolver.json", "/version") == ##""2025.10""##)
        #expect(
            try value(files, "tokens.resolver.json", "/modifiers/theme/contexts")
                == ##"{"dark":[{"$ref":"./dark.tokens.json"}],"dark-high-contrast":[{"$ref":"./dark-high-contrast.tokens.json"}],"light":[{"$ref":"./light.tokens.json"}],"light-high-contrast":[{"$ref":"./light-high-contrast.tokens.json"}]}"##
        )
        #expect(try value(files, "tokens.resolver.json", "/modifiers/theme/default") == ##""light""##)
        #expect(try value(files, "tokens.resolver.json", "/sets/base/sources") == ##"[{"$ref":"./base.tokens.json"}]"##)
        #expect(try value(files, "tokens.resolver.json", "/resolutionOrder") == ##"[{"$ref":"#/sets/base"},{"$ref":"#/modifiers/theme"}]"##)
        #expect(try value(files, "light.tokens.json", "/$schema") == ##""https://www.designtokens.org/schemas/2025.10/format.json""##)
        // Colours only in the contexts; everything else only in the base set.
        #expect(files["dtcg/base.tokens.json"]?.value.objectValue?["colors"] == nil)
        #expect(files["dtcg/light.tokens.json"]?.value.objectValue?.keys.sorted() == ["$description", "$schema", "colors", "components"])
    }

    @Test func coloursAreSRGBObjectsWithAlphaAndHex() throws {
        let files = try files()
        #expect(
            try value(files, "light.tokens.json", "/colors/veil")
                == ##"{"$type":"color","$value":{"alpha":0.502,"colorSpace":"srgb","components":[0,0,0],"hex":"#000000"}}"##)
        #expect(
            try value(files, "base.tokens.json", "/palettes/brand/base")
                == ##"{"$type":"color","$value":{"alpha":1,"colorSpace":"srgb","components":[0.0667,0.6431,0.8392],"hex":"#11a4d6"}}"##)
        #expect(try value(files, "light-high-contrast.tokens.json", "/colors/primary/$value/hex") == ##""#0b5f7c""##)
    }

    @Test func referencesAreKeptWhereTheyMeanTheSameColour() throws {
        let files = try files()
        #expect(try value(files, "light.tokens.json", "/colors/primary/$value") == ##""{palettes.brand.base}""##)
        #expect(try value(files, "dark.tokens.json", "/colors/primary/$value") == ##""{palettes.brand.light04}""##)
        #expect(try value(files, "light.tokens.json", "/colors/link/$value") == ##""{colors.primary}""##)
        #expect(try value(files, "light-high-contrast.tokens.json", "/colors/link/$value") == ##""{colors.primary}""##)
        #expect(try value(files, "light.tokens.json", "/colors/border/$value") == ##""{colors.primary}""##)
        // `border` has no high-contrast value, so it shows primary's light value,
        // while {colors.primary} would give primary's high-contrast one: written as a value.
        #expect(try value(files, "light-high-contrast.tokens.json", "/colors/border/$value/hex") == ##""#11a4d6""##)
        // In dark, `border` is primary's *light* appearance, which a dark file cannot name.
        #expect(try value(files, "dark.tokens.json", "/colors/border/$value/hex") == ##""#11a4d6""##)
        #expect(try value(files, "light.tokens.json", "/components/button/primary/background/$value") == ##""{colors.primary}""##)
        #expect(try value(files, "dark.tokens.json", "/components/button/primary/foreground/$value") == ##""{palettes.brand.dark08}""##)
    }

    @Test func highContrastContextsFallBackToLightAndDark() throws {
        let files = try files()
        #expect(try value(files, "light-high-contrast.tokens.json", "/colors/veil/$value/alpha") == "0.502")
        #expect(
            try value(files, "light-high-contrast.tokens.json", "/colors/veil/$description")
                == ##""No high-contrast value: the light value.""##)
        #expect(try value(files, "dark-high-contrast.tokens.json", "/colors/primary/$value") == ##""{palettes.brand.light04}""##)
        #expect(
            try value(files, "dark-high-contrast.tokens.json", "/colors/primary/$description")
                == ##""No high-contrast value: the dark value.""##)
        #expect(
            files["dtcg/light-high-contrast.tokens.json"]?.value(at: JSONPointer(tokens: ["colors", "primary", "$description"])) == nil)
        #expect(files["dtcg/light.tokens.json"]?.value(at: JSONPointer(tokens: ["colors", "veil", "$description"])) == nil)
    }

    @Test func dimensionsArePixelsRatiosNumbersAndDurationsMilliseconds() throws {
        let files = try files()
        #expect(
            try value(files, "base.tokens.json", "/dimensions/spacingM") == ##"{"$type":"dimension","$value":{"unit":"px","value":16}}"##)
        #expect(try value(files, "base.tokens.json", "/dimensions/gutter") == ##"{"$type":"dimension","$value":"{dimensions.spacingM}"}"##)
        #expect(try value(files, "base.tokens.json", "/dimensions/cardAspectRatio") == ##"{"$type":"number","$value":1.586}"##)
        #expect(
            try value(files, "base.tokens.json", "/animations/fade/short") == ##"{"$type":"duration","$value":{"unit":"ms","value":250}}"##)
        #expect(
            try value(files, "base.tokens.json", "/animations/fade/long") == ##"{"$type":"duration","$value":"{animations.fade.short}"}"##)
    }

    @Test func fontsAreTypographyTokens() throws {
        let files = try files()
        #expect(
            try value(files, "base.tokens.json", "/fonts/body")
                == ##"{"$type":"typography","$value":{"fontFamily":"Inter","fontSize":"{dimensions.bodySize}","fontWeight":600,"letterSpacing":{"unit":"px","value":0},"lineHeight":1.2}}"##
        )
        #expect(try value(files, "base.tokens.json", "/fonts/quote") == ##"{"$type":"typography","$value":"{fonts.body}"}"##)
    }

    @Test func componentsKeepWhatHasADTCGType() throws {
        let files = try files()
        let button = "/components/button/primary"
        #expect(try value(files, "base.tokens.json", "\(button)/font") == ##"{"$type":"typography","$value":"{fonts.body}"}"##)
        #expect(try value(files, "base.tokens.json", "\(button)/padding") == ##"{"$type":"dimension","$value":"{dimensions.spacingM}"}"##)
        #expect(
            try value(files, "base.tokens.json", "\(button)/pressDuration") == ##"{"$type":"duration","$value":"{animations.fade.short}"}"##
        )
        #expect(try value(files, "base.tokens.json", "\(button)/opacity") == ##"{"$type":"number","$value":0.5}"##)
        #expect(
            try value(files, "base.tokens.json", "\(button)/shape/cornerRadius")
                == ##"{"$type":"dimension","$value":"{dimensions.spacingM}"}"##)
        let base = try #require(files["dtcg/base.tokens.json"])
        for left in ["label", "enabled", "background"] {
            #expect(base.value(at: JSONPointer(tokens: ["components", "button", "primary", left])) == nil, "\(left)")
        }
        #expect(base.value(at: JSONPointer(tokens: ["components", "button", "round"])) == nil)
        #expect(try value(files, "base.tokens.json", "/flags") == ##"{"limit":{"$type":"number","$value":5000}}"##)
    }

    @Test func outputIsDeterministic() throws {
        #expect(DTCGPlatform.files(for: try resolved()) == DTCGPlatform.files(for: try resolved()))
    }
}
