import Foundation
import LiveryJSON
import Testing

@testable import LiveryCore

/// A date window names only a zone both app runtimes load: every zone of the committed list
/// (scripts/product/make-time-zones) loads in Foundation here, as the Kotlin runtime's
/// `KnownTimeZonesTest` checks each in java.time; the parser refuses any other, naming it and
/// the known zones closest to it.
@Suite struct KnownTimeZoneTests {
    static func window(zone: String) -> String {
        ##"{"when": {"from": "2026-12-01T00:00", "timeZone": "\##(zone)"}}"##
    }

    static func refusal(zone: String) -> VariantProblem? {
        do {
            _ = try VariantParser.definition(JSONReader.parse(Array(window(zone: zone).utf8), file: "variant.json"), name: "holiday")
            return nil
        } catch let problem as VariantProblem {
            return problem
        } catch {
            return nil
        }
    }

    @Test func everyListedZoneLoadsInFoundation() {
        #expect(DateWindow.knownTimeZones.count > 300)
        #expect(DateWindow.knownTimeZones.contains("UTC") && DateWindow.knownTimeZones.contains("Europe/Paris"))
        for zone in DateWindow.knownTimeZones.sorted() {
            #expect(TimeZone(identifier: zone) != nil, "Foundation does not load \(zone)")
            #expect(ZoneOffsets(identifier: zone) != nil, "\(zone)")
            #expect(VariantParser.isZoneName(zone), "\(zone) is not of an IANA id's shape")
        }
    }

    @Test(arguments: ["Europe/Paris", "Pacific/Kiritimati", "America/Toronto", "UTC"])
    func aListedZoneIsAccepted(zone: String) {
        #expect(Self.refusal(zone: zone) == nil)
    }

    /// Foundation loads `Factory` (ICU's zone for "no zone"), java.time does not: refused.
    @Test func aZoneOneRuntimeLacksIsRefusedWithItsNameAndPlace() throws {
        #expect(TimeZone(identifier: "Factory") != nil, "this Foundation no longer loads Factory; the case needs another zone")
        #expect(!DateWindow.knownTimeZones.contains("Factory"))
        let problem = try #require(Self.refusal(zone: "Factory"))
        #expect(problem.message.contains("\"timeZone\" \"Factory\" is not a time zone both app runtimes know"), "\(problem.message)")
        #expect(problem.pointer == JSONPointer(tokens: ["when", "timeZone"]), "\(problem.pointer)")
        #expect(problem.location.line == 1 && problem.location.column > 1, "\(problem.location)")
    }

    @Test(arguments: [
        ("Europe/Pariss", "Europe/Paris"), ("europe/paris", "Europe/Paris"), ("America/Torronto", "America/Toronto"),
        ("Mars/Paris", "Europe/Paris"),
    ])
    func aMistypedZoneSuggestsTheClosest(typed: String, suggested: String) throws {
        let problem = try #require(Self.refusal(zone: typed))
        #expect(problem.message.contains("did you mean \"\(suggested)\""), "\(problem.message)")
    }
}
