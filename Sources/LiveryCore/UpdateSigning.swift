import Crypto
import Foundation

/// An Ed25519 private key that signs updates. Its text form, the content of
/// the `signing.key` file `livery keys generate` writes (and of a CI secret),
/// is the base64 of the raw 32-byte key.
public struct UpdateSigningKey: Sendable {
    // The raw bytes rather than swift-crypto's key, which is not Sendable.
    private let raw: Data
    /// The public key's raw bytes, computed once.
    private let publicRaw: Data

    /// A new random key.
    public init() {
        let key = Curve25519.Signing.PrivateKey()
        raw = key.rawRepresentation
        publicRaw = key.publicKey.rawRepresentation
    }

    /// A key from its text form; surrounding white space (a file's final
    /// newline) is ignored. Nil when it is not base64 of 32 bytes.
    public init?(text: String) {
        guard let raw = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), raw.count == 32,
            let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        else { return nil }
        self.raw = raw
        publicRaw = key.publicKey.rawRepresentation
    }

    /// The text form of the private key.
    public var text: String { raw.base64EncodedString() }

    /// The public key that verifies this key's signatures: the content of `signing.pub`.
    public var publicKey: TrustedKey { TrustedKey(raw: publicRaw) }

    /// The id of this key's public key (``TrustedKey/keyID``).
    public var keyID: String { publicKey.keyID }

    /// `update` with this key's signature added (in place of an earlier one
    /// by the same key); other keys' signatures are kept, so one envelope can
    /// be signed by an old key and a new one while apps move between them.
    public func sign(_ update: StyleUpdate) throws -> StyleUpdate {
        let signature = try signature(over: update.signingBytes)
        var signed = update
        signed.signatures.removeAll { $0.keyID == keyID }
        signed.signatures.append(UpdateSignature(keyID: keyID, signature: signature))
        return signed
    }

    /// The base64 Ed25519 signature of `bytes` by this key.
    public func signature(over bytes: [UInt8]) throws -> String {
        let key = try Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        return try key.signature(for: Data(bytes)).base64EncodedString()
    }
}

/// An Ed25519 public key an app trusts to sign its style updates. Its text
/// form is the base64 of the raw 32-byte key, exactly the `signing.pub` file.
public struct TrustedKey: Sendable, Hashable {
    // The raw bytes rather than swift-crypto's key, which is not Sendable.
    private let raw: Data

    init(raw: Data) {
        self.raw = raw
    }

    /// A key from its text form (white space around it ignored); nil when it
    /// is not base64 of 32 bytes.
    public init?(text: String) {
        guard let raw = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), raw.count == 32,
            (try? Curve25519.Signing.PublicKey(rawRepresentation: raw)) != nil
        else { return nil }
        self.raw = raw
    }

    /// The text form.
    public var text: String { raw.base64EncodedString() }

    /// The raw 32 bytes.
    var rawBytes: Data { raw }

    /// The key's id, which an envelope's signature names: the first 16
    /// lower-case hex digits (64 bits) of the SHA-256 of the raw 32-byte
    /// public key. `livery keys id` prints it.
    public var keyID: String { Self.keyID(ofRaw: raw) }

    static func keyID(ofRaw raw: Data) -> String {
        String(CanonicalJSON.digest(Array(raw)).prefix(16))
    }

    /// Whether `update` carries a valid signature by this key over its
    /// signing bytes (one that names this key's id).
    public func hasSigned(_ update: StyleUpdate) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else { return false }
        let id = keyID
        let message = Data(update.signingBytes)
        return update.signatures.contains { entry in
            guard entry.keyID == id, let signature = Data(base64Encoded: entry.signature), signature.count == 64 else { return false }
            return key.isValidSignature(signature, for: message)
        }
    }
}
