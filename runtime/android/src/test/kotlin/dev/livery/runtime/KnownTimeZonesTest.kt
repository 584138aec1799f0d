package dev.livery.runtime

import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test
import java.io.File
import java.time.ZoneId

/**
 * Every zone a date window may name (the committed list that scripts/product/make-time-zones
 * writes, which `validate` accepts and nothing else) loads in java.time, as LiveryCore's
 * `KnownTimeZoneTests` checks each in Foundation: a window iOS opens, Android opens too.
 */
class KnownTimeZonesTest {
    private val zones: List<String> by lazy {
        val list = File(Fixtures.directory, "../../Sources/LiveryCore/Variants/KnownTimeZones.swift")
        require(list.isFile) { "missing ${list.path}" }
        Regex("^ {8}\"([^\"]+)\",$", RegexOption.MULTILINE).findAll(list.readText()).map { it.groupValues[1] }.toList()
    }

    @Test
    fun everyListedZoneLoadsInJavaTime() {
        assertTrue("${zones.size} zones", zones.size > 300 && "UTC" in zones && "Europe/Paris" in zones)
        val missing = zones.filter { zone ->
            try {
                ZoneId.of(zone).rules
                false
            } catch (error: java.time.DateTimeException) {
                true
            }
        }
        if (missing.isNotEmpty()) fail("java.time does not load ${missing.joinToString(", ")}")
    }

    @Test
    fun aWindowInEveryListedZoneIsDecided() {
        // The runtime's own path: a December window in the zone holds a moment in mid-December.
        val from = VariantCondition.localSeconds("2026-12-01T00:00")!!
        val until = VariantCondition.localSeconds("2027-01-01T00:00")!!
        val moment = VariantContext("install-1", null, null, null, null, UpdateTime.parse("2026-12-15T12:00:00Z")!!)
        for (zone in zones) assertTrue(zone, VariantCondition.Dates(from, until, zone).holds(moment))
    }
}
