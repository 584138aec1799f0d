package dev.livery.runtime

/** An sRGB colour with 8-bit channels, exactly as written in a style. */
data class Rgba(val red: Int, val green: Int, val blue: Int, val alpha: Int = 255) {
    /** `0xAARRGGBB`, the form `android.graphics.Color` and Compose's `Color(Int)` take. */
    val argb: Int get() = (alpha shl 24) or (red shl 16) or (green shl 8) or blue

    /** `#RRGGBB`, or `#RRGGBBAA` when not opaque; uppercase. */
    val hex: String
        get() = if (alpha == 255) String.format("#%02X%02X%02X", red, green, blue)
        else String.format("#%02X%02X%02X%02X", red, green, blue, alpha)

    override fun toString(): String = hex

    companion object {
        /** Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (either case); null for anything else. */
        fun parse(text: String): Rgba? {
            if (!text.startsWith("#")) return null
            val digits = text.substring(1).map { c ->
                when (c) {
                    in '0'..'9' -> c - '0'
                    in 'a'..'f' -> c - 'a' + 10
                    in 'A'..'F' -> c - 'A' + 10
                    else -> return null
                }
            }
            return when (digits.size) {
                3 -> Rgba(digits[0] * 17, digits[1] * 17, digits[2] * 17)
                6, 8 -> {
                    fun channel(i: Int) = digits[i] * 16 + digits[i + 1]
                    Rgba(channel(0), channel(2), channel(4), if (digits.size == 8) channel(6) else 255)
                }
                else -> null
            }
        }
    }
}

/**
 * A colour token: light and dark, and optionally increased-contrast variants. The
 * [Rgba] fields are the exact sRGB colour (a wide colour's gamut-mapped fallback);
 * [wide] holds the appearances written in Display P3 or OKLCH, null when none was.
 */
data class ColorToken(
    val light: Rgba, val dark: Rgba, val highContrastLight: Rgba? = null, val highContrastDark: Rgba? = null,
    val wide: WideColors? = null
) {
    /** [resolved] as written: the wide colour where there is one, for `Color.valueOf(…, DISPLAY_P3)`. */
    fun value(dark: Boolean, highContrast: Boolean = false): ColorValue {
        if (highContrast) {
            val high = if (dark) (wide?.highContrastDark ?: highContrastDark?.let { ColorValue.of(it) })
            else (wide?.highContrastLight ?: highContrastLight?.let { ColorValue.of(it) })
            if (high != null) return high
        }
        return if (dark) (wide?.dark ?: ColorValue.of(this.dark)) else (wide?.light ?: ColorValue.of(light))
    }

    /** The colour to show: dark or light, with increased contrast when asked and the token has it. */
    fun resolved(dark: Boolean, highContrast: Boolean = false): Rgba {
        if (highContrast) {
            val high = if (dark) highContrastDark else highContrastLight
            if (high != null) return high
        }
        return if (dark) this.dark else light
    }
}

/** The appearances of a [ColorToken] written in Display P3 or OKLCH; null where written in hex. */
data class WideColors(
    val light: ColorValue? = null, val dark: ColorValue? = null,
    val highContrastLight: ColorValue? = null, val highContrastDark: ColorValue? = null
)

/** Font weights in the order of their thickness; [numeric] is the CSS / OpenType weight. */
enum class FontWeight(val styleName: String, val numeric: Int) {
    ULTRA_LIGHT("ultraLight", 100), THIN("thin", 200), LIGHT("light", 300), REGULAR("regular", 400),
    MEDIUM("medium", 500), SEMIBOLD("semibold", 600), BOLD("bold", 700), HEAVY("heavy", 800), BLACK("black", 900);

    companion object {
        fun named(name: String): FontWeight? = values().firstOrNull { it.styleName == name }
    }
}

/** A component's shape. */
sealed class Shape {
    object Circle : Shape()
    object Capsule : Shape()
    object Rectangle : Shape()
    data class RoundedRectangle(val cornerRadius: Double) : Shape()
}

/**
 * A resolved style, decoded from a bundle's `style.json`: what an app reads.
 * The same model as LiveryCore's `LiveryStyle`.
 */
data class LiveryStyle(
    /** The target id, e.g. `acme`. */
    val id: String,
    val app: App = App(),
    /** Palette → shade (`base`, `light02` … `dark08`) → colour. */
    val palettes: Map<String, Map<String, Rgba>> = emptyMap(),
    val colors: Map<String, ColorToken> = emptyMap(),
    val fonts: Map<String, FontToken> = emptyMap(),
    /** Lengths in points (dp on Android). */
    val dimensions: Map<String, Double> = emptyMap(),
    /** Animation → timing (`short`, `medium`, `long`, …) → seconds. */
    val animations: Map<String, Map<String, Double>> = emptyMap(),
    /** Kind (`button`) → variant (`primary`) → property (`background`) → value. */
    val components: Map<String, Map<String, Map<String, ComponentValue>>> = emptyMap(),
    val images: Map<String, ImageToken> = emptyMap(),
    /** The app icon's path in the bundle, for reference; it never changes remotely. */
    val appIcon: String? = null,
    val flags: Map<String, FlagValue> = emptyMap(),
    /** The palettes written in Display P3 or OKLCH, each shade as written ([palettes] holds their sRGB fallbacks). */
    val widePalettes: Map<String, Map<String, ColorValue>> = emptyMap()
) {
    /** The app's identity as the style names it. */
    data class App(val displayName: String? = null, val bundleId: String? = null)

    /**
     * A font token; [file] is the embedded font's path in the bundle, null for a system font, and
     * [postScriptName] the file's own PostScript name (its `name` table, ID 6), read when livery built the bundle.
     */
    data class FontToken(
        val family: String, val size: Double, val weight: FontWeight, val file: String? = null,
        val postScriptName: String? = null
    ) {
        /** Whether this is the platform's own font (no file; `System` or empty family). */
        val isSystemFont: Boolean get() = file == null && (family.length == 0 || family == "System" || family.startsWith("."))

        /**
         * The bundled file's resource in `res/font/` (`karla_bold` for `Karla-Bold`), the name the Android
         * bundle gives it; null without a file. Found by the file's name, never by [family]: a remote update
         * may change the family, but not the file or its name, so the bundled face stays found.
         */
        val resourceName: String? get() = postScriptName?.let { FontFileName.androidResource(it) }
    }

    /** An image token: paths in the bundle for light and (optionally) dark mode. */
    data class ImageToken(val light: String, val dark: String? = null) {
        /** The path to show in the given appearance. */
        fun resolved(dark: Boolean): String = if (dark) this.dark ?: light else light
    }

    /** A resolved component property. */
    sealed class ComponentValue {
        data class Color(val value: ColorToken) : ComponentValue()
        data class Font(val value: FontToken) : ComponentValue()
        data class ShapeValue(val value: Shape) : ComponentValue()
        /** A dimension or another number. */
        data class Number(val value: Double) : ComponentValue()
        data class Text(val value: String) : ComponentValue()
        data class Flag(val value: Boolean) : ComponentValue()
    }

    /** A flag: a boolean, number or string the app reads as it is. */
    sealed class FlagValue {
        data class Bool(val value: Boolean) : FlagValue()
        data class Number(val value: Double) : FlagValue()
        data class Text(val value: String) : FlagValue()
    }

    companion object {
        /** Decodes a bundle's `style.json` bytes. */
        @JvmStatic
        @Throws(LiveryStyleException::class)
        fun decode(document: ByteArray): LiveryStyle {
            val value = try {
                StrictJson.parse(document)
            } catch (error: JsonSyntaxException) {
                throw LiveryStyleException("", "not JSON: ${error.message}")
            }
            return StyleReader.style(value)
        }

        /** Decodes a style already parsed. */
        @JvmStatic
        @Throws(LiveryStyleException::class)
        fun decode(value: Any): LiveryStyle = StyleReader.style(value)
    }
}

/** Why bytes are not a resolved style: the JSON pointer of the first bad value and what is wrong. */
class LiveryStyleException(val pointer: String, val problem: String) :
    Exception(if (pointer.length == 0) problem else "$pointer: $problem")
