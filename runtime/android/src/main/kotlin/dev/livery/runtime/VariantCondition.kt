package dev.livery.runtime

import org.json.JSONArray
import org.json.JSONObject
import java.math.BigInteger
import java.security.MessageDigest
import java.time.DateTimeException
import java.time.Instant
import java.time.LocalDateTime as JavaLocalDateTime
import java.time.ZoneId
import java.time.ZoneOffset
import java.util.Locale

/**
 * What the app says about the install when a variant is chosen, as in
 * LiveryCore's `VariantContext`. Every member but the install id and the
 * date may be unknown (null); a test on an unknown input is false.
 */
data class VariantContext(
    val installId: String,
    val country: String? = null,
    val locale: String? = null,
    val platform: String? = null,
    val appVersion: String? = null,
    val date: UpdateTime
)

/** A problem in a variant set: the JSON pointer of the first bad value and what is wrong. */
class VariantProblem(val pointer: String, val problem: String) : Exception("${pointer.ifEmpty { "/" }}: $problem")

/**
 * Where an install falls for a seed, 0 to 99,999,999: the SHA-256 of the UTF-8
 * bytes of `seed + "." + installId`, as a 256-bit big-endian number, modulo
 * 100,000,000 — fixed for ever, the same as LiveryCore's `InstallBucket`.
 */
object InstallBucket {
    const val RANGE = 100_000_000L
    private val modulus = BigInteger.valueOf(RANGE)

    fun bucket(seed: String, installId: String): Long {
        val digest = MessageDigest.getInstance("SHA-256").digest("$seed.$installId".toByteArray(Charsets.UTF_8))
        return BigInteger(1, digest).mod(modulus).toLong()
    }
}

/** The condition language of docs/variants.md, evaluated as LiveryCore's `VariantCondition`. */
sealed class VariantCondition {
    abstract fun holds(context: VariantContext): Boolean

    data class All(val conditions: List<VariantCondition>) : VariantCondition() {
        override fun holds(context: VariantContext) = conditions.all { it.holds(context) }
    }

    data class AnyOf(val conditions: List<VariantCondition>) : VariantCondition() {
        override fun holds(context: VariantContext) = conditions.any { it.holds(context) }
    }

    data class Not(val condition: VariantCondition) : VariantCondition() {
        override fun holds(context: VariantContext) = !condition.holds(context)
    }

    data class Percent(val threshold: Long, val seed: String) : VariantCondition() {
        override fun holds(context: VariantContext) = InstallBucket.bucket(seed, context.installId) < threshold
    }

    data class Countries(val codes: List<String>) : VariantCondition() {
        override fun holds(context: VariantContext) = context.country?.let { codes.contains(it.toUpperCase(Locale.ROOT)) } ?: false
    }

    data class Locales(val tags: List<String>) : VariantCondition() {
        override fun holds(context: VariantContext): Boolean {
            val tag = normalizedLocale(context.locale ?: return false)
            return tags.any { val want = normalizedLocale(it); tag == want || tag.startsWith("$want-") }
        }
    }

    data class Platforms(val names: List<String>) : VariantCondition() {
        override fun holds(context: VariantContext) = context.platform?.let { names.contains(it.toLowerCase(Locale.ROOT)) } ?: false
    }

    data class AppVersionIn(val range: VersionRange) : VariantCondition() {
        override fun holds(context: VariantContext) = context.appVersion?.let { AppVersion.parse(it) }?.let { range.contains(it) } ?: false
    }

    data class Dates(val from: Long?, val until: Long?, val timeZone: String) : VariantCondition() {
        override fun holds(context: VariantContext): Boolean {
            val zone = zone(timeZone) ?: return false
            val now = context.date.secondsSince1970
            if (from != null && now < instant(from, zone)) return false
            if (until != null && now >= instant(until, zone)) return false
            return true
        }
    }

    companion object {
        val PLATFORMS = listOf("android", "ios", "macos", "web")

        fun normalizedLocale(tag: String): String = tag.toLowerCase(Locale.ROOT).replace('_', '-')

        fun zone(name: String): ZoneId? = try {
            ZoneId.of(name)
        } catch (error: DateTimeException) {
            null
        }

        /**
         * The moment a wall-clock time (seconds since 1970 as if UTC) names in
         * [zone], by the same steps as LiveryCore's `ZoneOffsets`: the first of
         * a repeated time, the offset before the change for a skipped one.
         */
        fun instant(wall: Long, zone: ZoneId): Long {
            fun offset(at: Long): Long = zone.rules.getOffset(Instant.ofEpochSecond(at)).totalSeconds.toLong()
            val before = offset(wall - 86_400L * 2)
            val after = offset(wall + 86_400L * 2)
            val early = wall - before
            val late = wall - after
            if (before == after || offset(early) == before) return early
            if (offset(late) == after) return late
            return early
        }

        /** `YYYY-MM-DDTHH:MM[:SS]` as seconds since 1970 as if UTC; null for anything else. */
        fun localSeconds(text: String): Long? {
            if (!Regex("""\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?""").matches(text)) return null
            return try {
                JavaLocalDateTime.parse(if (text.length == 16) "$text:00" else text).toEpochSecond(ZoneOffset.UTC)
            } catch (error: DateTimeException) {
                null
            }
        }

        fun isZoneName(text: String): Boolean =
            text.length <= 64 && Regex("""[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+)*""").matches(text)

        fun isLocaleTag(text: String): Boolean = Regex("""[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*""").matches(text)

        /** `12.5` → 12,500,000 millionths; null for an exponent, a sign, more than six decimals, or above 100. */
        fun millionths(literal: String): Long? {
            val match = Regex("""(\d{1,3})(?:\.(\d{1,6}))?""").matchEntire(literal) ?: return null
            val whole = match.groupValues[1].toLong()
            val fraction = match.groupValues[2].padEnd(6, '0').ifEmpty { "000000" }.toLong()
            val result = whole * 1_000_000 + fraction
            return if (result <= InstallBucket.RANGE) result else null
        }

        /** One condition at [pointer], as LiveryCore's `VariantParser.condition` reads it. */
        fun parse(value: Any, pointer: String): VariantCondition {
            if (value !is JSONObject) throw VariantProblem(pointer, "a condition is an object")
            val keys = CanonicalJson.sortedKeys(value)
            if ("from" in keys || "until" in keys || "timeZone" in keys) return dates(value, pointer)
            if ("percent" in keys || "seed" in keys) {
                only(value, pointer, setOf("percent", "seed"))
                val seed = value.opt("seed") as? String
                if (seed.isNullOrEmpty()) throw VariantProblem("$pointer/seed", "a percent condition needs a \"seed\"")
                val percent = value.opt("percent") ?: throw VariantProblem("$pointer/percent", "a percent condition needs \"percent\"")
                return Percent(percentage(percent, "$pointer/percent"), seed)
            }
            if (keys.size != 1) throw VariantProblem(pointer, "a condition has one kind")
            val key = keys[0]
            val item = value.get(key)
            val at = "$pointer/${escape(key)}"
            return when (key) {
                "all", "any" -> {
                    val list = item as? JSONArray ?: throw VariantProblem(at, "\"$key\" takes an array of conditions")
                    val conditions = (0 until list.length()).map { parse(list.get(it), "$at/$it") }
                    if (key == "all") All(conditions) else AnyOf(conditions)
                }
                "not" -> Not(parse(item, at))
                "countries" -> Countries(strings(item, at) { it.length == 2 && it.all { c -> c in 'A'..'Z' } })
                "locales" -> Locales(strings(item, at, ::isLocaleTag))
                "platforms" -> Platforms(strings(item, at) { it in PLATFORMS })
                "appVersion" -> AppVersionIn(
                    (item as? String)?.let { VersionRange.parse(it) } ?: throw VariantProblem(at, "\"appVersion\" takes a range such " +
                        "as \">=3.2.0 <4.0.0\"")
                )
                else -> throw VariantProblem(at, "unknown condition \"$key\"")
            }
        }

        private fun dates(value: JSONObject, pointer: String): VariantCondition {
            only(value, pointer, setOf("from", "timeZone", "until"))
            fun local(key: String): Long? {
                if (!value.has(key)) return null
                return (value.get(key) as? String)?.let(::localSeconds)
                    ?: throw VariantProblem("$pointer/$key", "\"$key\" must be a local date and time such as \"2026-12-01T00:00\"")
            }
            val from = local("from")
            val until = local("until")
            if (from == null && until == null) throw VariantProblem(pointer, "a date window needs \"from\", \"until\" or both")
            var zone = "UTC"
            if (value.has("timeZone")) {
                val text = value.get("timeZone") as? String
                if (text == null || !isZoneName(text) || zone(text) == null) {
                    throw VariantProblem("$pointer/timeZone", "\"timeZone\" must be an IANA time zone such as \"Europe/Paris\"")
                }
                zone = text
            }
            return Dates(from, until, zone)
        }

        fun only(value: JSONObject, pointer: String, allowed: Set<String>) {
            CanonicalJson.sortedKeys(value).firstOrNull { it !in allowed }?.let {
                throw VariantProblem("$pointer/${escape(it)}", "unknown member \"$it\"")
            }
        }

        private fun strings(value: Any, pointer: String, check: (String) -> Boolean): List<String> {
            val list = value as? JSONArray ?: throw VariantProblem(pointer, "takes an array of strings")
            return (0 until list.length()).map { index ->
                val text = list.get(index) as? String ?: throw VariantProblem("$pointer/$index", "not a string")
                if (!check(text)) throw VariantProblem("$pointer/$index", "not an accepted value")
                text
            }
        }

        fun percentage(value: Any, pointer: String): Long =
            (value as? JsonNumber)?.let { millionths(it.literal) }
                ?: throw VariantProblem(pointer, "must be a percentage from 0 to 100 with at most six decimals")

        fun escape(token: String): String = token.replace("~", "~0").replace("/", "~1")
    }
}

/** An app version: one to four dot-separated whole numbers of up to nine digits; missing parts are 0. */
data class AppVersion(val parts: List<Long>) : Comparable<AppVersion> {
    override fun compareTo(other: AppVersion): Int {
        for (index in 0 until 4) {
            val order = parts[index].compareTo(other.parts[index])
            if (order != 0) return order
        }
        return 0
    }

    companion object {
        fun parse(text: String): AppVersion? {
            val pieces = text.split(".")
            if (pieces.size !in 1..4 || pieces.any { it.length !in 1..9 || !it.all { c -> c in '0'..'9' } }) return null
            return AppVersion(pieces.map { it.toLong() } + List(4 - pieces.size) { 0L })
        }
    }
}

/** Alternatives separated by `||`, each comparisons separated by spaces that all hold. */
class VersionRange(private val alternatives: List<List<Pair<String, AppVersion>>>) {
    fun contains(version: AppVersion): Boolean = alternatives.any { comparisons ->
        comparisons.all { (op, bound) ->
            when (op) {
                ">=" -> version >= bound
                ">" -> version > bound
                "<=" -> version <= bound
                "<" -> version < bound
                else -> version.compareTo(bound) == 0
            }
        }
    }

    companion object {
        private val operators = listOf(">=", ">", "<=", "<", "=")

        fun parse(text: String): VersionRange? {
            val alternatives = text.split("||").map { alternative ->
                val comparisons = alternative.split(" ").filter { it.isNotEmpty() }.map { word ->
                    val op = operators.firstOrNull { word.startsWith(it) } ?: "="
                    val version = AppVersion.parse(if (word.startsWith(op)) word.substring(op.length) else word) ?: return null
                    op to version
                }
                if (comparisons.isEmpty()) return null
                comparisons
            }
            return VersionRange(alternatives)
        }
    }
}
