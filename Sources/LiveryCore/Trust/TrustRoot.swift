import LiveryJSON

/// Which keys may sign for a role, and how many of them must.
public struct TrustRole: Sendable, Hashable {
    /// Key ids, each listed once, each named in the root's `keys`.
    public var keys: [String]
    /// How many distinct keys of `keys` must sign: from 1 to `keys.count`.
    public var threshold: Int

    public init(keys: [String], threshold: Int) {
        self.keys = keys
        self.threshold = threshold
    }

    var json: JSONValue {
        .makeObject([
            ("keys", .makeArray(keys.map(JSONValue.string))), ("threshold", .number(JSONNumber(literal: String(threshold)))),
        ])
    }
}

/// A root of trust (`livery-root/1`): the keys an app trusts and what each may sign.
///
/// ```json
/// {"clients": {"acme": {"keys": ["<id>"], "threshold": 1}}, "format": "livery-root/1",
///  "keys": {"<id>": "<base64 public key>"},
///  "roles": {"root": {"keys": ["<id>", "<id>"], "threshold": 2}, "timestamp": {"keys": ["<id>"], "threshold": 1}},
///  "signatures": [{"keyId": "<id>", "signature": "<base64>"}], "version": 1}
/// ```
///
/// `roles.root` signs the next root; `roles.timestamp`, optional, signs the
/// timestamp that keeps updates fresh (without it, no timestamp is asked
/// for); `clients` delegates each client's updates to its own keys. Every
/// signature covers ``signingBytes``, the canonical JSON of every member but
/// `signatures`, like an update's.
public struct TrustRoot: Sendable, Hashable {
    public static let format = "livery-root/1"
    /// A root file is a few kilobytes; anything past this is refused unread.
    public static let maximumSize = 64 << 10

    public var version: Int64
    /// Public keys by id (``TrustedKey/keyID``).
    public var keys: [String: TrustedKey]
    /// `root` and, optionally, `timestamp`.
    public var roles: [String: TrustRole]
    /// Each client's delegated signers, by client id.
    public var clients: [String: TrustRole]
    public var signatures: [UpdateSignature]

    public init(
        version: Int64, keys: [String: TrustedKey], roles: [String: TrustRole], clients: [String: TrustRole] = [:],
        signatures: [UpdateSignature] = []
    ) {
        self.version = version
        self.keys = keys
        self.roles = roles
        self.clients = clients
        self.signatures = signatures
    }

    /// The role that signs roots.
    public var rootRole: TrustRole { roles["root"] ?? TrustRole(keys: [], threshold: 1) }

    public var signingBytes: [UInt8] { CanonicalJSON.bytes(json(includingSignatures: false)) }
    public var bytes: [UInt8] { CanonicalJSON.bytes(json(includingSignatures: true)) }

    public func json(includingSignatures: Bool) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("format", .string(Self.format)),
            ("version", .number(JSONNumber(literal: String(version)))),
            ("keys", .makeObject(keys.keys.sorted().map { ($0, .string(keys[$0]?.text ?? "")) })),
            ("roles", .makeObject(roles.keys.sorted().map { ($0, roles[$0]?.json ?? .null) })),
            ("clients", .makeObject(clients.keys.sorted().map { ($0, clients[$0]?.json ?? .null) })),
        ]
        if includingSignatures { pairs.append(("signatures", TrustSignatures.json(signatures))) }
        return .makeObject(pairs)
    }

    /// The ids of the keys of `role` whose signatures over this root verify.
    public func signers(for role: TrustRole, keys available: [String: TrustedKey]) -> Set<String> {
        TrustSignatures.validSigners(of: signingBytes, signatures, keys: available).intersection(role.keys)
    }

    /// Whether at least `role.threshold` distinct keys of `role` (from `available`) signed this root.
    func checkThreshold(_ role: TrustRole, named name: String, keys available: [String: TrustedKey]) throws(TrustProblem) {
        let count = signers(for: role, keys: available).count
        guard count >= role.threshold else { throw .belowThreshold(role: name, signed: count, threshold: role.threshold) }
    }

    /// Reads a root file; the size first, so an endless file is never parsed.
    public init(parsing bytes: [UInt8]) throws(TrustProblem) {
        guard bytes.count <= Self.maximumSize else { throw .tooLarge(document: "root", size: bytes.count, limit: Self.maximumSize) }
        let value: JSONValue
        do {
            value = try CanonicalJSON.parse(bytes, file: "root")
        } catch {
            throw .malformed("root", "not JSON: \(error.description)")
        }
        try self.init(json: value)
    }

    public init(json value: JSONValue) throws(TrustProblem) {
        guard case .object(let object) = value else { throw .malformed("root", "a root is a JSON object") }
        guard object["format"]?.value.stringValue == Self.format else { throw .malformed("root", "\"format\" must be \"\(Self.format)\"") }
        let known: Set<String> = ["format", "version", "keys", "roles", "clients", "signatures"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw .malformed("root", "unknown member \"\(unknown)\"")
        }
        guard case .number(let number)? = object["version"]?.value,
            let version = InputInteger(number)?.within(1...StyleUpdate.maximumSequence)
        else { throw .malformed("root", "\"version\" must be a whole number from 1") }
        self.version = version
        keys = try Self.keys(object["keys"])
        roles = try Self.roles(object["roles"], member: "roles", keys: keys)
        guard roles["root"] != nil else { throw .malformed("root", "\"roles\" must name the \"root\" role") }
        if let unknown = roles.keys.sorted().first(where: { $0 != "root" && $0 != "timestamp" }) {
            throw .malformed("root", "unknown role \"\(unknown)\" (a root has \"root\" and \"timestamp\")")
        }
        clients = try Self.roles(object["clients"], member: "clients", keys: keys)
        signatures = try TrustSignatures.parse(object["signatures"], document: "root")
    }

    static func keys(_ node: JSONNode?) throws(TrustProblem) -> [String: TrustedKey] {
        guard let object = node?.value.objectValue else { throw .malformed("root", "\"keys\" must be an object of key ids") }
        var keys: [String: TrustedKey] = [:]
        for member in object.members {
            guard let text = member.value.value.stringValue, let key = TrustedKey(text: text) else {
                throw .malformed("root", "key \"\(member.key)\" must be the base64 of a 32-byte Ed25519 public key")
            }
            // The id is the key's own, so one key cannot appear under two ids and count twice.
            guard key.keyID == member.key else {
                throw .malformed("root", "key \"\(member.key)\" has the id \(key.keyID); a key is listed under its own id")
            }
            keys[member.key] = key
        }
        return keys
    }

    static func roles(_ node: JSONNode?, member: String, keys: [String: TrustedKey]) throws(TrustProblem) -> [String: TrustRole] {
        guard let object = node?.value.objectValue else { throw .malformed("root", "\"\(member)\" must be an object") }
        var roles: [String: TrustRole] = [:]
        for entry in object.members {
            let name = "\(member)/\(entry.key)"
            guard case .object(let role) = entry.value.value, Set(role.keys) == ["keys", "threshold"],
                let items = role["keys"]?.value.arrayValue,
                case .number(let number)? = role["threshold"]?.value, let threshold = InputInteger(number)?.within(1...1_000)
            else {
                throw .malformed("root", "\"\(name)\" must be {\"keys\": [key ids], \"threshold\": a whole number from 1}")
            }
            var ids: [String] = []
            for item in items {
                guard let id = item.value.stringValue, keys[id] != nil else {
                    throw .malformed("root", "\"\(name)\" names a key that \"keys\" does not hold")
                }
                guard !ids.contains(id) else { throw .malformed("root", "\"\(name)\" lists key \(id) twice; a key counts once") }
                ids.append(id)
            }
            guard threshold <= ids.count else {
                throw .malformed("root", "\"\(name)\" has a threshold of \(threshold) but only \(ids.count) keys")
            }
            roles[entry.key] = TrustRole(keys: ids, threshold: Int(threshold))
        }
        return roles
    }
}
