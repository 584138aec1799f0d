package dev.livery.runtime

import org.json.JSONArray
import org.json.JSONObject

/** One signature of an update: the id of the key that made it and the base64 Ed25519 signature. */
data class UpdateSignature(val keyId: String, val signature: String)

/**
 * A remote update to one client's resolved style, as `livery diff --format
 * update` writes it (`livery-update/2`): `base` and `result` are the digests
 * of the canonical style the patch applies to and produces, `patch` an
 * RFC 7396 merge patch, `sequence` the release number (only grows),
 * `expires` an optional RFC 3339 time, and each of `signatures` Ed25519 over
 * [signingBytes] by the key whose id it names.
 */
class StyleUpdate(
    val target: String,
    val base: String,
    val result: String,
    val patch: JSONObject,
    val sequence: Long,
    val expires: UpdateTime?,
    val signatures: List<UpdateSignature>,
    /** The client's variant set after the update, as the envelope holds it (signed), or null. */
    val variantsJson: JSONObject? = null,
    /** `rollout`: which installs apply the update, or null for all. */
    val rollout: UpdateRollout? = null
) {
    /** [variantsJson], read. */
    val variants: VariantSet? = variantsJson?.let { VariantSet.parse(it) }

    /** The envelope as JSON, with or without `signatures`. */
    fun json(includingSignatures: Boolean): JSONObject {
        val obj = JSONObject()
        obj.put("format", FORMAT)
        obj.put("target", target)
        obj.put("base", base)
        obj.put("result", result)
        obj.put("patch", patch)
        obj.put("sequence", JsonNumber.of(sequence))
        if (expires != null) obj.put("expires", expires.text)
        if (variantsJson != null) obj.put("variants", variantsJson)
        if (rollout != null) obj.put("rollout", rollout.json)
        if (includingSignatures) {
            val list = JSONArray()
            for (signature in signatures) {
                val item = JSONObject()
                item.put("keyId", signature.keyId)
                item.put("signature", signature.signature)
                list.put(item)
            }
            obj.put("signatures", list)
        }
        return obj
    }

    /** The bytes each signature covers: the canonical JSON of the envelope without `signatures`. */
    val signingBytes: ByteArray by lazy { CanonicalJson.bytes(json(false)) }

    companion object {
        const val FORMAT = "livery-update/2"
        /** Larger files are refused before they are parsed, and a download is abandoned past it. */
        const val MAXIMUM_SIZE = 4 shl 20
        /** The largest sequence: every integer up to it is exact in any JSON reader (2^53 - 1). */
        const val MAXIMUM_SEQUENCE = 9_007_199_254_740_991L

        /** Reads an envelope, with the same checks as LiveryCore's `StyleUpdate(parsing:)`. */
        @JvmStatic
        @Throws(StyleUpdateException::class)
        fun parse(bytes: ByteArray): StyleUpdate {
            if (bytes.size > MAXIMUM_SIZE) throw StyleUpdateException("the update is ${bytes.size} bytes, more than $MAXIMUM_SIZE")
            val value = try {
                StrictJson.parse(bytes)
            } catch (error: JsonSyntaxException) {
                throw StyleUpdateException("the update is not JSON: ${error.message}")
            }
            return fromJson(value)
        }

        @JvmStatic
        @Throws(StyleUpdateException::class)
        fun fromJson(value: Any): StyleUpdate {
            val obj = value as? JSONObject ?: throw malformed("an update is a JSON object")
            fun string(key: String, inside: JSONObject): String =
                inside.opt(key) as? String ?: throw malformed("\"$key\" must be a string")
            // The format first: an old envelope gets the sentence about its format.
            val format = string("format", obj)
            if (format != FORMAT) {
                throw StyleUpdateException(
                    if (format == "livery-update/1")
                        "the update is \"livery-update/1\", which carries no release sequence and is no longer applied"
                    else "unsupported update format \"$format\" (expected \"$FORMAT\")"
                )
            }
            val known = setOf("format", "target", "base", "result", "patch", "sequence", "expires", "signatures", "variants", "rollout")
            CanonicalJson.sortedKeys(obj).firstOrNull { it !in known }?.let { throw malformed("unknown member \"$it\"") }
            val target = string("target", obj)
            val base = string("base", obj)
            val result = string("result", obj)
            if (!CanonicalJson.isDigest(base) || !CanonicalJson.isDigest(result)) {
                throw malformed("\"base\" and \"result\" must be SHA-256 digests in lower-case hex")
            }
            val patch = obj.opt("patch") as? JSONObject ?: throw malformed("\"patch\" must be an object")
            val number = obj.opt("sequence") as? JsonNumber
            // As Swift's Int64(literal): digits with an optional sign, nothing else.
            val sequence = number?.literal?.let { if (it.matches(Regex("[+-]?[0-9]+"))) it.toLongOrNull() else null }
            if (sequence == null || sequence < 1 || sequence > MAXIMUM_SEQUENCE) {
                throw malformed("\"sequence\" must be a whole number from 1 to $MAXIMUM_SEQUENCE")
            }
            var expires: UpdateTime? = null
            if (obj.has("expires")) {
                val text = string("expires", obj)
                expires = UpdateTime.parse(text)
                    ?: throw malformed("\"expires\" must be an RFC 3339 time such as 2027-01-31T00:00:00Z, not \"$text\"")
            }
            val items = obj.opt("signatures") as? JSONArray ?: throw malformed("\"signatures\" must be an array")
            val signatures = ArrayList<UpdateSignature>()
            for (i in 0 until items.length()) {
                val item = items.get(i) as? JSONObject
                if (item == null || item.length() != 2 || !item.has("keyId") || !item.has("signature")) {
                    throw malformed("each of \"signatures\" must be an object with exactly \"keyId\" and \"signature\"")
                }
                signatures.add(UpdateSignature(string("keyId", item), string("signature", item)))
            }
            var variants: JSONObject? = null
            if (obj.has("variants")) {
                val member = obj.get("variants") as? JSONObject ?: throw malformed("\"variants\" must be an object")
                try {
                    VariantSet.parse(member)
                } catch (problem: VariantProblem) {
                    throw malformed("\"variants\": ${problem.problem} (at /variants${problem.pointer})")
                }
                variants = member
            }
            var rollout: UpdateRollout? = null
            if (obj.has("rollout")) {
                rollout = UpdateRollout.fromJson(obj.get("rollout"))
                    ?: throw malformed("\"rollout\" must be {\"percent\": a percentage with at most six decimals, \"seed\": a " +
                        "non-empty string}")
            }
            return StyleUpdate(target, base, result, patch, sequence, expires, signatures, variants, rollout)
        }

        private fun malformed(message: String) = StyleUpdateException("not a livery update: $message")
    }
}

/**
 * The installs an update is for: those whose bucket ([InstallBucket]) for
 * [seed] is below [percent] (millionths of a percent), as LiveryCore's `UpdateRollout`.
 */
data class UpdateRollout(val percent: Long, val seed: String) {
    val json: JSONObject
        get() = JSONObject().put("percent", JsonNumber(percentText(percent))).put("seed", seed)

    fun includes(installId: String): Boolean = InstallBucket.bucket(seed, installId) < percent

    companion object {
        fun fromJson(value: Any): UpdateRollout? {
            val obj = value as? JSONObject ?: return null
            if (CanonicalJson.sortedKeys(obj) != listOf("percent", "seed")) return null
            val seed = obj.opt("seed") as? String
            if (seed.isNullOrEmpty()) return null
            val percent = (obj.opt("percent") as? JsonNumber)?.let { VariantCondition.millionths(it.literal) } ?: return null
            return UpdateRollout(percent, seed)
        }

        private fun percentText(millionths: Long): String {
            val whole = millionths / 1_000_000
            val fraction = millionths % 1_000_000
            if (fraction == 0L) return whole.toString()
            return "$whole." + fraction.toString().padStart(6, '0').trimEnd('0')
        }
    }
}

/** Why bytes are not a `livery-update/2` envelope. */
class StyleUpdateException(message: String) : Exception(message)

/**
 * A moment in whole seconds since 1970-01-01T00:00:00Z, written in RFC 3339 as
 * UTC: an update's `expires`. Read exactly as LiveryCore's `UpdateTime` reads
 * it (fraction dropped, offsets applied, `t`, `z` and a space accepted).
 */
data class UpdateTime(val secondsSince1970: Long) : Comparable<UpdateTime> {
    override fun compareTo(other: UpdateTime): Int = secondsSince1970.compareTo(other.secondsSince1970)

    /** `YYYY-MM-DDTHH:MM:SSZ`. */
    val text: String
        get() {
            val days = Math.floorDiv(secondsSince1970, 86_400L)
            val rest = secondsSince1970 - days * 86_400
            val (year, month, day) = civil(days)
            return String.format("%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, rest / 3600, rest / 60 % 60, rest % 60)
        }

    override fun toString(): String = text

    companion object {
        /** Reads RFC 3339 `date-time`; null otherwise. */
        @JvmStatic
        fun parse(text: String): UpdateTime? {
            val bytes = text.toByteArray(Charsets.UTF_8)
            if (bytes.size < 20 || bytes.size > 64) return null
            fun number(from: Int, to: Int): Long? {
                var value = 0L
                for (i in from until to) {
                    val b = bytes[i].toInt()
                    if (b < 0x30 || b > 0x39) return null
                    value = value * 10 + (b - 0x30)
                }
                return value
            }
            val year = number(0, 4) ?: return null
            if (bytes[4] != '-'.toByte()) return null
            val month = number(5, 7) ?: return null
            if (bytes[7] != '-'.toByte()) return null
            val day = number(8, 10) ?: return null
            if (bytes[10] != 'T'.toByte() && bytes[10] != 't'.toByte() && bytes[10] != ' '.toByte()) return null
            val hour = number(11, 13) ?: return null
            if (bytes[13] != ':'.toByte()) return null
            val minute = number(14, 16) ?: return null
            if (bytes[16] != ':'.toByte()) return null
            val second = number(17, 19) ?: return null
            if (month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year) || hour > 23 || minute > 59 || second > 60) return null
            var index = 19
            if (bytes[index] == '.'.toByte()) {
                index += 1
                val start = index
                while (index < bytes.size && bytes[index] >= 0x30 && bytes[index] <= 0x39) index += 1
                if (index == start) return null
            }
            if (index >= bytes.size) return null
            var offset = 0L
            when (bytes[index].toChar()) {
                'Z', 'z' -> index += 1
                '+', '-' -> {
                    if (index + 6 != bytes.size) return null
                    val offsetHour = number(index + 1, index + 3) ?: return null
                    if (bytes[index + 3] != ':'.toByte()) return null
                    val offsetMinute = number(index + 4, index + 6) ?: return null
                    if (offsetHour > 23 || offsetMinute > 59) return null
                    offset = (offsetHour * 60 + offsetMinute) * 60 * (if (bytes[index] == '-'.toByte()) -1 else 1)
                    index += 6
                }
                else -> return null
            }
            if (index != bytes.size) return null
            // A leap second is read as the second after it.
            val local = daysSince1970(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second
            return UpdateTime(local - offset)
        }

        private fun isLeap(year: Long) = year % 4 == 0L && (year % 100 != 0L || year % 400 == 0L)

        private fun daysInMonth(month: Long, year: Long): Long = when (month) {
            2L -> if (isLeap(year)) 29 else 28
            4L, 6L, 9L, 11L -> 30
            else -> 31
        }

        /** Days from 1970-01-01 to a proleptic Gregorian date (`days_from_civil`). */
        private fun daysSince1970(year: Long, month: Long, day: Long): Long {
            val y = if (month <= 2) year - 1 else year
            val era = (if (y >= 0) y else y - 399) / 400
            val yearOfEra = y - era * 400
            val dayOfYear = (153 * (if (month > 2) month - 3 else month + 9) + 2) / 5 + day - 1
            val dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        /** The date of a day count from 1970-01-01 (`civil_from_days`). */
        private fun civil(count: Long): Triple<Long, Long, Long> {
            val z = count + 719_468
            val era = (if (z >= 0) z else z - 146_096) / 146_097
            val dayOfEra = z - era * 146_097
            val yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            val dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            val monthIndex = (5 * dayOfYear + 2) / 153
            val day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
            val month = if (monthIndex < 10) monthIndex + 3 else monthIndex - 9
            return Triple(yearOfEra + era * 400 + (if (month <= 2) 1 else 0), month, day)
        }
    }
}
