import Foundation
import LiveryConcurrency
import LiveryCore
import LiveryJSON
import Testing

@testable import LiveryRuntime

/// Release order, expiry and key rotation (`livery-update/2`).
@Suite("StyleStore: sequences, expiry and several keys")
@MainActor
struct StyleStoreOrderTests {
    let keys = [Fixtures.key.publicKey.text]
    static let v1Digest = CanonicalJSON.digest(of: Fixtures.v1)
    static let v2Digest = CanonicalJSON.digest(of: Fixtures.v2)

    /// A clock fixed at `seconds` since 1970.
    static func clock(_ seconds: Int64) -> @Sendable () -> Date {
        { Date(timeIntervalSince1970: TimeInterval(seconds)) }
    }

    @Test func aRollbackIsRefusedAndARevertWithAHigherSequenceIsApplied() throws {
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys)
        #expect(store.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, sequence: 20)) == .applied(Self.v2Digest))
        // `livery diff v2 v1` with v1's older sequence: it would take the app back.
        #expect(
            store.apply(try Fixtures.update(from: Fixtures.v2, to: Fixtures.v1, sequence: 10))
                == .rejected(.notNewer(sequence: 10, applied: 20)))
        #expect(
            store.apply(try Fixtures.update(from: Fixtures.v2, to: Fixtures.v1, sequence: 20))
                == .rejected(.notNewer(sequence: 20, applied: 20)))
        #expect(store.document == Data(CanonicalJSON.bytes(Fixtures.v2)))
        // The revert published as a new release.
        #expect(store.apply(try Fixtures.update(from: Fixtures.v2, to: Fixtures.v1, sequence: 30)) == .applied(Self.v1Digest))
        // And the old v1→v2 cannot bring the app back round.
        #expect(
            store.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, sequence: 20))
                == .rejected(.notNewer(sequence: 20, applied: 30)))
    }

    @Test func aRollbackLoopOnTheServerEndsAtOnce() async throws {
        // The folder of the report: v1→v2 and v2→v1, each with its own release's sequence.
        let root = try Fixtures.temporaryDirectory()
        let folder = root.appendingPathComponent("acme")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, sequence: 2).write(
            to: folder.appendingPathComponent(Self.v1Digest + ".json"))
        try Fixtures.update(from: Fixtures.v2, to: Fixtures.v1, sequence: 1).write(
            to: folder.appendingPathComponent(Self.v2Digest + ".json"))
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys)
        #expect(await store.refresh(from: root, timeout: .seconds(120)) == .updated(Self.v2Digest))
        #expect(store.document == Data(CanonicalJSON.bytes(Fixtures.v2)))
        #expect(await store.refresh(from: root, timeout: .seconds(120)) == .rejected(.notNewer(sequence: 1, applied: 2)))
    }

    @Test func theHighestSequenceSurvivesARestart() throws {
        let directory = try Fixtures.temporaryDirectory()
        let first = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys)
        first.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, sequence: 20))
        let second = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys)
        #expect(
            second.apply(try Fixtures.update(from: Fixtures.v2, to: Fixtures.v1, sequence: 15))
                == .rejected(.notNewer(sequence: 15, applied: 20)))
    }

    @Test func anExpiredUpdateIsNotApplied() throws {
        let expires = UpdateTime(secondsSince1970: 1_000)
        let update = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, expires: expires)
        let late = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys, now: Self.clock(1_000))
        #expect(late.apply(update) == .rejected(.expired("1970-01-01T00:16:40Z")))
        #expect(late.document == Fixtures.v1Data)
        let early = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys, now: Self.clock(999))
        #expect(early.apply(update) == .applied(Self.v2Digest))
    }

    @Test func anAppliedUpdateIsDroppedOnceItExpires() async throws {
        let time = Locked(Int64(500))
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: TimeInterval(time.withLock { $0 })) }
        let directory = try Fixtures.temporaryDirectory()
        let log = LogRecorder()
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys, logger: log.logger, now: clock)
        let update = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, sequence: 2, expires: UpdateTime(secondsSince1970: 1_000))
        #expect(store.apply(update) == .applied(Self.v2Digest))
        time.withLock { $0 = 1_000 }
        // The next refresh (nothing on the server) drops it: back to the built-in style.
        #expect(await store.refresh(from: try Fixtures.temporaryDirectory(), timeout: .seconds(120)) == .upToDate)
        #expect(store.document == Fixtures.v1Data)
        #expect(log.messages.contains { $0.contains("Dropped an expired style update") })
        // Its sequence still counts: the same update cannot come back, even
        // with a later expiry, and a restart keeps both.
        let replay = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, sequence: 2, expires: UpdateTime(secondsSince1970: 9_000))
        #expect(store.apply(replay) == .rejected(.notNewer(sequence: 2, applied: 2)))
        let restarted = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys, now: clock)
        #expect(restarted.document == Fixtures.v1Data)
        #expect(restarted.apply(replay) == .rejected(.notNewer(sequence: 2, applied: 2)))
    }

    @Test func aCachedUpdateThatExpiredWhileTheAppWasClosedIsDropped() throws {
        let directory = try Fixtures.temporaryDirectory()
        let first = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys, now: Self.clock(500))
        first.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, expires: UpdateTime(secondsSince1970: 1_000)))
        #expect(first.document == Data(CanonicalJSON.bytes(Fixtures.v2)))
        let second = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys, now: Self.clock(2_000))
        #expect(second.document == Fixtures.v1Data)
    }

    @Test func aKeyRotatesAcrossAppReleases() throws {
        // Release 1 of the app trusts the old key; release 2 trusts both; release 3 the new one.
        let old = Fixtures.key
        let new = Fixtures.otherKey
        let bothSigned = try StyleUpdate(parsing: Array(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, signedBy: old)))
        let twice = Data(try new.sign(bothSigned).bytes)
        let onlyNew = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, signedBy: new)
        for trusted in [[old], [old, new], [new]] {
            let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: trusted.map(\.publicKey.text))
            #expect(store.apply(twice) == .applied(Self.v2Digest))
        }
        let oldApp = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: [old.publicKey.text])
        #expect(oldApp.apply(onlyNew) == .rejected(.unknownKey([new.keyID])))
        let middleApp = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: [old.publicKey.text, new.publicKey.text])
        #expect(middleApp.apply(onlyNew) == .applied(Self.v2Digest))
    }

    @Test func anOldFormatUpdateIsRefusedWithASentence() throws {
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys)
        let old =
            #"{"base": "\#(Self.v1Digest)", "format": "livery-update/1", "patch": {}, "result": "\#(Self.v2Digest)", "signature": "", "target": "acme"}"#
        guard case .rejected(.corruptData(let message)) = store.apply(Data(old.utf8)) else {
            Issue.record("a livery-update/1 envelope was not refused as such")
            return
        }
        #expect(message.contains("no release sequence"))
    }
}
