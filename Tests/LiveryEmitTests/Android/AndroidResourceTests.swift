import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Android resources: names, values, text appearances, widget styles")
struct AndroidResourceTests {
    static let style = ##"""
        {
          "app": {"displayName": "  Acme's \"Bank\" @home", "bundleId": "com.acme.app"},
          "colors": {
            "onPrimary": {"light": "#FFFFFF", "dark": "#101010", "highContrastLight": "#000000"},
            "primary": "#0A3D91",
            "default": "#123456"
          },
          "fonts": {
            "body": {"family": "Karla", "size": 16.5, "weight": "regular", "file": "assets/Karla-Regular.ttf"},
            "title": {"family": "Karla", "size": 22, "weight": "bold", "file": "assets/Karla-Bold.otf"},
            "headline": {"family": "Karla", "size": 17, "weight": "semibold"},
            "mono": {"family": "sans-serif-medium", "size": 12, "weight": "medium"}
          },
          "dimensions": {"spacingXS": 4, "cardAspectRatio": 1.586, "radiusM": 8, "disabledAlpha": 0.4},
          "animations": {"easeInOut": {"short": 0.2, "long": 1.25}},
          "components": {
            "button": {"primary": {"background": "primary", "foreground": "onPrimary", "font": "title",
                                   "height": 48, "padding": "spacingXS", "border": "primary",
                                   "shape": {"roundedRectangle": {"cornerRadius": "{dimensions.radiusM}"}}}},
            "label": {"badge": {"background": "#FF0000", "foreground": "onPrimary", "font": "body"}},
            "card": {"default": {"background": "primary", "shape": {"roundedRectangle": {"cornerRadius": 12}}}}
          },
          "flags": {"beta": true, "limit": 5000, "ratio": 0.75, "huge": 1e12, "welcome": "50% off\nnow", "list": [1]}
        }
        """##

    static func resolve(_ text: String = style, extra: [String: [UInt8]] = [:]) throws -> ResolvedStyle {
        let document = try JSONReader.parse(Array(text.utf8), file: "targets/acme/style.json")
        var files: [String: [UInt8]] = [
            "targets/acme/assets/Karla-Regular.ttf": TestFiles.truetype(family: "Karla"),
            "targets/acme/assets/Karla-Bold.otf": TestFiles.opentype(family: "Karla", weight: 700),
        ]
        files.merge(extra) { $1 }
        let (style, diagnostics) = StyleResolver().resolve(
            id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: files))
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        return style
    }

    func file(_ files: [EmittedFile], _ path: String) throws -> String {
        try #require(files.first { $0.path == path }, "no \(path) in \(files.map(\.path))").text
    }

    @Test func namesAreSnakeCaseWithKeywordsAndInvalidStartsEscaped() {
        #expect(AndroidNaming.resourceName("onPrimary") == "on_primary")
        #expect(AndroidNaming.resourceName("promoBanner") == "promo_banner")
        #expect(AndroidNaming.resourceName("spacingXS") == "spacing_xs")
        #expect(AndroidNaming.resourceName("HTTPServer") == "http_server")
        #expect(AndroidNaming.resourceName("extra003") == "extra003")
        #expect(AndroidNaming.resourceName("h1Title") == "h1_title")
        #expect(AndroidNaming.resourceName("already_snake") == "already_snake")
        #expect(AndroidNaming.resourceNameAndEscape("onPrimary").escape == nil)
        #expect(AndroidNaming.resourceName("default") == "default_")
        #expect(AndroidNaming.resourceName("Default") == "default_")
        #expect(AndroidNaming.resourceName("val") == "val_")
        #expect(AndroidNaming.resourceName("3d") == "res_3d")
        #expect(AndroidNaming.resourceName("café") == "caf_")
        #expect(AndroidNaming.resourceName("League Spartan") == "league_spartan")
        #expect(AndroidNaming.resourceNameAndEscape("default").escape?.contains("keyword") == true)
        #expect(AndroidNaming.resourceNameAndEscape("3d").escape?.contains("start with a letter") == true)
        #expect(AndroidNaming.styleSegment("onPrimary") == "OnPrimary")
        #expect(AndroidNaming.styleSegment("café") == "Caf")
    }

    /// The rule over UTF-8 bytes gives what it gives over whole characters:
    /// the rule written out scalar by scalar is the reference, on names made of
    /// letters, digits, separators and non-ASCII characters in every order.
    @Test func theByteRuleMatchesTheCharacterRule() {
        func reference(_ name: String) -> String {
            var out = ""
            let scalars = Array(name.unicodeScalars)
            for index in scalars.indices {
                let value = scalars[index].value
                switch value {
                case 0x41...0x5A:
                    if index > 0 {
                        let previous = scalars[index - 1].value
                        let nextIsLower = index + 1 < scalars.count && (0x61...0x7A).contains(scalars[index + 1].value)
                        if (0x61...0x7A).contains(previous) || (0x30...0x39).contains(previous)
                            || ((0x41...0x5A).contains(previous) && nextIsLower)
                        {
                            out += "_"
                        }
                    }
                    out.unicodeScalars.append(Unicode.Scalar(value + 0x20) ?? scalars[index])
                case 0x61...0x7A, 0x30...0x39, 0x5F: out.unicodeScalars.append(scalars[index])
                default: if !out.hasSuffix("_") { out += "_" }
                }
            }
            if !(out.unicodeScalars.first.map { (0x61...0x7A).contains($0.value) } ?? false) { out = "res_" + out }
            return AndroidNaming.keywords.contains(out) ? out + "_" : out
        }
        let pieces = ["a", "B", "7", "_", "-", " ", "é", "É", "ß", "日本", "🎨", "x", "Q", "\u{301}"]
        // Seeded: a failure replays.
        var generator = SeededRandom(seed: 0x4E41_4D45)
        var names = ["", "HTTPServer", "aÉb", "éA", "Aé", "AÉb", "a🎨B", "default", "Default"]
        for _ in 0..<3_000 {
            names.append((0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined())
        }
        for name in names {
            #expect(AndroidNaming.resourceName(name) == reference(name), "\(name)")
        }
    }

    @Test func unitlessDimensionsAreFloatItemsNeverDp() {
        for name in ["cardAspectRatio", "ratio", "imageScale", "disabledAlpha", "zoomFactor"] {
            #expect(UnitlessDimension.matches(name), "\(name)")
        }
        for name in ["spacingM", "radiusM", "iconSize", "alphabetHeight", "scaled"] {
            #expect(!UnitlessDimension.matches(name), "\(name)")
        }
    }

    @Test func valuesHoldColoursDimensionsAnimationsAndFlags() throws {
        let files = AndroidResources.files(for: try Self.resolve())
        let colors = try file(files, "android/res/values/colors.xml")
        #expect(
            colors.contains(
                "    <color name=\"default_\">#FF123456</color>\n    <color name=\"on_primary\">#FFFFFFFF</color>\n    <color name=\"primary\">#FF0A3D91</color>\n"
            ))
        #expect(try file(files, "android/res/values-night/colors.xml").contains("<color name=\"on_primary\">#FF101010</color>"))
        let dimens = try file(files, "android/res/values/dimens.xml")
        #expect(dimens.contains("    <item name=\"card_aspect_ratio\" type=\"dimen\" format=\"float\">1.586</item>\n"))
        #expect(dimens.contains("    <item name=\"disabled_alpha\" type=\"dimen\" format=\"float\">0.4</item>\n"))
        #expect(dimens.contains("    <dimen name=\"spacing_xs\">4dp</dimen>\n"))
        #expect(dimens.contains("    <dimen name=\"button_primary_corner_radius\">8dp</dimen>\n"))
        #expect(dimens.contains("    <dimen name=\"card_default_corner_radius\">12dp</dimen>\n"))
        #expect(dimens.contains("    <item name=\"ratio\" type=\"dimen\" format=\"float\">0.75</item>\n"))
        #expect(!dimens.contains("1.586dp"))
        let integers = try file(files, "android/res/values/integers.xml")
        #expect(
            integers.contains(
                "    <integer name=\"ease_in_out_long\">1250</integer>\n    <integer name=\"ease_in_out_short\">200</integer>\n"))
        #expect(integers.contains("    <integer name=\"limit\">5000</integer>\n"))
        #expect(!integers.contains("huge"))
        #expect(dimens.contains("<item name=\"huge\" type=\"dimen\" format=\"float\">1000000000000</item>"))
        #expect(try file(files, "android/res/values/bools.xml").contains("    <bool name=\"beta\">true</bool>\n"))
        let strings = try file(files, "android/res/values/strings.xml")
        #expect(strings.contains(#"<string name="app_name">"  Acme\'s \"Bank\" @home"</string>"#))
        #expect(strings.contains(#"<string name="welcome" formatted="false">50% off\nnow</string>"#))
        #expect(!strings.contains("list"))
    }

    @Test func textAppearancesPointAtFontFamiliesListingTheirWeights() throws {
        let files = AndroidResources.files(for: try Self.resolve())
        #expect(
            files.contains {
                $0.path == "android/res/font/karla_regular.ttf" && $0.asset?.repositoryPath == "targets/acme/assets/Karla-Regular.ttf"
            })
        #expect(files.contains { $0.path == "android/res/font/karla_bold.otf" })
        #expect(
            try file(files, "android/res/font/karla.xml").contains(
                """
                <font-family xmlns:android="http://schemas.android.com/apk/res/android">
                    <font
                        android:font="@font/karla_regular"
                        android:fontStyle="normal"
                        android:fontWeight="400"/>
                    <font
                        android:font="@font/karla_bold"
                        android:fontStyle="normal"
                        android:fontWeight="700"/>
                </font-family>
                """))
        let styles = try file(files, "android/res/values/styles.xml")
        #expect(
            styles.contains(
                """
                    <style name="TextAppearance.Livery.Body" parent="android:TextAppearance">
                        <item name="android:fontFamily">@font/karla</item>
                        <item name="android:textSize">16.5sp</item>
                        <item name="android:textStyle">normal</item>
                        <item name="android:textFontWeight">400</item>
                    </style>
                """))
        // No file of its own, but its family has one: the family picks the nearest weight.
        #expect(
            styles.contains(
                "<style name=\"TextAppearance.Livery.Headline\" parent=\"android:TextAppearance\">\n        <item name=\"android:fontFamily\">@font/karla</item>\n        <item name=\"android:textSize\">17sp</item>\n        <item name=\"android:textStyle\">bold</item>\n        <item name=\"android:textFontWeight\">600</item>"
            ))
        // A family without any file keeps its name.
        #expect(
            styles.contains(
                "<style name=\"TextAppearance.Livery.Mono\" parent=\"android:TextAppearance\">\n        <item name=\"android:fontFamily\">sans-serif-medium</item>"
            ))
    }

    @Test func componentsWithACounterpartBecomeWidgetStyles() throws {
        let styles = try file(AndroidResources.files(for: try Self.resolve()), "android/res/values/styles.xml")
        #expect(
            styles.contains(
                """
                    <style name="Widget.Livery.Button.Primary" parent="android:Widget.Material.Button">
                        <item name="android:backgroundTint">@color/primary</item>
                        <item name="android:minHeight">48dp</item>
                        <item name="android:paddingHorizontal">@dimen/spacing_xs</item>
                        <item name="android:textAppearance">@style/TextAppearance.Livery.Title</item>
                        <item name="android:textColor">@color/on_primary</item>
                    </style>
                """))
        #expect(
            styles.contains(
                "<style name=\"Widget.Livery.Label.Badge\" parent=\"android:Widget.Material.TextView\">\n        <item name=\"android:background\">#FFFF0000</item>"
            ))
        #expect(!styles.contains("Widget.Livery.Card"))
    }

    @Test func renamedTokensAreWarningsAndClashesAreErrorsNamingBoth() throws {
        let style = try Self.resolve(
            ##"""
            {"app": {"displayName": "A", "bundleId": "com.a.b"},
             "colors": {"default": "#000000", "onPrimary": "#FFFFFF", "on_primary": "#EEEEEE"},
             "flags": {"appName": "clash", "newItem": true}}
            """##)
        let diagnostics = AndroidPlatform.diagnostics(for: style)
        let renamed = try #require(diagnostics.first { $0.severity == .warning && $0.rule.id == "android-name" })
        #expect(renamed.pointer == JSONPointer(tokens: ["colors", "default"]))
        #expect(renamed.message.contains("'default'") && renamed.message.contains("'default_'"))
        let clashes = diagnostics.filter { $0.severity == .error }
        #expect(clashes.count == 2)
        #expect(
            clashes.contains {
                $0.message.contains("colour 'onPrimary' and colour 'on_primary'") && $0.message.contains("@color/on_primary")
                    && $0.pointer == JSONPointer(tokens: ["colors", "on_primary"])
            })
        #expect(clashes.contains { $0.message.contains("the app's display name and flag 'appName'") })
        // Plain snake_case is the rule, not a rename: no warning for newItem or onPrimary.
        #expect(diagnostics.count == 3)
        #expect(AndroidPlatform.diagnostics(for: try Self.resolve()).filter { $0.rule.id == "android-name" }.count == 1)
    }

    @Test func outputIsDeterministic() throws {
        #expect(AndroidResources.files(for: try Self.resolve()) == AndroidResources.files(for: try Self.resolve()))
    }
}
