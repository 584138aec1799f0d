import LiveryCore
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEmit

@Suite("Android: LiveryTheme.kt")
struct KotlinThemeTests {
    @Test func identifiersAreValidKotlin() {
        #expect(KotlinLiteral.identifier("primary") == "primary")
        #expect(KotlinLiteral.identifier("default") == "default")
        #expect(KotlinLiteral.identifier("object") == "`object`")
        #expect(KotlinLiteral.identifier("in") == "`in`")
        #expect(KotlinLiteral.identifier("value") == "`value`")
        #expect(KotlinLiteral.identifier("2x") == "_2x")
        #expect(KotlinLiteral.identifier("bad-name") == "bad_name")
        #expect(KotlinLiteral.identifier("café") == "caf_")
        #expect(KotlinLiteral.identifier("_") == "_x")
        #expect(KotlinLiteral.identifier("") == "_x")
        #expect(KotlinLiteral.typeName("segmentedControl") == "SegmentedControl")
        #expect(KotlinLiteral.typeName("fun") == "Fun")
        #expect(KotlinLiteral.typeName("9patch") == "_9patch")
    }

    @Test func namesInOneObjectAreUniqueAndStable() {
        let properties = KotlinNames.properties(["bad-name", "bad_name", "INSTANCE", "LiveryTheme", "when"])
        #expect(properties["bad_name"] == "bad_name")
        #expect(properties["bad-name"] == "bad_name_2")
        #expect(properties["INSTANCE"] == "INSTANCE_2")
        #expect(properties["LiveryTheme"] == "LiveryTheme_2")
        #expect(properties["when"] == "`when`")
        // Object names are .class files: unique ignoring case.
        let objects = KotlinNames.objects(["button", "Button", "BUTTON", "liveryTheme"])
        #expect(objects["BUTTON"] == "BUTTON")
        #expect(objects["Button"] == "Button_2")
        #expect(objects["button"] == "Button_3")
        #expect(objects["liveryTheme"] == "LiveryTheme_2")
        // The order names arrive in does not matter.
        #expect(KotlinNames.objects(["liveryTheme", "BUTTON", "Button", "button"]).names == objects.names)
        // Names that are all identifiers as written skip the table; each comes
        // out as the general rule spells it.
        let written = ["primary", "when", "onPrimary", "x1", "value", "A_b"]
        let general = KotlinNames(written, spell: KotlinLiteral.identifier, key: { $0 })
        let plain = KotlinNames.properties(written)
        #expect(plain.names.isEmpty)
        for name in written { #expect(plain[name] == general[name]) }
    }

    @Test func stringsAreEscapedForKotlin() {
        #expect(KotlinLiteral.string("plain") == "\"plain\"")
        #expect(KotlinLiteral.string("Pay ${amount} $") == #""Pay \${amount} \$""#)
        #expect(KotlinLiteral.string("a\"b\\c\nd\te\r") == #""a\"b\\c\nd\te\r""#)
        #expect(KotlinLiteral.string("\u{1}\u{7F}\u{85}\u{2028}") == #""\u0001\u007F\u0085\u2028""#)
        #expect(KotlinLiteral.string("é 😀") == "\"é 😀\"")
    }

    @Test func numbersAreKotlinLiterals() {
        #expect(KotlinLiteral.float(16) == "16f")
        #expect(KotlinLiteral.float(1.586) == "1.586f")
        #expect(KotlinLiteral.double(2) == "2.0")
        #expect(KotlinLiteral.double(.infinity) == "(1.0 / 0.0)")
        #expect(KotlinLiteral.long(5000) == "5000L")
        #expect(KotlinLiteral.long(.min) == "(-9223372036854775807L - 1L)")
        #expect(KotlinLiteral.integer("5000") == 5000)
        #expect(KotlinLiteral.integer("-3") == -3)
        #expect(KotlinLiteral.integer("5.0") == nil)
        #expect(KotlinLiteral.integer("1e3") == nil)
        #expect(KotlinLiteral.integer("99999999999999999999") == nil)
        #expect(KotlinLiteral.argb(RGBA(red: 0x0E, green: 0x8A, blue: 0xB4, alpha: 0x80)) == "0x800E8AB4L")
    }

    @Test func theThemeHasEveryTokenKind() throws {
        let file = KotlinTheme.file(for: try KotlinFixtures.rich())
        #expect(file.path == "android/kotlin/dev/livery/theme/LiveryTheme.kt")
        let text = file.text
        #expect(text.contains("\npackage dev.livery.theme\n"))
        #expect(text.contains(#"const val displayName = "Acme \"\$Bank\"\n""#))
        #expect(
            text.contains(
                "@JvmField val primary: LiveryColor = LiveryColor(light = 0xFF11A4D6L, dark = 0x800E8AB4L, highContrastLight = 0xFF000000L, highContrastDark = 0xFFFFFFFFL, resource = \"primary\")"
            ))
        // Without high-contrast values, high contrast is light and dark.
        #expect(
            text.contains(
                "@JvmField val onPrimary: LiveryColor = LiveryColor(light = 0xFFFFFFFFL, dark = 0xFF000000L, highContrastLight = 0xFFFFFFFFL, highContrastDark = 0xFF000000L, resource = \"on_primary\")"
            ))
        #expect(text.contains("@JvmField val `object`: LiveryColor"))
        #expect(text.contains("@JvmField val INSTANCE_2: LiveryColor"))
        #expect(text.contains("@JvmField val caf_: LiveryColor"))
        #expect(text.contains("@JvmField val _2x: LiveryColor = LiveryColor(light = 0x00090807L"))
        #expect(text.contains("@JvmField val bad_name_2: LiveryColor = LiveryColor(light = 0xFF030303L"))
        #expect(text.contains("        object Brand {\n            const val base = 0xFF11A4D6L\n"))
        #expect(
            text.contains(
                #"@JvmField val body: LiveryFont = LiveryFont(family = "Inter", sizeSp = 16.5f, weight = 600, resource = "inter_regular", fileWeight = 600, italic = false)"#
            ))
        #expect(
            text.contains(#"@JvmField val `in`: LiveryFont = LiveryFont(family = "Mono \$", sizeSp = 12f, weight = 400, resource = null)"#))
        #expect(text.contains("const val cardAspectRatio = 1.586f\n"))
        #expect(text.contains("const val `val` = 0.5f\n"))
        #expect(text.contains("        object EaseIn {\n            const val default = 1000L\n            const val short = 250L\n"))
        #expect(text.contains("        object Fun {\n            const val long = 600L\n"))
        // The kind `Button` is valid as written, so `button` is the one renamed.
        #expect(
            text.contains(
                "        object Button {\n            object Primary {\n                @JvmField val shape: LiveryShape = LiveryShape.Circle\n"
            ))
        #expect(text.contains("        object Button_2 {\n            object Button {\n"))
        #expect(
            text.contains(
                "            object Primary {\n                @JvmField val background: LiveryColor = LiveryTheme.Colors.primary\n"))
        #expect(text.contains("@JvmField val shape: LiveryShape = LiveryShape.RoundedRectangle(cornerRadius = 12f)"))
        #expect(text.contains("@JvmField val font: LiveryFont = LiveryTheme.Fonts.`in`"))
        #expect(text.contains(#"const val label = "Pay \${amount} \\ now""#))
        #expect(text.contains("const val elevation = 2.5"))
        #expect(text.contains("const val enabled = true"))
        #expect(
            text.contains(
                "@JvmField val foreground: LiveryColor = LiveryColor(light = 0x80FFFFFFL, dark = 0x80FFFFFFL, highContrastLight = 0x80FFFFFFL, highContrastDark = 0x80FFFFFFL, resource = null)"
            ))
        #expect(text.contains("        object LiveryTheme_2 {\n            object String {\n"))
        #expect(text.contains("const val promoBanner = \"promo_banner\""))
        #expect(text.contains("const val limit = 5000L\n"))
        #expect(text.contains("const val ratio = 0.75\n"))
        #expect(text.contains("const val big = (-9223372036854775807L - 1L)\n"))
        #expect(text.contains("const val `when` = false\n"))
        #expect(text.contains(#"const val greeting = "Hi \$name\n\"quoted\" \\ é 😀\u2028!""#))
        #expect(text.contains("const val _dollar = \"\\$\"\n"))
        #expect(text.contains("const val _x = (1.0 / 0.0)\n"))
        #expect(text.contains("const val _x_2 = -0.5\n"))
        // Deterministic: the same style gives the same bytes.
        #expect(KotlinTheme.file(for: try KotlinFixtures.rich()).bytes == file.bytes)
    }

    @Test func theAndroidPlatformWritesIt() throws {
        let files = AndroidPlatform.files(for: try KotlinFixtures.rich())
        #expect(files.contains { $0.path == KotlinTheme.path })
        // The font resource it names is a file the Android resources write.
        #expect(files.contains { $0.path == "android/res/font/inter_regular.ttf" })
    }
}
