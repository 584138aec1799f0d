package dev.livery.runtime

import org.json.JSONObject

/** A set of places in a resolved style, such as every colour (the segments `colors` and `*`): object keys, `*` standing for any one key. */
class PathPattern(text: String) {
    val segments: List<String> = text.split('/').filter { it.isNotEmpty() }

    /** Whether [path] is exactly one of the places this pattern names. */
    fun matches(path: List<String>): Boolean =
        path.size == segments.size && segments.zip(path).all { (segment, key) -> segment == "*" || segment == key }

    /** Every place in [document] this pattern names and the document has. */
    fun paths(document: Any): List<List<String>> {
        val found = ArrayList<List<String>>()
        fun walk(value: Any, depth: Int, path: List<String>) {
            if (depth == segments.size) { found.add(path); return }
            if (value !is JSONObject) return
            val segment = segments[depth]
            if (segment == "*") {
                for (key in CanonicalJson.sortedKeys(value)) walk(value.get(key), depth + 1, path + key)
            } else if (value.has(segment)) {
                walk(value.get(segment), depth + 1, path + segment)
            }
        }
        walk(document, 0, emptyList())
        return found
    }

    override fun toString(): String = segments.joinToString("/")
}

/**
 * How a remote update may change a resolved style, as LiveryCore's `MergeRules`:
 * which values a patch replaces whole instead of merging (`"x-livery-merge":
 * "replace"` in the schema) and which it may change at all (the schema's
 * `x-livery-remote` allow-list, [BundleRules]).
 */
class MergeRules(val replaced: List<PathPattern>) {
    /** Whether the value at [path] is replaced whole by a patch (the root never is). */
    fun replacesWhole(path: List<String>): Boolean = path.isNotEmpty() && replaced.any { it.matches(path) }

    /**
     * The JSON pointers of the values that differ between [before] and
     * [after] (added, removed or changed) and are not on the allow-list,
     * sorted. Empty when the change is allowed.
     */
    fun forbiddenChanges(before: Any, after: Any): List<String> = BundleRules.refusedChanges(before, after)

    /**
     * Top-level members of [after] that no resolved style has and [before] did
     * not have either, sorted: a remote update may not add a section an app
     * knows nothing of.
     */
    fun unknownSections(before: Any, after: Any): List<String> {
        if (after !is JSONObject) return emptyList()
        val old = if (before is JSONObject) CanonicalJson.sortedKeys(before).toSet() else emptySet()
        return CanonicalJson.sortedKeys(after).filter { it !in KNOWN_SECTIONS && it !in old }
    }

    /** [patch] applied to [document] (RFC 7396 with these rules' replace keys), or null when it deletes the document. */
    fun apply(patch: Any, document: Any?): Any? = merge(patch, document, emptyList())

    private fun merge(patch: Any, target: Any?, path: List<String>): Any? {
        if (patch !is JSONObject) return if (patch === JSONObject.NULL) null else patch
        // A copy: values read from a document are never changed in place.
        val result = JSONObject()
        if (target is JSONObject && (path.isEmpty() || !replacesWhole(path))) {
            val keys = target.keys()
            while (keys.hasNext()) {
                val key = keys.next()
                result.put(key, target.get(key))
            }
        }
        val keys = patch.keys()
        while (keys.hasNext()) {
            val key = keys.next()
            val merged = merge(patch.get(key), if (result.has(key)) result.get(key) else null, path + key)
            if (merged != null) result.put(key, merged) else result.remove(key)
        }
        return result
    }

    companion object {
        /**
         * The built-in schema's rules on a resolved style's layout: colours,
         * images and component shapes are replaced whole.
         */
        @JvmField
        val BUILT_IN = MergeRules(listOf("colors/*", "images/*", "components/*/*/shape").map(::PathPattern))

        /** The top-level members a resolved style has. */
        @JvmField
        val KNOWN_SECTIONS: Set<String> = setOf(
            "animations", "app", "appIcon", "colors", "components", "dimensions", "flags", "fonts", "id", "images", "palettes"
        )

        fun valueAt(document: Any, path: List<String>): Any? {
            var value: Any = document
            for (key in path) {
                if (value !is JSONObject || !value.has(key)) return null
                value = value.get(key)
            }
            return value
        }

        /** RFC 6901: `~` as `~0`, `/` as `~1`. */
        fun pointer(path: List<String>): String =
            path.joinToString("") { "/" + it.replace("~", "~0").replace("/", "~1") }
    }
}
