package dev.livery.runtime

import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test
import java.io.File
import java.nio.file.Files

class StyleStoreTest {
    private val v2Patch = """{"colors": {"primary": {"light": "#0B5FFF", "dark": "#0E8AB4"}}, """ +
        """"components": {"button": {"primary": {"shape": "circle"}}}}"""
    private val executor = RecordingExecutor()

    private fun store(
        cache: File? = null,
        keys: List<String> = listOf(TestSigner.one.publicText),
        clock: () -> Long = { 1_780_000_000_000L }
    ) =
        StyleStore(mapOf("acme" to Fixtures.v1Bytes), "acme", cache, keys, executor, clock = clock)

    private fun temporaryDirectory(): File = Files.createTempDirectory("livery-kotlin-runtime").toFile()

    @Test
    fun theTypedStyleHasEveryKindOfValue() {
        val style = store().style
        assertEquals("acme", style.id)
        assertEquals("com.acme.bank", style.app.bundleId)
        val primary = style.colors.getValue("primary")
        assertEquals(Rgba(0x11, 0xA4, 0xD6), primary.resolved(dark = false))
        assertEquals(Rgba(0x0E, 0x8A, 0xB4), primary.resolved(dark = true))
        assertEquals(Rgba(0x7F, 0xD4, 0xF0), primary.resolved(dark = true, highContrast = true))
        assertEquals(Rgba(0xFF, 0xFF, 0xFF), style.colors.getValue("onPrimary").resolved(dark = false, highContrast = true))
        assertEquals(0xFF11A4D6.toInt(), primary.light.argb)
        assertEquals(LiveryStyle.FontToken("Inter", 16.0, FontWeight.REGULAR, "assets/Inter.ttf"), style.fonts["body"])
        assertEquals(400, style.fonts.getValue("body").weight.numeric)
        assertEquals(listOf(100, 200, 300, 400, 500, 600, 700, 800, 900), FontWeight.values().map { it.numeric })
        assertEquals(16.0, style.dimensions.getValue("spacingM"), 0.0)
        assertEquals(0.25, style.animations.getValue("easeIn").getValue("short"), 0.0)
        val button = style.components.getValue("button").getValue("primary")
        assertEquals(LiveryStyle.ComponentValue.ShapeValue(Shape.RoundedRectangle(8.0)), button["shape"])
        assertEquals(LiveryStyle.ComponentValue.Text("Go"), button["label"])
        assertEquals(LiveryStyle.ComponentValue.Flag(true), button["enabled"])
        assertEquals(LiveryStyle.ComponentValue.Number(0.5), button["opacity"])
        assertTrue(button["font"] is LiveryStyle.ComponentValue.Font)
        assertEquals("assets/logo-dark.png", style.images.getValue("logo").resolved(dark = true))
        assertEquals(LiveryStyle.FlagValue.Text("Welcome to Acme"), style.flags["welcome"])
        assertEquals(Rgba(0x70, 0xC8, 0xE6), style.palettes.getValue("brand").getValue("light04"))
        assertEquals("assets/AppIcon.png", style.appIcon)
    }

    @Test
    fun anAppliedUpdateIsTheCanonicalResultAndListenersHearOfIt() {
        val store = store()
        var heard: LiveryStyle? = null
        store.addListener { heard = it }
        val update = Envelopes.update(Fixtures.v1, v2Patch, 2)
        val outcome = store.apply(Envelopes.signed(update, TestSigner.one))
        assertEquals(UpdateOutcome.Applied(update.result), outcome)
        assertArrayEquals(CanonicalJson.bytes(Envelopes.resultOf(Fixtures.v1, v2Patch)), store.document)
        assertEquals(
            Shape.Circle,
            (store.style.components.getValue("button").getValue("primary")["shape"] as LiveryStyle.ComponentValue.ShapeValue).value
        )
        assertEquals(store.style, heard)
        assertEquals(1, executor.calls.get())
        val again = store.apply(Envelopes.signed(update, TestSigner.one))
        assertEquals(UpdateOutcome.AlreadyCurrent, again)
        // Logged or printed, an outcome reads as its name, not as a class and a hash code.
        assertEquals("AlreadyCurrent", again.toString())
    }

    @Test
    fun everyOutcomePrintsByName() {
        assertEquals("AlreadyCurrent", "${UpdateOutcome.AlreadyCurrent}")
        assertEquals("NotInRollout", "${UpdateOutcome.NotInRollout}")
        assertEquals("UpToDate", "${RefreshOutcome.UpToDate}")
        assertEquals("Applied(digest=ab12)", "${UpdateOutcome.Applied("ab12")}")
    }

    @Test
    fun aRefusedUpdateChangesNothing() {
        val store = store()
        val before = store.document
        val cases = listOf(
            "badSignature" to Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2)),
            "unknownKey" to Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2), TestSigner.two),
            "forbiddenKey" to Envelopes.signed(Envelopes.update(Fixtures.v1, """{"app": {"bundleId": "com.evil"}}""", 2), TestSigner.one),
            "invalidResult" to Envelopes.signed(Envelopes.update(Fixtures.v1, """{"evil": 1}""", 2), TestSigner.one),
            "invalidResult" to Envelopes.signed(Envelopes.update(Fixtures.v1, """{"dimensions": {"x": "wide"}}""", 2), TestSigner.one),
            "expired" to Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2, "2020-01-01T00:00:00Z"), TestSigner.one),
            "wrongBase" to Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2, target = "other"), TestSigner.one),
            "corruptData" to "{\"format\": \"livery-update/2\", \"format\": \"x\"}".toByteArray(),
            "corruptData" to ByteArray(StyleUpdate.MAXIMUM_SIZE + 1) { ' '.toByte() }
        )
        for ((code, bytes) in cases) {
            val outcome = store.apply(bytes)
            assertTrue("$code: $outcome", outcome is UpdateOutcome.Rejected && outcome.reason.code == code)
            assertArrayEquals(code, before, store.document)
        }
        assertEquals(0, executor.calls.get())
    }

    @Test
    fun aTamperedSignedEnvelopeIsRefused() {
        val signed = String(Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2), TestSigner.one))
        val tampered = signed.replace("#0B5FFF", "#0B5FFE")
        assertTrue(tampered != signed)
        val outcome = store().apply(tampered.toByteArray())
        assertTrue("$outcome", outcome is UpdateOutcome.Rejected && outcome.reason.code in setOf("badSignature", "invalidResult"))
        val reason = (outcome as UpdateOutcome.Rejected).reason
        assertEquals("badSignature", reason.code)
        // The message names the real cause: a key was trusted, and its signature does not match.
        assertEquals(listOf(TestSigner.one.keyId), ((reason as UpdateRejection.BadSignature).cause as SignatureProblem.Mismatch).keyIds)
        assertTrue(reason.message, reason.message.contains("signature by trusted key ${TestSigner.one.keyId} does not match"))
        assertTrue(reason.message, !reason.message.contains("no trusted keys") && !reason.message.contains("no signing keys"))
    }

    @Test
    fun eachBadSignatureNamesItsCause() {
        val unsigned = Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2))
        fun cause(store: StyleStore, bytes: ByteArray) =
            ((store.apply(bytes) as UpdateOutcome.Rejected).reason as UpdateRejection.BadSignature).cause
        assertEquals(SignatureProblem.Unsigned, cause(store(), unsigned))
        assertEquals(SignatureProblem.NoTrustedKeys, cause(store(keys = emptyList()), unsigned))
        assertEquals(SignatureProblem.NoTrustedKeys, cause(
            store(keys = emptyList()),
            Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2), TestSigner.one)
        ))
    }

    @Test
    fun aRollbackIsRefusedAndARevertWithAHigherSequenceApplied() {
        val store = store()
        val v2 = Envelopes.resultOf(Fixtures.v1, v2Patch)
        assertTrue(store.apply(Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 5), TestSigner.one)) is UpdateOutcome.Applied)
        val back = """{"colors": {"primary": {"dark": "#0E8AB4", "highContrastDark": "#7FD4F0", """ +
            """"highContrastLight": "#0B5F7C", "light": "#11A4D6"}}, """ +
            """"components": {"button": {"primary": {"shape": {"roundedRectangle": {"cornerRadius": 8}}}}}}"""
        val rollback = store.apply(Envelopes.signed(Envelopes.update(v2, back, 4), TestSigner.one))
        assertEquals("notNewer", ((rollback as UpdateOutcome.Rejected).reason).code)
        val revert = store.apply(Envelopes.signed(Envelopes.update(v2, back, 6), TestSigner.one))
        assertTrue("$revert", revert is UpdateOutcome.Applied)
        assertArrayEquals(Fixtures.v1Bytes, store.document)
    }

    @Test
    fun theCacheIsRestoredVerifiedAndDroppedForANewBuiltInStyle() {
        val directory = temporaryDirectory()
        val first = store(directory)
        assertTrue(first.apply(Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2), TestSigner.one)) is UpdateOutcome.Applied)
        val file = File(directory, "acme.livery-cache.json")
        assertTrue(file.isFile)
        assertEquals(listOf("acme.livery-cache.json"), directory.list()!!.toList())
        assertArrayEquals(first.document, store(directory).document)
        // The sequence is kept: the same update cannot be replayed as new after a restart.
        val again = store(directory)
        assertEquals(UpdateOutcome.AlreadyCurrent, again.apply(Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2), TestSigner.one)))

        // A cache that does not verify (another key now) is dropped.
        val otherKeys = store(directory, keys = listOf(TestSigner.two.publicText))
        assertArrayEquals(Fixtures.v1Bytes, otherKeys.document)

        // A new built-in style drops the cache made for the old one.
        val signed = Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2), TestSigner.one)
        assertTrue(store(directory).apply(signed) is UpdateOutcome.Applied)
        val newBuiltIn = CanonicalJson.bytes(Envelopes.resultOf(Fixtures.v1, """{"dimensions": {"spacingM": 17}}"""))
        val upgraded = StyleStore(mapOf("acme" to newBuiltIn), "acme", directory, listOf(TestSigner.one.publicText), executor)
        assertArrayEquals(newBuiltIn, upgraded.document)
        assertTrue(!file.exists())

        // Garbage in the cache file is dropped, not trusted.
        file.writeText("{\"format\": \"livery-cache/2\"")
        assertArrayEquals(Fixtures.v1Bytes, store(directory).document)
    }

    @Test
    fun anExpiredCachedUpdateFallsBackToTheBuiltInStyle() {
        val directory = temporaryDirectory()
        var now = 1_780_000_000_000L
        val store = store(directory, clock = { now })
        val update = Envelopes.update(Fixtures.v1, v2Patch, 2, "2026-06-01T00:00:00Z")
        assertTrue(store.apply(Envelopes.signed(update, TestSigner.one)) is UpdateOutcome.Applied)
        now = 1_800_000_000_000L
        var heard = 0
        store.addListener { heard += 1 }
        val outcome = store.apply(Envelopes.signed(update, TestSigner.one))
        assertArrayEquals(Fixtures.v1Bytes, store.document)
        assertEquals(1, heard)
        assertEquals("notNewer", ((outcome as UpdateOutcome.Rejected).reason).code)
        assertArrayEquals(Fixtures.v1Bytes, store(directory, clock = { now }).document)
    }

    @Test
    fun themesAreSelectedWholeAndAnUnknownOneIsRefused() {
        val other = CanonicalJson.bytes(Envelopes.resultOf(Fixtures.v1, """{"id": "acme-kids", "dimensions": {"spacingM": 24}}"""))
        val store = StyleStore(
            mapOf("acme" to Fixtures.v1Bytes, "acme-kids" to other),
            "acme",
            null,
            emptyList(),
            executor,
            allowUnsigned = true
        )
        assertEquals(listOf("acme", "acme-kids"), store.themeIds)
        var heard: String? = null
        store.addListener { heard = it.id }.use {
            store.select("acme-kids")
            assertEquals("acme-kids", heard)
        }
        assertEquals("acme-kids", store.style.id)
        assertArrayEquals(other, store.document)
        try {
            store.select("nobody")
            fail("selected an unknown theme")
        } catch (expected: StyleStoreException) {
        }
        assertEquals("acme-kids", store.selectedTheme)
        store.select("acme")
        assertEquals("acme-kids", heard)
        // Unsigned updates apply only because the store allows them.
        assertTrue(store.apply(Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2))) is UpdateOutcome.Applied)
    }

    @Test
    fun anInvalidBuiltInStyleOrUnknownSelectionThrows() {
        for ((bundled, selected) in listOf(
            mapOf("a" to "{}".toByteArray()) to "a",
            mapOf("acme" to Fixtures.v1Bytes) to "b",
            emptyMap<String,
            ByteArray>() to "a"
        )) {
            try {
                StyleStore(bundled, selected, null, emptyList(), executor)
                fail("created a store from $bundled")
            } catch (expected: StyleStoreException) {
            }
        }
    }

    @Test
    fun cacheFailuresAreLoggedAsSentencesWithThePath() {
        val directory = temporaryDirectory()
        // A directory where the cache file belongs: it can be neither read nor replaced.
        val blocked = File(directory, "acme.livery-cache.json")
        File(blocked, "inside").mkdirs()
        val messages = ArrayList<String>()
        val logger = java.util.logging.Logger.getAnonymousLogger()
        logger.useParentHandlers = false
        logger.addHandler(object : java.util.logging.Handler() {
            override fun publish(record: java.util.logging.LogRecord) { synchronized(messages) { messages.add(record.message) } }
            override fun flush() {}
            override fun close() {}
        })
        val store = StyleStore(
            mapOf("acme" to Fixtures.v1Bytes),
            "acme",
            directory,
            listOf(TestSigner.one.publicText),
            executor,
            logger = logger
        )
        assertTrue(store.apply(Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2), TestSigner.one)) is UpdateOutcome.Applied)
        val logged = synchronized(messages) { messages.toList() }
        assertTrue("$logged", logged.contains("Dropped an unreadable style cache of theme \"acme\": ${blocked.path} cannot be read " +
            "(check the cache directory's permissions)"))
        assertTrue("$logged", logged.contains("Could not cache a style update for theme \"acme\": cannot write ${blocked.path} (check " +
            "that the cache directory exists and is writable)"))
        assertTrue("$logged", logged.none { it.contains("Exception") || it.contains("Is a directory") })
    }
}
