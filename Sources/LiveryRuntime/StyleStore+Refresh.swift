import Foundation
import LiveryCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension StyleStore {
    /// The most updates one refresh applies in a row, so a misconfigured
    /// server cannot keep the app fetching forever.
    public static let maximumRefreshSteps = 16

    /// Fetches and applies the selected theme's next updates from a server
    /// laid out as `livery diff --format update` writes them:
    /// `<root>/<style id>/<current digest>.json`, where a 404 means the style
    /// is up to date. `root` may also be a `file://` directory with the same
    /// layout, where a missing file means up to date. After an update is applied, the next one (for the new
    /// digest) is fetched, until a 404.
    ///
    /// Each body is read as it arrives and abandoned as soon as it passes
    /// ``StyleUpdate/maximumSize``, and `timeout` is one deadline for the whole
    /// refresh, the chain included, kept whatever the server does (never
    /// answers, trickles, streams without end, redirects in a loop).
    ///
    /// Any failure (network, timeout, HTTP status, a refused update) leaves
    /// the style as it was and is reported in the outcome; this never throws.
    /// - Parameters:
    ///   - root: the directory URL the updates are served from.
    ///   - session: the session whose configuration (protocol classes,
    ///     proxies, headers) the requests use.
    ///   - timeout: the longest the whole refresh may take.
    @discardableResult
    public func refresh(from root: URL, using session: URLSession = .shared, timeout: Duration = .seconds(10)) async -> RefreshOutcome {
        let theme = selectedTheme
        let deadline = ContinuousClock.now + timeout
        dropExpiredUpdates(theme: theme)
        let configuration = session.configuration
        // Under a root of trust, the newest root and a fresh timestamp first: they decide what the updates may be.
        if let stop = await refreshTrust(from: root, configuration: configuration, until: deadline, timeout: timeout) { return stop }
        var applied: String?
        for _ in 0..<Self.maximumRefreshSteps {
            guard let state = style(ofTheme: theme) else { break }
            let url = root.appendingPathComponent(state.id).appendingPathComponent(digest(ofTheme: theme) + ".json")
            let response: FetchResult
            do throws(FetchError) {
                response = try await Self.fetch(
                    url, configuration: configuration, limit: StyleUpdate.maximumSize, until: deadline, timeout: timeout)
            } catch {
                logger.warning("Could not fetch a style update: \(error)", metadata: ["theme": "\(theme)", "url": "\(url)"])
                return applied.map(RefreshOutcome.updated) ?? .unavailable(error.description)
            }
            guard case .body(let bytes) = response else {
                return applied.map(RefreshOutcome.updated) ?? .upToDate
            }
            switch apply(bytes, theme: theme) {
            case .applied(let digest):
                applied = digest
            case .alreadyCurrent, .notInRollout:
                return applied.map(RefreshOutcome.updated) ?? .upToDate
            case .rejected(let reason):
                return applied.map(RefreshOutcome.updated) ?? .rejected(reason)
            }
        }
        return applied.map(RefreshOutcome.updated) ?? .upToDate
    }

    /// One GET, bounded to `limit` bytes and ended at `deadline`.
    nonisolated static func fetch(
        _ url: URL, configuration: URLSessionConfiguration, limit: Int, until deadline: ContinuousClock.Instant, timeout: Duration
    ) async throws(FetchError) -> FetchResult {
        if url.isFileURL { return try BoundedDownload.read(fileAt: url, limit: limit) }
        return try await BoundedDownload.fetch(url, configuration: configuration, limit: limit, until: deadline, timeout: timeout)
    }
}
