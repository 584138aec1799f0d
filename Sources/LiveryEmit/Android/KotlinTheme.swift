import LiveryCore
import LiveryTargets
import LiveryText

/// `android/kotlin/dev/livery/theme/LiveryTheme.kt`: every token as plain Kotlin
/// (standard library only, Kotlin 1.3 and later), shaped like `ios/Theme.swift`:
/// `LiveryTheme.Colors.primary`, `LiveryTheme.Components.Button.Primary.background`.
///
/// The package is the same for every client, as `Theme` is on iOS: a white-label
/// app's shared code (`src/main`) imports `dev.livery.theme.LiveryTheme` and each
/// product flavour's source set brings its client's file.
public enum KotlinTheme {
    public static let package = "dev.livery.theme"
    public static let directory = "android/kotlin/dev/livery/theme"
    public static let path = directory + "/LiveryTheme.kt"

    public static func file(for style: ResolvedStyle) -> EmittedFile {
        var out = TextBuffer(capacity: 4_096 + 300 * style.colors.count + 16_384)
        out.append(header(style.id))
        // A style with a colour beyond sRGB gets its Display P3 values too; an sRGB-only style's file is as it always was.
        out.append(WideColor.isUsed(in: style) ? wideColorClass : colorClass)
        out.append(typeDeclarations)
        let colors = colorNames(style)
        let fonts = fontNames(style)
        let fontFiles = AndroidTypography.fontFiles(style)
        // Each object of LiveryTheme in turn, a blank line between them.
        appendApp(style, to: &out)
        out += "\n"
        appendColors(style, names: colors, to: &out)
        out += "\n"
        appendPalettes(style, to: &out)
        out += "\n"
        appendFonts(style, names: fonts, files: fontFiles, to: &out)
        out += "\n"
        appendDimensions(style, to: &out)
        out += "\n"
        appendAnimations(style, to: &out)
        out += "\n"
        appendComponents(style, colors: colors, fonts: fonts, fontFiles: fontFiles, to: &out)
        out += "\n"
        appendImages(style, to: &out)
        out += "\n"
        appendFlags(style, to: &out)
        out += "}\n"
        return EmittedFile(path: path, bytes: out.bytes)
    }

    /// The types every LiveryTheme.kt declares after its colour class, and the opening of `object LiveryTheme`.
    static let typeDeclarations = """

        /**
         * A font token: size in sp, weight from 100 to 900, and its file in res/font/ if the style bundles one,
         * with the weight and slant that file draws (what res/font/<family>.xml says of it).
         */
        data class LiveryFont(
            val family: String,
            val sizeSp: Float,
            val weight: Int,
            val resource: String?,
            val fileWeight: Int = weight,
            val italic: Boolean = false
        )

        /** Component shapes; corner radii in dp. */
        sealed class LiveryShape {
            object Circle : LiveryShape() { override fun toString(): String = "Circle" }
            object Capsule : LiveryShape() { override fun toString(): String = "Capsule" }
            object Rectangle : LiveryShape() { override fun toString(): String = "Rectangle" }
            data class RoundedRectangle(val cornerRadius: Float) : LiveryShape()
        }

        /** The style of one client. */
        object LiveryTheme {

        """

    public static let displayP3Path = directory + "/LiveryDisplayP3.kt"

    /// For a style with a colour beyond sRGB: the colours as `android.graphics.Color`
    /// in their own space (Android 8, API 26, and later), beside LiveryTheme.kt,
    /// which stays plain Kotlin.
    public static func displayP3File(for style: ResolvedStyle) -> EmittedFile {
        EmittedFile(
            path: displayP3Path,
            text: header(style.id) + """
                import android.graphics.Color
                import android.graphics.ColorSpace
                import androidx.annotation.RequiresApi

                /**
                 * The colour for an appearance as Android draws it: in Display P3 when the style
                 * writes it beyond sRGB, else the sRGB value of res/values/colors.xml.
                 */
                @RequiresApi(26)
                fun LiveryColor.color(darkTheme: Boolean, highContrast: Boolean = false): Color {
                    val p3 = displayP3(darkTheme, highContrast) ?: return Color.valueOf(argb(darkTheme, highContrast).toInt())
                    return Color.valueOf(p3.red, p3.green, p3.blue, p3.alpha, ColorSpace.get(ColorSpace.Named.DISPLAY_P3))
                }

                """)
    }

    static let colorClass = """
        /**
         * A colour token as 0xAARRGGBB values (`.toInt()` gives an Android colour int).
         * Without a high-contrast value of its own, high contrast uses the light or dark one.
         */
        data class LiveryColor(
            val light: Long,
            val dark: Long,
            val highContrastLight: Long,
            val highContrastDark: Long,
            /** The name in res/values/colors.xml, or null for a colour that is not a token. */
            val resource: String?
        ) {
            /** The value for an appearance. */
            fun argb(darkTheme: Boolean, highContrast: Boolean = false): Long =
                if (darkTheme) (if (highContrast) highContrastDark else dark) else (if (highContrast) highContrastLight else light)
        }

        """

    static let wideColorClass = """
        /** A colour in Display P3: red, green, blue and alpha from 0 to 1. */
        data class LiveryDisplayP3(val red: Float, val green: Float, val blue: Float, val alpha: Float)

        /**
         * A colour token as 0xAARRGGBB values (`.toInt()` gives an Android colour int), the sRGB
         * colour res/values/colors.xml holds; an appearance the style writes beyond sRGB also has
         * its Display P3 value (null where the sRGB value is the colour).
         * Without a high-contrast value of its own, high contrast uses the light or dark one.
         */
        data class LiveryColor(
            val light: Long,
            val dark: Long,
            val highContrastLight: Long,
            val highContrastDark: Long,
            /** The name in res/values/colors.xml, or null for a colour that is not a token. */
            val resource: String?,
            val lightP3: LiveryDisplayP3? = null,
            val darkP3: LiveryDisplayP3? = null,
            val highContrastLightP3: LiveryDisplayP3? = null,
            val highContrastDarkP3: LiveryDisplayP3? = null
        ) {
            /** The sRGB value for an appearance. */
            fun argb(darkTheme: Boolean, highContrast: Boolean = false): Long =
                if (darkTheme) (if (highContrast) highContrastDark else dark) else (if (highContrast) highContrastLight else light)

            /** The Display P3 value for an appearance, or null when it is an sRGB colour. */
            fun displayP3(darkTheme: Boolean, highContrast: Boolean = false): LiveryDisplayP3? =
                if (darkTheme) (if (highContrast) highContrastDarkP3 else darkP3) else (if (highContrast) highContrastLightP3 else lightP3)
        }

        """

    /// The Kotlin names of the colour tokens, as `LiveryTheme.Colors.<name>`.
    public static func colorNames(_ style: ResolvedStyle) -> KotlinNames { KotlinNames.properties(style.colors.keys) }

    /// The Kotlin names of the font tokens, as `LiveryTheme.Fonts.<name>`.
    public static func fontNames(_ style: ResolvedStyle) -> KotlinNames { KotlinNames.properties(style.fonts.keys) }

    /// The first lines of every Kotlin file livery writes for a target.
    static func header(_ id: String) -> String {
        "// Generated by livery for \(TextEscaping.codeComment(id)). Do not edit: change targets/\(TextEscaping.codeComment(id))/style.json instead.\n"
            + "@file:Suppress(\"unused\", \"ObjectPropertyName\", \"RemoveRedundantBackticks\")\n\n"
            + "package \(package)\n\n"
    }

    static func appendColor(_ token: ColorToken, resource: String?, to out: inout TextBuffer) {
        out += "LiveryColor(light = "
        KotlinLiteral.appendARGB(token.light, to: &out)
        out += ", dark = "
        KotlinLiteral.appendARGB(token.dark, to: &out)
        out += ", highContrastLight = "
        KotlinLiteral.appendARGB(token.highContrastLight ?? token.light, to: &out)
        out += ", highContrastDark = "
        KotlinLiteral.appendARGB(token.highContrastDark ?? token.dark, to: &out)
        out += ", resource = "
        if let resource { out.append(KotlinLiteral.string(resource)) } else { out += "null" }
        if let wide = token.wide {
            // High contrast without its own value falls back as `argb` does.
            let values: [(String, ColorValue?)] = [
                ("lightP3", wide.light), ("darkP3", wide.dark),
                ("highContrastLightP3", token.highContrastLight == nil ? wide.light : wide.highContrastLight),
                ("highContrastDarkP3", token.highContrastDark == nil ? wide.dark : wide.highContrastDark),
            ]
            for (name, value) in values {
                guard let value, !value.isHex else { continue }
                let p3 = WideColor.displayP3(value)
                out += ", "
                out.append(name)
                out += " = LiveryDisplayP3("
                out.append([p3[0], p3[1], p3[2], value.alpha].map { KotlinLiteral.float($0) }.joined(separator: ", "))
                out += ")"
            }
        }
        out += ")"
    }

    /// `resource` is the font file in `res/font/` for the token's family and
    /// weight (`karla_bold`), the one `Font(resId, weight)` and `ResourcesCompat.getFont` load.
    static func fontLiteral(_ font: ResolvedFont, files: [AndroidTypography.FontFile]) -> String {
        // Tokens of one file share its resource, so look the name up in the list the resources were written from.
        let name = AndroidTypography.resourceName(font)
        let resource = font.file != nil && files.contains { $0.name == name } ? name : nil
        let fileFacts = resource == nil ? "" : ", fileWeight = \(font.fileWeight), italic = \(font.isItalic)"
        return
            "LiveryFont(family = \(KotlinLiteral.string(font.family)), sizeSp = \(KotlinLiteral.float(font.size)), weight = \(font.weight.numeric), resource = \(resource.map(KotlinLiteral.string) ?? "null")\(fileFacts))"
    }

    /// Each kind and variant an object; properties typed by what they hold.
    /// Colours and fonts that name a token refer to it, so they stay one value.
    static func appendComponents(
        _ style: ResolvedStyle, colors: KotlinNames, fonts: KotlinNames, fontFiles: [AndroidTypography.FontFile], to out: inout TextBuffer
    ) {
        let kinds = KotlinNames.objects(style.components.keys)
        out.appendBlock("object ", "Components", depth: 1, blocks: style.components) { kind, variants, out in
            let variantNames = KotlinNames.objects(variants.keys)
            out.appendBlock("object ", kinds[kind], depth: 2, blocks: variants) { variant, properties, out in
                let propertyNames = KotlinNames.properties(properties.keys)
                out.appendBlock("object ", variantNames[variant], depth: 3, lines: properties) { property, value, out in
                    appendDeclaration(
                        propertyNames[property], value, style: style, colors: colors, fonts: fonts, fontFiles: fontFiles, to: &out)
                }
            }
        }
    }

    /// One property: `@JvmField val name: Type = value` or `const val name = value`.
    static func appendDeclaration(
        _ name: String, _ value: ResolvedComponentValue, style: ResolvedStyle, colors: KotlinNames, fonts: KotlinNames,
        fontFiles: [AndroidTypography.FontFile], to out: inout TextBuffer
    ) {
        switch value {
        case .color(let token, let tokenName):
            out += "@JvmField val "
            out.append(name)
            if let tokenName, style.colors[tokenName] != nil {
                out += ": LiveryColor = LiveryTheme.Colors."
                out.append(colors[tokenName])
            } else {
                out += ": LiveryColor = "
                appendColor(token, resource: nil, to: &out)
            }
        case .font(let font, let tokenName):
            out += "@JvmField val "
            out.append(name)
            if style.fonts[tokenName] != nil {
                out += ": LiveryFont = LiveryTheme.Fonts."
                out.append(fonts[tokenName])
            } else {
                out += ": LiveryFont = "
                out.append(fontLiteral(font, files: fontFiles))
            }
        case .shape(let shape):
            out += "@JvmField val "
            out.append(name)
            out += ": LiveryShape = "
            out.append(shapeLiteral(shape))
        case .dimension(let value, _): appendConstant(name, KotlinLiteral.float(value), to: &out)
        case .string(let text): appendConstant(name, KotlinLiteral.string(text), to: &out)
        // Component numbers are Doubles whatever their value, as in Theme.swift,
        // so a property has one type in every client.
        case .number(let value): appendConstant(name, KotlinLiteral.double(value), to: &out)
        case .bool(let flag): appendConstant(name, flag ? "true" : "false", to: &out)
        }
    }

    static func appendConstant(_ name: String, _ literal: String, to out: inout TextBuffer) {
        out += "const val "
        out.append(name)
        out += " = "
        out.append(literal)
    }

    static func shapeLiteral(_ shape: Shape) -> String {
        switch shape {
        case .circle: "LiveryShape.Circle"
        case .capsule: "LiveryShape.Capsule"
        case .rectangle: "LiveryShape.Rectangle"
        case .roundedRectangle(let radius): "LiveryShape.RoundedRectangle(cornerRadius = \(KotlinLiteral.float(radius)))"
        }
    }
}
