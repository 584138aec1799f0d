import LiveryJSON

/// A remote update to one client's resolved style, as `livery diff --format
/// update` writes it and `StyleStore.apply(_:)` reads it (`livery-update/1`):
///
/// ```json
/// {"base": "<sha-256>", "format": "livery-update/1", "patch": {…},
///  "result": "<sha-256>", "signature": "<base64>", "target": "acme"}
/// ```
///
/// `base` and `result` are the digests (``CanonicalJSON/digest(_:)``) of the
/// canonical style the patch applies to and produces; `patch` is an RFC 7396
/// merge patch (an object); `signature` is Ed25519 over ``signingBytes``, the
/// canonical bytes of every other member.
public struct StyleUpdate: Sendable, Hashable {
    /// The value of `format`.
    public static let format = "livery-update/1"
    /// Larger files are refused before they are parsed.
    public static let maximumSize = 4 << 20

    public var target: String
    public var base: String
    public var result: String
    public var patch: JSONValue
    /// Base64 of the 64-byte Ed25519 signature, or nil when unsigned.
    public var signature: String?

    public init(target: String, base: String, result: String, patch: JSONValue, signature: String? = nil) {
        self.target = target
        self.base = base
        self.result = result
        self.patch = patch
        self.signature = signature
    }

    /// The bytes the signature covers: the canonical JSON of the envelope
    /// without `signature`. The CLI signs these and the runtime verifies them.
    public var signingBytes: [UInt8] {
        CanonicalJSON.bytes(json(includingSignature: false))
    }

    /// The envelope's file: its canonical JSON, signature included when there is one.
    public var bytes: [UInt8] {
        CanonicalJSON.bytes(json(includingSignature: true))
    }

    /// The envelope as a JSON value.
    public func json(includingSignature: Bool) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("format", .string(Self.format)),
            ("target", .string(target)),
            ("base", .string(base)),
            ("result", .string(result)),
            ("patch", patch),
        ]
        if includingSignature, let signature { pairs.append(("signature", .string(signature))) }
        return .makeObject(pairs)
    }

    /// Reads an envelope. Every member must be present with the right type
    /// (`signature` may be absent), the digests must be 64 lower-case hex
    /// digits, the patch an object, and no other member may appear.
    public init(parsing bytes: [UInt8]) throws(StyleUpdateError) {
        guard bytes.count <= Self.maximumSize else { throw .tooLarge(bytes.count) }
        let value: JSONValue
        do {
            value = try CanonicalJSON.parse(bytes, file: "update")
        } catch {
            throw .notJSON(error.description)
        }
        try self.init(json: value)
    }

    /// An envelope from its JSON value; see ``init(parsing:)``.
    public init(json value: JSONValue) throws(StyleUpdateError) {
        guard case .object(let object) = value else { throw .malformed("an update is a JSON object") }
        let known: Set<String> = ["format", "target", "base", "result", "patch", "signature"]
        if let unknown = object.keys.first(where: { !known.contains($0) }) {
            throw .malformed("unknown member \"\(unknown)\"")
        }
        func string(_ key: String) throws(StyleUpdateError) -> String {
            guard let text = object[key]?.value.stringValue else { throw .malformed("\"\(key)\" must be a string") }
            return text
        }
        let format = try string("format")
        guard format == Self.format else { throw .unsupportedFormat(format) }
        target = try string("target")
        base = try string("base")
        result = try string("result")
        guard CanonicalJSON.isDigest(base), CanonicalJSON.isDigest(result) else {
            throw .malformed("\"base\" and \"result\" must be SHA-256 digests in lower-case hex")
        }
        guard let patch = object["patch"]?.value, case .object = patch else { throw .malformed("\"patch\" must be an object") }
        self.patch = patch
        if object["signature"] != nil {
            signature = try string("signature")
        } else {
            signature = nil
        }
    }
}

/// Why bytes are not a `livery-update/1` envelope.
public enum StyleUpdateError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooLarge(Int)
    case notJSON(String)
    case unsupportedFormat(String)
    case malformed(String)

    public var description: String {
        switch self {
        case .tooLarge(let size): "the update is \(size) bytes, more than \(StyleUpdate.maximumSize)"
        case .notJSON(let message): "the update is not JSON: \(message)"
        case .unsupportedFormat(let format): "unsupported update format \"\(format)\" (expected \"\(StyleUpdate.format)\")"
        case .malformed(let message): "not a livery update: \(message)"
        }
    }
}
