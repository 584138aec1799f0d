package dev.livery.runtime

import org.json.JSONObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * Variants in an Android app, from the bundle `livery build` wrote
 * (`Tests/Fixtures/variant-cases/bundle/`): the same decisions as
 * LiveryRuntime's `VariantStoreTests`, reported, held until the next launch,
 * refused back to the client's style, and signed in updates.
 */
class VariantStoreTest {
    private val style = Fixtures.file("variant-cases/bundle/style.json").readBytes()
    private val variants = Fixtures.file("variant-cases/bundle/variants.json").readBytes()

    private fun millis(text: String): Long = UpdateTime.parse(text)!!.secondsSince1970 * 1000

    private fun store(
        at: () -> Long, country: String?, activation: VariantActivation = VariantActivation.IMMEDIATELY,
        variantBytes: ByteArray? = variants, trusted: List<String> = emptyList(), executor: RecordingExecutor = RecordingExecutor()
    ) = StyleStore(
        bundled = mapOf("acme" to style), selected = "acme", cache = null, trustedKeys = trusted, listenerExecutor = executor,
        clock = at, variants = variantBytes?.let { mapOf("acme" to it) } ?: emptyMap(),
        audience = VariantAudience("install-7", country = country), activation = activation
    )

    @Test
    fun theHolidayStartsOnItsFirstDayAndEndsAfterItsLastInUtcAndInKiribati() {
        val cases = listOf(
            Triple("KI", "2026-11-30T09:59:59Z", null), Triple("KI", "2026-11-30T10:00:00Z", "holiday-ki"),
            Triple("KI", "2026-12-26T09:59:59Z", "holiday-ki"),
            // The day after its last in Kiribati (27 December there) is still the 26th in UTC:
            // the UTC holiday, not Kiribati's, until it ends too.
            Triple("KI", "2026-12-26T10:00:00Z", "holiday"), Triple("KI", "2026-12-27T00:00:00Z", null),
            Triple("FR", "2026-11-30T23:59:59Z", null), Triple("FR", "2026-12-01T00:00:00Z", "holiday"),
            Triple("FR", "2026-12-26T23:59:59Z", "holiday"), Triple("FR", "2026-12-27T00:00:00Z", null)
        )
        for ((country, moment, expected) in cases) {
            val store = store({ millis(moment) }, country)
            assertEquals("$country at $moment", expected, store.activeVariant?.variant)
            assertEquals("$country at $moment", LiveryStyle.FlagValue.Bool(expected != null), store.style.flags["snow"])
            // What the generated AppTheme reads is the shown style's bytes; the client's stay the update base.
            assertEquals("$country at $moment", store.style, LiveryStyle.decode(store.resolvedDocument))
            assertEquals("$country at $moment", expected == null, store.resolvedDocument.contentEquals(store.document))
        }
    }

    @Test
    fun theAppIsToldWhenTheVariantChanges() {
        var now = millis("2026-11-30T23:00:00Z")
        val store = store({ now }, "FR")
        val told = ArrayList<String?>()
        store.addVariantListener { told.add(it?.variant) }
        // A style listener is told too, and reads the variant's bytes there (as an app remakes its AppTheme).
        val snow = ArrayList<Any?>()
        store.addListener { snow.add(LiveryStyle.decode(store.resolvedDocument).flags["snow"]) }
        assertNull(store.activeVariant)
        now = millis("2026-12-01T00:00:00Z")
        store.reconsiderVariant()
        store.reconsiderVariant()
        now = millis("2026-12-27T00:00:00Z")
        store.reconsiderVariant()
        assertEquals(listOf("holiday", null), told)
        assertEquals(listOf<Any?>(LiveryStyle.FlagValue.Bool(true), LiveryStyle.FlagValue.Bool(false)), snow)
    }

    @Test
    fun nextLaunchHoldsTheStyleUntilTheStoreIsMadeAgain() {
        var now = millis("2026-11-30T23:00:00Z")
        val first = store({ now }, "FR", VariantActivation.NEXT_LAUNCH)
        now = millis("2026-12-01T00:00:00Z")
        first.reconsiderVariant()
        assertNull(first.activeVariant)
        assertEquals("holiday", store({ now }, "FR", VariantActivation.NEXT_LAUNCH).activeVariant?.variant)
    }

    @Test
    fun aVariantThatFailsItsChecksFallsBackToTheClientsStyle() {
        val set = StrictJson.parse(variants) as JSONObject
        val holiday = set.getJSONObject("variants").getJSONObject("holiday")
        holiday.getJSONObject("patch").put("app", JSONObject().put("displayName", "Other Bank"))
        val store = store({ millis("2026-12-02T00:00:00Z") }, "FR", variantBytes = CanonicalJson.bytes(set))
        assertNull(store.activeVariant)
        assertEquals(LiveryStyle.FlagValue.Bool(false), store.style.flags["snow"])
    }

    /** A signed update that only brings the bundle's variants to a store shipped without them. */
    private fun variantsOnlyUpdate(): StyleUpdate {
        val digest = CanonicalJson.digest(CanonicalJson.bytes(StrictJson.parse(style)))
        return TestSigner.one.sign(
            StyleUpdate("acme", digest, digest, JSONObject(), 5, null, emptyList(), StrictJson.parse(variants) as JSONObject)
        )
    }

    @Test
    fun aSignedUpdateBringsItsVariants() {
        val store = store({ millis("2026-12-02T00:00:00Z") }, "FR", variantBytes = null, trusted = listOf(TestSigner.one.publicText))
        assertNull(store.activeVariant)
        val outcome = store.apply(CanonicalJson.bytes(variantsOnlyUpdate().json(true)))
        assertTrue("$outcome", outcome is UpdateOutcome.Applied)
        assertEquals("holiday", store.activeVariant?.variant)
    }

    @Test
    fun aSignedUpdateWhoseConditionWasAlteredIsRefused() {
        val text = String(CanonicalJson.bytes(variantsOnlyUpdate().json(true)), Charsets.UTF_8)
        for ((original, altered) in listOf("\"until\": \"2026-12-27T00:00\"" to "\"until\": \"2027-12-27T00:00\"", "\"KI\"" to "\"FR\"")) {
            val tampered = text.replace(original, altered)
            assertTrue(tampered != text)
            val store = store({ millis("2026-12-02T00:00:00Z") }, "FR", variantBytes = null, trusted = listOf(TestSigner.one.publicText))
            val outcome = store.apply(tampered.toByteArray(Charsets.UTF_8))
            assertEquals("$outcome", "badSignature", (outcome as? UpdateOutcome.Rejected)?.reason?.code)
            assertNull(store.activeVariant)
        }
    }

    @Test
    fun anUpdateOutsideItsRolloutIsHeldBack() {
        val base = Fixtures.v1
        val plain = Envelopes.update(base, """{"dimensions": {"spacingM": 20}}""", 2)
        val rolled = StyleUpdate(
            plain.target,
            plain.base,
            plain.result,
            plain.patch,
            2,
            null,
            emptyList(),
            null,
            UpdateRollout(30_000_000, "release-2")
        )
        val bytes = Envelopes.signed(rolled, TestSigner.one)
        var applied = 0
        var held = 0
        for (index in 0 until 200) {
            val store = StyleStore(
                mapOf("acme" to Fixtures.v1Bytes), "acme", null, listOf(TestSigner.one.publicText), RecordingExecutor(),
                audience = VariantAudience("install-$index")
            )
            val inside = InstallBucket.bucket("release-2", "install-$index") < 30_000_000
            when (store.apply(bytes)) {
                is UpdateOutcome.Applied -> { applied += 1; assertTrue(inside) }
                is UpdateOutcome.NotInRollout -> { held += 1; assertTrue(!inside) }
                else -> throw AssertionError("unexpected outcome")
            }
        }
        assertTrue("$applied applied, $held held", applied > 30 && held > 100)
    }
}
