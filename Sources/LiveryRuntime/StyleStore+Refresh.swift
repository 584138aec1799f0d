import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LiveryCore

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
    /// Any failure (network, timeout, HTTP status, a refused update) leaves
    /// the style as it was and is reported in the outcome; this never throws.
    /// - Parameters:
    ///   - root: the directory URL the updates are served from.
    ///   - session: the session to fetch with.
    ///   - timeout: the longest one request may take.
    @discardableResult
    public func refresh(from root: URL, using session: URLSession = .shared, timeout: Duration = .seconds(10)) async -> RefreshOutcome {
        let theme = selectedTheme
        var applied: String?
        for _ in 0..<Self.maximumRefreshSteps {
            guard let state = style(ofTheme: theme) else { break }
            let url = root.appendingPathComponent(state.id).appendingPathComponent(digest(ofTheme: theme) + ".json")
            let response: FetchResult
            do {
                response = try await Self.fetch(url, session: session, timeout: timeout)
            } catch {
                logger.warning("Could not fetch a style update", metadata: ["theme": "\(theme)", "url": "\(url)", "error": "\(error)"])
                return applied.map(RefreshOutcome.updated) ?? .unavailable("\(error)")
            }
            guard case .body(let bytes) = response else {
                return applied.map(RefreshOutcome.updated) ?? .upToDate
            }
            switch apply(bytes, theme: theme) {
            case .applied(let digest):
                applied = digest
            case .alreadyCurrent:
                return applied.map(RefreshOutcome.updated) ?? .upToDate
            case .rejected(let reason):
                return applied.map(RefreshOutcome.updated) ?? .rejected(reason)
            }
        }
        return applied.map(RefreshOutcome.updated) ?? .upToDate
    }

    enum FetchResult: Sendable {
        case notFound
        case body([UInt8])
    }

    enum FetchError: Error, CustomStringConvertible {
        case timedOut(Duration)
        case status(Int)
        case tooLarge

        var description: String {
            switch self {
            case .timedOut(let limit): "timed out after \(limit)"
            case .status(let code): "HTTP status \(code)"
            case .tooLarge: "the update is larger than \(StyleUpdate.maximumSize) bytes"
            }
        }
    }

    /// One GET, raced against `timeout`: whichever finishes first wins and the other is cancelled.
    nonisolated static func fetch(_ url: URL, session: URLSession, timeout: Duration) async throws -> FetchResult {
        if url.isFileURL {
            // A directory on disk (updates shipped beside the app, tests): a missing
            // file is a 404. Read here because Linux's URLSession has no file:// support.
            guard let data = FileManager.default.contents(atPath: url.path) else { return .notFound }
            guard data.count <= StyleUpdate.maximumSize else { throw FetchError.tooLarge }
            return .body(Array(data))
        }
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        request.timeoutInterval = max(seconds, 0.001)
        let prepared = request
        return try await withThrowingTaskGroup(of: FetchResult.self) { group in
            group.addTask {
                let (data, response) = try await session.data(for: prepared)
                if let http = response as? HTTPURLResponse {
                    if http.statusCode == 404 { return .notFound }
                    guard (200..<300).contains(http.statusCode) else { throw FetchError.status(http.statusCode) }
                }
                guard data.count <= StyleUpdate.maximumSize else { throw FetchError.tooLarge }
                return .body(Array(data))
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw FetchError.timedOut(timeout)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw FetchError.timedOut(timeout) }
            return first
        }
    }
}
