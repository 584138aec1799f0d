import Foundation
import LiveryCore
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEmit

/// Colours written as `color(display-p3 …)` or `oklch(…)` in every output: Display P3
/// where the format speaks it, the sRGB fallback where it does not, and hex colours
/// exactly as before. (The consumers check the demo's wide colour: Chromium, swiftc,
/// kotlinc and aapt2 in LiveryConsumerTests.)
@Suite("Wide-gamut colours in every output")
struct WideColorOutputTests {
    static let style = ##"""
        {
          "app": {"displayName": "Acme", "bundleId": "com.acme.app"},
          "colors": {
            "vivid": {"light": "color(display-p3 0.2 0.65 0.25)", "dark": "#112233", "highContrastDark": "oklch(0.82 0.2 145 / 0.5)"},
            "plain": {"light": "#11A4D6", "dark": "#0E8AB480"}
          },
          "components": {"button": {"primary": {"background": "vivid", "tint": "oklch(0.7 0.1 30)"}}}
        }
        """##

    static let hexOnly = ##"""
        {
          "app": {"displayName": "Acme", "bundleId": "com.acme.app"},
          "colors": {"plain": {"light": "#11A4D6", "dark": "#0E8AB480", "highContrastLight": "#000000"}}
        }
        """##

    func resolved(_ text: String = Self.style) throws -> ResolvedStyle {
        let document = try JSONReader.parse(Array(text.utf8), file: "targets/acme/style.json")
        let (style, diagnostics) = StyleResolver().resolve(
            id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        return style
    }

    func text(_ files: [EmittedFile], _ path: String) throws -> String {
        try #require(files.first { $0.path == path }, "no \(path) in \(files.map(\.path))").text
    }

    @Test func theAssetCatalogWritesDisplayP3EntriesAndKeepsHexOnesSRGB() throws {
        let style = try resolved()
        let files = AssetCatalog.files(for: style)
        let parsed = try JSONReader.parse(Array(try text(files, "ios/Livery.xcassets/Colors/vivid.colorset/Contents.json").utf8), file: "c")
        let entries = try #require(parsed.value.objectValue?["colors"]?.value.arrayValue)
        #expect(entries.count == 3)
        func color(_ index: Int) -> JSONObject? { entries[index].value.objectValue?["color"]?.value.objectValue }
        let light = try #require(color(0))
        let dark = try #require(color(1))
        let highDark = try #require(color(2))
        #expect(light["color-space"]?.value.stringValue == "display-p3")
        let components = try #require(light["components"]?.value.objectValue)
        #expect(["red", "green", "blue", "alpha"].map { components[$0]?.value.stringValue } == ["0.200", "0.650", "0.250", "1.000"])
        #expect(dark["color-space"]?.value.stringValue == "srgb")
        #expect(dark["components"]?.value.objectValue?["red"]?.value.stringValue == "0x11")
        #expect(highDark["color-space"]?.value.stringValue == "display-p3")
        #expect(highDark["components"]?.value.objectValue?["alpha"]?.value.stringValue == "0.500")
        // A hex-only token of the same style is the direct writer's bytes, as before.
        let plain = try #require(style.colors["plain"])
        #expect(
            try text(files, "ios/Livery.xcassets/Colors/plain.colorset/Contents.json")
                == String(decoding: AssetCatalog.colorsetBytes(plain), as: UTF8.self))
    }

    @Test func swiftBuildsWideColoursInDisplayP3AndHexOnlyFilesKeepTheirShape() throws {
        let theme = SwiftTheme.file(for: try resolved()).text
        #expect(theme.contains("light: LiveryRGBA(red: 0.2, green: 0.65, blue: 0.25, alpha: 1.0, space: .displayP3)"), "\(theme)")
        #expect(theme.contains("dark: LiveryRGBA(red: 0.06666666666666667, green: 0.13333333333333333, blue: 0.2, alpha: 1.0)"))
        #expect(theme.contains("public var space: Space = .sRGB"))
        #expect(theme.contains("UIColor(displayP3Red: red, green: green, blue: blue, alpha: alpha)"))
        #expect(theme.contains("Color(space == .displayP3 ? .displayP3 : .sRGB, red: red, green: green, blue: blue, opacity: alpha)"))
        let plain = SwiftTheme.file(for: try resolved(Self.hexOnly)).text
        #expect(!plain.contains("space"))
        #expect(
            plain.contains(
                "/// An sRGB colour with components from 0 to 1.\npublic struct LiveryRGBA: Sendable, Hashable {\n    public let red: Double\n    public let green: Double\n    public let blue: Double\n    public let alpha: Double\n}\n\n/// A colour token"
            ))
        #expect(
            plain.contains("UIColor(named: assetName) ?? UIColor(red: light.red, green: light.green, blue: light.blue, alpha: light.alpha)")
        )
    }

    @Test func cssWritesTheFallbackFirstAndTheColourAsWrittenInsideSupports() throws {
        let css = WebThemeCSS.file(for: try resolved()).text
        let supports = try #require(css.range(of: "\n@supports (color: color(display-p3 1 1 1)) and (color: oklch(0 0 0)) {\n"), "\(css)")
        let before = String(css[..<supports.lowerBound])
        let inside = String(css[supports.upperBound...])
        let vivid = try #require(resolved().colors["vivid"])
        #expect(before.contains(":root {\n  --color-plain: #11A4D6;\n  --color-vivid: \(vivid.light.hex);\n"))
        #expect(!before.contains("display-p3 0.2"))
        // Every block again, for the wide colour only, every appearance of it (hex ones too).
        #expect(inside.hasPrefix("  :root {\n    --color-vivid: color(display-p3 0.2 0.65 0.25);\n  }\n"), "\(inside)")
        #expect(
            inside.contains(
                "  @media (prefers-color-scheme: dark) {\n    :root:not([data-theme=\"light\"]) {\n      --color-vivid: #112233;\n"))
        #expect(inside.contains("  [data-theme=\"dark\"] {\n    --color-vivid: #112233;\n"))
        #expect(inside.contains("--color-vivid: oklch(0.82 0.2 145 / 0.5);"))
        #expect(!inside.contains("--color-plain"))
        #expect(inside.hasSuffix("}\n"))
        // The high-contrast blocks inside are those outside, in the same order.
        func selectors(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasSuffix("{") || $0.hasSuffix(",") }
        }
        let highContrastOutside = selectors(before).drop { !$0.hasPrefix("@media (prefers-color-scheme: dark) and") }
        let highContrastInside = selectors(inside).drop { !$0.hasPrefix("@media (prefers-color-scheme: dark) and") }
        #expect(!highContrastOutside.isEmpty && Array(highContrastOutside) == Array(highContrastInside))
        #expect(!WebThemeCSS.file(for: try resolved(Self.hexOnly)).text.contains("@supports"))
    }

    @Test func displayP3OnlyAsksForDisplayP3() throws {
        let css = WebThemeCSS.file(for: try resolved(##"{"app": {"bundleId": "a.b"}, "colors": {"x": "color(display-p3 1 0 0)"}}"##)).text
        #expect(css.contains("\n@supports (color: color(display-p3 1 1 1)) {\n"))
    }

    @Test func kotlinAndComposeCarryDisplayP3Values() throws {
        let style = try resolved()
        let theme = KotlinTheme.file(for: style).text
        #expect(theme.contains("lightP3 = LiveryDisplayP3(0.2f, 0.65f, 0.25f, 1f)"), "\(theme)")
        let vivid = try #require(theme.split(separator: "\n").first { $0.contains("val vivid") })
        #expect(!vivid.contains(", darkP3 ="), "a hex appearance has no Display P3 value")
        #expect(theme.contains("val tint: LiveryColor = LiveryColor(light = "), "a component's own colour: \(theme)")
        #expect(
            theme.contains("highContrastLightP3 = LiveryDisplayP3(0.2f, 0.65f, 0.25f, 1f)"),
            "high contrast falls back to light, as argb does")
        #expect(theme.contains("highContrastDarkP3 = LiveryDisplayP3("))
        let android = AndroidPlatform.files(for: style)
        let p3 = try text(android, KotlinTheme.displayP3Path)
        #expect(p3.contains("Color.valueOf(p3.red, p3.green, p3.blue, p3.alpha, ColorSpace.get(ColorSpace.Named.DISPLAY_P3))"))
        let colors = try text(android, "android/res/values/colors.xml")
        #expect(colors.contains("<color name=\"vivid\">\(try #require(style.colors["vivid"]).light.androidHex)</color>"))
        let compose = try #require(ComposePlatform.files(for: style).first).text
        #expect(compose.contains("import androidx.compose.ui.graphics.colorspace.ColorSpaces"))
        #expect(compose.contains("Color(it.red, it.green, it.blue, it.alpha, ColorSpaces.DisplayP3)"))
        let plain = try resolved(Self.hexOnly)
        #expect(!AndroidPlatform.files(for: plain).contains { $0.path == KotlinTheme.displayP3Path })
        #expect(!KotlinTheme.file(for: plain).text.contains("P3"))
        #expect(!(ComposePlatform.files(for: plain).first?.text.contains("ColorSpaces") ?? true))
    }

    @Test func dtcgWritesAWidePalettesShadesInTheirSpace() throws {
        let style = try resolved(
            ##"""
            {
              "app": {"displayName": "Acme", "bundleId": "com.acme.app"},
              "palettes": {"brand": "oklch(0.62 0.21 255)", "plain": "#11A4D6"},
              "colors": {"primary": "{palettes.brand.light04}"}
            }
            """##)
        let written = DTCGPlatform.files(for: style).map(\.text).joined(separator: "\n")
        let base = try #require(style.paletteValue("brand", shade: "base"))
        let shade = try #require(style.paletteValue("brand", shade: "light04"))
        #expect(shade.space == .oklch)
        // Every shade of the OKLCH palette is an oklch token with the resolver's components; the hex palette stays sRGB.
        let tokens = try DTCGPlatform.files(for: style).map { try JSONReader.parse($0.bytes, file: $0.path) }
        let palettes = tokens.compactMap { $0.value(at: JSONPointer(tokens: ["palettes", "brand", "light04", "$value"])) }
        let object = try #require(palettes.first?.value.objectValue)
        #expect(object["colorSpace"]?.value.stringValue == "oklch", "\(written)")
        #expect(object["components"]?.value.arrayValue?.compactMap { $0.value.numberValue?.doubleValue } == shade.components)
        let plain = tokens.compactMap { $0.value(at: JSONPointer(tokens: ["palettes", "plain", "base", "$value", "colorSpace"])) }
        #expect(plain.first?.value.stringValue == "srgb")
        #expect(written.contains("Shades of \(base.text):"), "\(written)")
    }

    @Test func dtcgWritesTheSpaceAndTheComponentsAsWritten() throws {
        let value = DTCGValue.color(try #require(try resolved().colors["vivid"]).lightValue)
        let object = try #require(value.objectValue)
        #expect(object["colorSpace"]?.value.stringValue == "display-p3")
        #expect(object["components"]?.value.arrayValue?.compactMap { $0.value.numberValue?.doubleValue } == [0.2, 0.65, 0.25])
        #expect(object["hex"]?.value.stringValue?.count == 7)
        let hex = DTCGValue.color(ColorValue(RGBA(red: 0x11, green: 0xA4, blue: 0xD6)))
        #expect(hex == DTCGValue.color(RGBA(red: 0x11, green: 0xA4, blue: 0xD6)))
    }
}
