import Foundation
import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("iOS: asset catalog and Swift theme")
struct IOSEmitterTests {
    static let style = ##"""
        {
          "app": {"displayName": "Acme \"Bank\"", "bundleId": "com.acme.app"},
          "colors": {
            "primary": {"light": "#11A4D6", "dark": "#0E8AB480", "highContrastLight": "#000000", "highContrastDark": "#FFFFFF"},
            "default": "#123456"
          },
          "fonts": {"body": {"family": "Inter", "size": 16, "weight": "semibold"}},
          "dimensions": {"spacingM": 16},
          "animations": {"easeIn": {"short": 0.25, "default": 1}},
          "components": {"button": {"primary": {"background": "primary", "foreground": "#FFFFFF", "font": "body", "cornerRadius": 8, "shape": "capsule", "label": "Go", "enabled": true}}},
          "images": {"logo": "assets/logo.svg", "banner": {"light": "assets/b.png", "dark": "assets/b-dark.png"}},
          "appIcon": "assets/icon.png",
          "flags": {"beta": true, "limit": 3, "greeting": "Hi\n"}
        }
        """##

    func resolved() throws -> ResolvedStyle {
        let document = try JSONReader.parse(Array(Self.style.utf8), file: "targets/acme/style.json")
        let assets = MemoryAssets(files: [
            "targets/acme/assets/logo.svg": TestFiles.svg,
            "targets/acme/assets/b.png": TestFiles.png(width: 4, height: 2),
            "targets/acme/assets/b@2x.png": TestFiles.png(width: 8, height: 4),
            "targets/acme/assets/b-dark.png": TestFiles.png(width: 4, height: 2),
            "targets/acme/assets/icon.png": TestFiles.png(width: 1024, height: 1024),
        ])
        let (style, diagnostics) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: assets)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        return style
    }

    @Test func colorsetsHaveEveryAppearanceAsXcodeWritesThem() throws {
        let files = AssetCatalog.files(for: try resolved())
        let colorset = try #require(files.first { $0.path == "ios/Livery.xcassets/Colors/primary.colorset/Contents.json" })
        #expect(
            colorset.text.hasPrefix(
                "{\n  \"colors\" : [\n    {\n      \"color\" : {\n        \"color-space\" : \"srgb\",\n        \"components\" : {\n          \"alpha\" : \"1.000\",\n          \"blue\" : \"0xD6\",\n          \"green\" : \"0xA4\",\n          \"red\" : \"0x11\"\n        }\n      },\n      \"idiom\" : \"universal\"\n    },"
            ))
        let parsed = try JSONReader.parse(colorset.bytes, file: "c")
        let entries = try #require(parsed.value.objectValue?["colors"]?.value.arrayValue)
        #expect(entries.count == 4)
        #expect(
            JSONWriter.compact(try #require(entries[1].value.objectValue?["appearances"]).value)
                == #"[{"appearance":"luminosity","value":"dark"}]"#)
        #expect(parsed.value(at: JSONPointer(tokens: ["colors", "1", "color", "components", "alpha"]))?.value == .string("0.502"))
        #expect(
            JSONWriter.compact(try #require(entries[3].value.objectValue?["appearances"]).value)
                == #"[{"appearance":"luminosity","value":"dark"},{"appearance":"contrast","value":"high"}]"#)
    }

    @Test func imagesetsKeepScalesDarkVariantsAndVectors() throws {
        let files = AssetCatalog.files(for: try resolved())
        let paths = files.map(\.path)
        #expect(paths.contains("ios/Livery.xcassets/Images/banner.imageset/banner.png"))
        #expect(paths.contains("ios/Livery.xcassets/Images/banner.imageset/banner@2x.png"))
        #expect(!paths.contains("ios/Livery.xcassets/Images/banner.imageset/banner@3x.png"))
        #expect(paths.contains("ios/Livery.xcassets/Images/banner.imageset/banner-dark.png"))
        #expect(paths.contains("ios/Livery.xcassets/Images/logo.imageset/logo.svg"))
        #expect(paths.contains("ios/Livery.xcassets/AppIcon.appiconset/AppIcon.png"))
        let logo = try #require(files.first { $0.path == "ios/Livery.xcassets/Images/logo.imageset/Contents.json" })
        #expect(logo.text.contains("\"preserves-vector-representation\" : true"))
        let copied = try #require(files.first { $0.path.hasSuffix("banner@2x.png") })
        #expect(copied.asset?.repositoryPath == "targets/acme/assets/b@2x.png")
        // Namespaced groups, so a colour and an image may share a name.
        #expect(
            files.first { $0.path == "ios/Livery.xcassets/Colors/Contents.json" }?.text.contains("\"provides-namespace\" : true") == true)
    }

    @Test func theSwiftThemeNamesAndQuotesItsValues() throws {
        let theme = SwiftTheme.file(for: try resolved())
        #expect(theme.text.contains("public static let `default` = LiveryColor(assetName: \"Colors/default\""))
        #expect(theme.text.contains("public static let background = Colors.primary"))
        #expect(theme.text.contains("public static let greeting = \"Hi\\n\""))
        #expect(theme.text.contains("public static let displayName = \"Acme \\\"Bank\\\"\""))
    }

    @Test(.enabled(if: ExternalTool.swiftc.isInstalled, "swiftc is not on PATH: Theme.swift is not type-checked"))
    func theSwiftThemeTypeChecks() throws {
        let theme = SwiftTheme.file(for: try resolved())
        let swiftc = try #require(ExternalTool.swiftc.path)
        let scratch = try TemporaryDirectory()
        let source = scratch.path + "/Theme.swift"
        try Data(theme.bytes).write(to: URL(fileURLWithPath: source))
        // A use site, so the accessors are checked as a client would use them.
        try Data(
            """
            let c: LiveryColor = Theme.Colors.primary
            let d: Double = Theme.Components.Button.Primary.cornerRadius + Theme.Animations.EaseIn.short + Theme.Animations.EaseIn.`default`
            let s: LiveryShape = Theme.Components.Button.Primary.shape
            let f: LiveryFont = Theme.Components.Button.Primary.font
            let b: Bool = Theme.Flags.beta && Theme.Components.Button.Primary.enabled
            print(c, d, s, f, b, Theme.Images.logo, Theme.Flags.limit)

            """.utf8
        ).write(to: URL(fileURLWithPath: scratch.path + "/main.swift"))
        let result = try runProcess(swiftc, ["-typecheck", source, scratch.path + "/main.swift"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func identifiersAreSafe() {
        #expect(SwiftTheme.identifier("default") == "`default`")
        #expect(SwiftTheme.identifier("2x") == "_2x")
        #expect(SwiftTheme.identifier("bad-name") == "bad_name")
        #expect(SwiftTheme.typeName("segmentedControl") == "SegmentedControl")
        #expect(SwiftTheme.typeName("type") == "Type_")
    }
}
