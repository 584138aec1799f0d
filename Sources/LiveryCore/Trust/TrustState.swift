/// What an app trusts under a root of trust: the newest root it has walked
/// to, the keys earlier roots trusted and later ones dropped, and the newest
/// timestamp. A value: each step returns a new state, so a refused root or
/// timestamp changes nothing. Pure: the runtimes fetch, this decides.
public struct TrustState: Sendable, Hashable {
    /// The most new roots one refresh walks, so a server cannot keep an app walking.
    public static let maximumRootWalk = 32

    public private(set) var root: TrustRoot
    /// Key ids an earlier root held and the current one does not.
    public private(set) var revoked: Set<String>
    public private(set) var timestamp: TrustTimestamp?

    /// The root an app is built with. It is trusted as shipped, yet must be
    /// signed by a threshold of its own root keys: a root no one signed is a mistake.
    public init(bundled bytes: [UInt8]) throws(TrustProblem) {
        let root = try TrustRoot(parsing: bytes)
        try root.checkThreshold(root.rootRole, named: "root", keys: root.keys)
        self.root = root
        revoked = []
        timestamp = nil
    }

    /// The state after the next root, `bytes`: it must be version N+1 and be
    /// signed by a threshold of the current root's root keys and of its own.
    /// Keys the new root drops are revoked from then on; the timestamp is kept
    /// only when the new root still has the keys that signed it.
    public func advancing(to bytes: [UInt8]) throws(TrustProblem) -> TrustState {
        let next = try TrustRoot(parsing: bytes)
        guard next.version > root.version else { throw .rootRollback(version: next.version, current: root.version) }
        guard next.version == root.version + 1 else { throw .rootVersionSkipped(version: next.version, expected: root.version + 1) }
        try next.checkThreshold(root.rootRole, named: "root", keys: root.keys)
        try next.checkThreshold(next.rootRole, named: "root", keys: next.keys)
        var state = self
        state.revoked = revoked.union(root.keys.keys).subtracting(next.keys.keys)
        state.root = next
        if let timestamp, (try? state.checkTimestampSignatures(timestamp)) == nil { state.timestamp = nil }
        return state
    }

    /// The state after the timestamp `bytes`, which the root's timestamp role
    /// signed, whose version is not below the one held and which has not expired.
    public func accepting(timestamp bytes: [UInt8], now: UpdateTime) throws(TrustProblem) -> TrustState {
        let next = try TrustTimestamp(parsing: bytes)
        try checkTimestampSignatures(next)
        if let timestamp, next.version < timestamp.version {
            throw .timestampRollback(version: next.version, current: timestamp.version)
        }
        guard next.expires > now else { throw .timestampExpired(next.expires.text) }
        var state = self
        state.timestamp = next
        return state
    }

    func checkTimestampSignatures(_ timestamp: TrustTimestamp) throws(TrustProblem) {
        guard let role = root.roles["timestamp"] else {
            throw .malformed("timestamp", "the root names no timestamp role, so no timestamp is trusted")
        }
        let signers = TrustSignatures.validSigners(of: timestamp.signingBytes, timestamp.signatures, keys: root.keys)
        let count = signers.intersection(role.keys).count
        guard count >= role.threshold else { throw .belowThreshold(role: "timestamp", signed: count, threshold: role.threshold) }
    }

    /// Whether `update` is signed by a threshold of the keys the root
    /// delegates its client to. Nil when it is; otherwise why not.
    public func authorize(_ update: StyleUpdate) -> TrustRefusal? {
        do {
            try TrustSignatures.refuseRepeatedKeys(update.signatures)
        } catch {
            return .problem(error)
        }
        let role = root.clients[update.target] ?? TrustRole(keys: [], threshold: 1)
        let delegated = root.keys.filter { role.keys.contains($0.key) }
        let signers = TrustSignatures.validSigners(of: update.signingBytes, update.signatures, keys: delegated)
        if !role.keys.isEmpty, signers.count >= role.threshold { return nil }
        let named = update.signatures.map(\.keyID)
        if named.isEmpty { return .unsigned }
        if !signers.isEmpty {
            return .problem(.belowThreshold(role: "clients/\(update.target)", signed: signers.count, threshold: role.threshold))
        }
        let byDelegated = named.filter(role.keys.contains)
        if !byDelegated.isEmpty { return .mismatch(byDelegated) }
        let byRevoked = named.filter(revoked.contains)
        if !byRevoked.isEmpty { return .problem(.revokedKey(byRevoked)) }
        let byRoot = named.filter { root.keys[$0] != nil }
        if !byRoot.isEmpty { return .problem(.notDelegated(client: update.target, keys: byRoot)) }
        return .unknownKey(named)
    }

    /// Whether a new update may be applied now: when the root has a timestamp
    /// role, a timestamp that has not expired must list the update's sequence
    /// as its client's current release or an earlier one. Updates applied
    /// before are not checked again: an app keeps its style when a timestamp expires.
    public func checkFreshness(of update: StyleUpdate, now: UpdateTime) -> TrustProblem? {
        guard root.roles["timestamp"] != nil else { return nil }
        guard let timestamp else { return .noTimestamp }
        guard timestamp.expires > now else { return .timestampExpired(timestamp.expires.text) }
        let listed = timestamp.clients[update.target]
        guard let listed, update.sequence <= listed else {
            return .notInTimestamp(client: update.target, sequence: update.sequence, listed: listed)
        }
        return nil
    }
}

/// Why an update is not signed for its client under a root of trust.
public enum TrustRefusal: Sendable, Hashable {
    case unsigned
    /// A delegated key's signature does not match the bytes (their ids).
    case mismatch([String])
    /// Signed only by keys the root does not hold, now or before (their ids).
    case unknownKey([String])
    case problem(TrustProblem)
}
