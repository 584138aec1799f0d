package dev.livery.runtime

import org.json.JSONArray
import org.json.JSONObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

/**
 * The shared variant cases in `Tests/Fixtures/variant-cases/`: the same
 * bucketing vectors, decisions and refused files LiveryCore's
 * `VariantCaseTests` runs, with the same answers.
 */
class VariantCasesTest {
    private fun load(name: String): JSONObject =
        StrictJson.parse(Fixtures.file("variant-cases/$name").readBytes()) as JSONObject

    private fun set(variants: JSONObject): VariantSet =
        VariantSet("0".repeat(64), CanonicalJson.sortedKeys(variants).map { VariantSet.parseDefinition(it, variants.get(it)) })

    private fun context(obj: JSONObject) = VariantContext(
        installId = obj.getString("installId"),
        country = obj.opt("country") as? String,
        locale = obj.opt("locale") as? String,
        platform = obj.opt("platform") as? String,
        appVersion = obj.opt("appVersion") as? String,
        date = UpdateTime.parse(obj.getString("date")) ?: error("bad date in a case")
    )

    @Test
    fun everyBucketVectorMatches() {
        val vectors = load("buckets.json").get("vectors") as JSONArray
        assertEquals(20, vectors.length())
        for (index in 0 until vectors.length()) {
            val vector = vectors.get(index) as JSONObject
            val expected = (vector.get("bucket") as JsonNumber).literal.toLong()
            assertEquals("vector $index", expected, InstallBucket.bucket(vector.getString("seed"), vector.getString("installId")))
        }
    }

    @Test
    fun everyDecisionMatches() {
        val cases = load("decisions.json").get("cases") as JSONArray
        var checked = 0
        for (index in 0 until cases.length()) {
            val case = cases.get(index) as JSONObject
            val set = set(case.get("variants") as JSONObject)
            val contexts = case.get("contexts") as JSONArray
            for (n in 0 until contexts.length()) {
                val obj = contexts.get(n) as JSONObject
                val choice = set.choose(context(obj))
                val expect = obj.opt("expect").takeIf { it != JSONObject.NULL } as? String
                assertEquals("${case.getString("name")} #$n", expect, choice?.variant)
                if (obj.has("experiment")) {
                    val experiment = obj.opt("experiment").takeIf { it != JSONObject.NULL } as? String
                    assertEquals("${case.getString("name")} #$n", experiment, choice?.experiment)
                }
                checked += 1
            }
        }
        assertTrue(checked > 100)
    }

    @Test
    fun everyRefusedFileIsRefusedAtItsPointer() {
        val refused = load("decisions.json").get("refused") as JSONArray
        for (index in 0 until refused.length()) {
            val case = refused.get(index) as JSONObject
            try {
                VariantSet.parseDefinition("v", case.get("variant"))
                fail("${case.getString("name")}: accepted")
            } catch (problem: VariantProblem) {
                assertEquals(case.getString("name"), case.getString("pointer"), problem.pointer)
            }
        }
    }
}
