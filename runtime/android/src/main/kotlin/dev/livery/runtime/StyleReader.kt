package dev.livery.runtime

import org.json.JSONArray
import org.json.JSONObject

/**
 * Reads the parts of a resolved style, failing with the pointer of the first
 * bad value: the same checks, in the same order, as LiveryCore's
 * `LiveryStyle(json:)`. Sections a newer livery adds are ignored.
 */
internal object StyleReader {
    fun style(value: Any): LiveryStyle {
        val root = obj(value, emptyList())
        val id = root.opt("id")
        if (id !is String || id.length == 0) throw LiveryStyleException("/id", "a resolved style has a non-empty string id")
        var app = LiveryStyle.App()
        if (root.has("app")) {
            val members = obj(root.get("app"), listOf("app"))
            app = LiveryStyle.App(
                displayName = if (members.has("displayName")) string(members.get("displayName"), listOf("app", "displayName")) else null,
                bundleId = if (members.has("bundleId")) string(members.get("bundleId"), listOf("app", "bundleId")) else null
            )
        }
        val paletteColors = section(root, "palettes") { v, p -> map(v, p) { v2, p2 -> anyColor(v2, p2) } }
        val palettes = paletteColors.mapValues { (_, shades) -> shades.mapValues { it.value.first } }
        val widePalettes = paletteColors.filterValues { shades -> shades.values.any { it.second != null } }
            .mapValues { (_, shades) -> shades.mapValues { it.value.second ?: ColorValue.of(it.value.first) } }
        val colors = section(root, "colors") { v, p -> color(v, p) }
        val fonts = section(root, "fonts") { v, p -> font(v, p) }
        val dimensions = section(root, "dimensions") { v, p -> number(v, p) }
        val animations = section(root, "animations") { v, p -> map(v, p) { v2, p2 -> number(v2, p2) } }
        val components = section(root, "components") { v, p ->
            map(v, p) { v2, p2 -> map(v2, p2) { v3, p3 -> component(v3, p3) } }
        }
        val images = section(root, "images") { v, p -> image(v, p) }
        val appIcon = if (root.has("appIcon")) string(root.get("appIcon"), listOf("appIcon")) else null
        val flags = section(root, "flags") { v, p -> flag(v, p) }
        return LiveryStyle(id, app, palettes, colors, fonts, dimensions, animations, components, images, appIcon, flags, widePalettes)
    }

    private fun fail(path: List<String>, message: String) = LiveryStyleException(MergeRules.pointer(path), message)

    fun typeName(value: Any): String = when (value) {
        JSONObject.NULL -> "null"
        is Boolean -> "boolean"
        is JsonNumber -> "number"
        is String -> "string"
        is JSONArray -> "array"
        else -> "object"
    }

    private fun obj(value: Any, path: List<String>): JSONObject =
        value as? JSONObject ?: throw fail(path, "expected an object, found ${typeName(value)}")

    private fun <T> map(value: Any, path: List<String>, element: (Any, List<String>) -> T): Map<String, T> {
        val members = obj(value, path)
        val result = LinkedHashMap<String, T>()
        // In the order written, as the Swift reader goes, so the first bad value named is the same.
        val keys = members.keys()
        while (keys.hasNext()) {
            val key = keys.next()
            result[key] = element(members.get(key), path + key)
        }
        return result
    }

    private fun <T> section(root: JSONObject, key: String, element: (Any, List<String>) -> T): Map<String, T> =
        if (root.has(key)) map(root.get(key), listOf(key), element) else emptyMap()

    private fun string(value: Any, path: List<String>): String {
        if (value !is String) throw fail(path, "expected a string, found ${typeName(value)}")
        if (isAlias(value)) throw fail(path, "unresolved reference $value")
        return value
    }

    private fun number(value: Any, path: List<String>): Double {
        if (value !is JsonNumber) throw fail(path, "expected a number, found ${typeName(value)}")
        val double = value.doubleValue
        if (double.isNaN() || double.isInfinite()) throw fail(path, "${value.literal} is out of range")
        return double
    }

    private fun rgba(value: Any, path: List<String>): Rgba {
        val text = string(value, path)
        // A bundle writes every colour in full; the short `#RGB` a style may use is not a resolved form.
        val utf8Length = text.toByteArray(Charsets.UTF_8).size
        val color = if (utf8Length == 7 || utf8Length == 9) Rgba.parse(text) else null
        return color ?: throw fail(path, "$text is not a colour (#RRGGBB or #RRGGBBAA)")
    }

    private val appearances = setOf("light", "dark", "highContrastLight", "highContrastDark")

    private fun color(value: Any, path: List<String>): ColorToken {
        val members = obj(value, path)
        val keys = members.keys()
        while (keys.hasNext()) {
            val key = keys.next()
            if (key !in appearances) throw fail(path + key, "not a colour appearance")
        }
        if (!members.has("light") || !members.has("dark")) throw fail(path, "a colour has light and dark")
        val light = anyColor(members.get("light"), path + "light")
        val dark = anyColor(members.get("dark"), path + "dark")
        val highLight = if (members.has("highContrastLight"))
            anyColor(members.get("highContrastLight"), path + "highContrastLight") else null
        val highDark = if (members.has("highContrastDark")) anyColor(members.get("highContrastDark"), path + "highContrastDark") else null
        val isWide = light.second != null || dark.second != null || highLight?.second != null || highDark?.second != null
        return ColorToken(
            light = light.first, dark = dark.first, highContrastLight = highLight?.first, highContrastDark = highDark?.first,
            wide = if (isWide) WideColors(light.second, dark.second, highLight?.second, highDark?.second) else null
        )
    }

    /** A colour as a bundle writes it: hex, or `color(display-p3 …)` / `oklch(…)` with its sRGB fallback. */
    private fun anyColor(value: Any, path: List<String>): Pair<Rgba, ColorValue?> {
        val text = string(value, path)
        if (!ColorValue.isWideSyntax(text)) return Pair(rgba(value, path), null)
        val color = try {
            ColorValue.parse(text)
        } catch (error: IllegalArgumentException) {
            throw fail(path, error.message ?: "$text is not a colour")
        }
        return Pair(color.srgb, color)
    }

    private fun font(value: Any, path: List<String>): LiveryStyle.FontToken {
        val members = obj(value, path)
        if (!members.has("family") || !members.has("size") || !members.has("weight")) throw fail(path, "a font has family, size and weight")
        val points = number(members.get("size"), path + "size")
        if (!(points > 0)) throw fail(path + "size", "a font size is greater than 0")
        val weightName = string(members.get("weight"), path + "weight")
        val weight = FontWeight.named(weightName) ?: throw fail(path + "weight", "unknown weight $weightName")
        return LiveryStyle.FontToken(
            family = string(members.get("family"), path + "family"), size = points, weight = weight,
            file = if (members.has("file")) string(members.get("file"), path + "file") else null,
            postScriptName = if (members.has("postScriptName")) string(members.get("postScriptName"), path + "postScriptName") else null
        )
    }

    private fun image(value: Any, path: List<String>): LiveryStyle.ImageToken {
        val members = obj(value, path)
        if (!members.has("light")) throw fail(path, "an image has a light path")
        return LiveryStyle.ImageToken(
            light = string(members.get("light"), path + "light"),
            dark = if (members.has("dark")) string(members.get("dark"), path + "dark") else null
        )
    }

    private fun shape(value: Any, path: List<String>): Shape {
        when (value) {
            "circle" -> return Shape.Circle
            "capsule" -> return Shape.Capsule
            "rectangle" -> return Shape.Rectangle
            is JSONObject -> if (value.length() == 1 && value.has("roundedRectangle")) {
                val inner = obj(value.get("roundedRectangle"), path + "roundedRectangle")
                if (inner.length() == 1 && inner.has("cornerRadius")) {
                    val points = number(inner.get("cornerRadius"), path + listOf("roundedRectangle", "cornerRadius"))
                    if (points >= 0) return Shape.RoundedRectangle(points)
                }
            }
        }
        throw fail(path, "not a shape: circle, capsule, rectangle or {\"roundedRectangle\": {\"cornerRadius\": n}}")
    }

    private fun component(value: Any, path: List<String>): LiveryStyle.ComponentValue {
        if (path.lastOrNull() == "shape") return LiveryStyle.ComponentValue.ShapeValue(shape(value, path))
        return when (value) {
            is Boolean -> LiveryStyle.ComponentValue.Flag(value)
            is JsonNumber -> LiveryStyle.ComponentValue.Number(number(value, path))
            is String -> LiveryStyle.ComponentValue.Text(string(value, path))
            is JSONObject -> when {
                value.has("light") -> LiveryStyle.ComponentValue.Color(color(value, path))
                value.has("family") -> LiveryStyle.ComponentValue.Font(font(value, path))
                value.has("roundedRectangle") -> LiveryStyle.ComponentValue.ShapeValue(shape(value, path))
                else -> throw fail(path, "not a colour, font or shape")
            }
            else -> throw fail(path, "expected a colour, font, shape, number, string or boolean, found ${typeName(value)}")
        }
    }

    private fun flag(value: Any, path: List<String>): LiveryStyle.FlagValue = when (value) {
        is Boolean -> LiveryStyle.FlagValue.Bool(value)
        is JsonNumber -> LiveryStyle.FlagValue.Number(number(value, path))
        // Flags are passed through as written, so a string that looks like an alias is still a string.
        is String -> LiveryStyle.FlagValue.Text(value)
        else -> throw fail(path, "a flag is a boolean, number or string, found ${typeName(value)}")
    }

    /** `{group.name…}`: an alias livery resolves; none is left in a resolved style. */
    fun isAlias(text: String): Boolean {
        if (!text.startsWith("{") || !text.endsWith("}") || text.codePointCount(0, text.length) <= 2) return false
        val inner = text.substring(1, text.length - 1)
        return inner.none { it == '{' || it == '}' || it == ' ' }
    }
}
