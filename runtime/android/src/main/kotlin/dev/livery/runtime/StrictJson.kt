package dev.livery.runtime

import org.json.JSONArray
import org.json.JSONObject
import java.nio.ByteBuffer
import java.nio.charset.CharacterCodingException
import java.nio.charset.CodingErrorAction
import java.nio.charset.StandardCharsets

/**
 * A JSON number kept exactly as written, so that the canonical bytes of a
 * style never depend on a binary floating-point round trip.
 *
 * It is not a [java.lang.Number] on purpose: org.json checks a `Number` it
 * stores for finiteness, and `1e400` is valid JSON that a style decoder
 * refuses with its own message.
 */
class JsonNumber(val literal: String) {
    /** The nearest double; infinite when the literal is out of range. */
    val doubleValue: Double get() = literal.toDoubleOrNull() ?: Double.NaN

    /** The canonical spelling ([CanonicalJson.numberLiteral]). */
    val canonical: String by lazy { CanonicalJson.numberLiteral(literal) }

    override fun equals(other: Any?): Boolean = other is JsonNumber && other.canonical == canonical
    override fun hashCode(): Int = canonical.hashCode()
    override fun toString(): String = literal

    companion object {
        fun of(value: Long): JsonNumber = JsonNumber(value.toString())
    }
}

/** Why bytes are not JSON, with the line and column of the first problem. */
class JsonSyntaxException(val line: Int, val column: Int, message: String) : Exception("line $line, column $column: $message")

/**
 * A strict RFC 8259 reader into org.json values: [JSONObject] (members in the
 * order written), [JSONArray], [String], [Boolean], [JsonNumber] and
 * [JSONObject.NULL].
 *
 * Android's own `JSONTokener` is lenient (comments, unquoted names, single
 * quotes, a duplicate name silently overwriting the first); an envelope read
 * leniently could be applied here and refused by the Swift runtime. So this
 * reader refuses exactly what LiveryJSON's `JSONReader` refuses: duplicate
 * keys, invalid UTF-8, lone surrogates, comments, trailing commas, leading
 * zeros, nesting deeper than 512 levels; a UTF-8 byte-order mark is skipped.
 */
object StrictJson {
    const val MAXIMUM_DEPTH = 512

    /** Parses one document. */
    @Throws(JsonSyntaxException::class)
    fun parse(bytes: ByteArray): Any {
        val start = if (bytes.size >= 3 && bytes[0] == 0xEF.toByte() && bytes[1] == 0xBB.toByte() && bytes[2] == 0xBF.toByte()) 3 else 0
        val text = try {
            StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes, start, bytes.size - start))
                .toString()
        } catch (error: CharacterCodingException) {
            throw JsonSyntaxException(1, 1, "invalid UTF-8")
        }
        return Parser(text).document()
    }

    private class Parser(val text: String) {
        var index = 0
        var line = 1
        var lineStart = 0

        fun fail(message: String): JsonSyntaxException =
            JsonSyntaxException(line, text.codePointCount(lineStart, minOf(index, text.length)) + 1, message)

        fun document(): Any {
            skipWhitespace()
            if (index >= text.length) throw fail("empty document: expected a JSON value")
            val root = value(0)
            skipWhitespace()
            if (index < text.length) throw fail("unexpected character after the JSON value")
            return root
        }

        fun skipWhitespace() {
            while (index < text.length) {
                when (text[index]) {
                    ' ', '\t' -> index += 1
                    '\n' -> { index += 1; line += 1; lineStart = index }
                    '\r' -> {
                        index += 1
                        if (index < text.length && text[index] == '\n') index += 1
                        line += 1; lineStart = index
                    }
                    else -> return
                }
            }
        }

        fun value(depth: Int): Any {
            if (index >= text.length) throw fail("unexpected end of input: expected a value")
            return when (val c = text[index]) {
                '{' -> objectValue(depth + 1)
                '[' -> arrayValue(depth + 1)
                '"' -> string()
                't' -> literal("true", true)
                'f' -> literal("false", false)
                'n' -> literal("null", JSONObject.NULL)
                else -> if (c == '-' || c in '0'..'9') number() else throw fail("unexpected character: expected a value")
            }
        }

        fun literal(word: String, result: Any): Any {
            if (!text.startsWith(word, index)) throw fail("invalid literal")
            index += word.length
            return result
        }

        fun objectValue(depth: Int): JSONObject {
            if (depth > MAXIMUM_DEPTH) throw fail("nesting deeper than $MAXIMUM_DEPTH levels")
            index += 1
            val result = JSONObject()
            skipWhitespace()
            if (index < text.length && text[index] == '}') { index += 1; return result }
            while (true) {
                skipWhitespace()
                if (index >= text.length || text[index] != '"') throw fail("expected a string key")
                val key = string()
                if (result.has(key)) throw fail("duplicate key \"$key\"")
                skipWhitespace()
                if (index >= text.length || text[index] != ':') throw fail("expected ':' after a key")
                index += 1
                skipWhitespace()
                result.put(key, value(depth))
                skipWhitespace()
                if (index >= text.length) throw fail("unexpected end of input in an object")
                when (text[index]) {
                    ',' -> index += 1
                    '}' -> { index += 1; return result }
                    else -> throw fail("expected ',' or '}' in an object")
                }
            }
        }

        fun arrayValue(depth: Int): JSONArray {
            if (depth > MAXIMUM_DEPTH) throw fail("nesting deeper than $MAXIMUM_DEPTH levels")
            index += 1
            val result = JSONArray()
            skipWhitespace()
            if (index < text.length && text[index] == ']') { index += 1; return result }
            while (true) {
                skipWhitespace()
                result.put(value(depth))
                skipWhitespace()
                if (index >= text.length) throw fail("unexpected end of input in an array")
                when (text[index]) {
                    ',' -> index += 1
                    ']' -> { index += 1; return result }
                    else -> throw fail("expected ',' or ']' in an array")
                }
            }
        }

        fun number(): JsonNumber {
            val start = index
            if (text[index] == '-') index += 1
            if (index >= text.length || text[index] !in '0'..'9') throw fail("invalid number")
            if (text[index] == '0') {
                index += 1
                if (index < text.length && text[index] in '0'..'9') throw fail("leading zero in a number")
            } else {
                while (index < text.length && text[index] in '0'..'9') index += 1
            }
            if (index < text.length && text[index] == '.') {
                index += 1
                if (index >= text.length || text[index] !in '0'..'9') throw fail("a decimal point needs digits after it")
                while (index < text.length && text[index] in '0'..'9') index += 1
            }
            if (index < text.length && (text[index] == 'e' || text[index] == 'E')) {
                index += 1
                if (index < text.length && (text[index] == '+' || text[index] == '-')) index += 1
                if (index >= text.length || text[index] !in '0'..'9') throw fail("an exponent needs digits")
                while (index < text.length && text[index] in '0'..'9') index += 1
            }
            return JsonNumber(text.substring(start, index))
        }

        fun string(): String {
            index += 1
            val out = StringBuilder()
            while (true) {
                if (index >= text.length) throw fail("unterminated string")
                val c = text[index]
                when {
                    c == '"' -> { index += 1; return out.toString() }
                    c == '\\' -> {
                        if (index + 1 >= text.length) throw fail("unterminated string")
                        val e = text[index + 1]
                        index += 2
                        when (e) {
                            '"' -> out.append('"')
                            '\\' -> out.append('\\')
                            '/' -> out.append('/')
                            'b' -> out.append('\b')
                            'f' -> out.append('\u000C')
                            'n' -> out.append('\n')
                            'r' -> out.append('\r')
                            't' -> out.append('\t')
                            'u' -> {
                                val high = hex4()
                                if (high in 0xDC00..0xDFFF) throw fail("lone low surrogate in string")
                                if (high in 0xD800..0xDBFF) {
                                    if (!text.startsWith("\\u", index)) throw fail("lone high surrogate in string")
                                    index += 2
                                    val low = hex4()
                                    if (low !in 0xDC00..0xDFFF) throw fail("high surrogate not followed by a low surrogate")
                                    out.append(high.toChar()).append(low.toChar())
                                } else {
                                    out.append(high.toChar())
                                }
                            }
                            else -> throw fail("invalid escape in string")
                        }
                    }
                    c < ' ' -> throw fail("control character in string")
                    else -> { out.append(c); index += 1 }
                }
            }
        }

        fun hex4(): Int {
            if (index + 4 > text.length) throw fail("\\u needs four hex digits")
            var value = 0
            for (i in 0 until 4) {
                // ASCII only: Character.digit also takes full-width digits.
                val c = text[index + i]
                val digit = when (c) {
                    in '0'..'9' -> c - '0'
                    in 'a'..'f' -> c - 'a' + 10
                    in 'A'..'F' -> c - 'A' + 10
                    else -> throw fail("\\u needs four hex digits")
                }
                value = value * 16 + digit
            }
            index += 4
            return value
        }
    }
}
