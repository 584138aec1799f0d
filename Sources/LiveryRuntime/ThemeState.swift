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
    /// The highest sequence applied to this theme (0 for none): a later
    /// update must be above it. Kept when expired updates are dropped, so an
    /// older update cannot be replayed in their place.
    let sequence: Int64
    /// The client's variants: the bundle's `variants.json`, or the set the
    /// last update that carried one brought.
    let variants: VariantSet?

    /// The built-in style, canonicalised, with the bundle's variants if any.
    init(bundled: [UInt8], variants variantBytes: [UInt8]? = nil) throws(LiveryStyleError) {
        let document: JSONValue
        do {
            document = try CanonicalJSON.parse(bundled, file: "style.json")
        } catch {
            throw LiveryStyleError(pointer: "", message: "not JSON: \(error.description)")
        }
        let bytes = CanonicalJSON.bytes(document)
        var variants: VariantSet?
        if let variantBytes {
            do {
                variants = try VariantSet(parsing: variantBytes)
            } catch {
                throw LiveryStyleError(pointer: "", message: "variants.json: \(error)")
            }
        }
        // A new variants.json is a new built-in state too: cached updates made before it are dropped.
        let bundledDigest = variants.map { CanonicalJSON.digest(bytes + $0.bytes) } ?? CanonicalJSON.digest(bytes)
        self.init(
            bundledDigest: bundledDigest, document: document, bytes: bytes, style: try LiveryStyle(json: document), chain: [], sequence: 0,
            variants: variants
        )
    }

    init(
        bundledDigest: String, document: JSONValue, bytes: [UInt8], style: LiveryStyle, chain: [StyleUpdate], sequence: Int64,
        variants: VariantSet?
    ) {
        self.bundledDigest = bundledDigest
        self.document = document
        self.bytes = bytes
        self.digest = CanonicalJSON.digest(bytes)
        self.style = style
        self.chain = chain
        self.sequence = sequence
        self.variants = variants
    }

    /// The same style with `sequence` as the highest applied, when higher.
    func remembering(sequence other: Int64) -> ThemeState {
        ThemeState(
            bundledDigest: bundledDigest, document: document, bytes: bytes, style: style, chain: chain, sequence: max(sequence, other),
            variants: variants
        )
    }
}

/// The checks an update passes before it is applied, in order: it parses,
/// a signature by a trusted key verifies, it is for this style, its sequence
/// is above the highest applied, it has not expired, its merge adds no
/// unknown section and changes only what the schema's allow-list lets it,
/// and its result has the promised digest, follows the schema's
/// `bundleStyle` and decodes.
/// Pure: the store calls it and swaps in the new state only on success.
struct UpdateVerifier: Sendable {
    let trustedKeys: [TrustedKey]
    /// The root of trust, when the app was built with one: it decides who
    /// signs for each client in place of `trustedKeys`, and keeps new updates fresh.
    var trust: TrustState?
    /// Whether keys were configured at all: configured keys that all fail to
    /// parse still require a signature, so a typo never turns checking off.
    let keysConfigured: Bool
    let allowUnsigned: Bool
    let rules: MergeRules

    enum Verdict: Sendable {
        case applied(ThemeState)
        case alreadyCurrent
        case notInRollout
        case rejected(UpdateRejection)
    }

    func evaluate(_ bytes: [UInt8], on state: ThemeState, now: UpdateTime, installID: String?) -> Verdict {
        let update: StyleUpdate
        do {
            update = try StyleUpdate(parsing: bytes)
        } catch {
            return .rejected(.corruptData(error.description))
        }
        let verdict = evaluate(update, on: state, now: now, installID: installID)
        // Freshness gates new updates only: one applied before stays when a timestamp expires.
        if case .applied = verdict, let problem = trust?.checkFreshness(of: update, now: now) { return .rejected(.untrusted(problem)) }
        return verdict
    }

    /// Why `update` is not signed for its client by keys the app trusts; nil when it is.
    func signatureRejection(_ update: StyleUpdate) -> UpdateRejection? {
        if let trust {
            switch trust.authorize(update) {
            case nil: return nil
            case .unsigned: return .badSignature(.unsigned)
            case .mismatch(let ids): return .badSignature(.mismatch(ids))
            case .unknownKey(let ids): return .unknownKey(ids)
            case .problem(let problem): return .untrusted(problem)
            }
        }
        if keysConfigured {
            guard trustedKeys.contains(where: { $0.hasSigned(update) }) else {
                let trusted = Set(trustedKeys.map(\.keyID))
                let named = update.signatures.map(\.keyID)
                if named.isEmpty { return .badSignature(.unsigned) }
                let byTrusted = named.filter(trusted.contains)
                if byTrusted.isEmpty { return .unknownKey(named) }
                return .badSignature(.mismatch(byTrusted))
            }
            return nil
        }
        return allowUnsigned ? nil : .badSignature(.noTrustedKeys)
    }

    func evaluate(_ update: StyleUpdate, on state: ThemeState, now: UpdateTime, installID: String?) -> Verdict {
        if let rejection = signatureRejection(update) { return .rejected(rejection) }
        guard update.target == state.style.id else { return .rejected(.wrongBase) }
        // An update that only changes the variants has its base as its result.
        if update.result == state.digest, update.variants == nil || update.variants == state.variants { return .alreadyCurrent }
        // Outside its rollout (an app that passes no install id gets only a full rollout).
        if let rollout = update.rollout, rollout.percent < InstallBucket.range,
            !(installID.map(rollout.includes(installID:)) ?? false)
        {
            return .notInRollout
        }
        guard update.sequence > state.sequence else { return .rejected(.notNewer(sequence: update.sequence, applied: state.sequence)) }
        if let expires = update.expires, expires <= now { return .rejected(.expired(expires.text)) }
        guard update.base == state.digest else { return .rejected(.wrongBase) }
        guard let merged = rules.apply(update.patch, to: state.document) else {
            return .rejected(.invalidResult("the patch deletes the style"))
        }
        let unknown = rules.unknownSections(from: state.document, to: merged)
        guard unknown.isEmpty else {
            return .rejected(.invalidResult("unknown member \"\(unknown[0])\" at the top level: a remote update may not add sections"))
        }
        let forbidden = rules.forbiddenChanges(from: state.document, to: merged)
        guard forbidden.isEmpty else { return .rejected(.forbiddenKey(forbidden)) }
        let bytes = CanonicalJSON.bytes(merged)
        guard CanonicalJSON.digest(bytes) == update.result else {
            return .rejected(.invalidResult("the merged style's digest is not the update's result"))
        }
        // The schema a bundle's style.json follows, as the CLI checks it: unknown
        // keys, malformed values and paths that leave the bundle are refused.
        if let violation = rules.remote.violations(in: merged, limit: 1).first {
            return .rejected(.invalidResult(violation))
        }
        let style: LiveryStyle
        do {
            style = try LiveryStyle(json: merged)
        } catch {
            return .rejected(.invalidResult(error.description))
        }
        if let variants = update.variants, variants.client != update.result {
            return .rejected(.invalidResult("the update's variants were made for another style than its result"))
        }
        return .applied(
            ThemeState(
                bundledDigest: state.bundledDigest, document: merged, bytes: bytes, style: style, chain: state.chain + [update],
                sequence: update.sequence,
                variants: update.variants ?? state.variants
            ))
    }
}
