// The fixed part of AppTheme.kt: the value types and the reader of a bundle's
// style.json. Generated text, so longer than a function.

extension AppThemeKotlin {
    static let support = #"""

        /** One appearance of a colour: components from 0 to 1, in Display P3 when [displayP3], else sRGB. */
        data class AppThemeRgba(val red: Double, val green: Double, val blue: Double, val alpha: Double = 1.0, val displayP3: Boolean = false) {
            /** `0xAARRGGBB` of an sRGB colour (`android.graphics.Color.valueOf(…)` draws a Display P3 one). */
            val argb: Int get() = (channel(alpha) shl 24) or (channel(red) shl 16) or (channel(green) shl 8) or channel(blue)

            private fun channel(value: Double): Int = Math.round(Math.min(Math.max(value, 0.0), 1.0) * 255).toInt()
        }

        /** A colour token. Without high-contrast values of its own, high contrast uses the light or dark one. */
        data class AppThemeColor(val light: AppThemeRgba, val dark: AppThemeRgba, val highContrastLight: AppThemeRgba, val highContrastDark: AppThemeRgba) {
            /** The colour to draw in an appearance. */
            @JvmOverloads
            fun resolved(dark: Boolean, highContrast: Boolean = false): AppThemeRgba =
                if (dark) (if (highContrast) highContrastDark else this.dark) else (if (highContrast) highContrastLight else light)

            companion object {
                private val CLEAR = AppThemeRgba(0.0, 0.0, 0.0, 0.0)
                /** What a token that no style has reads as: transparent. */
                @JvmField val MISSING = AppThemeColor(CLEAR, CLEAR, CLEAR, CLEAR)
            }
        }

        /**
         * A font token. [postScriptName] is the bundled file's own name, and [resourceName] the name the
         * Android bundle gives the file in res/font/, which is how the file is found: never by [family].
         */
        data class AppThemeFont(val family: String, val postScriptName: String?, val size: Double, val weight: Int) {
            /** The bundled file's resource name in res/font/ (`karla_bold` for `Karla-Bold`); null without a file. */
            val resourceName: String? get() = postScriptName?.let { name ->
                val text = StringBuilder()
                for (byte in name.toByteArray(Charsets.UTF_8)) {
                    val c = byte.toInt() and 0xFF
                    text.append(when (c) { in 0x61..0x7A, in 0x30..0x39 -> c.toChar(); in 0x41..0x5A -> (c + 0x20).toChar(); else -> '_' })
                }
                if (text.isNotEmpty() && text[0] in 'a'..'z') text.toString() else "font_$text"
            }

            companion object {
                /** What a token that no style has reads as: the system font at body size. */
                @JvmField val MISSING = AppThemeFont("System", null, 16.0, 400)
            }
        }

        /** A palette's shades by name (`base`, `light02` … `dark08`). */
        data class AppThemePalette(val shades: Map<String, AppThemeRgba>) {
            operator fun get(shade: String): AppThemeRgba? = shades[shade]
            companion object { @JvmField val MISSING = AppThemePalette(emptyMap()) }
        }

        /** An animation's timings in seconds by name (`short`, `medium`, `long` …). */
        data class AppThemeAnimation(val timings: Map<String, Double>) {
            operator fun get(timing: String): Double? = timings[timing]
            companion object { @JvmField val MISSING = AppThemeAnimation(emptyMap()) }
        }

        /** An image's files in the bundle, for the light and (optionally) the dark appearance. */
        data class AppThemeImage(val light: String, val dark: String?) {
            fun resolved(dark: Boolean): String = if (dark) this.dark ?: light else light
            companion object { @JvmField val MISSING = AppThemeImage("", null) }
        }

        /** A component's shape; corner radii in dp. */
        sealed class AppThemeShape {
            object Circle : AppThemeShape() { override fun toString() = "Circle" }
            object Capsule : AppThemeShape() { override fun toString() = "Capsule" }
            object Rectangle : AppThemeShape() { override fun toString() = "Rectangle" }
            data class RoundedRectangle(val cornerRadius: Double) : AppThemeShape()
        }

        /** One client's style.json, read once: what [AppTheme] looks values up in. */
        class AppThemeStyle private constructor(root: JSONObject) {
            val id: String = root.optString("id")
            val colors: Map<String, AppThemeColor> = members(root, "colors") { color(it) }
            val palettes: Map<String, AppThemePalette> = members(root, "palettes") { palette ->
                (palette as? JSONObject)?.let { shades -> AppThemePalette(members(shades) { (it as? String)?.let { rgba(it) } }) }
            }
            val fonts: Map<String, AppThemeFont> = members(root, "fonts") { font(it) }
            val dimensions: Map<String, Double> = members(root, "dimensions") { (it as? Number)?.toDouble() }
            val animations: Map<String, AppThemeAnimation> = members(root, "animations") { timings ->
                (timings as? JSONObject)?.let { AppThemeAnimation(members(it) { seconds -> (seconds as? Number)?.toDouble() }) }
            }
            /** Kind → variant → property → value (an [AppThemeColor], [AppThemeFont], [AppThemeShape], Double, String or Boolean). */
            val components: Map<String, Map<String, Map<String, Any>>> = members(root, "components") { variants ->
                (variants as? JSONObject)?.let { members(it) { properties -> (properties as? JSONObject)?.let { p -> members(p) { v -> value(v) } } } }
            }
            val images: Map<String, AppThemeImage> = members(root, "images") { image ->
                (image as? JSONObject)?.let { if (it.has("light")) AppThemeImage(it.optString("light"), it.opt("dark") as? String) else null }
            }
            /** Flag → a Double, String or Boolean. */
            val flags: Map<String, Any> = members(root, "flags") { value(it) }

            companion object {
                /** Reads a bundle's style.json (or the runtime store's `resolvedDocument`). A value it cannot read is
                 * left out, so the built-in style's is used instead. */
                @JvmStatic
                fun read(json: ByteArray): AppThemeStyle = AppThemeStyle(JSONObject(String(json, Charsets.UTF_8)))

                private fun <T> members(root: JSONObject, section: String, read: (Any) -> T?): Map<String, T> =
                    (root.opt(section) as? JSONObject)?.let { members(it, read) } ?: emptyMap()

                private fun <T> members(objectValue: JSONObject, read: (Any) -> T?): Map<String, T> {
                    val out = LinkedHashMap<String, T>()
                    val keys = objectValue.keys()
                    while (keys.hasNext()) {
                        val key = keys.next()
                        read(objectValue.get(key))?.let { out[key] = it }
                    }
                    return out
                }

                private fun color(value: Any): AppThemeColor? {
                    val members = value as? JSONObject ?: return null
                    val light = (members.opt("light") as? String)?.let { rgba(it) } ?: return null
                    val dark = (members.opt("dark") as? String)?.let { rgba(it) } ?: return null
                    return AppThemeColor(
                        light, dark,
                        (members.opt("highContrastLight") as? String)?.let { rgba(it) } ?: light,
                        (members.opt("highContrastDark") as? String)?.let { rgba(it) } ?: dark
                    )
                }

                private val WEIGHTS = mapOf(
                    "ultraLight" to 100, "thin" to 200, "light" to 300, "regular" to 400, "medium" to 500,
                    "semibold" to 600, "bold" to 700, "heavy" to 800, "black" to 900
                )

                private fun font(value: Any): AppThemeFont? {
                    val members = value as? JSONObject ?: return null
                    val family = members.opt("family") as? String ?: return null
                    val size = (members.opt("size") as? Number)?.toDouble() ?: return null
                    val weight = WEIGHTS[members.opt("weight") as? String ?: return null] ?: 400
                    return AppThemeFont(family, members.opt("postScriptName") as? String, size, weight)
                }

                private fun shape(value: Any): AppThemeShape? = when (value) {
                    "circle" -> AppThemeShape.Circle
                    "capsule" -> AppThemeShape.Capsule
                    "rectangle" -> AppThemeShape.Rectangle
                    is JSONObject -> ((value.opt("roundedRectangle") as? JSONObject)?.opt("cornerRadius") as? Number)?.let {
                        AppThemeShape.RoundedRectangle(it.toDouble())
                    }
                    else -> null
                }

                /** A flag or component property: a colour, font or shape when it has their form. */
                private fun value(value: Any): Any? = when (value) {
                    is Boolean -> value
                    is Number -> value.toDouble()
                    is String -> shape(value) ?: value
                    is JSONObject -> color(value) ?: font(value) ?: shape(value)
                    is JSONArray -> null
                    else -> null
                }

                /** `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `color(display-p3 R G B [/ A])` or `oklch(L C H [/ A])`, the last as Display P3 (clamped to it). */
                @JvmStatic
                fun rgba(text: String): AppThemeRgba? {
                    if (text.startsWith("#")) {
                        val digits = text.substring(1).map { Character.digit(it, 16) }
                        if (digits.any { it < 0 }) return null
                        return when (digits.size) {
                            3 -> AppThemeRgba(digits[0] / 15.0, digits[1] / 15.0, digits[2] / 15.0)
                            6, 8 -> {
                                fun channel(i: Int) = (digits[i] * 16 + digits[i + 1]) / 255.0
                                AppThemeRgba(channel(0), channel(2), channel(4), if (digits.size == 8) channel(6) else 1.0)
                            }
                            else -> null
                        }
                    }
                    val p3 = text.startsWith("color(display-p3 ")
                    if (!(p3 || text.startsWith("oklch(")) || !text.endsWith(")")) return null
                    val parts = text.substring(if (p3) 17 else 6, text.length - 1).split("/")
                    if (parts.size > 2) return null
                    val scales = if (p3) doubleArrayOf(1.0, 1.0, 1.0) else doubleArrayOf(1.0, 0.4, 1.0)
                    val words = parts[0].trim().split(" ").filter { it.isNotEmpty() }
                    if (words.size != 3) return null
                    val values = words.mapIndexed { i, word -> number(word, scales[i]) ?: return null }
                    val alpha = if (parts.size == 2) number(parts[1].trim(), 1.0) ?: return null else 1.0
                    if (p3) return AppThemeRgba(values[0], values[1], values[2], alpha, displayP3 = true)
                    return displayP3(values[0], values[1], values[2], alpha)
                }

                private fun number(text: String, percent: Double): Double? =
                    if (text.endsWith("%")) text.dropLast(1).toDoubleOrNull()?.let { it / 100 * percent } else text.toDoubleOrNull()

                /** OKLCH (CSS Color 4) to Display P3: through OKLab and linear sRGB, clamped to P3. */
                private fun displayP3(lightness: Double, chroma: Double, hue: Double, alpha: Double): AppThemeRgba {
                    val a = chroma * Math.cos(Math.toRadians(hue))
                    val b = chroma * Math.sin(Math.toRadians(hue))
                    val l = Math.pow(lightness + 0.3963377774 * a + 0.2158037573 * b, 3.0)
                    val m = Math.pow(lightness - 0.1055613458 * a - 0.0638541728 * b, 3.0)
                    val s = Math.pow(lightness - 0.0894841775 * a - 1.2914855480 * b, 3.0)
                    val r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
                    val g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
                    val bl = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
                    fun encoded(linear: Double): Double {
                        val x = Math.min(Math.max(linear, 0.0), 1.0)
                        return if (x <= 0.0031308) 12.92 * x else 1.055 * Math.pow(x, 1 / 2.4) - 0.055
                    }
                    return AppThemeRgba(
                        encoded(0.8224621209 * r + 0.1775378791 * g),
                        encoded(0.0331941989 * r + 0.9668058011 * g),
                        encoded(0.0170826307 * r + 0.0723974407 * g + 0.9105199286 * bl),
                        alpha, displayP3 = true
                    )
                }
            }
        }

        """#

    static let themeBody = #"""
            /** From style.json bytes: [current] is the style in use (the store's `resolvedDocument`), [bundled] the built-in one. */
            @JvmOverloads
            constructor(current: ByteArray, bundled: ByteArray = current) : this(AppThemeStyle.read(current), AppThemeStyle.read(bundled))

            private fun flag(name: String): Any? = style.flags[name] ?: bundled.flags[name]

            private fun component(kind: String, variant: String, property: String): Any? =
                style.components[kind]?.get(variant)?.get(property) ?: bundled.components[kind]?.get(variant)?.get(property)

            private fun hasComponent(kind: String, variant: String): Boolean =
                style.components[kind]?.get(variant) != null || bundled.components[kind]?.get(variant) != null

            // The inner classes reach the theme through this name: a contract name starts with a letter,
            // so no token can hide it, as a token named `AppTheme` would hide `this@AppTheme`.
            private val _theme: AppTheme get() = this

            // What a token no style has reads as, named here where no token's name can hide the types.
            private val missingColor: AppThemeColor get() = AppThemeColor.MISSING
            private val missingPalette: AppThemePalette get() = AppThemePalette.MISSING
            private val missingFont: AppThemeFont get() = AppThemeFont.MISSING
            private val missingAnimation: AppThemeAnimation get() = AppThemeAnimation.MISSING
            private val missingImage: AppThemeImage get() = AppThemeImage.MISSING
            private val missingShape: AppThemeShape get() = AppThemeShape.Rectangle

        """#
}
