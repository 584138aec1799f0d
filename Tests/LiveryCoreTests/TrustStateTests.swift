import Foundation
import LiveryJSON
import Testing

@testable import LiveryCore

/// The root of trust, pure: thresholds with each key counted once, the walk
/// from one root to the next, delegation per client, revocation and the
/// timestamp, each attack refused with its own reason.
@Suite struct TrustStateTests {
    static func key(_ seed: String) -> UpdateSigningKey {
        let padded = String((seed + String(repeating: "-", count: 32)).prefix(32))
        return UpdateSigningKey(text: Data(padded.utf8).base64EncodedString()) ?? UpdateSigningKey()
    }

    let rootA = key("trust-root-a"), rootB = key("trust-root-b"), rootC = key("trust-root-c")
    let acme = key("trust-client-acme"), globex = key("trust-client-globex"), online = key("trust-online"), stamp = key("trust-stamp")
    let now = UpdateTime(secondsSince1970: 1_780_000_000)

    func keys(_ list: [UpdateSigningKey]) -> [String: TrustedKey] {
        Dictionary(uniqueKeysWithValues: list.map { ($0.keyID, $0.publicKey) })
    }

    /// Version `version` with root keys `roots` (threshold 2), acme delegated to `acmeKey`, globex to its key.
    func root(_ version: Int64, roots: [UpdateSigningKey]? = nil, acmeKey: UpdateSigningKey? = nil, threshold: Int = 2) -> TrustRoot {
        let roots = roots ?? [rootA, rootB]
        let acmeKey = acmeKey ?? acme
        return TrustRoot(
            version: version, keys: keys(roots + [acmeKey, globex, stamp]),
            roles: [
                "root": TrustRole(keys: roots.map(\.keyID), threshold: threshold),
                "timestamp": TrustRole(keys: [stamp.keyID], threshold: 1),
            ],
            clients: [
                "acme": TrustRole(keys: [acmeKey.keyID], threshold: 1), "globex": TrustRole(keys: [globex.keyID], threshold: 1),
            ]
        )
    }

    func signed(_ root: TrustRoot, by signers: [UpdateSigningKey]) throws -> [UInt8] {
        var root = root
        for key in signers { root = try root.signed(by: key) }
        return root.bytes
    }

    func update(_ target: String = "acme", sequence: Int64 = 2, by signers: [UpdateSigningKey]) throws -> StyleUpdate {
        var update = StyleUpdate(
            target: target, base: String(repeating: "a", count: 64), result: String(repeating: "b", count: 64),
            patch: .makeObject([]), sequence: sequence)
        for key in signers { update = try key.sign(update) }
        return update
    }

    func problem(_ body: () throws -> Void) -> TrustProblem? {
        do {
            try body()
            return nil
        } catch let problem as TrustProblem {
            return problem
        } catch {
            return nil
        }
    }

    @Test func aRootSignedByItsThresholdIsTrustedAndOneBelowIsNot() throws {
        let state = try TrustState(bundled: try signed(root(1), by: [rootA, rootB]))
        #expect(state.root.version == 1)
        #expect(
            problem { _ = try TrustState(bundled: try signed(root(1), by: [rootA])) }
                == .belowThreshold(role: "root", signed: 1, threshold: 2))
    }

    @Test func aKeyCountsOnceHoweverOftenItSigns() throws {
        var twice = try root(1).signed(by: rootA)
        twice.signatures.append(twice.signatures[0])
        #expect(problem { _ = try TrustState(bundled: twice.bytes) } == .duplicateSignature(rootA.keyID))
        // A role cannot list a key twice either.
        var listedTwice = root(1).json(includingSignatures: true)
        listedTwice = try JSONValue.replacing(in: listedTwice, role: "root", keys: [rootA.keyID, rootA.keyID])
        #expect(problem { _ = try TrustRoot(json: listedTwice) }?.code == "malformed")
    }

    @Test func theNextRootNeedsTheOldAndTheNewThreshold() throws {
        let first = try TrustState(bundled: try signed(root(1), by: [rootA, rootB]))
        // B is lost: A and the new C sign version 2 under A and C.
        let rotated = root(2, roots: [rootA, rootC])
        #expect(
            problem { _ = try first.advancing(to: try signed(rotated, by: [rootA, rootC])) }
                == .belowThreshold(role: "root", signed: 1, threshold: 2))
        let second = try first.advancing(to: try signed(rotated, by: [rootA, rootB, rootC]))
        #expect(second.root.version == 2)
        #expect(second.revoked == [rootB.keyID])
        // Signed by the old root only, the new one's own threshold is not met.
        #expect(
            problem { _ = try first.advancing(to: try signed(rotated, by: [rootA, rootB])) }
                == .belowThreshold(role: "root", signed: 1, threshold: 2))
    }

    @Test func rootsAreWalkedOneVersionAtATime() throws {
        let first = try TrustState(bundled: try signed(root(1), by: [rootA, rootB]))
        #expect(
            problem { _ = try first.advancing(to: try signed(root(3), by: [rootA, rootB])) } == .rootVersionSkipped(version: 3, expected: 2)
        )
        let second = try first.advancing(to: try signed(root(2), by: [rootA, rootB]))
        #expect(problem { _ = try second.advancing(to: try signed(root(1), by: [rootA, rootB])) } == .rootRollback(version: 1, current: 2))
        #expect(problem { _ = try second.advancing(to: try signed(root(2), by: [rootA, rootB])) } == .rootRollback(version: 2, current: 2))
    }

    @Test func anEndlessRootIsRefusedBeforeItIsRead() {
        let endless = [UInt8](repeating: 0x20, count: TrustRoot.maximumSize + 1)
        #expect(
            problem { _ = try TrustRoot(parsing: endless) }
                == .tooLarge(document: "root", size: TrustRoot.maximumSize + 1, limit: TrustRoot.maximumSize))
    }

    @Test func aClientsKeySignsForThatClientOnly() throws {
        let state = try TrustState(bundled: try signed(root(1), by: [rootA, rootB]))
        #expect(state.authorize(try update(by: [acme])) == nil)
        #expect(state.authorize(try update("globex", by: [acme])) == .problem(.notDelegated(client: "globex", keys: [acme.keyID])))
        #expect(state.authorize(try update("initech", by: [acme])) == .problem(.notDelegated(client: "initech", keys: [acme.keyID])))
        #expect(state.authorize(try update(by: [])) == .unsigned)
        #expect(state.authorize(try update(by: [online])) == .unknownKey([online.keyID]))
        var tampered = try update(by: [acme])
        tampered.sequence = 9
        #expect(state.authorize(tampered) == .mismatch([acme.keyID]))
        var twice = try update(by: [acme])
        twice.signatures.append(twice.signatures[0])
        #expect(state.authorize(twice) == .problem(.duplicateSignature(acme.keyID)))
    }

    @Test func aClientThresholdCountsDistinctKeys() throws {
        var twoOfTwo = root(1)
        twoOfTwo.keys[online.keyID] = online.publicKey
        twoOfTwo.clients["acme"] = TrustRole(keys: [acme.keyID, online.keyID], threshold: 2)
        let state = try TrustState(bundled: try signed(twoOfTwo, by: [rootA, rootB]))
        #expect(state.authorize(try update(by: [acme])) == .problem(.belowThreshold(role: "clients/acme", signed: 1, threshold: 2)))
        #expect(state.authorize(try update(by: [acme, online])) == nil)
    }

    @Test func aKeyANewRootDropsIsRevoked() throws {
        let first = try TrustState(bundled: try signed(root(1, acmeKey: online), by: [rootA, rootB]))
        #expect(first.authorize(try update(by: [online])) == nil)
        // The online key is stolen: version 2 delegates acme to a new key.
        let second = try first.advancing(to: try signed(root(2), by: [rootA, rootB]))
        #expect(second.authorize(try update(by: [online])) == .problem(.revokedKey([online.keyID])))
        #expect(second.authorize(try update(by: [acme])) == nil)
    }

    @Test func theTimestampKeepsUpdatesFresh() throws {
        let state = try TrustState(bundled: try signed(root(1), by: [rootA, rootB]))
        let current = try update(sequence: 3, by: [acme])
        #expect(state.checkFreshness(of: current, now: now) == .noTimestamp)
        let stampDocument = TrustTimestamp(
            version: 5, expires: UpdateTime(secondsSince1970: now.secondsSince1970 + 86_400), clients: ["acme": 3])
        let fresh = try state.accepting(timestamp: try stampDocument.signed(by: stamp).bytes, now: now)
        #expect(fresh.checkFreshness(of: current, now: now) == nil)
        #expect(
            fresh.checkFreshness(of: try update(sequence: 4, by: [acme]), now: now)
                == .notInTimestamp(client: "acme", sequence: 4, listed: 3))
        #expect(
            fresh.checkFreshness(of: try update("globex", by: [globex]), now: now)
                == .notInTimestamp(client: "globex", sequence: 2, listed: nil))
        let later = UpdateTime(secondsSince1970: now.secondsSince1970 + 86_400)
        #expect(fresh.checkFreshness(of: current, now: later) == .timestampExpired(stampDocument.expires.text))
        #expect(
            problem { _ = try state.accepting(timestamp: try stampDocument.signed(by: stamp).bytes, now: later) }
                == .timestampExpired(stampDocument.expires.text))
        var older = stampDocument
        older.version = 4
        #expect(
            problem { _ = try fresh.accepting(timestamp: try older.signed(by: stamp).bytes, now: now) }
                == .timestampRollback(version: 4, current: 5))
        #expect(
            problem { _ = try state.accepting(timestamp: try stampDocument.signed(by: acme).bytes, now: now) }
                == .belowThreshold(role: "timestamp", signed: 0, threshold: 1))
    }

    @Test func aRootReadsBackToTheSameBytes() throws {
        let bytes = try signed(root(1), by: [rootA, rootB])
        #expect(try TrustRoot(parsing: bytes).bytes == bytes)
        let problems = ["{}", #"{"format": "livery-root/1", "version": 0}"#, "[", #"{"format": "livery-root/2"}"#]
        for text in problems {
            #expect(problem { _ = try TrustRoot(parsing: Array(text.utf8)) }?.code == "malformed", "\(text)")
        }
    }
}

extension JSONValue {
    /// `root` with the role's key list replaced, for a document no livery writes.
    fileprivate static func replacing(in root: JSONValue, role: String, keys: [String]) throws -> JSONValue {
        guard case .object(let object) = root, let roles = object["roles"]?.value.objectValue else { return root }
        let newRoles = JSONValue.makeObject(
            roles.members.map { member in
                member.key == role
                    ? (
                        member.key,
                        .makeObject([("keys", .makeArray(keys.map(JSONValue.string))), ("threshold", .number(JSONNumber(literal: "1")))])
                    )
                    : (member.key, member.value.value)
            })
        return .makeObject(object.members.map { ($0.key, $0.key == "roles" ? newRoles : $0.value.value) })
    }
}
