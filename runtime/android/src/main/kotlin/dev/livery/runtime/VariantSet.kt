package dev.livery.runtime

import org.json.JSONObject

/** A variant's place in an experiment, in millionths of a percent (see LiveryCore's `ExperimentArm`). */
data class ExperimentArm(val id: String, val weight: Long, val coverage: Long)

/** One variant as a bundle's `variants.json` or an update carries it. */
class VariantEntry(
    val name: String,
    val condition: VariantCondition,
    val order: Long,
    val experiment: ExperimentArm?,
    val patch: JSONObject,
    val result: String
)

/** Which variant an install gets, and the experiment it is an arm of. */
data class VariantChoice(val variant: String, val experiment: String?)

/**
 * A client's variants (`livery-variants/1`), read and chosen exactly as
 * LiveryCore's `VariantSet`: tried by `order`, then name; the first whose
 * condition holds (and, for an experiment's arm, whose range holds the
 * install) wins.
 */
class VariantSet(val client: String, entries: List<VariantEntry>, val json: JSONObject = JSONObject()) {
    val entries: List<VariantEntry> = entries.sortedWith(
        compareBy<VariantEntry> { it.order }.thenComparator { a, b -> utf8Compare(a.name, b.name) }
    )

    /** Per experiment, each arm's start: arms in name order share the buckets by weight. */
    private val starts: Map<String, Map<String, Long>> = run {
        val arms = entries.filter { it.experiment != null }.groupBy { it.experiment!!.id }
        arms.mapValues { (_, list) ->
            var start = 0L
            list.sortedWith(Comparator { a, b -> utf8Compare(a.name, b.name) }).associate { entry ->
                val at = start
                start += entry.experiment!!.weight
                entry.name to at
            }
        }
    }

    fun choose(context: VariantContext): VariantChoice? {
        val buckets = HashMap<String, Long>()
        for (entry in entries) {
            if (!entry.condition.holds(context)) continue
            val arm = entry.experiment ?: return VariantChoice(entry.name, null)
            val bucket = buckets.getOrPut(arm.id) { InstallBucket.bucket(arm.id, context.installId) }
            val start = starts[arm.id]?.get(entry.name) ?: continue
            val length = arm.weight * arm.coverage / InstallBucket.RANGE
            if (bucket >= start && bucket < start + length) return VariantChoice(entry.name, arm.id)
        }
        return null
    }

    /**
     * The variant's whole style over [client] (the client's current style),
     * checked as an update's result is; throws [VariantProblem] when it fails,
     * and the store falls back to the client's style.
     */
    fun style(name: String, client: Any): Any {
        val entry = entries.firstOrNull { it.name == name } ?: throw VariantProblem("", "no variant \"$name\"")
        if (CanonicalJson.digestOf(client) != this.client) {
            throw VariantProblem("/client", "the variant was made for another style of the client")
        }
        val rules = MergeRules.BUILT_IN
        val merged = rules.apply(entry.patch, client) ?: throw VariantProblem("/variants/$name/patch", "the patch deletes the style")
        if (CanonicalJson.digestOf(merged) != entry.result) {
            throw VariantProblem("/variants/$name/result", "the variant's style is not its result")
        }
        rules.unknownSections(client, merged).firstOrNull()?.let { throw VariantProblem("/variants/$name/patch", "unknown member " +
            "\"$it\" at the top level") }
        val forbidden = rules.forbiddenChanges(client, merged)
        if (forbidden.isNotEmpty()) {
            throw VariantProblem("/variants/$name/patch", "it changes values only an app release may change: " +
                "${forbidden.joinToString(", ")}")
        }
        BundleRules.violation(merged)?.let { throw VariantProblem("/variants/$name/patch", it) }
        try {
            LiveryStyle.decode(merged)
        } catch (error: LiveryStyleException) {
            throw VariantProblem("/variants/$name/patch", error.message ?: "not a style")
        }
        return merged
    }

    companion object {
        const val FORMAT = "livery-variants/1"

        private fun utf8Compare(a: String, b: String): Int {
            val x = a.toByteArray(Charsets.UTF_8)
            val y = b.toByteArray(Charsets.UTF_8)
            for (index in 0 until minOf(x.size, y.size)) {
                val order = (x[index].toInt() and 0xFF).compareTo(y[index].toInt() and 0xFF)
                if (order != 0) return order
            }
            return x.size.compareTo(y.size)
        }

        fun isValidName(name: String): Boolean = Regex("[a-z0-9][a-z0-9_-]{0,63}").matches(name)

        /** Reads a set's bytes (strict JSON); throws [VariantProblem] at the first problem. */
        @JvmStatic
        fun parse(bytes: ByteArray): VariantSet {
            val value = try {
                StrictJson.parse(bytes)
            } catch (error: JsonSyntaxException) {
                throw VariantProblem("", "not JSON: ${error.message}")
            }
            return parse(value)
        }

        fun parse(value: Any): VariantSet {
            val root = value as? JSONObject ?: throw VariantProblem("", "a variant set is an object")
            VariantCondition.only(root, "", setOf("client", "format", "variants"))
            if (root.opt("format") != FORMAT) throw VariantProblem("/format", "\"format\" must be \"$FORMAT\"")
            val client = root.opt("client") as? String
            if (client == null || !CanonicalJson.isDigest(client)) throw VariantProblem("/client", "\"client\" must be a SHA-256 digest")
            val variants = root.opt("variants") as? JSONObject ?: throw VariantProblem("/variants", "\"variants\" must be an object")
            val entries = CanonicalJson.sortedKeys(variants).map { name ->
                val at = "/variants/${VariantCondition.escape(name)}"
                if (!isValidName(name)) throw VariantProblem(at, "not a variant name")
                val item = variants.get(name) as? JSONObject ?: throw VariantProblem(at, "a variant is an object")
                VariantCondition.only(item, at, setOf("experiment", "order", "patch", "result", "when"))
                val patch = item.opt("patch") as? JSONObject ?: throw VariantProblem("$at/patch", "a variant needs \"patch\", an object")
                val result = item.opt("result") as? String
                if (result == null || !CanonicalJson.isDigest(result)) {
                    throw VariantProblem("$at/result", "a variant needs \"result\", a digest")
                }
                definition(name, item, at, patch, result)
            }
            return VariantSet(client, entries, root)
        }

        /** A `variant.json` as the repository holds it: only its own members. */
        fun parseDefinition(name: String, value: Any): VariantEntry {
            val item = value as? JSONObject ?: throw VariantProblem("", "a variant.json must be a JSON object")
            VariantCondition.only(item, "", setOf("description", "experiment", "order", "when"))
            return definition(name, item, "")
        }

        /** A variant.json's members (`when`, `order`, `experiment`), as LiveryCore's `VariantParser.definition`. */
        fun definition(name: String, item: JSONObject, at: String, patch: JSONObject = JSONObject(), result: String = ""): VariantEntry {
            val condition =
                if (item.has("when")) VariantCondition.parse(item.get("when"), "$at/when") else VariantCondition.All(emptyList())
            var order = 0L
            if (item.has("order")) {
                val literal = (item.get("order") as? JsonNumber)?.literal
                order = literal?.toLongOrNull()?.takeIf { Math.abs(it) <= 1_000_000_000L }
                    ?: throw VariantProblem("$at/order", "\"order\" must be a whole number from -1000000000 to 1000000000")
            }
            if (item.has("description") && item.get("description") !is String) {
                throw VariantProblem("$at/description", "\"description\" must be a string")
            }
            val experiment = if (item.has("experiment")) arm(item.get("experiment"), "$at/experiment") else null
            return VariantEntry(name, condition, order, experiment, patch, result)
        }

        private fun arm(value: Any, at: String): ExperimentArm {
            val obj = value as? JSONObject ?: throw VariantProblem(at, "\"experiment\" is an object")
            VariantCondition.only(obj, at, setOf("coverage", "id", "weight"))
            val id = obj.opt("id") as? String
            if (id.isNullOrEmpty() || id.toByteArray(Charsets.UTF_8).size > 128) {
                throw VariantProblem("$at/id", "\"experiment\" needs an \"id\"")
            }
            val weight = obj.opt("weight") ?: throw VariantProblem("$at/weight", "\"experiment\" needs a \"weight\"")
            val coverage =
                if (obj.has("coverage")) VariantCondition.percentage(obj.get("coverage"), "$at/coverage") else InstallBucket.RANGE
            return ExperimentArm(id, VariantCondition.percentage(weight, "$at/weight"), coverage)
        }
    }
}
