import Foundation
import LiveryConcurrency
import LiveryCore
import LiveryJSON
import Testing

@testable import LiveryRuntime

/// Variants in the app: the bundle `livery build` wrote for a client with a
/// holiday look in Kiribati's time and one in UTC (`Tests/Fixtures/variant-cases/bundle/`,
/// held to the build by `VariantCommandTests`), decided locally, reported,
/// held until the next launch, refused back to the client's style; and
/// updates that carry variants, signed.
@MainActor
@Suite struct VariantStoreTests {
    static let bundle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/variant-cases/bundle")

    static func file(_ name: String) throws -> Data {
        try Data(contentsOf: bundle.appendingPathComponent(name))
    }

    static func date(_ text: String) -> Date {
        Date(timeIntervalSince1970: TimeInterval(UpdateTime(text: text)?.secondsSince1970 ?? 0))
    }

    static func store(at text: String, country: String, activation: VariantActivation = .immediately, variants: Data? = nil) throws
        -> StyleStore
    {
        let moment = date(text)
        return try StyleStore(
            bundled: try file("style.json"), variants: try variants ?? file("variants.json"), cache: nil, trustedKeys: [],
            audience: VariantAudience(installID: "install-7", country: country), activation: activation, now: { moment }
        )
    }

    /// The holiday runs from 2026-12-01T00:00 to 2026-12-27T00:00 (exclusive):
    /// in Kiribati (UTC+14) from 2026-11-30T10:00Z, elsewhere in UTC.
    @Test(
        arguments: [
            ("KI", "2026-11-30T09:59:59Z", nil), ("KI", "2026-11-30T10:00:00Z", "holiday-ki"), ("KI", "2026-12-26T09:59:59Z", "holiday-ki"),
            ("FR", "2026-11-30T23:59:59Z", nil), ("FR", "2026-12-01T00:00:00Z", "holiday"), ("FR", "2026-12-26T23:59:59Z", "holiday"),
            ("FR", "2026-12-27T00:00:00Z", nil),
            // The day after its last in Kiribati (27 December there) is still the 26th in UTC:
            // the UTC holiday, not Kiribati's, until it ends too.
            ("KI", "2026-12-26T10:00:00Z", "holiday"), ("KI", "2026-12-27T00:00:00Z", nil),
        ] as [(String, String, String?)])
    func theHolidayStartsOnItsFirstDayAndEndsAfterItsLast(country: String, moment: String, expected: String?) throws {
        let store = try Self.store(at: moment, country: country)
        #expect(store.activeVariant?.variant == expected)
        // The shown style is the variant's: its snow flag is on.
        #expect(store.style.flags["snow"] == .bool(expected != nil))
        #expect(store.style(ofTheme: "acme")?.flags["snow"] == .bool(false))
        // What the generated AppTheme reads is the shown style's bytes; the client's stay the update base.
        #expect(try LiveryStyle(document: store.resolvedDocument) == store.style)
        #expect((store.resolvedDocument == store.document) == (expected == nil))
    }

    @Test func theAppIsToldWhenTheVariantChanges() throws {
        let clock = TestClock(Self.date("2026-11-30T23:00:00Z"))
        let store = try StyleStore(
            bundled: try Self.file("style.json"), variants: try Self.file("variants.json"), cache: nil, trustedKeys: [],
            audience: VariantAudience(installID: "install-7", country: "FR"), now: { clock.now }
        )
        var told: [String?] = []
        store.onVariantChange = { told.append($0?.variant) }
        #expect(store.activeVariant == nil)
        clock.now = Self.date("2026-12-01T00:00:00Z")
        store.reconsiderVariant()
        store.reconsiderVariant()
        clock.now = Self.date("2026-12-27T00:00:00Z")
        store.reconsiderVariant()
        #expect(told == ["holiday", nil])
        #expect(store.resolvedDocument == store.document)
    }

    @Test func nextLaunchHoldsTheStyleUntilTheStoreIsMadeAgain() throws {
        let clock = TestClock(Self.date("2026-11-30T23:00:00Z"))
        func launch() throws -> StyleStore {
            try StyleStore(
                bundled: try Self.file("style.json"), variants: try Self.file("variants.json"), cache: nil, trustedKeys: [],
                audience: VariantAudience(installID: "install-7", country: "FR"), activation: .nextLaunch, now: { clock.now }
            )
        }
        let first = try launch()
        clock.now = Self.date("2026-12-01T00:00:00Z")
        first.reconsiderVariant()
        #expect(first.activeVariant == nil)
        // The typed theme holds too: its bytes stay the client's until the next launch.
        #expect(first.resolvedDocument == first.document)
        #expect(first.style.flags["snow"] == .bool(false))
        #expect(try launch().activeVariant?.variant == "holiday")
    }

    @Test func aVariantThatFailsItsChecksFallsBackToTheClientsStyle() throws {
        let text = String(decoding: try Self.file("variants.json"), as: UTF8.self)
        // The holiday's patch now also renames the app: not something a variant may change.
        let tampered = text.replacingOccurrences(
            of: "\"flags\": {\n          \"snow\": true\n        }",
            with:
                "\"app\": {\n          \"displayName\": \"Other Bank\"\n        },\n        \"flags\": {\n          \"snow\": true\n        }"
        )
        #expect(tampered != text)
        let log = LogRecorder()
        let moment = Self.date("2026-12-02T00:00:00Z")
        let store = try StyleStore(
            bundled: try Self.file("style.json"), variants: Data(tampered.utf8), cache: nil, trustedKeys: [], logger: log.logger,
            audience: VariantAudience(installID: "install-7", country: "FR"), now: { moment }
        )
        #expect(store.activeVariant == nil)
        #expect(store.style.flags["snow"] == .bool(false))
        #expect(store.style.app.displayName == "Acme")
        #expect(log.messages.contains { $0.contains("Refused a variant") })
    }

    @Test func withoutAnAudienceNoVariantIsShown() throws {
        let moment = Self.date("2026-12-02T00:00:00Z")
        let store = try StyleStore(
            bundled: try Self.file("style.json"), variants: try Self.file("variants.json"), cache: nil, trustedKeys: [], now: { moment })
        #expect(store.activeVariant == nil)
    }

    // MARK: Updates that carry variants

    /// An update from v1 to v2 of the runtime fixtures that brings a holiday variant.
    static func updateWithVariants(rollout: UpdateRollout? = nil) throws -> StyleUpdate {
        let holiday = Fixtures.edited(Fixtures.v2, ##"{"dimensions": {"spacingM": 24}}"##)
        let definition = try VariantParser.definition(
            JSONReader.parse(Array(##"{"when": {"from": "2026-12-01T00:00", "until": "2026-12-27T00:00"}}"##.utf8), file: "variant.json"),
            name: "holiday"
        )
        var update = try #require(try StyleUpdate.make(target: "acme", from: Fixtures.v1, to: Fixtures.v2, sequence: 2))
        update.variants = try #require(VariantSet.make(client: Fixtures.v2, variants: [(definition, holiday)]))
        update.rollout = rollout
        return update
    }

    @Test func aSignedUpdateBringsItsVariants() throws {
        let moment = Self.date("2026-12-02T00:00:00Z")
        let store = try StyleStore(
            bundled: Fixtures.v1Data, cache: nil, trustedKeys: [Fixtures.key.publicKey.text],
            audience: VariantAudience(installID: "install-7"), now: { moment }
        )
        let signed = try Fixtures.key.sign(try Self.updateWithVariants())
        #expect(store.apply(Data(signed.bytes)) == .applied(CanonicalJSON.digest(of: Fixtures.v2)))
        #expect(store.activeVariant?.variant == "holiday")
        #expect(store.style.dimensions["spacingM"] == 24)
        #expect(store.document == Data(CanonicalJSON.bytes(Fixtures.v2)))
    }

    @Test(arguments: [
        ("\"until\": \"2026-12-27T00:00\"", "\"until\": \"2027-12-27T00:00\""),
        ("\"from\": \"2026-12-01T00:00\"", "\"from\": \"2025-12-01T00:00\""),
    ])
    func aSignedUpdateWhoseConditionWasAlteredIsRefused(original: String, altered: String) throws {
        let store = try StyleStore(
            bundled: Fixtures.v1Data, cache: nil, trustedKeys: [Fixtures.key.publicKey.text],
            audience: VariantAudience(installID: "install-7"))
        let text = String(decoding: try Fixtures.key.sign(try Self.updateWithVariants()).bytes, as: UTF8.self)
        let tampered = text.replacingOccurrences(of: original, with: altered)
        #expect(tampered != text)
        guard case .rejected(let reason) = store.apply(Data(tampered.utf8)) else {
            Issue.record("a tampered update was not refused")
            return
        }
        #expect(reason.code == "badSignature")
        #expect(store.document == Fixtures.v1Data)
        #expect(store.activeVariant == nil)
    }

    @Test func anUpdateOutsideItsRolloutIsHeldBack() throws {
        let signed = try Fixtures.key.sign(try Self.updateWithVariants(rollout: UpdateRollout(percent: 30_000_000, seed: "release-2")))
        var applied = 0
        var held = 0
        for index in 0..<200 {
            let store = try StyleStore(
                bundled: Fixtures.v1Data, cache: nil, trustedKeys: [Fixtures.key.publicKey.text],
                audience: VariantAudience(installID: "install-\(index)"))
            let inside = InstallBucket.bucket(seed: "release-2", installID: "install-\(index)") < 30_000_000
            switch store.apply(Data(signed.bytes)) {
            case .applied:
                applied += 1
                #expect(inside)
            case .notInRollout:
                held += 1
                #expect(!inside)
                #expect(store.document == Fixtures.v1Data)
            default: Issue.record("unexpected outcome")
            }
        }
        #expect(applied > 30 && held > 100)
        // An app that passes no install id gets only full rollouts.
        let anonymous = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: [Fixtures.key.publicKey.text])
        #expect(anonymous.apply(Data(signed.bytes)) == .notInRollout)
    }
}

/// A clock a test moves by hand.
final class TestClock: Sendable {
    private let time: Locked<Date>

    init(_ now: Date) {
        time = Locked(now)
    }

    var now: Date {
        get { time.withLock { $0 } }
        set { time.withLock { $0 = newValue } }
    }
}
