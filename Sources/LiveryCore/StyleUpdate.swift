import LiveryJSON

/// A remote update to one client's resolved style, as `livery diff --format
/// update` writes it and `StyleStore.apply(_:)` reads it (`livery-update/2`):
///
/// ```json
/// {"base": "<sha-256>", "expires": "2027-01-01T00:00:00Z", "format": "livery-update/2",
///  "patch": {…}, "result": "<sha-256>", "sequence": 1767225600,
///  "signatures": [{"keyId": "<16 hex digits>", "signature": "<base64>"}], "target": "acme"}
/// ```
///
/// `base` and `result` are the digests (``CanonicalJSON/digest(_:)``) of the
/// canonical style the patch applies to and produces; `patch` is an RFC 7396
/// merge patch (an object); `sequence` is the release number, which only
/// grows (an app refuses an update whose sequence is not above the highest it
/// applied); `expires`, optional, is the RFC 3339 time after which an app
/// neither applies nor keeps the update. Each of `signatures` is Ed25519 over
/// ``signingBytes``, the canonical bytes of every member but `signatures`,
/// by the key whose ``TrustedKey/keyID`` it names.
///
/// The format name changes whenever the signed bytes change: `livery-update/1`
/// (no sequence, one unnamed `signature`) is not read any more, because an
/// update without a sequence could take an app back to an older style.
public struct StyleUpdate: Sendable, Hashable {
    /// The value of `format`.
    public static let format = "livery-update/2"
    /// Larger files are refused before they are parsed, and a download is
    /// abandoned as soon as it passes this size.
    public static let maximumSize = 4 << 20
    /// The largest sequence: every integer up to it is exact in any JSON reader (2^53 - 1).
    public static let maximumSequence: Int64 = 9_007_199_254_740_991

    public var target: String
    public var base: String
    public var result: String
    public var patch: JSONValue
    /// The release number, from 1 to ``maximumSequence``.
    public var sequence: Int64
    /// When the update stops being applied (RFC 3339), or nil for never.
    public var expires: UpdateTime?
    /// The signatures, in the order they were added; empty when unsigned.
    public var signatures: [UpdateSignature]
    /// The client's variant set after the update (`variants`, a `livery-variants/1`
    /// set made against `result`), or nil when the envelope carries none.
    /// Signed like every other member, so a condition cannot be altered.
    public var variants: VariantSet? {
        didSet { variantsAsRead = nil }
    }
    /// Which installs apply the update (`rollout`), or nil for all.
    public var rollout: UpdateRollout?
    /// `variants` exactly as the envelope held it, which the signatures cover
    /// (every runtime verifies the member as written, not as re-read).
    private var variantsAsRead: JSONValue?

    public init(
        target: String, base: String, result: String, patch: JSONValue, sequence: Int64,
        expires: UpdateTime? = nil, signatures: [UpdateSignature] = [], variants: VariantSet? = nil, rollout: UpdateRollout? = nil
    ) {
        self.target = target
        self.base = base
        self.result = result
        self.patch = patch
        self.sequence = sequence
        self.expires = expires
        self.signatures = signatures
        self.variants = variants
        self.rollout = rollout
    }

    /// The bytes each signature covers: the canonical JSON of the envelope
    /// without `signatures`. The CLI signs these and the runtime verifies them.
    public var signingBytes: [UInt8] {
        CanonicalJSON.bytes(json(includingSignatures: false))
    }

    /// The envelope's file: its canonical JSON, signatures included.
    public var bytes: [UInt8] {
        CanonicalJSON.bytes(json(includingSignatures: true))
    }

    /// The envelope as a JSON value.
    public func json(includingSignatures: Bool) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("format", .string(Self.format)),
            ("target", .string(target)),
            ("base", .string(base)),
            ("result", .string(result)),
            ("patch", patch),
            ("sequence", .number(JSONNumber(literal: String(sequence)))),
        ]
        if let expires { pairs.append(("expires", .string(expires.text))) }
        if let variants { pairs.append(("variants", variantsAsRead ?? variants.json)) }
        if let rollout { pairs.append(("rollout", rollout.json)) }
        if includingSignatures {
            pairs.append(
                (
                    "signatures",
                    .makeArray(
                        signatures.map { signature in
                            .makeObject([("keyId", .string(signature.keyID)), ("signature", .string(signature.signature))])
                        })
                ))
        }
        return .makeObject(pairs)
    }

    /// Reads an envelope. Every member must be present with the right type
    /// (`expires` may be absent), the digests must be 64 lower-case hex
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
        func string(_ key: String, in object: JSONObject) throws(StyleUpdateError) -> String {
            guard let text = object[key]?.value.stringValue else { throw .malformed("\"\(key)\" must be a string") }
            return text
        }
        // The format first: an old envelope gets the sentence about its format, not about a member.
        let format = try string("format", in: object)
        guard format == Self.format else { throw .unsupportedFormat(format) }
        let known: Set<String> = [
            "format", "target", "base", "result", "patch", "sequence", "expires", "signatures", "variants", "rollout",
        ]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw .malformed("unknown member \"\(unknown)\"")
        }
        target = try string("target", in: object)
        base = try string("base", in: object)
        result = try string("result", in: object)
        guard CanonicalJSON.isDigest(base), CanonicalJSON.isDigest(result) else {
            throw .malformed("\"base\" and \"result\" must be SHA-256 digests in lower-case hex")
        }
        guard let patch = object["patch"]?.value, case .object = patch else { throw .malformed("\"patch\" must be an object") }
        self.patch = patch
        guard case .number(let number)? = object["sequence"]?.value, let sequence = InputInteger(number)?.within(1...Self.maximumSequence)
        else {
            throw .malformed("\"sequence\" must be a whole number from 1 to \(Self.maximumSequence)")
        }
        self.sequence = sequence
        if object["expires"] != nil {
            let text = try string("expires", in: object)
            guard let time = UpdateTime(text: text) else {
                throw .malformed("\"expires\" must be an RFC 3339 time such as 2027-01-31T00:00:00Z, not \"\(text)\"")
            }
            expires = time
        } else {
            expires = nil
        }
        if let node = object["variants"] {
            do {
                variants = try VariantSet(node: node)
                variantsAsRead = node.value
            } catch {
                throw .malformed("\"variants\": \(error.message) (at /variants\(error.pointer))")
            }
        } else {
            variants = nil
        }
        if let node = object["rollout"] {
            guard let rollout = UpdateRollout(json: node.value) else {
                throw .malformed("\"rollout\" must be {\"percent\": a percentage with at most six decimals, \"seed\": a non-empty string}")
            }
            self.rollout = rollout
        } else {
            rollout = nil
        }
        guard let items = object["signatures"]?.value.arrayValue else { throw .malformed("\"signatures\" must be an array") }
        var signatures: [UpdateSignature] = []
        for item in items {
            guard case .object(let member) = item.value, Set(member.keys) == ["keyId", "signature"] else {
                throw .malformed("each of \"signatures\" must be an object with exactly \"keyId\" and \"signature\"")
            }
            signatures.append(UpdateSignature(keyID: try string("keyId", in: member), signature: try string("signature", in: member)))
        }
        self.signatures = signatures
    }
}

/// The installs an update is for: those whose bucket (``InstallBucket``)
/// for `seed` is below `percent`. Raising the percentage with the same seed
/// keeps every install that had the update.
public struct UpdateRollout: Sendable, Hashable {
    /// Millionths of a percent.
    public let percent: Int64
    public let seed: String

    public init(percent: Int64, seed: String) {
        self.percent = percent
        self.seed = seed
    }

    init?(json: JSONValue) {
        guard case .object(let object) = json, Set(object.keys) == ["percent", "seed"],
            let seed = object["seed"]?.value.stringValue, !seed.isEmpty,
            let literal = object["percent"]?.value.numberValue?.literal, let percent = Percentage.millionths(literal)
        else { return nil }
        self.init(percent: percent, seed: seed)
    }

    public var json: JSONValue {
        .makeObject([("percent", .number(JSONNumber(literal: Percentage.text(percent)))), ("seed", .string(seed))])
    }

    /// Whether the install with this id applies the update.
    public func includes(installID: String) -> Bool {
        InstallBucket.bucket(seed: seed, installID: installID) < percent
    }
}

/// One signature of an update: the key's id and the base64 Ed25519 signature.
public struct UpdateSignature: Sendable, Hashable {
    /// ``TrustedKey/keyID`` of the key that made it.
    public var keyID: String
    public var signature: String

    public init(keyID: String, signature: String) {
        self.keyID = keyID
        self.signature = signature
    }
}

/// Why bytes are not a `livery-update/2` envelope.
public enum StyleUpdateError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooLarge(Int)
    case notJSON(String)
    case unsupportedFormat(String)
    case malformed(String)

    public var description: String {
        switch self {
        case .tooLarge(let size): "the update is \(size) bytes, more than \(StyleUpdate.maximumSize)"
        case .notJSON(let message): "the update is not JSON: \(message)"
        case .unsupportedFormat("livery-update/1"):
            "the update is \"livery-update/1\", which carries no release sequence and is no longer applied; publish it again with this version of livery (\"\(StyleUpdate.format)\")"
        case .unsupportedFormat(let format): "unsupported update format \"\(format)\" (expected \"\(StyleUpdate.format)\")"
        case .malformed(let message): "not a livery update: \(message)"
        }
    }
}
