import Foundation
import Testing

@testable import LiveryCore

/// The changes `livery keys` makes to a root, pure: each drops the root's
/// signatures, and none leaves a role with fewer keys than its threshold.
@Suite struct TrustRootEditingTests {
    let a = TrustStateTests.key("edit-root-a"), b = TrustStateTests.key("edit-root-b"), client = TrustStateTests.key("edit-client")

    @Test func aFirstRootHasItsKeysAndThresholds() throws {
        let root = try TrustRoot.first(rootKeys: [a.publicKey, b.publicKey], threshold: 2)
        #expect(root.version == 1 && root.rootRole.threshold == 2 && Set(root.rootRole.keys) == [a.keyID, b.keyID])
        #expect(root.roles["timestamp"] == nil)
        #expect(throws: TrustEditError.belowThreshold("root", keys: 2, threshold: 3)) {
            _ = try TrustRoot.first(rootKeys: [a.publicKey, b.publicKey], threshold: 3)
        }
    }

    @Test func changesDropTheSignaturesAndKeepRolesUsable() throws {
        let signed = try TrustRoot.first(rootKeys: [a.publicKey, b.publicKey], threshold: 2).signed(by: a).signed(by: b)
        let delegated = try signed.adding(client.publicKey, to: .client("acme"), threshold: nil)
        #expect(delegated.signatures.isEmpty && delegated.clients["acme"]?.keys == [client.keyID])
        #expect(throws: TrustEditError.alreadyListed(client.keyID, "clients/acme")) {
            _ = try delegated.adding(client.publicKey, to: .client("acme"), threshold: nil)
        }
        // Revoking the client's only key removes its delegation and the key.
        let revoked = try delegated.revoking(client.keyID)
        #expect(revoked.clients["acme"] == nil && revoked.keys[client.keyID] == nil && revoked.version == 1)
        #expect(throws: TrustEditError.belowThreshold("root", keys: 1, threshold: 2)) { _ = try delegated.revoking(a.keyID) }
        #expect(throws: TrustEditError.unknownKey("0000000000000000")) { _ = try delegated.revoking("0000000000000000") }
        #expect(throws: TrustEditError.noRole("timestamp")) { _ = try delegated.setting(threshold: 1, of: .timestamp) }
        let next = delegated.next()
        #expect(next.version == 2 && next.clients == delegated.clients && next.signatures.isEmpty)
    }
}
