package dev.livery.runtime

import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

/** `expires` is read as LiveryCore's `UpdateTime` reads it. */
class UpdateTimeTest {
    @Test
    fun rfc3339TimesAreReadToTheSecond() {
        assertEquals(0L, UpdateTime.parse("1970-01-01T00:00:00Z")!!.secondsSince1970)
        assertEquals(1_780_272_000L, UpdateTime.parse("2026-06-01T00:00:00Z")!!.secondsSince1970)
        assertEquals(1_780_272_000L, UpdateTime.parse("2026-06-01T02:00:00.999+02:00")!!.secondsSince1970)
        assertEquals(1_780_272_000L, UpdateTime.parse("2026-05-31t19:30:00-04:30")!!.secondsSince1970)
        assertEquals(951_782_400L, UpdateTime.parse("2000-02-29 00:00:00z")!!.secondsSince1970)
        assertEquals("2026-06-01T00:00:00Z", UpdateTime(1_780_272_000L).text)
        assertEquals("1969-12-31T23:59:59Z", UpdateTime(-1L).text)
    }

    @Test
    fun anythingElseIsRefused() {
        for (text in listOf(
            "2026-06-01", "2026-06-01T00:00:00", "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-13-01T00:00:00Z",
            "2026-06-01T24:00:00Z", "2026-06-01T00:00:00.Z", "2026-06-01T00:00:00+2:00", "2026-06-01T00:00:00+02:00x",
            "２026-06-01T00:00:00Z", "2026-06-01X00:00:00Z"
        )) {
            assertNull(text, UpdateTime.parse(text))
        }
    }
}
