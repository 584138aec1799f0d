package dev.livery.runtime

import org.json.JSONArray
import org.json.JSONObject
import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

/**
 * Every case of `Tests/Fixtures/runtime-json/cases.json`, which LiveryCore
 * writes (`SharedJSONCaseTests` holds the file equal to what it computes):
 * the Kotlin runtime must give the same bytes and outcomes.
 */
class SharedJsonCasesTest {
    private val cases: JSONObject by lazy {
        val value = StrictJson.parse(Fixtures.file("runtime-json/cases.json").readBytes()) as JSONObject
        assertEquals("livery-json-cases/1", value.getString("format"))
        value
    }

    private fun each(section: String, body: (JSONObject) -> Unit) {
        val items = cases.get(section) as JSONArray
        assertTrue("$section has cases", items.length() > 0)
        for (i in 0 until items.length()) body(items.get(i) as JSONObject)
    }

    @Test
    fun canonicalBytesAreLiveryCoresBytes() {
        each("canonical") { case ->
            val name = case.getString("name")
            val input = Fixtures.base64(case.getString("input"))
            val expected = Fixtures.base64(case.getString("canonical"))
            val bytes = CanonicalJson.bytes(StrictJson.parse(input))
            assertArrayEquals("$name: canonical bytes\n${String(bytes)}", expected, bytes)
            assertEquals("$name: digest", case.getString("digest"), CanonicalJson.digest(bytes))
        }
    }

    @Test
    fun whatLiveryCoreRefusesIsRefused() {
        each("invalid") { case ->
            val name = case.getString("name")
            assertEquals("$name is refused by LiveryCore", true, case.get("refused"))
            try {
                StrictJson.parse(Fixtures.base64(case.getString("input")))
                fail("$name was read")
            } catch (expected: JsonSyntaxException) {
            }
        }
    }

    @Test
    fun mergesGiveTheSameResultAndForbiddenPointers() {
        each("merges") { case ->
            val name = case.getString("name")
            val merged = MergeRules.BUILT_IN.apply(case.get("patch"), case.get("document"))
            val expected = case.get("result")
            if (expected == JSONObject.NULL) {
                assertEquals("$name deletes the document", null, merged)
                return@each
            }
            assertArrayEquals("$name: merged bytes", Fixtures.base64(expected as String), CanonicalJson.bytes(merged!!))
            val forbidden = case.get("forbidden") as JSONArray
            val expectedPointers = (0 until forbidden.length()).map { forbidden.getString(it) }
            assertEquals("$name: forbidden changes", expectedPointers, MergeRules.BUILT_IN.forbiddenChanges(case.get("document"), merged))
        }
    }

    @Test
    fun coloursReadAsLiveryCoreReadsThem() {
        each("colors") { case ->
            val input = case.getString("input")
            val color = ColorValue.parse(input)
            assertEquals("$input: space", case.getString("space"), color.space.styleName)
            assertEquals("$input: text", case.getString("text"), color.text)
            assertEquals("$input: sRGB fallback", case.getString("srgb"), color.srgb.hex)
            assertEquals("$input: outside sRGB", case.getBoolean("outsideSRGB"), color.isOutsideSrgb)
            // Numbers are JsonNumber literals (StrictJson keeps them exact).
            fun number(value: Any) = (value as JsonNumber).doubleValue
            assertEquals("$input: alpha", number(case.get("alpha")), color.alpha, 1e-6)
            val components = case.getJSONArray("components")
            for (i in 0 until 3) assertEquals("$input: component $i", number(components.get(i)), color.components[i], 1e-6)
            val p3 = case.getJSONArray("displayP3")
            val own = color.displayP3
            for (i in 0 until 3) assertEquals("$input: Display P3 $i", number(p3.get(i)), own[i], 1e-6)
        }
    }

    /**
     * A bundled font is found by its file's PostScript name, as the Android bundle names the file
     * (`res/font/<name>`), never by its family: the cases' families are not the files' names.
     */
    @Test
    fun fontsAreFoundByTheirFilesPostScriptName() {
        each("fonts") { case ->
            val input = case.getJSONObject("input")
            val style = LiveryStyle.decode(JSONObject().put("id", "a").put("fonts", JSONObject().put("f", input)))
            val font = style.fonts.getValue("f")
            val expected = case.get("androidResource")
            assertEquals("$input: resource", if (expected == JSONObject.NULL) null else expected, font.resourceName)
            if (font.file != null) {
                assertEquals("$input: PostScript name", case.getString("lookupName"), font.postScriptName)
                assertTrue("$input: not looked up by family", font.resourceName != FontFileName.androidResource(font.family))
            }
        }
    }

    @Test
    fun stylesFailAtTheSamePointer() {
        each("styles") { case ->
            val name = case.getString("name")
            val expected = case.get("errorPointer")
            try {
                LiveryStyle.decode(Fixtures.base64(case.getString("input")))
                assertEquals("$name decodes in Swift", JSONObject.NULL, expected)
            } catch (error: LiveryStyleException) {
                assertEquals("$name: ${error.message}", expected, error.pointer)
            }
        }
    }
}
