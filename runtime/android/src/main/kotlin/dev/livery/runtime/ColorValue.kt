package dev.livery.runtime

import kotlin.math.abs
import kotlin.math.atan2
import kotlin.math.cos
import kotlin.math.max
import kotlin.math.min
import kotlin.math.pow
import kotlin.math.sin
import kotlin.math.sqrt

/**
 * One colour as a style writes it: hex sRGB, `color(display-p3 R G B [/ A])` or
 * `oklch(L C H [/ A])`, with its exact components, the text as written and the
 * sRGB colour to show where only sRGB can be said (CSS Color 4's gamut mapping,
 * rounded to 8 bits). The same reading and numbers as LiveryCore's `ColorValue`
 * (`Tests/Fixtures/runtime-json/cases.json` holds them equal).
 */
class ColorValue private constructor(
    val space: Space,
    /** sRGB / Display P3 red, green, blue 0…1; OKLCH lightness 0…1, chroma, hue in degrees. */
    val components: List<Double>,
    /** Opacity 0…1. */
    val alpha: Double,
    /** The colour as written, spaces normalised: what style.json holds. */
    val text: String
) {
    enum class Space(val styleName: String) { SRGB("srgb"), DISPLAY_P3("display-p3"), OKLCH("oklch") }

    /** The colour in linear-light sRGB, unbounded outside sRGB. */
    val linearSrgb: DoubleArray = when (space) {
        Space.SRGB -> decode(components.toDoubleArray())
        Space.DISPLAY_P3 -> Matrices.p3ToLinearSrgb.applied(decode(components.toDoubleArray()))
        Space.OKLCH -> okLabToLinearSrgb(polarToCartesian(components))
    }

    /** Whether the colour lies outside sRGB, so [srgb] only approximates it. */
    val isOutsideSrgb: Boolean = !isInGamut(encode(linearSrgb))

    /** What an sRGB-only output draws: the colour gamut mapped into sRGB, 8 bits. */
    val srgb: Rgba = run {
        val mapped = if (space == Space.SRGB) components.toDoubleArray() else gamutMap(linearSrgb, Gamut.SRGB)
        // Half away from zero, as Swift rounds.
        fun byte(v: Double) = max(0.0, min(255.0, Math.floor(v * 255 + 0.5))).toInt()
        Rgba(byte(mapped[0]), byte(mapped[1]), byte(mapped[2]), byte(alpha))
    }

    /** Red, green, blue 0…1 in Display P3, as `Color.valueOf(r, g, b, a, ColorSpace.get(DISPLAY_P3))` takes them. */
    val displayP3: DoubleArray
        get() = if (space == Space.DISPLAY_P3) components.toDoubleArray() else gamutMap(linearSrgb, Gamut.DISPLAY_P3)

    val isHex: Boolean get() = space == Space.SRGB

    /** Same numbers in the same space, however spelled. */
    override fun equals(other: Any?): Boolean =
        other is ColorValue && other.space == space && other.components == components && other.alpha == alpha

    override fun hashCode(): Int = (space.hashCode() * 31 + components.hashCode()) * 31 + alpha.hashCode()

    override fun toString(): String = text

    companion object {
        /** A hex colour. */
        fun of(rgba: Rgba): ColorValue = ColorValue(
            Space.SRGB, listOf(rgba.red / 255.0, rgba.green / 255.0, rgba.blue / 255.0), rgba.alpha / 255.0, rgba.hex
        )

        /** Whether [text] is written as a colour function (`color(…)`, `oklch(…)`). */
        fun isWideSyntax(text: String): Boolean = text.startsWith("color(") || text.startsWith("oklch(")

        /** Reads a colour as LiveryCore does; throws [IllegalArgumentException] with the reason. */
        fun parse(text: String): ColorValue {
            if (text.startsWith("#")) {
                val rgba = Rgba.parse(text) ?: throw IllegalArgumentException("\"$text\" is not a hex colour (#RGB, #RRGGBB or #RRGGBBAA)")
                return of(rgba)
            }
            val space = when {
                text.startsWith("color(display-p3") -> Space.DISPLAY_P3
                text.startsWith("oklch(") -> Space.OKLCH
                else -> throw IllegalArgumentException("\"$text\" is not a colour: write #RRGGBB, color(display-p3 R G B) or oklch(L C H)")
            }
            if (!text.endsWith(")")) throw IllegalArgumentException("\"$text\" has no closing parenthesis")
            val prefix = if (space == Space.DISPLAY_P3) "color(display-p3" else "oklch("
            if (text.length < prefix.length + 1) throw IllegalArgumentException("\"$text\" has no closing parenthesis")
            val inner = text.substring(prefix.length, text.length - 1)
            if (space == Space.DISPLAY_P3 && inner.isNotEmpty() && inner[0] != ' ') {
                throw IllegalArgumentException("\"$text\": write a space after display-p3")
            }
            val parts = inner.split("/")
            if (parts.size > 2) throw IllegalArgumentException("\"$text\" has more than one \"/\"")
            val words = parts[0].split(' ', '\t').filter { it.isNotEmpty() }
            val ranges = if (space == Space.OKLCH) {
                listOf(Range("lightness 0…1", 1.0, 1.0), Range("chroma 0…0.5", 0.5, 0.4), Range("hue 0…360", 360.0, Double.NaN))
            } else {
                listOf(Range("red 0…1", 1.0, 1.0), Range("green 0…1", 1.0, 1.0), Range("blue 0…1", 1.0, 1.0))
            }
            if (words.size != 3) throw IllegalArgumentException("\"$text\" has ${words.size} components; ${space.styleName} takes three")
            val values = words.zip(ranges).map { (word, range) -> number(word, range, text) }
            var alpha = 1.0
            var alphaText: String? = null
            if (parts.size == 2) {
                val alphaWords = parts[1].split(' ', '\t').filter { it.isNotEmpty() }
                if (alphaWords.size != 1) throw IllegalArgumentException("\"$text\": write one alpha after \"/\"")
                alpha = number(alphaWords[0], Range("alpha", 1.0, 1.0), text)
                alphaText = alphaWords[0]
            }
            val head = if (space == Space.DISPLAY_P3) "color(display-p3 " else "oklch("
            val written = head + words.joinToString(" ") + (alphaText?.let { " / $it" } ?: "") + ")"
            return ColorValue(space, values, alpha, written)
        }

        private class Range(val name: String, val upper: Double, val percentScale: Double)

        private fun number(word: String, range: Range, text: String): Double {
            val isPercent = word.endsWith("%")
            val digits = if (isPercent) word.dropLast(1) else word
            val parsed = if (isPlainDecimal(digits)) digits.toDoubleOrNull() else null
            if (parsed == null || !parsed.isFinite()) {
                if (word == "none") throw IllegalArgumentException("\"$text\": livery needs every component; write 0 instead of none")
                throw IllegalArgumentException("\"$text\": \"$word\" is not a number (${range.name})")
            }
            if (isPercent && range.percentScale.isNaN()) {
                throw IllegalArgumentException("\"$text\": ${range.name} is in degrees, not a percentage")
            }
            val value = if (isPercent) parsed / 100 * range.percentScale else parsed
            if (value < 0 || value > range.upper) throw IllegalArgumentException("\"$text\": $word is out of range (${range.name})")
            return value
        }

        private fun isPlainDecimal(text: String): Boolean {
            val body = if (text.startsWith("-")) text.substring(1) else text
            val pieces = body.split(".")
            if (pieces.size !in 1..2 || pieces.all { it.isEmpty() }) return false
            return pieces.all { piece -> piece.all { it in '0'..'9' } }
        }

        // The conversions, built as LiveryCore builds them (same primaries, same order of operations).

        private const val IN_GAMUT_TOLERANCE = 1e-9
        private const val JUST_NOTICEABLE = 0.02
        private const val EPSILON = 0.0001

        private enum class Gamut { SRGB, DISPLAY_P3 }

        private fun decode(v: Double): Double {
            val sign = if (v < 0) -1.0 else 1.0
            val a = abs(v)
            return if (a <= 0.04045) v / 12.92 else sign * ((a + 0.055) / 1.055).pow(2.4)
        }

        private fun encode(v: Double): Double {
            val sign = if (v < 0) -1.0 else 1.0
            val a = abs(v)
            return if (a <= 0.0031308) v * 12.92 else sign * (1.055 * a.pow(1 / 2.4) - 0.055)
        }

        private fun decode(v: DoubleArray) = DoubleArray(3) { decode(v[it]) }
        private fun encode(v: DoubleArray) = DoubleArray(3) { encode(v[it]) }

        private fun isInGamut(v: DoubleArray) = v.all { it >= -IN_GAMUT_TOLERANCE && it <= 1 + IN_GAMUT_TOLERANCE }

        private fun normalisedHue(hue: Double): Double {
            val turn = hue % 360
            return if (turn < 0) turn + 360 else turn
        }

        private fun polarToCartesian(c: List<Double>): DoubleArray {
            val chroma = max(0.0, c[1])
            val radians = normalisedHue(c[2]) * Math.PI / 180
            return doubleArrayOf(c[0], chroma * cos(radians), chroma * sin(radians))
        }

        private fun okLabToLinearSrgb(lab: DoubleArray): DoubleArray {
            val lms = Matrices.okLabToLms.applied(lab)
            return Matrices.lmsToLinearSrgb.applied(DoubleArray(3) { lms[it] * lms[it] * lms[it] })
        }

        private fun okLabFromLinearSrgb(rgb: DoubleArray): DoubleArray {
            val lms = Matrices.linearSrgbToLms.applied(rgb)
            return Matrices.lmsToOkLab.applied(DoubleArray(3) { Math.cbrt(lms[it]) })
        }

        private fun distance(a: DoubleArray, b: DoubleArray): Double {
            val d0 = a[0] - b[0]
            val d1 = a[1] - b[1]
            val d2 = a[2] - b[2]
            return sqrt(d0 * d0 + d1 * d1 + d2 * d2)
        }

        /** CSS Color 4's gamut mapping: keep OKLCH lightness and hue, reduce chroma until clipping changes less than a JND. */
        private fun gamutMap(origin: DoubleArray, gamut: Gamut): DoubleArray {
            val fromLinearSrgb = if (gamut == Gamut.SRGB) Matrix.IDENTITY else Matrices.linearSrgbToP3
            val toLinearSrgb = if (gamut == Gamut.SRGB) Matrix.IDENTITY else Matrices.p3ToLinearSrgb
            fun encoded(linear: DoubleArray) = encode(fromLinearSrgb.applied(linear))
            fun clipped(v: DoubleArray) = DoubleArray(3) { min(1.0, max(0.0, v[it])) }
            fun okLab(encodedValues: DoubleArray) = okLabFromLinearSrgb(toLinearSrgb.applied(decode(encodedValues)))

            val direct = encoded(origin)
            if (isInGamut(direct)) return clipped(direct)
            val lab = okLabFromLinearSrgb(origin)
            val lightness = lab[0]
            val chromaOrigin = sqrt(lab[1] * lab[1] + lab[2] * lab[2])
            var hue = atan2(lab[2], lab[1]) * 180 / Math.PI
            if (hue < 0) hue += 360
            if (lightness >= 1 - IN_GAMUT_TOLERANCE) return doubleArrayOf(1.0, 1.0, 1.0)
            if (lightness <= IN_GAMUT_TOLERANCE) return doubleArrayOf(0.0, 0.0, 0.0)
            fun encodedAt(chroma: Double): DoubleArray {
                val radians = hue * Math.PI / 180
                return encoded(okLabToLinearSrgb(doubleArrayOf(lightness, chroma * cos(radians), chroma * sin(radians))))
            }
            fun difference(v: DoubleArray, c: DoubleArray) = distance(okLab(v), okLab(c))

            var current = direct
            var clip = clipped(current)
            if (difference(current, clip) < JUST_NOTICEABLE) return clip
            var low = 0.0
            var high = chromaOrigin
            var lowIsInGamut = true
            while (high - low > EPSILON) {
                val chroma = (low + high) / 2
                current = encodedAt(chroma)
                if (lowIsInGamut && isInGamut(current)) {
                    low = chroma
                    continue
                }
                clip = clipped(current)
                val delta = difference(current, clip)
                if (delta < JUST_NOTICEABLE) {
                    if (JUST_NOTICEABLE - delta < EPSILON) return clip
                    lowIsInGamut = false
                    low = chroma
                } else {
                    high = chroma
                }
            }
            return clip
        }
    }
}

/** A 3×3 matrix, rows first, with the same arithmetic as LiveryCore's. */
internal class Matrix(val rows: Array<DoubleArray>) {
    fun applied(v: DoubleArray): DoubleArray = DoubleArray(3) { i ->
        val row = rows[i]
        val t0 = row[0] * v[0]
        val t1 = row[1] * v[1]
        val t2 = row[2] * v[2]
        t0 + t1 + t2
    }

    operator fun times(b: Matrix): Matrix = Matrix(Array(3) { i ->
        DoubleArray(3) { j ->
            var sum = 0.0
            for (k in 0 until 3) sum += rows[i][k] * b.rows[k][j]
            sum
        }
    })

    val inverse: Matrix
        get() {
            val m = rows
            fun cofactor(r: Int, c: Int): Double {
                val r1 = (r + 1) % 3
                val r2 = (r + 2) % 3
                val c1 = (c + 1) % 3
                val c2 = (c + 2) % 3
                return m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1]
            }
            val determinant = m[0][0] * cofactor(0, 0) + m[0][1] * cofactor(0, 1) + m[0][2] * cofactor(0, 2)
            return Matrix(Array(3) { i -> DoubleArray(3) { j -> cofactor(j, i) / determinant } })
        }

    companion object {
        fun diagonal(v: DoubleArray) = Matrix(arrayOf(
            doubleArrayOf(v[0], 0.0, 0.0),
            doubleArrayOf(0.0, v[1], 0.0),
            doubleArrayOf(0.0, 0.0, v[2])))
        val IDENTITY = diagonal(doubleArrayOf(1.0, 1.0, 1.0))
    }
}

/** The matrices LiveryCore derives from each space's primaries and white point. */
internal object Matrices {
    private fun xyz(x: Double, y: Double) = doubleArrayOf(x / y, 1.0, (1 - x - y) / y)
    private val d65 = xyz(0.3127, 0.3290)

    private fun rgbToXyz(red: DoubleArray, green: DoubleArray, blue: DoubleArray, white: DoubleArray): Matrix {
        val primaries = arrayOf(red, green, blue)
        val columns = Matrix(Array(3) { i -> DoubleArray(3) { j -> primaries[j][i] } })
        val scale = columns.inverse.applied(white)
        return columns * Matrix.diagonal(scale)
    }

    private val xyzToLinearSrgb = rgbToXyz(xyz(0.64, 0.33), xyz(0.30, 0.60), xyz(0.15, 0.06), d65).inverse
    private val displayP3ToXyz = rgbToXyz(xyz(0.680, 0.320), xyz(0.265, 0.690), xyz(0.150, 0.060), d65)

    val p3ToLinearSrgb: Matrix = xyzToLinearSrgb * displayP3ToXyz
    val linearSrgbToP3: Matrix = displayP3ToXyz.inverse * xyzToLinearSrgb.inverse

    val linearSrgbToLms = Matrix(arrayOf(
        doubleArrayOf(0.4122214708, 0.5363325363, 0.0514459929),
        doubleArrayOf(0.2119034982, 0.6806995451, 0.1073969566),
        doubleArrayOf(0.0883024619, 0.2817188376, 0.6299787005)
    ))
    val lmsToOkLab = Matrix(arrayOf(
        doubleArrayOf(0.2104542553, 0.7936177850, -0.0040720468),
        doubleArrayOf(1.9779984951, -2.4285922050, 0.4505937099),
        doubleArrayOf(0.0259040371, 0.7827717662, -0.8086757660)
    ))
    val okLabToLms: Matrix = lmsToOkLab.inverse
    val lmsToLinearSrgb: Matrix = linearSrgbToLms.inverse
}
