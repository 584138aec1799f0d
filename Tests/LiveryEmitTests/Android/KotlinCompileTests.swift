import Foundation
import LiveryCore
import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// `LiveryTheme.kt` compiled by `kotlinc` (Debian's `kotlin`, installed by
/// `scripts/product/bootstrap --test`) for the rich fixture and the demo repository's
/// bundles, with a `main` that reads colours and fonts back; the values it
/// prints must be the style's. `LiveryComposeTheme.kt` is compiled in the same
/// call against stand-ins of the Compose API it uses (``composeStubs``), which
/// checks its names and types against `LiveryTheme.kt`, not against Compose.
/// One kotlinc call for everything: the compiler takes most of the time.
@Suite("Android: LiveryTheme.kt compiles with kotlinc")
struct KotlinCompileTests {
    /// One theme to compile: its sources under their own package, and what `main` should print.
    struct Fixture {
        var id: String
        var theme: String
        var compose: String
        var expected: [String: String]
        /// For a bundle: the files of `res/font/`, one of which the body font's resource must name.
        var fontFiles: [String]? = nil
    }

    @Test(
        .enabled(
            if: ExternalTool.kotlinc.isInstalled && ExternalTool.java.isInstalled,
            "kotlinc or java is not installed: LiveryTheme.kt is not compiled (scripts/product/bootstrap --test installs Debian's kotlin)"
        ))
    func themesCompileAndReadBackTheirValues() throws {
        let kotlinc = try #require(ExternalTool.kotlinc.path)
        let java = try #require(ExternalTool.java.path)
        let scratch = try TemporaryDirectory()
        var fixtures = [try richFixture()]
        fixtures += try demoFixtures(in: scratch.path + "/dist")
        #expect(fixtures.count >= 4)

        var sources: [String] = []
        var main = "fun main() {\n"
        for (index, fixture) in fixtures.enumerated() {
            // Every theme is `dev.livery.theme`; each fixture gets its own package so all compile at once.
            let package = "f\(index).dev.livery.theme"
            for (name, text) in [("LiveryTheme", fixture.theme), ("LiveryComposeTheme", fixture.compose)] {
                let path = "\(scratch.path)/f\(index)-\(name).kt"
                // Kotlin 1.3 reads `@Composable ()` as an annotation with arguments; Compose's own
                // compilers (Kotlin 1.4 and later) do not. An explicit empty list means the same to both.
                let moved = text.replacingOccurrences(of: "\npackage dev.livery.theme\n", with: "\npackage \(package)\n")
                    .replacingOccurrences(of: "@Composable () -> Unit", with: "@Composable() () -> Unit")
                #expect(moved != text, "\(fixture.id): no package line in \(name).kt")
                try Data(moved.utf8).write(to: URL(fileURLWithPath: path))
                sources.append(path)
            }
            main += Self.printer(package: package, id: fixture.id)
        }
        main += "    f0.dev.livery.theme.printRichFixture()\n}\n"
        try Data(main.utf8).write(to: URL(fileURLWithPath: scratch.path + "/Main.kt"))
        sources.append(scratch.path + "/Main.kt")
        // The app's typed theme of the demo contract and its Compose conveniences, in the same
        // call against the same stand-ins: AppTheme.kt reads org.json, Android's copy of which is on the classpath.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let contractFile = root.appendingPathComponent("targets/contract.json").path
        let contract = try ContractParser.parse(
            Array(try Data(contentsOf: URL(fileURLWithPath: contractFile))), file: "targets/contract.json")
        for language in [AppThemeLanguage.kotlin, .compose] {
            let path = scratch.path + "/" + language.fileName
            try Data(language.file(for: contract).utf8).write(to: URL(fileURLWithPath: path))
            sources.append(path)
        }
        for (name, text) in Self.composeStubs {
            try Data(text.utf8).write(to: URL(fileURLWithPath: scratch.path + "/" + name))
            sources.append(scratch.path + "/" + name)
        }

        let jar = scratch.path + "/themes.jar"
        let compiled = try runProcess(
            kotlinc, sources + ["-cp", "/usr/share/java/com.android.json.jar", "-include-runtime", "-nowarn", "-d", jar])
        #expect(compiled.status == 0, "kotlinc: \(compiled.stderr)")
        guard compiled.status == 0 else { return }
        let run = try runProcess(java, ["-jar", jar])
        #expect(run.status == 0, "\(run.stderr)")
        var printed: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            printed[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        for fixture in fixtures {
            for (key, value) in fixture.expected.sorted(by: { $0.key < $1.key }) {
                #expect(printed["\(fixture.id).\(key)"] == value, "\(fixture.id).\(key)")
            }
            if let files = fixture.fontFiles {
                let resource = printed["\(fixture.id).bodyResource"] ?? "null"
                #expect(
                    files.contains { $0.hasPrefix(resource + ".") },
                    "\(fixture.id): body font resource \(resource) is not in res/font \(files)")
            }
        }
    }

    /// Kotlin that prints what every fixture has: a colour in four appearances, a font, the app.
    static func printer(package: String, id: String) -> String {
        let theme = "\(package).LiveryTheme"
        return """
                println("\(id).primary=" + listOf(\(theme).Colors.primary.light, \(theme).Colors.primary.dark, \(theme).Colors.primary.highContrastLight, \(theme).Colors.primary.highContrastDark).joinToString(",") { it.toString(16) })
                println("\(id).primaryDarkHighContrast=" + \(theme).Colors.primary.argb(darkTheme = true, highContrast = true).toString(16))
                println("\(id).body=" + \(theme).Fonts.body.family + "|" + \(theme).Fonts.body.sizeSp + "|" + \(theme).Fonts.body.weight)
                println("\(id).bodyResource=" + \(theme).Fonts.body.resource)
                println("\(id).bundleId=" + \(theme).App.bundleId)
                println("\(id).schemeDark=" + \(package).liveryColorScheme(darkTheme = true).primary.argb.toString(16))
                println("\(id).typography=" + \(package).liveryTypography(android.content.Context()).bodyLarge.fontSize.value)

            """
    }

    /// The values `printer` prints for a colour token and a font token.
    static func expected(primary: ColorToken, body: (family: String, size: Double, weight: FontWeight), bundleId: String) -> [String:
        String]
    {
        func hex(_ color: RGBA) -> String {
            String(UInt32(color.alpha) << 24 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue), radix: 16)
        }
        let appearances = [
            primary.light, primary.dark, primary.highContrastLight ?? primary.light, primary.highContrastDark ?? primary.dark,
        ]
        return [
            "primary": appearances.map(hex).joined(separator: ","),
            "primaryDarkHighContrast": hex(primary.highContrastDark ?? primary.dark),
            "body": "\(body.family)|\(Float(body.size))|\(body.weight.numeric)",
            "bundleId": bundleId,
            "schemeDark": hex(primary.dark),
            "typography": "\(Float(body.size))",
        ]
    }

    func richFixture() throws -> Fixture {
        let style = try KotlinFixtures.rich()
        let primary = try #require(style.colors["primary"])
        let body = try #require(style.fonts["body"])
        var expected = Self.expected(primary: primary, body: (body.family, body.size, body.weight), bundleId: "com.acme.app")
        expected["bodyResource"] = "inter_regular"
        var main = ""
        // Names that needed escaping, and strings with `$`, quotes and newlines, read back as UTF-16 code units.
        let theme = "f0.dev.livery.theme.LiveryTheme"
        for (key, kotlin, value) in [
            ("greeting", "\(theme).Flags.greeting", "Hi $name\n\"quoted\" \\ é 😀\u{2028}!"),
            ("displayName", "\(theme).App.displayName", "Acme \"$Bank\"\n"),
            ("label", "\(theme).Components.Button_2.Primary.label", "Pay ${amount} \\ now"),
            ("dollar", "\(theme).Flags._dollar", "$"),
            ("inFamily", "\(theme).Components.Button_2.Button.font.family", "Mono $"),
        ] {
            main += "    println(\"acme.\(key)=\" + \(kotlin).map { it.toInt() }.joinToString(\",\"))\n"
            expected[key] = value.utf16.map { String($0) }.joined(separator: ",")
        }
        for (key, kotlin, value) in [
            ("object", "\(theme).Colors.`object`.light.toString(16)", "ff0e83ab"),
            ("cafe", "\(theme).Colors.caf_.light.toString(16)", "ff010204"),
            ("twoX", "\(theme).Colors._2x.light.toString(16)", "90807"),
            ("instance", "\(theme).Colors.INSTANCE_2.light.toString(16)", "ffabcdef"),
            (
                "badName", "\(theme).Colors.bad_name.light.toString(16) + \"/\" + \(theme).Colors.bad_name_2.light.toString(16)",
                "ff010203/ff030303"
            ),
            (
                "shapes",
                "listOf(\(theme).Components.Button_2.Primary.shape, \(theme).Components.Button_2.Button.shape, \(theme).Components.Button.Primary.shape, \(theme).Components.LiveryTheme_2.String.shape).joinToString(\",\")",
                "Capsule,RoundedRectangle(cornerRadius=12.0),Circle,Rectangle"
            ),
            ("componentColor", "\(theme).Components.Button_2.Primary.background === \(theme).Colors.primary", "true"),
            ("literalColor", "\(theme).Components.Button_2.Primary.foreground.dark.toString(16)", "80ffffff"),
            ("elevation", "\(theme).Components.Button_2.Primary.elevation", "2.5"),
            ("ratio", "\(theme).Dimensions.cardAspectRatio", "1.586"),
            ("animation", "\(theme).Animations.EaseIn.short + \(theme).Animations.EaseIn.default + \(theme).Animations.Fun.long", "1850"),
            (
                "flags",
                "listOf(\(theme).Flags.beta, \(theme).Flags.limit, \(theme).Flags.ratio, \(theme).Flags.`when`, \(theme).Flags.big, \(theme).Flags._x, \(theme).Flags._x_2).joinToString(\",\")",
                "true,5000,0.75,false,-9223372036854775808,Infinity,-0.5"
            ),
            ("image", "\(theme).Images.promoBanner", "promo_banner"),
            ("palette", "\(theme).Palettes.Brand.base.toString(16)", "ff11a4d6"),
            ("inFont", "\(theme).Fonts.`in`.resource", "null"),
        ] {
            main += "    println(\"acme.\(key)=\" + (\(kotlin)))\n"
            expected[key] = value
        }
        return Fixture(
            id: "acme", theme: KotlinTheme.file(for: style).text + "\n" + Self.extraMain(main),
            compose: ComposePlatform.files(for: style).first?.text ?? "", expected: expected)
    }

    /// The rich fixture's own checks run from a function in its theme file's package, called by `main`.
    static func extraMain(_ body: String) -> String {
        "fun printRichFixture() {\n" + body + "}\n"
    }

    /// The demo repository's bundles, built by the `livery` binary with `android` and `compose`.
    func demoFixtures(in out: String) throws -> [Fixture] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let build = try LiveryBinary.run(["build", "--repo", root, "--out", out, "--platform", "android,compose"])
        #expect(build.status == 0, "\(build.stderr)")
        var fixtures: [Fixture] = []
        for id in try FileManager.default.contentsOfDirectory(atPath: out).sorted() where !id.hasPrefix(".") {
            let bundle = "\(out)/\(id)"
            let theme = try String(contentsOfFile: bundle + "/" + KotlinTheme.path, encoding: .utf8)
            let compose = try String(contentsOfFile: bundle + "/" + ComposePlatform.path, encoding: .utf8)
            // The expected values come from the bundle's resolved style.json, not from the Kotlin.
            let resolved = try JSONReader.parse(
                Array(try Data(contentsOf: URL(fileURLWithPath: bundle + "/style.json"))), file: "style.json"
            ).value
            func color(_ key: String) -> RGBA? {
                guard
                    case .string(let hex)? = resolved.objectValue?["colors"]?.value.objectValue?["primary"]?.value.objectValue?[key]?.value
                else { return nil }
                return RGBA(hex: hex)
            }
            let body = try #require(resolved.objectValue?["fonts"]?.value.objectValue?["body"]?.value.objectValue)
            guard case .string(let family)? = body["family"]?.value, case .number(let size)? = body["size"]?.value,
                case .string(let weightName)? = body["weight"]?.value, let weight = FontWeight(rawValue: weightName),
                case .string(let bundleId)? = resolved.objectValue?["app"]?.value.objectValue?["bundleId"]?.value
            else {
                Issue.record("\(id): style.json has no body font or bundle id")
                continue
            }
            let primary = ColorToken(
                light: try #require(color("light")), dark: try #require(color("dark")),
                highContrastLight: color("highContrastLight"), highContrastDark: color("highContrastDark"))
            // A bundled body font's resource must be one of the files the Android resources wrote.
            let fontFiles = body["file"] == nil ? nil : try FileManager.default.contentsOfDirectory(atPath: bundle + "/android/res/font")
            let font = (family: family, size: size.doubleValue, weight: weight)
            var expected = Self.expected(primary: primary, body: font, bundleId: bundleId)
            if fontFiles == nil { expected["bodyResource"] = "null" }
            fixtures.append(Fixture(id: id, theme: theme, compose: compose, expected: expected, fontFiles: fontFiles))
        }
        return fixtures
    }

    /// Material 3's colour roles, the parameters of `ColorScheme` and its builders.
    static let materialColorRoles = [
        "primary", "onPrimary", "primaryContainer", "onPrimaryContainer", "inversePrimary", "secondary", "onSecondary",
        "secondaryContainer", "onSecondaryContainer", "tertiary", "onTertiary", "tertiaryContainer", "onTertiaryContainer",
        "background", "onBackground", "surface", "onSurface", "surfaceVariant", "onSurfaceVariant", "surfaceTint",
        "inverseSurface", "inverseOnSurface", "error", "onError", "errorContainer", "onErrorContainer", "outline",
        "outlineVariant", "scrim",
    ]

    /// Material 3's type scale, the text styles of `Typography`.
    static let materialTypographySlots = [
        "displayLarge", "displayMedium", "displaySmall", "headlineLarge", "headlineMedium", "headlineSmall", "titleLarge",
        "titleMedium", "titleSmall", "bodyLarge", "bodyMedium", "bodySmall", "labelLarge", "labelMedium", "labelSmall",
    ]

    /// Stand-ins for the parts of Android and Jetpack Compose (Material 3 1.x)
    /// that LiveryComposeTheme.kt uses: file name → source, one package each.
    /// The role and slot names are Material 3's, written here independently of
    /// the emitter's tables.
    static var composeStubs: [String: String] {
        let roles = Self.materialColorRoles
        let slots = Self.materialTypographySlots
        let roleParameters = roles.map { "\($0): Color = Color(0L)" }.joined(separator: ", ")
        let roleArguments = roles.map { "\($0) = \($0)" }.joined(separator: ", ")
        return [
            "AndroidAnnotation.kt": "package android.annotation\nannotation class SuppressLint(vararg val value: String)\n",
            "AndroidResources.kt":
                "package android.content.res\nclass Resources { fun getIdentifier(name: String, defType: String, defPackage: String): Int = 0 }\n",
            "AndroidContext.kt":
                "package android.content\nclass Context { val resources = android.content.res.Resources(); val packageName = \"dev.livery.check\" }\n",
            "Runtime.kt": """
            package androidx.compose.runtime
            @Target(AnnotationTarget.FUNCTION, AnnotationTarget.TYPE, AnnotationTarget.PROPERTY_GETTER)
            annotation class Composable
            inline fun <T> remember(key1: Any?, calculation: () -> T): T = calculation()

            """,
            "Foundation.kt":
                "package androidx.compose.foundation\n@androidx.compose.runtime.Composable fun isSystemInDarkTheme(): Boolean = false\n",
            "Graphics.kt": """
            package androidx.compose.ui.graphics
            import androidx.compose.ui.graphics.colorspace.ColorSpace
            class Color(val argb: Long) {
                constructor(red: Float, green: Float, blue: Float, alpha: Float = 1f, colorSpace: ColorSpace) : this(0L)
            }

            """,
            "ColorSpaces.kt": """
            package androidx.compose.ui.graphics.colorspace
            class ColorSpace(val name: String)
            object ColorSpaces { val Srgb = ColorSpace("sRGB"); val DisplayP3 = ColorSpace("Display P3") }

            """,
            "Platform.kt": """
            package androidx.compose.ui.platform
            object LocalContext { val current: android.content.Context @androidx.compose.runtime.Composable get() = android.content.Context() }

            """,
            "Unit.kt": """
            package androidx.compose.ui.unit
            class TextUnit(val value: Float)
            val Float.sp: TextUnit get() = TextUnit(this)

            """,
            "Font.kt": """
            package androidx.compose.ui.text.font
            class FontWeight(val weight: Int)
            class FontStyle private constructor(val value: Int) { companion object { val Normal = FontStyle(0); val Italic = FontStyle(1) } }
            class Font(val resId: Int, val weight: FontWeight = FontWeight(400), val style: FontStyle = FontStyle.Normal)
            class FontFamily(vararg val fonts: Font) { companion object { val Default = FontFamily() } }

            """,
            "Text.kt": """
            package androidx.compose.ui.text
            import androidx.compose.ui.text.font.FontFamily
            import androidx.compose.ui.text.font.FontWeight
            import androidx.compose.ui.unit.TextUnit
            class TextStyle(val fontFamily: FontFamily? = null, val fontSize: TextUnit = TextUnit(Float.NaN), val fontWeight: FontWeight? = null)

            """,
            "Material3.kt": """
            package androidx.compose.material3
            import androidx.compose.runtime.Composable
            import androidx.compose.ui.graphics.Color
            import androidx.compose.ui.text.TextStyle
            class ColorScheme(\(roles.map { "val \($0): Color" }.joined(separator: ", ")))
            fun lightColorScheme(\(roleParameters)): ColorScheme = ColorScheme(\(roleArguments))
            fun darkColorScheme(\(roleParameters)): ColorScheme = ColorScheme(\(roleArguments))
            class Typography(\(slots.map { "val \($0): TextStyle = TextStyle()" }.joined(separator: ", ")))
            @Composable fun MaterialTheme(colorScheme: ColorScheme = lightColorScheme(), shapes: Any? = null, typography: Typography = Typography(), content: @Composable() () -> Unit) { content() }

            """,
        ]
    }
}
