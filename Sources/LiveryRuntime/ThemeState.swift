import LiveryCore
import LiveryJSON

/// One theme's style: its built-in style, the updates applied to it since,
/// and the result. A value: applying an update makes a new one, so the store
/// swaps whole states and never holds a half-applied style.
struct ThemeState: Sendable {
    let bundledDigest: String
    let document: JSONValue
    let bytes: [UInt8]
    let digest: String
    let style: LiveryStyle
    /// The updates applied on top of the built-in style, in order.
    let chain: [StyleUpdate]

    /// The built-in style, canonicalised.
    init(bundled: [UInt8]) throws(LiveryStyleError) {
        let document: JSONValue
        do {
            document = try CanonicalJSON.parse(bundled, file: "style.json")
        } catch {
            throw LiveryStyleError(pointer: "", message: "not JSON: \(error.description)")
        }
        let bytes = CanonicalJSON.bytes(document)
        self.init(bundledDigest: CanonicalJSON.digest(bytes), document: document, bytes: bytes, style: try LiveryStyle(json: document), chain: [])
    }

    init(bundledDigest: String, document: JSONValue, bytes: [UInt8], style: LiveryStyle, chain: [StyleUpdate]) {
        self.bundledDigest = bundledDigest
        self.document = document
        self.bytes = bytes
        self.digest = CanonicalJSON.digest(bytes)
        self.style = style
        self.chain = chain
    }
}

/// The checks an update passes before it is applied, in order: it parses,
/// its signature verifies, it is for this style, its merge changes no
/// forbidden value, and its result has the promised digest and decodes.
/// Pure: the store calls it and swaps in the new state only on success.
struct UpdateVerifier: Sendable {
    let trustedKeys: [TrustedKey]
    /// Whether keys were configured at all: configured keys that all fail to
    /// parse still require a signature, so a typo never turns checking off.
    let keysConfigured: Bool
    let allowUnsigned: Bool
    let rules: MergeRules

    enum Verdict: Sendable {
        case applied(ThemeState)
        case alreadyCurrent
        case rejected(UpdateRejection)
    }

    func evaluate(_ bytes: [UInt8], on state: ThemeState) -> Verdict {
        let update: StyleUpdate
        do {
            update = try StyleUpdate(parsing: bytes)
        } catch {
            return .rejected(.corruptData(error.description))
        }
        return evaluate(update, on: state)
    }

    func evaluate(_ update: StyleUpdate, on state: ThemeState) -> Verdict {
        if keysConfigured {
            guard trustedKeys.contains(where: { $0.hasSigned(update) }) else { return .rejected(.badSignature) }
        } else if !allowUnsigned {
            return .rejected(.badSignature)
        }
        guard update.target == state.style.id else { return .rejected(.wrongBase) }
        if update.result == state.digest { return .alreadyCurrent }
        guard update.base == state.digest else { return .rejected(.wrongBase) }
        guard let merged = rules.apply(update.patch, to: state.document) else {
            return .rejected(.invalidResult("the patch deletes the style"))
        }
        let forbidden = rules.forbiddenChanges(from: state.document, to: merged)
        guard forbidden.isEmpty else { return .rejected(.forbiddenKey(forbidden)) }
        let bytes = CanonicalJSON.bytes(merged)
        guard CanonicalJSON.digest(bytes) == update.result else {
            return .rejected(.invalidResult("the merged style's digest is not the update's result"))
        }
        let style: LiveryStyle
        do {
            style = try LiveryStyle(json: merged)
        } catch {
            return .rejected(.invalidResult(error.description))
        }
        return .applied(ThemeState(bundledDigest: state.bundledDigest, document: merged, bytes: bytes, style: style, chain: state.chain + [update]))
    }
}
