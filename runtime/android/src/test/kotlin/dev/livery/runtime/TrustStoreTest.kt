package dev.livery.runtime

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.nio.file.Files

/**
 * The store's root of trust across a restart, with the shared cases' files: the roots walked and
 * the timestamp are cached beside the updates and walked again on start, so an app keeps what it
 * learnt over the air; a cache whose root no longer follows is dropped from that root on.
 */
class TrustStoreTest {
    private fun file(path: String) = Fixtures.file("update-cases/$path").readBytes()
    private val now = UpdateTime.parse("2026-06-01T00:00:00Z")!!

    private fun store(cache: java.io.File): StyleStore {
        val bundled = file("styles/acme-v1.json")
        return StyleStore(mapOf("acme" to bundled), "acme", cache, emptyList(), RecordingExecutor(),
            clock = { now.secondsSince1970 * 1000 }, trustRoot = file("roots/1.root.json"))
    }

    @Test
    fun theWalkedRootsAndTheTimestampSurviveARestart() {
        val cache = Files.createTempDirectory("livery-trust").toFile()
        val first = store(cache)
        assertEquals(1L, first.trustRootVersion)
        assertTrue(first.applyTimestamp(file("timestamps/current.json")) is UpdateOutcome.Applied)
        assertTrue(first.applyRoot(file("roots/2.root.json")) is UpdateOutcome.Applied)
        assertTrue(first.apply(file("envelopes/signed-by-three.json")) is UpdateOutcome.Applied)
        val restarted = store(cache)
        assertEquals(2L, restarted.trustRootVersion)
        assertEquals(first.digest, restarted.digest)
        // The revoked key's update is refused after the restart too.
        val refused = restarted.apply(file("envelopes/valid-v1-v2.json"))
        assertEquals("revokedKey", (((refused as? UpdateOutcome.Rejected)?.reason) as? UpdateRejection.Untrusted)?.cause?.code)
        val rollback = restarted.applyRoot(file("roots/1.root.json"))
        assertEquals("rootRollback", (((rollback as? UpdateOutcome.Rejected)?.reason) as? UpdateRejection.Untrusted)?.cause?.code)
    }

    @Test
    fun aBuiltInRootBelowItsThresholdIsRefused() {
        val bundled = file("styles/acme-v1.json")
        val error = runCatching {
            StyleStore(mapOf("acme" to bundled), "acme", null, emptyList(), RecordingExecutor(),
                trustRoot = file("roots/2-one-signature.root.json"))
        }.exceptionOrNull()
        val expected = "the built-in root of trust is not valid: 1 of the root keys signed, fewer than its threshold of 2"
        assertTrue("$error", error is StyleStoreException && error.message?.contains(expected) == true)
    }
}
