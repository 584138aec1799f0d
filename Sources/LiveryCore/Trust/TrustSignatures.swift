import Crypto
import Foundation
import LiveryJSON

/// The signatures of a trust document (a root or a timestamp): each names a
/// key by id and holds the base64 Ed25519 signature over the document's
/// signing bytes (its canonical JSON without `signatures`), as an update's do.
enum TrustSignatures {
    /// Reads `signatures`: an array of `{"keyId", "signature"}` objects. A key
    /// id named twice is refused, so no key can be counted twice toward a threshold.
    static func parse(_ node: JSONNode?, document: String) throws(TrustProblem) -> [UpdateSignature] {
        guard let items = node?.value.arrayValue else { throw .malformed(document, "\"signatures\" must be an array") }
        var signatures: [UpdateSignature] = []
        for item in items {
            guard case .object(let member) = item.value, Set(member.keys) == ["keyId", "signature"],
                let keyID = member["keyId"]?.value.stringValue, let signature = member["signature"]?.value.stringValue
            else {
                throw .malformed(document, "each of \"signatures\" must be an object with exactly \"keyId\" and \"signature\"")
            }
            signatures.append(UpdateSignature(keyID: keyID, signature: signature))
        }
        try refuseRepeatedKeys(signatures)
        return signatures
    }

    /// Throws ``TrustProblem/duplicateSignature(_:)`` when a key id appears twice.
    static func refuseRepeatedKeys(_ signatures: [UpdateSignature]) throws(TrustProblem) {
        var seen = Set<String>()
        for signature in signatures where !seen.insert(signature.keyID).inserted {
            throw .duplicateSignature(signature.keyID)
        }
    }

    static func json(_ signatures: [UpdateSignature]) -> JSONValue {
        .makeArray(
            signatures.map { signature in
                .makeObject([("keyId", .string(signature.keyID)), ("signature", .string(signature.signature))])
            })
    }

    /// The ids of the keys in `keys` whose signature in `signatures` verifies over `bytes`.
    /// A set: a key counts once however often it is named.
    static func validSigners(of bytes: [UInt8], _ signatures: [UpdateSignature], keys: [String: TrustedKey]) -> Set<String> {
        var signers = Set<String>()
        for signature in signatures {
            guard let key = keys[signature.keyID], key.verifies(signature.signature, over: bytes) else { continue }
            signers.insert(signature.keyID)
        }
        return signers
    }

    /// `signatures` with `key`'s signature over `bytes` in place of an earlier one by the same key.
    static func adding(_ key: UpdateSigningKey, over bytes: [UInt8], to signatures: [UpdateSignature]) throws -> [UpdateSignature] {
        var result = signatures.filter { $0.keyID != key.keyID }
        result.append(UpdateSignature(keyID: key.keyID, signature: try key.signature(over: bytes)))
        return result
    }
}

extension TrustedKey {
    /// Whether `signature` (base64) is this key's Ed25519 signature over `bytes`.
    public func verifies(_ signature: String, over bytes: [UInt8]) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: rawBytes),
            let data = Data(base64Encoded: signature), data.count == 64
        else { return false }
        return key.isValidSignature(data, for: Data(bytes))
    }
}

extension TrustRoot {
    /// This root with `key`'s signature added (in place of an earlier one by
    /// the same key); other signatures are kept, so the file passes from one
    /// signer to the next until the thresholds are met.
    public func signed(by key: UpdateSigningKey) throws -> TrustRoot {
        var copy = self
        copy.signatures = try TrustSignatures.adding(key, over: signingBytes, to: signatures)
        return copy
    }
}

extension TrustTimestamp {
    /// This timestamp with `key`'s signature added (see ``TrustRoot/signed(by:)``).
    public func signed(by key: UpdateSigningKey) throws -> TrustTimestamp {
        var copy = self
        copy.signatures = try TrustSignatures.adding(key, over: signingBytes, to: signatures)
        return copy
    }
}
