package dev.livery.runtime

import org.json.JSONObject

/**
 * What a remote update may change in a bundle's style.json, and what that
 * file must be: the built-in style schema's `bundleStyle` definition and its
 * `x-livery-remote` allow-list.
 *
 * The Swift runtime evaluates the schema itself (embedded in LiveryCore); this
 * runtime carries no JSON Schema evaluator, so it checks the same rules in
 * code, over the patterns, member lists and marks of [BundleSchema], which
 * livery generates from the schema (a test fails while they differ). The
 * shared update cases (`Tests/Fixtures/update-cases`) hold both runtimes to
 * the same outcomes; only a new kind of rule (not a new pattern, member or
 * mark) needs a change here.
 */
internal object BundleRules {
    /**
     * Whether the value at [path] (a leaf: not an object with members) in
     * [document] may change remotely: colours, palettes, dimensions, timings,
     * fonts but not their files, component styles but not their free text,
     * boolean and number flags. Never the id, the app identity, the app icon
     * or images.
     */
    fun allowsRemoteChange(path: List<String>, document: Any): Boolean {
        val section = path.firstOrNull() ?: return false
        val value = MergeRules.valueAt(document, path)
        // A flag is judged by its own value: free text (a string) or not.
        if (section == "flags") {
            if (path.size < 2) return false
            return if (MergeRules.valueAt(document, path.subList(0, 2)) is String)
                BundleSchema.FLAG_TEXT_REMOTE else BundleSchema.FLAG_VALUE_REMOTE
        }
        if (section !in BundleSchema.REMOTE_SECTIONS) return false
        return when (section) {
            "fonts" -> !(path.size >= 3 && path[2] in BundleSchema.FONT_FILE_KEYS)
            "components" -> when {
                path.size >= 4 && path[3] in BundleSchema.COMPONENT_OWN_PROPERTIES -> true
                path.size == 4 -> !(value is String && value.isNotEmpty()) || BundleSchema.COMPONENT_TEXT_REMOTE
                path.size >= 5 -> {
                    val property = MergeRules.valueAt(document, path.subList(0, 4))
                    !(property is JSONObject && property.has("family") && path[4] in BundleSchema.FONT_FILE_KEYS)
                }
                else -> true
            }
            else -> true
        }
    }

    /**
     * The JSON pointers of the leaves that differ between [before] and [after]
     * (added, removed or changed) and may not change remotely, sorted. A value
     * is judged where it is, before and after, so a flag may not become free
     * text nor free text a flag.
     */
    fun refusedChanges(before: Any, after: Any): List<String> {
        val refused = HashSet<String>()
        fun leaves(value: Any, path: List<String>, into: MutableList<List<String>>) {
            if (value is JSONObject && value.length() > 0) {
                for (key in CanonicalJson.sortedKeys(value)) leaves(value.get(key), path + key, into)
            } else {
                into.add(path)
            }
        }
        fun walk(old: Any?, new: Any?, path: List<String>) {
            if (CanonicalJson.equal(old, new)) return
            if (old is JSONObject && new is JSONObject) {
                val keys = HashSet<String>()
                keys.addAll(CanonicalJson.sortedKeys(old))
                keys.addAll(CanonicalJson.sortedKeys(new))
                for (key in keys) walk(if (old.has(key)) old.get(key) else null, if (new.has(key)) new.get(key) else null, path + key)
                return
            }
            val judged = ArrayList<Pair<List<String>, Any>>()
            if (old != null) ArrayList<List<String>>().also { leaves(old, path, it) }.forEach { judged.add(it to before) }
            if (new != null) ArrayList<List<String>>().also { leaves(new, path, it) }.forEach { judged.add(it to after) }
            for ((leaf, document) in judged) {
                if (!allowsRemoteChange(leaf, document)) refused.add(MergeRules.pointer(leaf))
            }
        }
        walk(before, after, emptyList())
        return refused.sortedWith(CanonicalJson.keyOrder)
    }

    /** The first way [document] is not a bundle's style.json ("pointer: problem"), or null when it is one. */
    fun violation(document: Any): String? = try {
        check(document)
        null
    } catch (problem: Violation) {
        problem.message
    }

    private class Violation(path: List<String>, problem: String) : Exception("${MergeRules.pointer(path).ifEmpty { "/" }}: $problem")

    private fun check(document: Any) {
        val root = obj(document, emptyList(), BundleSchema.SECTIONS)
        for (required in BundleSchema.REQUIRED_SECTIONS) if (!root.has(required)) throw Violation(emptyList(), "\"$required\" is required")
        matches(root.get("id"), listOf("id"), BundleSchema.TARGET_ID, "not a target id")
        val app = obj(root.get("app"), listOf("app"), BundleSchema.APP_KEYS)
        for (required in BundleSchema.APP_REQUIRED) if (!app.has(required)) throw Violation(listOf("app"), "\"$required\" is required")
        val name = app.get("displayName")
        if (name !is String || name.isEmpty()) throw Violation(listOf("app", "displayName"), "not a non-empty string")
        matches(app.get("bundleId"), listOf("app", "bundleId"), BundleSchema.BUNDLE_ID, "not a bundle id")
        if ((app.get("bundleId") as String).length > BundleSchema.BUNDLE_ID_MAX_LENGTH) {
            throw Violation(listOf("app", "bundleId"), "longer than ${BundleSchema.BUNDLE_ID_MAX_LENGTH} characters")
        }
        if (app.has("androidPackage")) matches(app.get("androidPackage"), listOf("app", "androidPackage"), BundleSchema.ANDROID_PACKAGE,
            "not an Android application id")
        for (key in listOf("tagline", "supportEmail", "defaultLocale")) if (app.has(key)) text(app.get(key), listOf("app", key))
        if (app.has("localized")) {
            val localized = obj(app.get("localized"), listOf("app", "localized"), null)
            for (tag in CanonicalJson.sortedKeys(localized)) {
                val texts = obj(localized.get(tag), listOf("app", "localized", tag), BundleSchema.LOCALIZED_KEYS)
                for (key in CanonicalJson.sortedKeys(texts)) text(texts.get(key), listOf("app", "localized", tag, key))
            }
        }
        if (root.has("appIcon")) appIcon(root.get("appIcon"), listOf("appIcon"))
        members(root, "palettes") { shades, path -> members(obj(shades, path, null), path) { value, at -> color(value, at) } }
        members(root, "colors") { value, path -> appearanceColor(value, path) }
        members(root, "fonts") { value, path -> font(value, path) }
        members(root, "dimensions") { value, path -> number(value, path, 0.0, null, exclusive = false) }
        members(root, "animations") { value, path ->
            members(obj(value, path, null), path) { timing, at ->
                if (timing is String) matches(timing, at, BundleSchema.TIMING_ALIAS, "not a duration")
                    else number(timing, at, 0.0, BundleSchema.TIMING_MAXIMUM, exclusive = false)
            }
        }
        members(root, "components") { kind, path ->
            members(obj(kind, path, null), path) { variant, at ->
                members(obj(variant, at, null), at) { value, property -> componentValue(value, property) }
            }
        }
        members(root, "images") { value, path ->
            val image = obj(value, path, BundleSchema.IMAGE_KEYS)
            for (required in BundleSchema.IMAGE_REQUIRED) if (!image.has(required)) throw Violation(path, "\"$required\" is required")
            for (key in CanonicalJson.sortedKeys(image)) bundlePath(image.get(key), path + key, BundleSchema.IMAGE_FILE, "not an image")
        }
        members(root, "flags") { value, path ->
            if (value !is Boolean && value !is JsonNumber && value !is String) {
                throw Violation(path, "a flag is a boolean, number or string")
            }
        }
    }

    /** Each member of `parent[key]` (an object of token names), when present. */
    private fun members(parent: JSONObject, key: String, each: (Any, List<String>) -> Unit) {
        if (!parent.has(key)) return
        members(obj(parent.get(key), listOf(key), null), listOf(key), each)
    }

    private fun members(value: JSONObject, path: List<String>, each: (Any, List<String>) -> Unit) {
        for (name in CanonicalJson.sortedKeys(value)) {
            if (!BundleSchema.TOKEN_NAME.matches(name) || name.length > BundleSchema.TOKEN_NAME_MAX_LENGTH) {
                throw Violation(path + name, "not a name")
            }
            each(value.get(name), path + name)
        }
    }

    private fun obj(value: Any, path: List<String>, allowed: Set<String>?): JSONObject {
        val members = value as? JSONObject ?: throw Violation(path, "expected an object")
        if (allowed != null) {
            CanonicalJson.sortedKeys(members).firstOrNull { it !in allowed }?.let { throw Violation(path + it, "unknown member") }
        }
        return members
    }

    private fun text(value: Any, path: List<String>) {
        if (value !is String || value.isEmpty()) throw Violation(path, "not a non-empty string")
    }

    private fun matches(value: Any, path: List<String>, pattern: Regex, problem: String) {
        if (value !is String || !pattern.containsMatchIn(value)) throw Violation(path, problem)
    }

    private fun number(value: Any, path: List<String>, minimum: Double, maximum: Double?, exclusive: Boolean) {
        val number = (value as? JsonNumber)?.literal?.toDoubleOrNull() ?: throw Violation(path, "not a number")
        if ((exclusive && number <= minimum) || number < minimum || (maximum != null && number > maximum)) {
            throw Violation(path, "out of range")
        }
    }

    private fun color(value: Any, path: List<String>) {
        when {
            value is String && BundleSchema.ALIAS_START.containsMatchIn(value) ->
                matches(value, path, BundleSchema.COLOR_ALIAS, "not a colour alias")
            value is String && BundleSchema.WIDE_COLOR_START.containsMatchIn(value) ->
                matches(value, path, BundleSchema.WIDE_COLOR, "not a colour")
            else -> matches(value, path, BundleSchema.HEX_COLOR, "not a colour")
        }
    }

    private fun appearanceColor(value: Any, path: List<String>) {
        val appearances = obj(value, path, BundleSchema.APPEARANCES)
        for (required in BundleSchema.APPEARANCES_REQUIRED) {
            if (!appearances.has(required)) {
                throw Violation(path, "\"$required\" is required")
            }
        }
        for (key in CanonicalJson.sortedKeys(appearances)) color(appearances.get(key), path + key)
    }

    private fun font(value: Any, path: List<String>) {
        val font = obj(value, path, BundleSchema.FONT_KEYS)
        for (required in BundleSchema.FONT_REQUIRED) if (!font.has(required)) throw Violation(path, "\"$required\" is required")
        val family = font.get("family")
        if (family !is String || family.isEmpty()) throw Violation(path + "family", "not a non-empty string")
        number(font.get("size"), path + "size", 0.0, null, exclusive = true)
        if (font.get("weight") !in BundleSchema.WEIGHTS) throw Violation(path + "weight", "not a font weight")
        if (font.has("file")) bundlePath(font.get("file"), path + "file", BundleSchema.FONT_FILE, "not a font file")
        if (font.has("postScriptName")) {
            val name = font.get("postScriptName")
            if (name !is String || name.length == 0) throw Violation(path + "postScriptName", "not a non-empty string")
        }
    }

    private fun isFont(value: Any): Boolean = try { font(value, emptyList()); true } catch (problem: Violation) { false }

    private fun isAppearanceColor(value: Any): Boolean =
        try { appearanceColor(value, emptyList()); true } catch (problem: Violation) { false }

    private fun componentValue(value: Any, path: List<String>) {
        if (path.last() == "shape") return shape(value, path)
        val fits = isAppearanceColor(value) || isFont(value)
            || value is JsonNumber || value is Boolean || (value is String && value.isNotEmpty())
        if (!fits) throw Violation(path, "not a colour, font, number, boolean or string")
    }

    private fun shape(value: Any, path: List<String>) {
        if (value is String) {
            if (value !in BundleSchema.SHAPES) throw Violation(path, "not a shape")
            return
        }
        val rounded = obj(obj(value, path, setOf("roundedRectangle")).opt("roundedRectangle") ?: throw Violation(path, "not a shape"),
            path + "roundedRectangle", setOf("cornerRadius"))
        val radius = rounded.opt("cornerRadius") ?: throw Violation(path + "roundedRectangle", "\"cornerRadius\" is required")
        if (radius is String) matches(radius, path + "roundedRectangle" + "cornerRadius", BundleSchema.DIMENSION_ALIAS, "not a dimension")
        else number(radius, path + "roundedRectangle" + "cornerRadius", 0.0, null, exclusive = false)
    }

    private fun appIcon(value: Any, path: List<String>) {
        if (value is String) return bundlePath(value, path, BundleSchema.PNG_FILE, "not a PNG")
        val icon = obj(value, path, BundleSchema.APP_ICON_KEYS)
        for (required in BundleSchema.APP_ICON_REQUIRED) if (!icon.has(required)) throw Violation(path, "\"$required\" is required")
        bundlePath(icon.get("image"), path + "image", BundleSchema.PNG_FILE, "not a PNG")
    }

    /** A path inside the bundle: relative, `/`-separated, no empty, `.`, `..` or `.git` segment
     * (the schema's relativePath), with the kind's extension. */
    private fun bundlePath(value: Any, path: List<String>, kind: Regex, problem: String) {
        if (value !is String) throw Violation(path, "not a path")
        if (BundleSchema.RELATIVE_PATH.any { !it.containsMatchIn(value) }) throw Violation(path, "not a relative path inside the bundle")
        if (!kind.containsMatchIn(value)) throw Violation(path, problem)
    }
}
