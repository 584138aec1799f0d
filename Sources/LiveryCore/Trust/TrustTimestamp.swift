import LiveryJSON

/// A short-lived, signed statement of each client's current release
/// (`livery-timestamp/1`), re-signed on a schedule by the root's `timestamp`
/// role with an online key:
///
/// ```json
/// {"clients": {"acme": 3}, "expires": "2027-01-02T00:00:00Z", "format": "livery-timestamp/1",
///  "signatures": [{"keyId": "<id>", "signature": "<base64>"}], "version": 1767225600}
/// ```
///
/// An app applies an update only while its timestamp has not expired and
/// lists the update's sequence as its client's current release or an earlier
/// one. A network that keeps replaying an old, still valid update (a freeze)
/// is noticed when the timestamp it replays expires.
public struct TrustTimestamp: Sendable, Hashable {
    public static let format = "livery-timestamp/1"
    public static let maximumSize = 1 << 20

    /// Grows with every timestamp; an app refuses one older than it holds.
    public var version: Int64
    public var expires: UpdateTime
    /// Each client's latest published sequence.
    public var clients: [String: Int64]
    public var signatures: [UpdateSignature]

    public init(version: Int64, expires: UpdateTime, clients: [String: Int64], signatures: [UpdateSignature] = []) {
        self.version = version
        self.expires = expires
        self.clients = clients
        self.signatures = signatures
    }

    public var signingBytes: [UInt8] { CanonicalJSON.bytes(json(includingSignatures: false)) }
    public var bytes: [UInt8] { CanonicalJSON.bytes(json(includingSignatures: true)) }

    public func json(includingSignatures: Bool) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("format", .string(Self.format)),
            ("version", .number(JSONNumber(literal: String(version)))),
            ("expires", .string(expires.text)),
            ("clients", .makeObject(clients.keys.sorted().map { ($0, .number(JSONNumber(literal: String(clients[$0] ?? 0)))) })),
        ]
        if includingSignatures { pairs.append(("signatures", TrustSignatures.json(signatures))) }
        return .makeObject(pairs)
    }

    public init(parsing bytes: [UInt8]) throws(TrustProblem) {
        guard bytes.count <= Self.maximumSize else {
            throw .tooLarge(document: "timestamp", size: bytes.count, limit: Self.maximumSize)
        }
        let value: JSONValue
        do {
            value = try CanonicalJSON.parse(bytes, file: "timestamp")
        } catch {
            throw .malformed("timestamp", "not JSON: \(error.description)")
        }
        guard case .object(let object) = value, object["format"]?.value.stringValue == Self.format else {
            throw .malformed("timestamp", "\"format\" must be \"\(Self.format)\"")
        }
        if let unknown = object.keys.sorted().first(where: { !["format", "version", "expires", "clients", "signatures"].contains($0) }) {
            throw .malformed("timestamp", "unknown member \"\(unknown)\"")
        }
        guard case .number(let number)? = object["version"]?.value,
            let version = InputInteger(number)?.within(1...StyleUpdate.maximumSequence)
        else { throw .malformed("timestamp", "\"version\" must be a whole number from 1") }
        guard let text = object["expires"]?.value.stringValue, let expires = UpdateTime(text: text) else {
            throw .malformed("timestamp", "\"expires\" must be an RFC 3339 time")
        }
        guard let listed = object["clients"]?.value.objectValue else { throw .malformed("timestamp", "\"clients\" must be an object") }
        var clients: [String: Int64] = [:]
        for member in listed.members {
            guard case .number(let number) = member.value.value,
                let sequence = InputInteger(number)?.within(1...StyleUpdate.maximumSequence)
            else { throw .malformed("timestamp", "\"clients/\(member.key)\" must be a sequence") }
            clients[member.key] = sequence
        }
        self.init(
            version: version, expires: expires, clients: clients,
            signatures: try TrustSignatures.parse(object["signatures"], document: "timestamp")
        )
    }
}
