import Foundation
import LiveryCore
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension StyleStore {
    /// The built-in root, then the cached roots walked again one by one and the
    /// cached timestamp, each checked as when it arrived. What no longer
    /// verifies is dropped from the cache with what follows it.
    nonisolated static func restoreTrust(
        bundled: Data, cache: UpdateCache?, now: UpdateTime, logger: Logger
    ) throws(StyleStoreError) -> (TrustState, UpdateCache.TrustFiles) {
        var state: TrustState
        do {
            state = try TrustState(bundled: Array(bundled))
        } catch {
            throw .invalidTrustRoot(error)
        }
        guard let cache else { return (state, UpdateCache.TrustFiles()) }
        let cached = cache.loadTrust()
        var kept = UpdateCache.TrustFiles()
        for root in cached.roots {
            do {
                state = try state.advancing(to: root)
                kept.roots.append(root)
            } catch {
                logger.warning("Dropped a cached root of trust: \(error)")
                break
            }
        }
        if let timestamp = cached.timestamp, let next = try? state.accepting(timestamp: timestamp, now: now) {
            state = next
            kept.timestamp = timestamp
        }
        if kept != cached { try? cache.save(kept) }
        return (state, kept)
    }

    /// The version of the root of trust the store follows, or nil without one.
    public var trustRootVersion: Int64? { verifier.trust?.root.version }

    /// Walks to the next root of trust (a `livery-root/1` file, version N+1,
    /// signed by a threshold of the current root keys and of its own). From
    /// then on its keys decide; keys it drops are revoked, and every theme's
    /// applied updates are checked again, so one signed with a revoked key is
    /// dropped and the style goes back to the last update before it.
    @discardableResult
    public func apply(root bytes: Data) -> UpdateOutcome {
        guard let trust = verifier.trust else {
            return .rejected(.untrusted(.malformed("root", "this store was made without a trust root")))
        }
        let next: TrustState
        do {
            next = try trust.advancing(to: Array(bytes))
        } catch {
            logger.warning("Rejected a root of trust: \(error)", metadata: ["reason": "\(error.code)"])
            return .rejected(.untrusted(error))
        }
        verifier.trust = next
        trustFiles.roots.append(Array(bytes))
        if next.timestamp == nil { trustFiles.timestamp = nil }
        persistTrust()
        logger.notice("Walked to a new root of trust", metadata: ["version": "\(next.root.version)"])
        for theme in themeIDs { recheckChain(theme: theme) }
        return .applied(CanonicalJSON.digest(Array(bytes)))
    }

    /// Takes a timestamp (`livery-timestamp/1`) signed by the root's timestamp
    /// keys, not older than the one held and not expired. New updates are
    /// applied only while it is current and lists their sequence.
    @discardableResult
    public func apply(timestamp bytes: Data) -> UpdateOutcome {
        guard let trust = verifier.trust else {
            return .rejected(.untrusted(.malformed("timestamp", "this store was made without a trust root")))
        }
        if trustFiles.timestamp == Array(bytes) { return .alreadyCurrent }
        do {
            verifier.trust = try trust.accepting(timestamp: Array(bytes), now: Self.time(now()))
        } catch {
            logger.warning("Rejected a timestamp: \(error)", metadata: ["reason": "\(error.code)"])
            return .rejected(.untrusted(error))
        }
        trustFiles.timestamp = Array(bytes)
        persistTrust()
        return .applied(CanonicalJSON.digest(Array(bytes)))
    }

    private func persistTrust() {
        guard let cache else { return }
        do {
            try cache.save(trustFiles)
        } catch {
            logger.error("Could not cache the root of trust: \(Self.sentence(forFileError: error, at: cache.trustFile.path))")
        }
    }

    /// Keeps the theme's applied updates up to the first that no longer
    /// verifies (a key revoked), remembering the highest sequence applied.
    func recheckChain(theme: String) {
        guard let state = themes.states[theme], var kept = bundled[theme] else { return }
        let time = Self.time(now())
        for update in state.chain {
            guard case .applied(let next) = verifier.evaluate(update, on: kept, now: time, installID: audience?.installID) else { break }
            kept = next
        }
        guard kept.chain.count < state.chain.count else { return }
        kept = kept.remembering(sequence: state.sequence)
        var changed = themes
        changed.set(kept, for: theme)
        commit(changed)
        if let cache { try? cache.save(theme: theme, kept) }
        logger.notice(
            "Dropped style updates the new root of trust no longer trusts", metadata: ["theme": "\(theme)", "digest": "\(kept.digest)"])
    }

    /// Before a refresh fetches updates under a root of trust: the next roots
    /// (`<root>/<version>.root.json`, one version at a time until a missing
    /// one, at most ``TrustState/maximumRootWalk``), then `<root>/timestamp.json`
    /// when the root has a timestamp role. Nil when the updates may be fetched.
    func refreshTrust(from root: URL, configuration: URLSessionConfiguration, until deadline: ContinuousClock.Instant, timeout: Duration)
        async -> RefreshOutcome?
    {
        guard let trust = verifier.trust else { return nil }
        var walked = 0
        while true {
            let version = (verifier.trust?.root.version ?? trust.root.version) + 1
            let url = root.appendingPathComponent("\(version).root.json")
            let response: FetchResult
            do throws(FetchError) {
                response = try await Self.fetch(
                    url, configuration: configuration, limit: TrustRoot.maximumSize, until: deadline, timeout: timeout)
            } catch {
                if case .tooLarge = error {
                    return .rejected(.untrusted(.tooLarge(document: "root", size: TrustRoot.maximumSize + 1, limit: TrustRoot.maximumSize)))
                }
                return .unavailable(error.description)
            }
            guard case .body(let bytes) = response else { break }
            guard walked < TrustState.maximumRootWalk else { return .rejected(.untrusted(.rootWalkTooLong(TrustState.maximumRootWalk))) }
            if case .rejected(let reason) = apply(root: Data(bytes)) { return .rejected(reason) }
            walked += 1
        }
        guard verifier.trust?.root.roles["timestamp"] != nil else { return nil }
        let url = root.appendingPathComponent("timestamp.json")
        do throws(FetchError) {
            let response = try await Self.fetch(
                url, configuration: configuration, limit: TrustTimestamp.maximumSize, until: deadline, timeout: timeout)
            if case .body(let bytes) = response, case .rejected(let reason) = apply(timestamp: Data(bytes)) { return .rejected(reason) }
        } catch {
            return .unavailable(error.description)
        }
        return nil
    }
}
