/// The changes `livery keys` makes to a root. Each returns the edited root
/// without signatures (they covered the old bytes), or throws why the change
/// would leave a root no one could use.
extension TrustRoot {
    /// The role a change names: `root`, `timestamp`, or a client's delegation.
    public enum RoleName: Sendable, Hashable, CustomStringConvertible {
        case root, timestamp
        case client(String)

        public var description: String {
            switch self {
            case .root: "root"
            case .timestamp: "timestamp"
            case .client(let id): "clients/\(id)"
            }
        }
    }

    /// A first root (version 1) with these root keys and threshold, and timestamp keys when given.
    public static func first(
        rootKeys: [TrustedKey], threshold: Int, timestampKeys: [TrustedKey] = [], timestampThreshold: Int = 1
    ) throws(TrustEditError) -> TrustRoot {
        var root = TrustRoot(version: 1, keys: [:], roles: [:])
        for key in rootKeys { root = try root.adding(key, to: .root, threshold: nil) }
        for key in timestampKeys { root = try root.adding(key, to: .timestamp, threshold: nil) }
        root = try root.setting(threshold: threshold, of: .root)
        if !timestampKeys.isEmpty { root = try root.setting(threshold: timestampThreshold, of: .timestamp) }
        return root
    }

    /// The next version, unsigned, to edit and sign.
    public func next() -> TrustRoot {
        TrustRoot(version: version + 1, keys: keys, roles: roles, clients: clients)
    }

    private func role(_ name: RoleName) -> TrustRole? {
        switch name {
        case .root: roles["root"]
        case .timestamp: roles["timestamp"]
        case .client(let id): clients[id]
        }
    }

    private func replacing(_ name: RoleName, with role: TrustRole?) -> TrustRoot {
        var copy = TrustRoot(version: version, keys: keys, roles: roles, clients: clients)
        switch name {
        case .root: copy.roles["root"] = role
        case .timestamp: copy.roles["timestamp"] = role
        case .client(let id): copy.clients[id] = role
        }
        // A key no role names any more is dropped from the root.
        let named = Set(copy.roles.values.flatMap(\.keys) + copy.clients.values.flatMap(\.keys))
        copy.keys = copy.keys.filter { named.contains($0.key) }
        return copy
    }

    /// `key` added to the role (created with threshold 1 when missing);
    /// `threshold`, when given, set at the same time.
    public func adding(_ key: TrustedKey, to name: RoleName, threshold: Int?) throws(TrustEditError) -> TrustRoot {
        var role = self.role(name) ?? TrustRole(keys: [], threshold: 1)
        guard !role.keys.contains(key.keyID) else { throw .alreadyListed(key.keyID, name.description) }
        role.keys.append(key.keyID)
        var edited = replacing(name, with: role)
        edited.keys[key.keyID] = key
        return try threshold.map { value throws(TrustEditError) in try edited.setting(threshold: value, of: name) } ?? edited
    }

    /// `id` removed from every role and delegation, and from the root's keys.
    /// Refused when a role would keep fewer keys than its threshold.
    public func revoking(_ id: String) throws(TrustEditError) -> TrustRoot {
        guard keys[id] != nil else { throw .unknownKey(id) }
        var edited = self
        let names: [RoleName] = roles.keys.sorted().map { $0 == "root" ? .root : .timestamp } + clients.keys.sorted().map { .client($0) }
        for name in names {
            guard var role = edited.role(name), role.keys.contains(id) else { continue }
            role.keys.removeAll { $0 == id }
            if role.keys.isEmpty, case .client = name {
                edited = edited.replacing(name, with: nil)
                continue
            }
            guard role.keys.count >= role.threshold else {
                throw .belowThreshold(name.description, keys: role.keys.count, threshold: role.threshold)
            }
            edited = edited.replacing(name, with: role)
        }
        edited.keys[id] = nil
        return edited.withVersion(version)
    }

    private func withVersion(_ value: Int64) -> TrustRoot {
        TrustRoot(version: value, keys: keys, roles: roles, clients: clients)
    }

    /// The role's threshold set to `threshold`, from 1 to its number of keys.
    public func setting(threshold: Int, of name: RoleName) throws(TrustEditError) -> TrustRoot {
        guard var role = role(name) else { throw .noRole(name.description) }
        guard threshold >= 1, threshold <= role.keys.count else {
            throw .belowThreshold(name.description, keys: role.keys.count, threshold: threshold)
        }
        role.threshold = threshold
        return replacing(name, with: role)
    }
}

/// Why a root cannot be changed so.
public enum TrustEditError: Error, Sendable, Hashable, CustomStringConvertible {
    case alreadyListed(String, String)
    case unknownKey(String)
    case noRole(String)
    /// The role would have fewer keys than its threshold (role, keys, threshold).
    case belowThreshold(String, keys: Int, threshold: Int)

    public var description: String {
        switch self {
        case .alreadyListed(let id, let role): "key id \(id) is already one of the \(role) keys"
        case .unknownKey(let id): "the root holds no key with id \(id) (`livery keys id FILE` prints a key's id)"
        case .noRole(let role): "the root has no \(role) role"
        case .belowThreshold(let role, let keys, let threshold):
            "the \(role) role would have \(keys) key\(keys == 1 ? "" : "s") and a threshold of \(threshold); a threshold is from 1 to the number of keys"
        }
    }
}
