package dev.livery.runtime

import org.json.JSONArray
import org.json.JSONObject
import java.security.MessageDigest

/**
 * The one byte form livery gives a JSON document whose bytes matter: a
 * bundle's `style.json`, the digests an update names, and the bytes its
 * signatures cover. Byte for byte what LiveryCore's `CanonicalJSON` writes:
 * keys sorted by UTF-8 bytes, numbers in their canonical spelling
 * (`1.50` → `1.5`, `1e2` → `100`), two-space indent, a trailing newline.
 */
object CanonicalJson {
    /** The canonical bytes of [value] (a value [StrictJson] reads). */
    fun bytes(value: Any): ByteArray {
        val out = StringBuilder()
        write(value, 0, out)
        out.append('\n')
        return out.toString().toByteArray(Charsets.UTF_8)
    }

    /** Reads [bytes] strictly ([StrictJson]). */
    @Throws(JsonSyntaxException::class)
    fun parse(bytes: ByteArray): Any = StrictJson.parse(bytes)

    /** The lower-case hex SHA-256 of [bytes]. */
    fun digest(bytes: ByteArray): String = hex(MessageDigest.getInstance("SHA-256").digest(bytes))

    /** The digest of [value]'s canonical bytes. */
    fun digestOf(value: Any): String = digest(bytes(value))

    /** Whether [text] is 64 lower-case hex digits. */
    fun isDigest(text: String): Boolean = text.length == 64 && text.all { it in '0'..'9' || it in 'a'..'f' }

    fun hex(bytes: ByteArray): String {
        val digits = "0123456789abcdef"
        val out = StringBuilder(bytes.size * 2)
        for (byte in bytes) {
            val v = byte.toInt() and 0xFF
            out.append(digits[v shr 4]).append(digits[v and 0x0F])
        }
        return out.toString()
    }

    /** Keys in UTF-8 byte order, which is code point order (not UTF-16 order). */
    val keyOrder: Comparator<String> = Comparator { a, b -> compareCodePoints(a, b) }

    private fun compareCodePoints(a: String, b: String): Int {
        var i = 0
        var j = 0
        while (i < a.length && j < b.length) {
            val x = a.codePointAt(i)
            val y = b.codePointAt(j)
            if (x != y) return if (x < y) -1 else 1
            i += Character.charCount(x)
            j += Character.charCount(y)
        }
        if (i < a.length) return 1
        if (j < b.length) return -1
        return 0
    }

    /** The keys of [obj], sorted as they are written. */
    fun sortedKeys(obj: JSONObject): List<String> {
        val keys = ArrayList<String>()
        val iterator = obj.keys()
        while (iterator.hasNext()) keys.add(iterator.next())
        keys.sortWith(keyOrder)
        return keys
    }

    private fun newline(level: Int, out: StringBuilder) {
        out.append('\n')
        for (i in 0 until level * 2) out.append(' ')
    }

    private fun write(value: Any, level: Int, out: StringBuilder) {
        when (value) {
            JSONObject.NULL -> out.append("null")
            is Boolean -> out.append(if (value) "true" else "false")
            is JsonNumber -> out.append(value.canonical)
            is String -> string(value, out)
            is JSONArray -> {
                if (value.length() == 0) { out.append("[]"); return }
                out.append('[')
                for (i in 0 until value.length()) {
                    if (i > 0) out.append(',')
                    newline(level + 1, out)
                    write(value.get(i), level + 1, out)
                }
                newline(level, out)
                out.append(']')
            }
            is JSONObject -> {
                if (value.length() == 0) { out.append("{}"); return }
                out.append('{')
                for ((position, key) in sortedKeys(value).withIndex()) {
                    if (position > 0) out.append(',')
                    newline(level + 1, out)
                    string(key, out)
                    out.append(": ")
                    write(value.get(key), level + 1, out)
                }
                newline(level, out)
                out.append('}')
            }
            // Values built in code rather than read: integers only (sequences).
            is Int, is Long -> out.append(value.toString())
            else -> throw IllegalArgumentException("not a JSON value: ${value.javaClass.name}")
        }
    }

    /** [text] as a JSON string literal, escaped as LiveryJSON's writer escapes. */
    fun string(text: String, out: StringBuilder) {
        out.append('"')
        for (c in text) {
            when (c) {
                '"' -> out.append("\\\"")
                '\\' -> out.append("\\\\")
                '\n' -> out.append("\\n")
                '\r' -> out.append("\\r")
                '\t' -> out.append("\\t")
                '\b' -> out.append("\\b")
                '\u000C' -> out.append("\\f")
                else -> if (c < ' ' || c == '\u2028' || c == '\u2029') {
                    // U+2028/2029 are valid JSON but break JavaScript string literals.
                    out.append("\\u").append(String.format("%04X", c.toInt()))
                } else {
                    out.append(c)
                }
            }
        }
        out.append('"')
    }

    /**
     * A stable spelling of a JSON number literal's exact value: no exponent for
     * ordinary magnitudes, no trailing zeros, no `+`, `-0` as `0`. Never rounds.
     */
    fun numberLiteral(literal: String): String {
        val digitsPart = if (literal.startsWith("-")) literal.substring(1) else literal
        if (digitsPart.isNotEmpty() && digitsPart.length <= 20 && digitsPart.all { it in '0'..'9' } &&
            (digitsPart[0] != '0' || literal == "0")) {
            return literal
        }
        val negative = literal.startsWith("-")
        val body = if (negative) literal.substring(1) else literal
        val mantissa = ArrayList<Int>()
        var fractionDigits = 0
        var seenPoint = false
        var exponentPart = 0L
        var i = 0
        while (i < body.length) {
            val c = body[i]
            if (c == '.') {
                seenPoint = true
            } else if (c == 'e' || c == 'E') {
                // An exponent too large for a 64-bit integer: keep the literal as written.
                exponentPart = body.substring(i + 1).toLongOrNull() ?: return literal
                break
            } else if (c in '0'..'9') {
                mantissa.add(c - '0')
                if (seenPoint) fractionDigits += 1
            } else {
                return literal
            }
            i += 1
        }
        while (mantissa.isNotEmpty() && mantissa[0] == 0) mantissa.removeAt(0)
        var trailing = 0
        while (mantissa.isNotEmpty() && mantissa[mantissa.size - 1] == 0) {
            mantissa.removeAt(mantissa.size - 1)
            trailing += 1
        }
        val shifted = try { Math.subtractExact(exponentPart, fractionDigits.toLong()) } catch (e: ArithmeticException) { return literal }
        val exponent = shifted + trailing
        if (mantissa.isEmpty()) return "0"
        val text = mantissa.joinToString("")
        val sign = if (negative) "-" else ""
        val magnitude = mantissa.size + exponent
        if (exponent >= 0 && magnitude <= 21) return sign + text + "0".repeat(exponent.toInt())
        if (exponent < 0 && magnitude > 0) {
            val point = magnitude.toInt()
            return sign + text.substring(0, point) + "." + text.substring(point)
        }
        if (exponent < 0 && magnitude > -6) return sign + "0." + "0".repeat((-magnitude).toInt()) + text
        val head = text.substring(0, 1)
        val tail = text.substring(1)
        val power = magnitude - 1
        return sign + head + (if (tail.length == 0) "" else ".$tail") + "e" + (if (power < 0) "-" else "") + Math.abs(power)
    }

    /** Deep equality as LiveryJSON compares values: numbers by value, keys regardless of order. */
    fun equal(a: Any?, b: Any?): Boolean {
        if (a == null || b == null) return a == null && b == null
        if (a is JSONObject && b is JSONObject) {
            if (a.length() != b.length()) return false
            val keys = a.keys()
            while (keys.hasNext()) {
                val key = keys.next()
                if (!b.has(key) || !equal(a.get(key), b.get(key))) return false
            }
            return true
        }
        if (a is JSONArray && b is JSONArray) {
            if (a.length() != b.length()) return false
            for (i in 0 until a.length()) if (!equal(a.get(i), b.get(i))) return false
            return true
        }
        if (a === JSONObject.NULL || b === JSONObject.NULL) return a === b
        return a == b
    }
}
