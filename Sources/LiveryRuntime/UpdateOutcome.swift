/// What ``StyleStore/apply(_:)`` did with an update.
public enum UpdateOutcome: Sendable, Hashable {
    /// The update was applied; the new style's digest.
    case applied(String)
    /// The current style is already the update's result; nothing changed.
    case alreadyCurrent
    /// The update's `rollout` does not include this install (yet); nothing
    /// changed. `refresh` reports it as up to date.
    case notInRollout
    /// The update was refused and the style is unchanged.
    case rejected(UpdateRejection)
}

/// Why an update was refused. A refused update never changes the style.
public enum UpdateRejection: Sendable, Hashable, CustomStringConvertible {
    /// No valid signature by a trusted key; the problem says which: unsigned
    /// while keys are trusted, no trusted keys at all, or a trusted key's
    /// signature that does not match the bytes.
    case badSignature(SignatureProblem)
    /// The update applies to another style (its `base` is not the current
    /// digest, or its `target` is another client).
    case wrongBase
    /// The update changes values that must never change remotely (JSON pointers).
    case forbiddenKey([String])
    /// The merged style is not the update's `result`, or is not a valid style.
    case invalidResult(String)
    /// The bytes are not a `livery-update/2` envelope.
    case corruptData(String)
    /// Signed only by keys the app does not trust (their key ids).
    case unknownKey([String])
    /// The update's sequence is not above the highest this theme applied: an
    /// older release, or a replay.
    case notNewer(sequence: Int64, applied: Int64)
    /// The update's `expires` time has passed.
    case expired(String)
    /// Under a root of trust: the update, root or timestamp is not trusted
    /// (a threshold not met, a key not delegated this client or revoked, a
    /// root out of order, a stale timestamp); the problem says which.
    case untrusted(TrustProblem)

    /// A stable name for the reason, the same in every livery runtime
    /// (the shared cases in `Tests/Fixtures/update-cases/` use it).
    public var code: String {
        switch self {
        case .badSignature: "badSignature"
        case .wrongBase: "wrongBase"
        case .forbiddenKey: "forbiddenKey"
        case .invalidResult: "invalidResult"
        case .corruptData: "corruptData"
        case .unknownKey: "unknownKey"
        case .notNewer: "notNewer"
        case .expired: "expired"
        case .untrusted: "untrusted"
        }
    }

    public var description: String {
        switch self {
        case .unknownKey(let ids):
            "signed only by keys this app does not trust (key id \(ids.joined(separator: ", "))); sign with a key whose signing.pub the app lists in trustedKeys (`livery keys id` prints a key's id)"
        case .notNewer(let sequence, let applied):
            "the update's sequence \(sequence) is not above \(applied), the highest this app applied: it would take the app back to an older release; publish a revert as a new release with a higher --sequence"
        case .expired(let time):
            "the update expired at \(time)"
        case .badSignature(let problem): "bad signature: \(problem)"
        case .wrongBase:
            "wrong base: the update was made for another style than the app's current one (another client, or another starting release)"
        case .forbiddenKey(let pointers): "forbidden keys: \(pointers.joined(separator: ", "))"
        case .invalidResult(let message): "invalid result: \(message)"
        case .corruptData(let message): "corrupt data: \(message)"
        case .untrusted(let problem): "not trusted: \(problem)"
        }
    }
}

/// Why an update has no valid signature by a trusted key. ``code`` is the
/// stable name every livery runtime gives the cause (the shared cases in
/// `Tests/Fixtures/update-cases/` hold them to it).
public enum SignatureProblem: Sendable, Hashable, CustomStringConvertible {
    /// The update carries no signature, and the app trusts keys.
    case unsigned
    /// The store trusts no keys and was not created with `allowUnsigned`.
    case noTrustedKeys
    /// A trusted key's signature (their key ids) does not match the update's
    /// bytes: they changed after signing, or it was made for another update.
    case mismatch([String])

    public var code: String {
        switch self {
        case .unsigned: "unsigned"
        case .noTrustedKeys: "noTrustedKeys"
        case .mismatch: "mismatch"
        }
    }

    public var description: String {
        switch self {
        case .unsigned:
            "the update is not signed, and this app applies only updates signed by a key it trusts (make updates with --signing-key)"
        case .noTrustedKeys:
            "this app trusts no signing keys, so it applies no update (list the line of signing.pub in trustedKeys; allowUnsigned, for development only, applies unsigned ones)"
        case .mismatch(let ids):
            "the signature by trusted key \(ids.joined(separator: ", ")) does not match the update's bytes: they changed after signing, or the signature was made for another update"
        }
    }
}

/// What ``StyleStore/refresh(from:using:timeout:)`` did.
public enum RefreshOutcome: Sendable, Hashable {
    /// The server has no update for the current style (HTTP 404).
    case upToDate
    /// One or more updates were applied; the new style's digest.
    case updated(String)
    /// The server's update was refused; the style is unchanged.
    case rejected(UpdateRejection)
    /// The update could not be fetched (network error, timeout, HTTP status);
    /// the style is unchanged.
    case unavailable(String)
}

/// Why a store cannot be created, or a theme selected.
public enum StyleStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A built-in style is not a valid resolved style (theme id, problem).
    case invalidBundledStyle(theme: String, String)
    /// No built-in style has this theme id.
    case unknownTheme(String)
    /// No built-in style was given.
    case noThemes
    /// The built-in root of trust is not a root signed by its own threshold (the problem).
    case invalidTrustRoot(TrustProblem)

    public var description: String {
        switch self {
        case .invalidBundledStyle(let theme, let message): "the built-in style of theme \"\(theme)\" is not valid: \(message)"
        case .unknownTheme(let id): "no theme \"\(id)\""
        case .noThemes: "a style store needs at least one built-in style"
        case .invalidTrustRoot(let problem): "the built-in root of trust is not valid: \(problem)"
        }
    }
}
