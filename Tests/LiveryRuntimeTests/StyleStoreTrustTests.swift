import Foundation
import LiveryCore
import LiveryJSON
import Testing

@testable import LiveryRuntime

/// The store under a root of trust: a client's delegated key signs its
/// updates, a timestamp keeps new ones fresh, a new root revokes a stolen key
/// (and drops what it signed), and refresh walks the roots a folder publishes.
@Suite("StyleStore: a root of trust")
@MainActor
struct StyleStoreTrustTests {
    let rootA = UpdateSigningKey(), rootB = UpdateSigningKey(), stamp = UpdateSigningKey()
    let stolen = UpdateSigningKey(), replacement = UpdateSigningKey()
    nonisolated static let clock = UpdateTime(secondsSince1970: 1_780_000_000)
    let now: @Sendable () -> Date = { Date(timeIntervalSince1970: TimeInterval(clock.secondsSince1970)) }

    func root(_ version: Int64, acme: UpdateSigningKey) throws -> Data {
        let listed = [rootA, rootB, stamp, acme]
        var root = TrustRoot(
            version: version, keys: Dictionary(uniqueKeysWithValues: listed.map { ($0.keyID, $0.publicKey) }),
            roles: [
                "root": TrustRole(keys: [rootA.keyID, rootB.keyID], threshold: 2),
                "timestamp": TrustRole(keys: [stamp.keyID], threshold: 1),
            ],
            clients: ["acme": TrustRole(keys: [acme.keyID], threshold: 1)])
        root = try root.signed(by: rootA).signed(by: rootB)
        return Data(root.bytes)
    }

    func timestamp(version: Int64 = 1, sequence: Int64, expiresIn seconds: Int64 = 86_400) throws -> Data {
        let timestamp = TrustTimestamp(
            version: version, expires: UpdateTime(secondsSince1970: Self.clock.secondsSince1970 + seconds), clients: ["acme": sequence])
        return Data(try timestamp.signed(by: stamp).bytes)
    }

    @Test func anUpdateSignedByTheClientsKeyAppliesWhileTheTimestampIsFresh() throws {
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: [], trustRoot: try root(1, acme: stolen), now: now)
        let update = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, signedBy: stolen)
        #expect(store.apply(update) == .rejected(.untrusted(.noTimestamp)))
        #expect(store.apply(timestamp: try timestamp(sequence: 2)) == .applied(CanonicalJSON.digest(Array(try timestamp(sequence: 2)))))
        #expect(
            store.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, signedBy: rootA))
                == .rejected(.untrusted(.notDelegated(client: "acme", keys: [rootA.keyID]))))
        #expect(store.apply(update) == .applied(CanonicalJSON.digest(of: Fixtures.v2)))
        // Sequence 3 is not published yet, by the timestamp's word.
        #expect(
            store.apply(try Fixtures.update(from: Fixtures.v2, to: Fixtures.v3, signedBy: stolen))
                == .rejected(.untrusted(.notInTimestamp(client: "acme", sequence: 3, listed: 2))))
        #expect(
            store.apply(timestamp: try timestamp(version: 0 + 1, sequence: 3, expiresIn: -1))
                == .rejected(.untrusted(.timestampExpired(UpdateTime(secondsSince1970: Self.clock.secondsSince1970 - 1).text))))
        #expect(store.document == Data(CanonicalJSON.bytes(Fixtures.v2)))
    }

    @Test func aNewRootRevokesAStolenKeyAndDropsWhatItSigned() throws {
        let cache = try Fixtures.temporaryDirectory()
        let first = try root(1, acme: stolen)
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: cache, trustedKeys: [], trustRoot: first, now: now)
        #expect(store.apply(timestamp: try timestamp(sequence: 3)) != .rejected(.untrusted(.noTimestamp)))
        #expect(
            store.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, signedBy: stolen))
                == .applied(CanonicalJSON.digest(of: Fixtures.v2)))
        #expect(store.apply(root: try root(3, acme: replacement)) == .rejected(.untrusted(.rootVersionSkipped(version: 3, expected: 2))))
        #expect(store.apply(root: try root(2, acme: replacement)) == .applied(CanonicalJSON.digest(Array(try root(2, acme: replacement)))))
        #expect(store.trustRootVersion == 2)
        // The update the stolen key signed is gone; its sequence still counts.
        #expect(store.document == Fixtures.v1Data)
        #expect(
            store.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v3, signedBy: stolen, sequence: 3))
                == .rejected(.untrusted(.revokedKey([stolen.keyID]))))
        #expect(
            store.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v3, signedBy: replacement, sequence: 3))
                == .applied(CanonicalJSON.digest(of: Fixtures.v3)))
        // A new start with the first root walks the cached chain again and keeps the update.
        let restarted = try StyleStore(bundled: Fixtures.v1Data, cache: cache, trustedKeys: [], trustRoot: first, now: now)
        #expect(restarted.trustRootVersion == 2)
        #expect(restarted.document == Data(CanonicalJSON.bytes(Fixtures.v3)))
        #expect(restarted.apply(root: try root(1, acme: stolen)) == .rejected(.untrusted(.rootRollback(version: 1, current: 2))))
    }

    @Test func refreshWalksThePublishedRootsThenTheTimestampThenTheUpdates() async throws {
        let folder = try Fixtures.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("acme"), withIntermediateDirectories: true)
        try root(2, acme: replacement).write(to: folder.appendingPathComponent("2.root.json"))
        try timestamp(sequence: 2).write(to: folder.appendingPathComponent("timestamp.json"))
        let update = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, signedBy: replacement)
        try update.write(to: folder.appendingPathComponent("acme/\(CanonicalJSON.digest(of: Fixtures.v1)).json"))
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: [], trustRoot: try root(1, acme: stolen), now: now)
        #expect(await store.refresh(from: folder) == .updated(CanonicalJSON.digest(of: Fixtures.v2)))
        #expect(store.trustRootVersion == 2)
        // An expired timestamp (a frozen network) is reported, and the style stays.
        try timestamp(version: 2, sequence: 2, expiresIn: -60).write(to: folder.appendingPathComponent("timestamp.json"))
        let expired = UpdateTime(secondsSince1970: Self.clock.secondsSince1970 - 60).text
        #expect(await store.refresh(from: folder) == .rejected(.untrusted(.timestampExpired(expired))))
        #expect(store.document == Data(CanonicalJSON.bytes(Fixtures.v2)))
        // An endless root file is abandoned at the cap.
        try Data(repeating: 0x20, count: TrustRoot.maximumSize + 10).write(to: folder.appendingPathComponent("3.root.json"))
        let outcome = await store.refresh(from: folder)
        #expect(
            outcome == .rejected(.untrusted(.tooLarge(document: "root", size: TrustRoot.maximumSize + 1, limit: TrustRoot.maximumSize))))
    }

    @Test func aBuiltInRootBelowItsThresholdIsRefused() throws {
        var root = try TrustRoot(parsing: Array(try root(1, acme: stolen)))
        root.signatures.removeLast()
        #expect(throws: StyleStoreError.invalidTrustRoot(.belowThreshold(role: "root", signed: 1, threshold: 2))) {
            _ = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: [], trustRoot: Data(root.bytes))
        }
    }
}
