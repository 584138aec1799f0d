import LiveryCore
import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// A style with every token kind and every naming hazard the Kotlin theme must
/// survive: keywords, reserved names, collisions, names the schema would refuse
/// (added after resolving), `$` and newlines in strings, high contrast.
enum KotlinFixtures {
    static let json = ##"""
        {
          "app": {"displayName": "Acme \"$Bank\"", "bundleId": "com.acme.app"},
          "palettes": {"brand": "#11A4D6"},
          "colors": {
            "primary": {"light": "#11A4D6", "dark": "#0E8AB480", "highContrastLight": "#000000", "highContrastDark": "#FFFFFF"},
            "onPrimary": {"light": "#FFFFFF", "dark": "#000000"},
            "default": "#123456",
            "object": "{palettes.brand.dark02}",
            "INSTANCE": "#ABCDEF",
            "bad_name": "#010203",
            "foreground": "#202020",
            "separator": "#C0C0C0"
          },
          "fonts": {
            "body": {"family": "Inter", "size": 16.5, "weight": "semibold", "file": "assets/Inter.ttf"},
            "in": {"family": "Mono $", "size": 12, "weight": "regular"},
            "display": {"family": "Inter", "size": 34, "weight": "bold", "file": "assets/Inter-Bold.ttf"}
          },
          "dimensions": {"spacingM": 16, "cardAspectRatio": 1.586, "val": 0.5},
          "animations": {"easeIn": {"short": 0.25, "default": 1}, "fun": {"long": 0.6}},
          "components": {
            "button": {
              "primary": {"background": "primary", "foreground": "#FFFFFF80", "font": "body", "cornerRadius": 8, "shape": "capsule",
                          "label": "Pay ${amount} \\ now", "enabled": true, "elevation": 2.5, "object": "x"},
              "button": {"shape": {"roundedRectangle": {"cornerRadius": 12}}, "font": "in"}
            },
            "Button": {"primary": {"shape": "circle"}},
            "liveryTheme": {"String": {"label": "s", "shape": "rectangle"}}
          },
          "images": {"promoBanner": "assets/banner.png"},
          "flags": {"beta": true, "limit": 5000, "ratio": 0.75, "greeting": "Hi $name\n\"quoted\" \\ é 😀\u2028!", "when": false, "big": -9223372036854775808}
        }
        """##

    static func rich() throws -> ResolvedStyle {
        let document = try JSONReader.parse(Array(json.utf8), file: "targets/acme/style.json")
        let assets = MemoryAssets(files: [
            "targets/acme/assets/Inter.ttf": TestFiles.truetype(family: "Inter", weight: 600),
            "targets/acme/assets/Inter-Bold.ttf": TestFiles.truetype(family: "Inter", weight: 700),
            "targets/acme/assets/banner.png": TestFiles.png(width: 4, height: 2),
        ])
        var (style, diagnostics) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: assets)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        // Names the schema refuses, so the emitter's own escaping is what is tested.
        style.colors["café"] = ColorToken(RGBA(red: 1, green: 2, blue: 4))
        style.colors["2x"] = ColorToken(RGBA(red: 9, green: 8, blue: 7, alpha: 0))
        style.colors["bad-name"] = ColorToken(RGBA(red: 3, green: 3, blue: 3))
        style.flags["$dollar"] = .string("$")
        // A line break validation refuses in a display name (control-character).
        style.app.displayName = "Acme \"$Bank\"\n"
        style.flags["_"] = .number(JSONNumber(literal: "1e400"))
        style.flags["é"] = .number(JSONNumber(literal: "-0.5"))
        return style
    }
}
