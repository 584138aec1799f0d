/// Why a root, a timestamp or an update is not trusted under a root of trust.
/// ``code`` is the stable name every livery runtime gives the cause (the
/// shared cases in `Tests/Fixtures/update-cases/` hold them to it); each
/// attack a root of trust stops has its own.
public enum TrustProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// A root or timestamp file larger than its cap (its size, the cap).
    case tooLarge(document: String, size: Int, limit: Int)
    /// A root or timestamp that is not one (which document, why).
    case malformed(String, String)
    /// Fewer distinct keys of the role signed than its threshold asks.
    case belowThreshold(role: String, signed: Int, threshold: Int)
    /// One key id names two signatures: a key counts once, so the file is refused.
    case duplicateSignature(String)
    /// A root whose version is not the next one (the version offered, the one expected).
    case rootVersionSkipped(version: Int64, expected: Int64)
    /// A root whose version is not above the one trusted (the version offered, the current one).
    case rootRollback(version: Int64, current: Int64)
    /// More new roots in one refresh than ``TrustState/maximumRootWalk``.
    case rootWalkTooLong(Int)
    /// Signed only by keys of the root that are not delegated this client (the client, their ids).
    case notDelegated(client: String, keys: [String])
    /// Signed by keys an earlier root trusted and a later one dropped (their ids).
    case revokedKey([String])
    /// The timestamp expired at this time: the network may be replaying an old one.
    case timestampExpired(String)
    /// A timestamp older than the one already held (its version, the current one).
    case timestampRollback(version: Int64, current: Int64)
    /// The root asks for a timestamp and none is held.
    case noTimestamp
    /// The update's sequence is not one the timestamp lists as published for its client.
    case notInTimestamp(client: String, sequence: Int64, listed: Int64?)

    public var code: String {
        switch self {
        case .tooLarge: "tooLarge"
        case .malformed: "malformed"
        case .belowThreshold: "belowThreshold"
        case .duplicateSignature: "duplicateSignature"
        case .rootVersionSkipped: "rootVersionSkipped"
        case .rootRollback: "rootRollback"
        case .rootWalkTooLong: "rootWalkTooLong"
        case .notDelegated: "notDelegated"
        case .revokedKey: "revokedKey"
        case .timestampExpired: "timestampExpired"
        case .timestampRollback: "timestampRollback"
        case .noTimestamp: "noTimestamp"
        case .notInTimestamp: "notInTimestamp"
        }
    }

    public var description: String {
        switch self {
        case .tooLarge(let document, let size, let limit): "the \(document) is \(size) bytes or more, more than \(limit)"
        case .malformed(let document, let why): "not a livery \(document): \(why)"
        case .belowThreshold(let role, let signed, let threshold):
            "\(signed) of the \(role) keys signed, fewer than its threshold of \(threshold) (each key counts once)"
        case .duplicateSignature(let id): "key id \(id) signs twice; a key counts once toward a threshold"
        case .rootVersionSkipped(let version, let expected):
            "root version \(version) skips version \(expected): an app walks roots one version at a time"
        case .rootRollback(let version, let current): "root version \(version) is not above version \(current), the root this app trusts"
        case .rootWalkTooLong(let limit): "more than \(limit) new roots in one refresh"
        case .notDelegated(let client, let keys):
            "signed by key id \(keys.joined(separator: ", ")), which the root does not delegate \(client)'s updates to"
        case .revokedKey(let keys): "signed by key id \(keys.joined(separator: ", ")), which a newer root revoked"
        case .timestampExpired(let time):
            "the timestamp expired at \(time): updates are not applied until a fresh one is published (the network may be replaying an old one)"
        case .timestampRollback(let version, let current):
            "timestamp version \(version) is older than version \(current), which this app holds"
        case .noTimestamp: "the root asks for a timestamp and this app holds none"
        case .notInTimestamp(let client, let sequence, let listed):
            "the timestamp lists "
                + (listed.map { "sequence \($0) as \(client)'s current release" } ?? "no release of \(client)")
                + ", not sequence \(sequence)"
        }
    }
}
