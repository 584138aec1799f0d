import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Emitters: resolved JSON, web CSS, Android values")
struct EmitterTests {
    static let style = ##"""
        {
          "app": {"displayName": "Acme & Sons", "bundleId": "com.acme.app"},
          "palettes": {"brand": "#11A4D6"},
          "colors": {
            "primary": {"light": "{palettes.brand}", "dark": "#0E8AB4"},
            "new": "#00000080"
          },
          "fonts": {"body": {"family": "Inter", "size": 16.5, "weight": "semibold", "file": "assets/Inter.ttf"}},
          "dimensions": {"spacingM": 16, "radius": 0.5},
          "animations": {"easeIn": {"short": 0.25}},
          "components": {"button": {"primary": {"background": "primary", "font": "body", "shape": {"roundedRectangle": {"cornerRadius": 8}}, "label": "Go"}}},
          "flags": {"beta": true}
        }
        """##

    func resolved() throws -> ResolvedStyle {
        let document = try JSONReader.parse(Array(Self.style.utf8), file: "targets/acme/style.json")
        let assets = MemoryAssets(files: ["targets/acme/assets/Inter.ttf": TestFiles.truetype(family: "Inter", weight: 600)])
        let (style, diagnostics) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: assets)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return style
    }

    @Test func resolvedJSONHasSortedKeysAndPlainValues() throws {
        let file = ResolvedStyleJSON.file(for: try resolved())
        #expect(file.path == "style.json")
        let parsed = try JSONReader.parse(file.bytes, file: "style.json")
        let object = try #require(parsed.value.objectValue)
        #expect(object.keys == ["animations", "app", "colors", "components", "dimensions", "flags", "fonts", "id", "images", "palettes"])
        #expect(
            JSONWriter.compact(try #require(object["colors"]).value)
                == ##"{"new":{"dark":"#00000080","light":"#00000080"},"primary":{"dark":"#0E8AB4","light":"#11A4D6"}}"##)
        #expect(
            JSONWriter.compact(try #require(parsed.value(at: JSONPointer(tokens: ["components", "button", "primary"]))).value)
                == ##"{"background":{"dark":"#0E8AB4","light":"#11A4D6"},"font":{"family":"Inter","file":"assets/Inter.ttf","postScriptName":"Inter-Regular","size":16.5,"weight":"semibold"},"label":"Go","shape":{"roundedRectangle":{"cornerRadius":8}}}"##
        )
        #expect(parsed.value(at: JSONPointer(tokens: ["palettes", "brand", "light04"]))?.value == .string("#70C8E6"))
        #expect(parsed.value(at: JSONPointer(tokens: ["dimensions", "radius"]))?.value.numberValue?.literal == "0.5")
    }

    /// `style.json` is written member by member; it must be exactly the bytes
    /// the JSON writer gives for the resolved document, on a style with every
    /// kind of token, high-contrast colours, images, an app icon, nested flags
    /// and keys whose UTF-8 order differs from Swift's string order.
    @Test func resolvedJSONFileIsTheWrittenDocument() throws {
        let rich = ##"""
            {
              "app": {"displayName": "Ærø \"Bank\""},
              "palettes": {"brand": "#11A4D6", "ärger": "#0E8AB4"},
              "colors": {
                "primary": {"light": "#11A4D6", "dark": "#0E8AB4", "highContrastLight": "#0B5F7C", "highContrastDark": "#7FD4F0"},
                "Zed": "#FFFFFF", "zed": "#00000080", "é": "#123", "e\u0301x": "{colors.Zed}"
              },
              "fonts": {"body": {"family": "Inter", "size": 16.5, "weight": "semibold", "file": "assets/Inter.ttf"}, "plain": {"family": "System", "size": 1e1}},
              "dimensions": {"spacingM": 16, "radius": 0.5, "tiny": 0.0001, "huge": 1e20},
              "animations": {"easeIn": {"short": 0.25, "long": 1.5}, "empty": {}},
              "components": {"button": {"primary": {"background": "primary", "font": "body", "shape": "capsule", "label": "Go", "opacity": 0.5, "enabled": false}, "secondary": {"shape": {"roundedRectangle": {"cornerRadius": 8}}}}},
              "images": {"logo": {"light": "assets/logo.png", "dark": "assets/logo-dark.png"}, "mark": "assets/mark.png"},
              "appIcon": "assets/AppIcon.png",
              "flags": {"beta": true, "list": [1, "two", null, {"b": 1, "a": [true]}], "empty": {}, "nested": {"z": 1, "a": "\u2028"}}
            }
            """##
        let document = try JSONReader.parse(Array(rich.utf8), file: "targets/acme/style.json")
        let assets = MemoryAssets(files: [
            "targets/acme/assets/Inter.ttf": TestFiles.truetype(family: "Inter", weight: 600),
            "targets/acme/assets/logo.png": TestFiles.png(width: 10, height: 10),
            "targets/acme/assets/logo-dark.png": TestFiles.png(width: 10, height: 10),
            "targets/acme/assets/mark.png": TestFiles.png(width: 10, height: 10),
            "targets/acme/assets/AppIcon.png": TestFiles.png(width: 1024, height: 1024),
        ])
        let (style, diagnostics) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: assets)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        #expect(style.colors["primary"]?.highContrastDark != nil)
        #expect(style.appIcon != nil && style.images.count == 2 && style.flags.count == 4)
        let written = ResolvedStyleJSON.file(for: style).text
        #expect(written == JSONWriter.write(ResolvedStyleJSON.document(for: style), sortedKeys: true))
        let plain = ResolvedStyleJSON.file(for: try resolved()).text
        #expect(plain == JSONWriter.write(ResolvedStyleJSON.document(for: try resolved()), sortedKeys: true))
    }

    @Test func webThemeHasLightDarkAndFontFaces() throws {
        let css = WebThemeCSS.file(for: try resolved()).text
        #expect(
            css.contains(
                "@font-face {\n  font-family: \"Inter\";\n  src: url(\"fonts/Inter.ttf\") format(\"truetype\");\n  font-weight: 600;\n  font-display: swap;\n}"
            ))
        #expect(css.contains(":root {\n  --color-new: #00000080;\n  --color-primary: #11A4D6;\n"))
        #expect(css.contains("  --font-body-size: 1.03125rem;\n"))
        #expect(css.contains("  --dimension-radius: 0.5px;\n  --dimension-spacingM: 16px;\n"))
        #expect(css.contains("  --animation-easeIn-short: 250ms;\n"))
        #expect(
            css.contains(
                "@media (prefers-color-scheme: dark) {\n  :root:not([data-theme=\"light\"]) {\n    --color-new: #00000080;\n    --color-primary: #0E8AB4;\n  }\n}"
            ))
        #expect(css.contains("[data-theme=\"dark\"] {\n  --color-new: #00000080;\n  --color-primary: #0E8AB4;\n}"))
    }

    @Test func androidValuesAreAARRGGBBWithSnakeCaseNames() throws {
        let files = AndroidResources.files(for: try resolved())
        #expect(
            files.map(\.path) == [
                "android/res/values/colors.xml", "android/res/values-night/colors.xml",
                "android/res/values/dimens.xml", "android/res/values/integers.xml", "android/res/values/bools.xml",
                "android/res/values/strings.xml", "android/res/values/styles.xml",
                "android/res/font/inter_regular.ttf", "android/res/font/inter.xml",
            ])
        #expect(files[7].asset?.repositoryPath == "targets/acme/assets/Inter.ttf")
        #expect(
            files[0].text == """
                <?xml version="1.0" encoding="utf-8"?>
                <!-- Generated by livery for acme. Do not edit. -->
                <resources>
                    <color name="new_">#80000000</color>
                    <color name="primary">#FF11A4D6</color>
                </resources>

                """)
        #expect(files[1].text.contains("<color name=\"primary\">#FF0E8AB4</color>"))
        #expect(files[2].text.contains("<dimen name=\"radius\">0.5dp</dimen>\n    <dimen name=\"spacing_m\">16dp</dimen>"))
        #expect(files[3].text.contains("<integer name=\"ease_in_short\">250</integer>"))
        #expect(files[4].text.contains("<bool name=\"beta\">true</bool>"))
        #expect(files[5].text.contains("<string name=\"app_name\">Acme &amp; Sons</string>"))
        #expect(files[6].text.contains("<style name=\"TextAppearance.Livery.Body\" parent=\"android:TextAppearance\">"))
    }

    @Test func outputIsByteForByteDeterministic() throws {
        let first = try resolved()
        let second = try resolved()
        #expect(ResolvedStyleJSON.file(for: first) == ResolvedStyleJSON.file(for: second))
        #expect(WebThemeCSS.file(for: first) == WebThemeCSS.file(for: second))
        #expect(AndroidResources.files(for: first) == AndroidResources.files(for: second))
    }
}
