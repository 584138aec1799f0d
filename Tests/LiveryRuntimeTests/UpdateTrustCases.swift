import Foundation
import LiveryCore
import LiveryJSON

@testable import LiveryRuntime

/// The shared cases of a root of trust: every attack on the roles a root
/// names, each refused with its own cause. Root 1 has two root keys with a
/// threshold of two, a timestamp key, and delegates acme to key one and
/// globex to key two; root 2 revokes key one and delegates acme to key three.
extension UpdateCaseWriter {
    /// A test-only key from a 3-letter name (seed `livery-update-cases-test-key-<name>`).
    static func trustKey(_ name: String) -> UpdateSigningKey {
        UpdateSigningKey(text: Data("livery-update-cases-test-key-\(name)".utf8).base64EncodedString()) ?? UpdateSigningKey()
    }

    static let rootA = trustKey("rta"), rootB = trustKey("rtb"), stamp = trustKey("stp"), three = trustKey("thr")

    func root(_ version: Int64, acme: UpdateSigningKey) -> TrustRoot {
        let listed = [Self.rootA, Self.rootB, Self.stamp, acme, two]
        return TrustRoot(
            version: version, keys: Dictionary(uniqueKeysWithValues: listed.map { ($0.keyID, $0.publicKey) }),
            roles: [
                "root": TrustRole(keys: [Self.rootA.keyID, Self.rootB.keyID], threshold: 2),
                "timestamp": TrustRole(keys: [Self.stamp.keyID], threshold: 1),
            ],
            clients: ["acme": TrustRole(keys: [acme.keyID], threshold: 1), "globex": TrustRole(keys: [two.keyID], threshold: 1)])
    }

    /// The keys, roots and timestamps the trust cases read.
    mutating func writeTrustFiles() throws {
        for (name, key) in [("root-a", Self.rootA), ("root-b", Self.rootB), ("stamp", Self.stamp), ("three", Self.three)] {
            files["keys/\(name).key"] = Array((key.text + "\n").utf8)
            files["keys/\(name).pub"] = Array((key.publicKey.text + "\n").utf8)
        }
        files["roots/1.root.json"] = try root(1, acme: one).signed(by: Self.rootA).signed(by: Self.rootB).bytes
        files["roots/2.root.json"] = try root(2, acme: Self.three).signed(by: Self.rootA).signed(by: Self.rootB).bytes
        files["roots/2-one-signature.root.json"] = try root(2, acme: Self.three).signed(by: Self.rootA).bytes
        var twice = try root(2, acme: Self.three).signed(by: Self.rootA)
        twice.signatures.append(twice.signatures[0])
        files["roots/2-one-key-twice.root.json"] = twice.bytes
        files["roots/3.root.json"] = try root(3, acme: one).signed(by: Self.rootA).signed(by: Self.rootB).bytes
        // An endless root as far as an app reads it: one byte past the cap.
        files["roots/endless.root.json"] = [UInt8](repeating: 0x20, count: TrustRoot.maximumSize) + [0x0A]
        let current = TrustTimestamp(
            version: 1, expires: UpdateTime(text: "2026-06-02T00:00:00Z") ?? .init(secondsSince1970: 0), clients: ["acme": 3])
        files["timestamps/current.json"] = try current.signed(by: Self.stamp).bytes
        let expired = TrustTimestamp(
            version: 1, expires: UpdateTime(text: "2026-05-31T00:00:00Z") ?? .init(secondsSince1970: 0), clients: ["acme": 3])
        files["timestamps/expired.json"] = try expired.signed(by: Self.stamp).bytes
    }

    mutating func trustCases() throws -> [Case] {
        try writeTrustFiles()
        let valid = "envelopes/valid-v1-v2.json"
        let byThree = try envelope("signed-by-three", try made(v1, v2, sequence: 2), signers: [Self.three])
        typealias Steps = UpdateCases.TrustSteps
        return [
            Case(
                name: "trust-valid", description: "root 1, a current timestamp, an update by acme's delegated key", envelope: valid,
                outcome: "applied", result: v2, trust: Steps()),
            Case(
                name: "trust-rotated", description: "root 2 walked to; an update by acme's new key", envelope: byThree, outcome: "applied",
                result: v2,
                trust: Steps(roots: ["roots/2.root.json"])),
            Case(
                name: "trust-root-below-threshold", description: "root 2 signed by one of the two root keys", envelope: byThree,
                outcome: "rejected",
                result: v1, expected: .untrusted(.belowThreshold(role: "root", signed: 1, threshold: 2)),
                trust: Steps(roots: ["roots/2-one-signature.root.json"])),
            Case(
                name: "trust-key-counted-twice", description: "root 2 with one root key's signature twice", envelope: byThree,
                outcome: "rejected",
                result: v1, expected: .untrusted(.duplicateSignature(Self.rootA.keyID)),
                trust: Steps(roots: ["roots/2-one-key-twice.root.json"])),
            Case(
                name: "trust-root-skipped", description: "root 3 offered to an app on root 1", envelope: valid, outcome: "rejected",
                result: v1,
                expected: .untrusted(.rootVersionSkipped(version: 3, expected: 2)), trust: Steps(roots: ["roots/3.root.json"])),
            Case(
                name: "trust-root-rolled-back", description: "root 1 offered again after root 2", envelope: byThree, outcome: "rejected",
                result: v1,
                expected: .untrusted(.rootRollback(version: 1, current: 2)),
                trust: Steps(roots: ["roots/2.root.json", "roots/1.root.json"])),
            Case(
                name: "trust-endless-root", description: "a root file one byte past the cap", envelope: valid, outcome: "rejected",
                result: v1,
                expected: .untrusted(.tooLarge(document: "root", size: TrustRoot.maximumSize + 1, limit: TrustRoot.maximumSize)),
                trust: Steps(roots: ["roots/endless.root.json"])),
            Case(
                name: "trust-other-clients-key", description: "acme's update signed by globex's delegated key",
                envelope: "envelopes/signed-by-two.json",
                outcome: "rejected", result: v1, expected: .untrusted(.notDelegated(client: "acme", keys: [two.keyID])), trust: Steps()),
            Case(
                name: "trust-timestamp-expired", description: "a timestamp that expired before the clock", envelope: valid,
                outcome: "rejected",
                result: v1, expected: .untrusted(.timestampExpired("2026-05-31T00:00:00Z")),
                trust: Steps(timestamp: "timestamps/expired.json")),
            Case(
                name: "trust-no-timestamp", description: "an update while the app holds no timestamp", envelope: valid, outcome: "rejected",
                result: v1, expected: .untrusted(.noTimestamp), trust: Steps(timestamp: nil)),
            Case(
                name: "trust-revoked-key", description: "an update by key one after root 2 revoked it", envelope: valid,
                outcome: "rejected",
                result: v1, expected: .untrusted(.revokedKey([one.keyID])), trust: Steps(roots: ["roots/2.root.json"])),
            Case(
                name: "trust-revoked-key-drops-its-update",
                description: "root 2 revokes key one after an update it signed applied: the update is dropped, its sequence still counts",
                before: [valid], envelope: byThree, outcome: "rejected", result: v1, expected: .notNewer(sequence: 2, applied: 2),
                trust: Steps(roots: ["roots/2.root.json"])),
        ]
    }
}
