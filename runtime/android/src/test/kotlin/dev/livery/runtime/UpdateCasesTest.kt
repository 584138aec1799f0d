package dev.livery.runtime

import org.json.JSONArray
import org.json.JSONObject
import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * Every case of `Tests/Fixtures/update-cases/cases.json`, the Swift runtime's
 * acceptance cases as files (its `UpdateCaseTests` runs the same ones): the
 * same outcome, reason code, cause, sentence and resulting digest here, or the test fails.
 */
class UpdateCasesTest {
    private fun file(path: String) = Fixtures.file("update-cases/$path").readBytes()

    private fun strings(array: JSONArray) = (0 until array.length()).map { array.getString(it) }

    @Test
    fun everyCaseHasTheSwiftRuntimesOutcome() {
        val cases = StrictJson.parse(file("cases.json")) as JSONObject
        assertEquals("a runner refuses a format it does not know", "livery-update-cases/3", cases.getString("format"))
        val now = UpdateTime.parse(cases.getString("now")) ?: error("now is not RFC 3339")
        val items = cases.get("cases") as JSONArray
        assertTrue("the cases are there: ${items.length()}", items.length() >= 15)
        val failures = ArrayList<String>()
        for (i in 0 until items.length()) {
            val case = items.get(i) as JSONObject
            val name = case.getString("name")
            val keys = strings(case.get("trustedKeys") as JSONArray).map { String(file(it), Charsets.UTF_8) }
            // The theme id is the style's own id, as the Swift store's single-style initialiser keys it.
            val bundled = file(case.getString("bundled"))
            val id = LiveryStyle.decode(bundled).id
            val trustRoot = if (case.has("trustRoot")) file(case.getString("trustRoot")) else null
            val store = StyleStore(mapOf(id to bundled), id, null, keys, RecordingExecutor(), clock = { now.secondsSince1970 * 1000 },
                trustRoot = trustRoot)
            // The timestamp, the updates before, the newer roots, then the envelope: the first refusal is the outcome.
            var refusal: UpdateOutcome? = null
            if (case.has("timestamp")) {
                val taken = store.applyTimestamp(file(case.getString("timestamp")))
                if (taken is UpdateOutcome.Rejected) refusal = taken
            }
            for (before in strings(case.get("before") as JSONArray)) {
                if (refusal != null) break
                val outcome = store.apply(file(before))
                if (outcome !is UpdateOutcome.Applied) failures.add("$name: $before did not apply: $outcome")
            }
            for (root in if (case.has("roots")) strings(case.get("roots") as JSONArray) else emptyList()) {
                if (refusal != null) break
                val walked = store.applyRoot(file(root))
                if (walked is UpdateOutcome.Rejected) refusal = walked
            }
            val expect = case.get("expect") as JSONObject
            val outcome = refusal ?: store.apply(file(case.getString("envelope")))
            val got = when (outcome) {
                is UpdateOutcome.Applied -> "applied"
                is UpdateOutcome.AlreadyCurrent -> "alreadyCurrent"
                is UpdateOutcome.NotInRollout -> "notInRollout"
                is UpdateOutcome.Rejected -> "rejected/${outcome.reason.code}"
            }
            val expected = expect.getString("outcome") + (if (expect.has("reason")) "/" + expect.getString("reason") else "")
            if (got != expected) failures.add("$name: got $got ($outcome), expected $expected")
            if (outcome is UpdateOutcome.Rejected) {
                val reason = outcome.reason
                // The cause of a bad signature, and the sentence of a reason whose words follow from it alone.
                if (expect.has("cause")) {
                    val cause = (reason as? UpdateRejection.BadSignature)?.cause?.code
                        ?: (reason as? UpdateRejection.Untrusted)?.cause?.code
                    if (cause != expect.getString("cause")) failures.add("$name: cause $cause, expected ${expect.getString("cause")}")
                }
                if (expect.has("message") && reason.message != expect.getString("message")) {
                    failures.add("$name: says \"${reason.message}\",\n  expected \"${expect.getString("message")}\"")
                }
            }
            if (store.digest != expect.getString("digest")) failures.add("$name: digest ${store.digest}, expected " +
                "${expect.getString("digest")}")
            assertArrayEquals(name, CanonicalJson.bytes(StrictJson.parse(store.document)), store.document)
        }
        assertTrue(failures.joinToString("\n"), failures.isEmpty())
    }
}
