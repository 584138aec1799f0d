import Foundation
import LiveryCore
import Logging
import Observation

/// Holds an app's current style: the built-in one, or the result of the
/// signed updates applied to it since. Observers (SwiftUI views) see every
/// change; a refused update changes nothing.
///
/// ```swift
/// let store = try StyleStore(
///     bundled: try Data(contentsOf: Bundle.main.url(forResource: "style", withExtension: "json")!),
///     cache: URL.applicationSupportDirectory.appending(path: "livery"),
///     trustedKeys: ["q6y…base64 of signing.pub…="]
/// )
/// await store.refresh(from: URL(string: "https://cdn.example.com/livery")!)
/// ```
///
/// One store can hold several themes (a style per product line, say) and
/// switch between them with ``select(_:)``; each keeps its own updates and cache.
/// The store lives on the main actor, like the views that read it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
@MainActor
public final class StyleStore {
    /// Every theme's state and which is selected, in one stored property so
    /// that switching themes is one change for observers.
    var themes: Themes

    struct Themes: Sendable {
        private(set) var selected: String
        /// The selected theme's state, kept beside the dictionary so that
        /// reading it needs no lookup that could fail.
        private(set) var current: ThemeState
        private(set) var states: [String: ThemeState]
        /// What the app shows: the selected theme's style, or its active variant's.
        var presented: Presented

        init?(selected: String, states: [String: ThemeState]) {
            guard let current = states[selected] else { return nil }
            self.selected = selected
            self.current = current
            self.states = states
            presented = Presented(style: current.style, bytes: current.bytes, choice: nil)
        }

        mutating func select(_ id: String) -> Bool {
            guard let state = states[id] else { return false }
            selected = id
            current = state
            return true
        }

        mutating func set(_ state: ThemeState, for theme: String) {
            states[theme] = state
            if theme == selected { current = state }
        }
    }

    @ObservationIgnored var verifier: UpdateVerifier
    @ObservationIgnored let cache: UpdateCache?
    /// The roots walked past the built-in one and the timestamp held, as received: cached beside the updates.
    @ObservationIgnored var trustFiles = UpdateCache.TrustFiles()
    @ObservationIgnored let logger: Logger
    /// Each theme's built-in style, which an expired update falls back to.
    @ObservationIgnored let bundled: [String: ThemeState]
    @ObservationIgnored let now: @Sendable () -> Date
    /// What the app said about the install, for variant conditions and rollouts.
    @ObservationIgnored var audience: VariantAudience?
    @ObservationIgnored let activation: VariantActivation
    /// Told of every change of ``activeVariant``, on the main actor: send it to analytics.
    @ObservationIgnored public var onVariantChange: (@MainActor (VariantChoice?) -> Void)?

    /// A store for one built-in style (a bundle's `style.json`).
    ///
    /// - Parameters:
    ///   - bundled: the built-in style; its theme id is the style's `id`.
    ///   - cache: a directory for applied updates, created when needed; nil
    ///     keeps updates in memory only. On start, a cached update is used only
    ///     if it still verifies against `bundled`: a new built-in style (an app
    ///     update) drops updates made for the old one.
    ///   - trustedKeys: the base64 Ed25519 public keys (the `signing.pub`
    ///     files) whose signatures are accepted. With keys, every update must
    ///     be signed by one of them.
    ///   - trustRoot: the root of trust the app is built with (a `livery-root/1`
    ///     file, `livery keys root create`): when given, it decides which keys
    ///     sign for each client in place of `trustedKeys`, newer roots are
    ///     walked to with ``apply(root:)`` and ``refresh(from:using:timeout:)``,
    ///     and a timestamp keeps new updates fresh.
    ///   - allowUnsigned: accept unsigned updates when `trustedKeys` is empty.
    ///     For development only; ignored when keys are given.
    ///   - rules: replace keys and forbidden keys; the built-in schema's by default.
    ///   - logger: where refusals and cache problems are logged.
    ///   - now: the clock an update's `expires` is compared with (a fixed one in tests).
    /// - Throws: ``StyleStoreError/invalidBundledStyle(theme:_:)`` when `bundled`
    ///   is not a valid resolved style.
    ///   - variants: the bundle's `variants.json`, when the client has variants.
    ///   - audience: the install's id and what the app knows of it, which
    ///     variant conditions and update rollouts test; nil shows no variant.
    ///   - activation: when a change reaches ``style``: at once, or at the next launch.
    public convenience init(
        bundled: Data, variants: Data? = nil, cache: URL?, trustedKeys: [String], trustRoot: Data? = nil, allowUnsigned: Bool = false,
        rules: MergeRules = .builtIn, logger: Logger = Logger(label: "livery.runtime"),
        audience: VariantAudience? = nil, activation: VariantActivation = .immediately,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StyleStoreError) {
        let state: ThemeState
        do {
            state = try ThemeState(bundled: Array(bundled), variants: variants.map(Array.init))
        } catch {
            throw .invalidBundledStyle(theme: "", error.description)
        }
        try self.init(
            states: [state.style.id: state], selected: state.style.id, cache: cache, trustedKeys: trustedKeys,
            trustRoot: trustRoot, allowUnsigned: allowUnsigned, rules: rules, logger: logger, audience: audience, activation: activation,
            now: now
        )
    }

    /// A store for several built-in styles by theme id, starting with `selected`.
    ///
    /// Updates and the cache are kept per theme. The other parameters are as in
    /// ``init(bundled:variants:cache:trustedKeys:trustRoot:allowUnsigned:rules:logger:audience:activation:now:)``.
    /// - Throws: ``StyleStoreError/unknownTheme(_:)`` when `selected` is not a
    ///   key of `bundled`, or ``StyleStoreError/invalidBundledStyle(theme:_:)``.
    ///   `variants` holds the `variants.json` of the themes that have variants.
    public convenience init(
        bundled: [String: Data], variants: [String: Data] = [:], selected: String, cache: URL?, trustedKeys: [String],
        trustRoot: Data? = nil, allowUnsigned: Bool = false,
        rules: MergeRules = .builtIn, logger: Logger = Logger(label: "livery.runtime"),
        audience: VariantAudience? = nil, activation: VariantActivation = .immediately,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StyleStoreError) {
        var states: [String: ThemeState] = [:]
        // In order, so the same bad input always reports the same theme.
        for theme in bundled.keys.sorted() {
            guard let data = bundled[theme] else { continue }
            do {
                states[theme] = try ThemeState(bundled: Array(data), variants: variants[theme].map(Array.init))
            } catch {
                throw .invalidBundledStyle(theme: theme, error.description)
            }
        }
        try self.init(
            states: states, selected: selected, cache: cache, trustedKeys: trustedKeys,
            trustRoot: trustRoot, allowUnsigned: allowUnsigned, rules: rules, logger: logger, audience: audience, activation: activation,
            now: now
        )
    }

    private init(
        states: [String: ThemeState], selected: String, cache: URL?, trustedKeys: [String], trustRoot: Data?, allowUnsigned: Bool,
        rules: MergeRules, logger: Logger, audience: VariantAudience?, activation: VariantActivation, now: @escaping @Sendable () -> Date
    ) throws(StyleStoreError) {
        guard !states.isEmpty else { throw .noThemes }
        // Checked before the cache is read, so a wrong id changes nothing on disk.
        guard states[selected] != nil else { throw .unknownTheme(selected) }
        let keys = trustedKeys.compactMap(TrustedKey.init(text:))
        if keys.count < trustedKeys.count {
            logger.error(
                "Ignoring trusted keys that are not base64 of a 32-byte Ed25519 public key",
                metadata: ["ignored": "\(trustedKeys.count - keys.count)"])
        }
        var verifier = UpdateVerifier(trustedKeys: keys, keysConfigured: !trustedKeys.isEmpty, allowUnsigned: allowUnsigned, rules: rules)
        let updateCache = cache.map(UpdateCache.init(directory:))
        var trustFiles = UpdateCache.TrustFiles()
        if let trustRoot {
            // Before the cached updates are checked again: they were signed under the newest root walked to.
            (verifier.trust, trustFiles) = try Self.restoreTrust(
                bundled: trustRoot, cache: updateCache, now: Self.time(now()), logger: logger)
        }
        var restored: [String: ThemeState] = [:]
        for (theme, state) in states {
            restored[theme] = Self.restore(
                theme: theme, from: state, cache: updateCache, verifier: verifier, now: Self.time(now()), installID: audience?.installID,
                logger: logger
            )
        }
        guard var themes = Themes(selected: selected, states: restored) else { throw .unknownTheme(selected) }
        themes.presented = Self.present(themes.current, audience: audience, date: Self.time(now()), rules: rules, logger: logger)
        self.verifier = verifier
        self.cache = updateCache
        self.trustFiles = trustFiles
        self.logger = logger
        self.themes = themes
        self.bundled = states
        self.now = now
        self.audience = audience
        self.activation = activation
    }

    /// `date` to the second, as an update's `expires` is written.
    nonisolated static func time(_ date: Date) -> UpdateTime {
        UpdateTime(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// The style the app shows, typed: the selected theme's current style, or
    /// its active variant's (``activeVariant``). With `activation:
    /// .nextLaunch`, the one decided when the store was made.
    public var style: LiveryStyle { themes.presented.style }

    /// The canonical bytes of ``style``, what the app shows: the active
    /// variant over the applied updates over the built-in style. The app's
    /// generated `AppTheme(store:)` reads these (over ``bundledDocument``), so
    /// typed code sees the variant the store reports in ``activeVariant``;
    /// observers are told when they change (an update applied, a variant
    /// decided again, a theme selected).
    public var resolvedDocument: Data { Data(themes.presented.bytes) }

    /// The selected theme's current style's canonical bytes (the client's
    /// style, whichever variant is shown; ``resolvedDocument`` is what is
    /// shown): the base of the next update. For an unchanged built-in style,
    /// the bundle's `style.json`; after updates, the bytes the CLI writes for
    /// the updated revision.
    public var document: Data { Data(current.bytes) }

    /// The SHA-256 (lower-case hex) of ``document``: the `base` the next update must name.
    public var digest: String { current.digest }

    /// The selected theme's built-in style, canonical bytes: what ``document`` is
    /// before any update, and what a value the shown style lacks falls back to
    /// (the app's generated `AppTheme` reads it behind ``resolvedDocument``).
    public var bundledDocument: Data { Data(bundled[themes.selected]?.bytes ?? current.bytes) }

    /// The selected theme's id.
    public var selectedTheme: String { themes.selected }

    /// Every theme's id, sorted.
    public var themeIDs: [String] { themes.states.keys.sorted() }

    /// The current style of any theme, or nil for an unknown id.
    public func style(ofTheme id: String) -> LiveryStyle? {
        themes.states[id]?.style
    }

    /// The current digest of any theme, or an empty string for an unknown id.
    func digest(ofTheme id: String) -> String {
        themes.states[id]?.digest ?? ""
    }

    private var current: ThemeState { themes.current }

    /// The replace keys and the remote allow-list updates and variants are checked with.
    var rules: MergeRules { verifier.rules }

    /// Switches to another theme in one change. An unknown id throws and
    /// leaves the current theme in place.
    public func select(_ id: String) throws(StyleStoreError) {
        guard themes.states[id] != nil else {
            logger.warning("Refused to select an unknown theme", metadata: ["theme": "\(id)"])
            throw .unknownTheme(id)
        }
        if id != themes.selected {
            var next = themes
            _ = next.select(id)
            // Choosing a theme is the app's own act: shown at once, whatever the activation.
            commit(next, force: true)
        }
    }

    /// Applies a `livery-update/2` envelope to the selected theme.
    ///
    /// Never throws and never leaves a half-applied style: the update is
    /// verified (signature, base, sequence, expiry, forbidden keys, result digest, a valid style)
    /// before anything changes, then the new style replaces the old one at once
    /// and the update is cached. A refusal is logged.
    @discardableResult
    public func apply(_ update: Data) -> UpdateOutcome {
        apply(Array(update), theme: themes.selected)
    }

    func apply(_ bytes: [UInt8], theme: String) -> UpdateOutcome {
        dropExpiredUpdates(theme: theme)
        guard let state = themes.states[theme] else { return .rejected(.wrongBase) }
        switch verifier.evaluate(bytes, on: state, now: Self.time(now()), installID: audience?.installID) {
        case .alreadyCurrent:
            return .alreadyCurrent
        case .notInRollout:
            logger.info("A style update is not rolled out to this install yet", metadata: ["theme": "\(theme)"])
            return .notInRollout
        case .rejected(let reason):
            logger.warning("Rejected a style update: \(reason)", metadata: ["theme": "\(theme)", "reason": "\(reason.code)"])
            return .rejected(reason)
        case .applied(let next):
            var changed = themes
            changed.set(next, for: theme)
            commit(changed)
            persist(next, theme: theme)
            logger.info("Applied a style update", metadata: ["theme": "\(theme)", "digest": "\(next.digest)"])
            return .applied(next.digest)
        }
    }

    private func persist(_ state: ThemeState, theme: String) {
        guard let cache else { return }
        do {
            try cache.save(theme: theme, state)
        } catch {
            // The style is applied; only the next start falls back to an older one.
            logger.error(
                "Could not cache a style update: \(Self.sentence(forFileError: error, at: cache.file(for: theme).path))",
                metadata: ["theme": "\(theme)"])
        }
    }

    /// A file error as a sentence with the path, rather than a Foundation domain and code.
    nonisolated static func sentence(forFileError error: any Error, at path: String) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying, code.domain == NSPOSIXErrorDomain {
            return "cannot write \(path): \(String(cString: strerror(Int32(code.code))))"
        }
        if let code = (error as? CocoaError)?.code {
            switch code {
            case .fileWriteNoPermission: return "cannot write \(path): permission denied"
            case .fileWriteOutOfSpace: return "cannot write \(path): the disk is full"
            case .fileWriteVolumeReadOnly: return "cannot write \(path): the volume is read-only"
            default: break
            }
        }
        return "cannot write \(path) (check that the cache directory exists and is writable)"
    }

    /// Drops the theme's applied updates that have expired (and those applied
    /// after them, which were made on top of them): the style falls back to
    /// the built-in one, or to the last update before, keeping the highest
    /// sequence applied so the dropped update cannot come back.
    func dropExpiredUpdates(theme: String) {
        guard let state = themes.states[theme], let bundledState = bundled[theme] else { return }
        let time = Self.time(now())
        guard let first = state.chain.firstIndex(where: { $0.expires.map { $0 <= time } ?? false }) else { return }
        var kept = bundledState
        for update in state.chain[..<first] {
            guard case .applied(let next) = verifier.evaluate(update, on: kept, now: time, installID: audience?.installID) else { break }
            kept = next
        }
        kept = kept.remembering(sequence: state.sequence)
        var changed = themes
        changed.set(kept, for: theme)
        commit(changed)
        persist(kept, theme: theme)
        logger.notice(
            "Dropped an expired style update; the style went back to the one before it",
            metadata: [
                "theme": "\(theme)", "expired": "\(state.chain[first].expires?.text ?? "")", "digest": "\(kept.digest)",
            ])
    }

    /// The built-in style with its cached updates re-applied, each verified
    /// again; the cache is rewritten without whatever no longer verifies.
    private static func restore(
        theme: String, from bundled: ThemeState, cache: UpdateCache?, verifier: UpdateVerifier, now: UpdateTime, installID: String?,
        logger: Logger
    ) -> ThemeState {
        guard let cache else { return bundled }
        let entry: UpdateCache.Entry?
        do {
            entry = try cache.load(theme: theme)
        } catch {
            logger.warning("Dropped an unreadable style cache: \(error)", metadata: ["theme": "\(theme)"])
            cache.remove(theme: theme)
            return bundled
        }
        guard let entry else { return bundled }
        guard entry.bundledDigest == bundled.bundledDigest else {
            logger.notice("The built-in style changed; dropped cached updates made for the old one", metadata: ["theme": "\(theme)"])
            cache.remove(theme: theme)
            return bundled
        }
        var state = bundled
        for update in entry.updates {
            switch verifier.evaluate(update, on: state, now: now, installID: installID) {
            case .applied(let next):
                state = next
            case .alreadyCurrent, .notInRollout:
                continue
            case .rejected(let reason):
                logger.warning("Dropped a cached style update: \(reason)", metadata: ["theme": "\(theme)", "reason": "\(reason.code)"])
                // An expired update was genuine: its sequence still counts, so it
                // cannot be replayed. One that no longer verifies says nothing.
                if case .expired = reason { state = state.remembering(sequence: entry.sequence) }
                try? cache.save(theme: theme, state)
                return state
            }
        }
        return state.remembering(sequence: entry.sequence)
    }
}
