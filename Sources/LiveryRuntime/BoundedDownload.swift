import Foundation
import LiveryConcurrency
import LiveryCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one GET of an update gave.
enum FetchResult: Sendable, Equatable {
    /// HTTP 404, or a missing file: the style is up to date.
    case notFound
    case body([UInt8])
}

/// Why an update could not be fetched, as a sentence a developer can act on.
/// Never a Foundation error domain and code: those say nothing to the person
/// reading an app's log.
enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut(Duration)
    case status(Int, String)
    case tooLarge(Int)
    case tooManyRedirects(String)
    case network(String)
    case unreadableFile(String)
    case cancelled

    var description: String {
        switch self {
        case .timedOut(let limit):
            "timed out after \(limit): the server did not send a whole update in time (the limit covers the whole refresh)"
        case .status(let code, let url):
            "the server answered HTTP \(code) for \(url); a missing update should be a 404"
        case .tooLarge(let limit):
            "the update is larger than \(limit) bytes; the download was abandoned (is the URL an update directory?)"
        case .tooManyRedirects(let url):
            "more than \(BoundedDownload.maximumRedirects) redirects from \(url); serve the updates without a redirect loop"
        case .network(let sentence):
            sentence
        case .unreadableFile(let path):
            "cannot read the update file \(path)"
        case .cancelled:
            "the refresh was cancelled"
        }
    }

    /// A sentence for a URL loading error: what happened and where.
    static func describing(_ error: any Error, url: URL) -> FetchError {
        let host = url.host ?? url.absoluteString
        guard let code = (error as? URLError)?.code else { return .network("the request for \(url.absoluteString) failed") }
        switch code {
        case .cannotConnectToHost:
            return .network("could not connect to \(host): nothing accepts connections there (is the server running, and the port right?)")
        case .cannotFindHost, .dnsLookupFailed: return .network("the host \(host) was not found: check the update URL")
        case .notConnectedToInternet: return .network("the device is offline")
        case .networkConnectionLost: return .network("the connection to \(host) was lost during the download")
        case .timedOut: return .network("the connection to \(host) timed out")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return .network("a secure connection to \(host) could not be made: check its TLS certificate")
        case .badURL, .unsupportedURL: return .network("\(url.absoluteString) is not a URL updates can be fetched from (use https)")
        case .badServerResponse: return .network("\(host) sent a response that is not valid HTTP")
        case .cancelled: return .cancelled
        default: return .network("the request for \(url.absoluteString) failed before a whole response arrived")
        }
    }
}

/// One GET whose body is read as it arrives and abandoned as soon as it passes
/// `limit` bytes, so an endless or huge response costs at most `limit` bytes
/// of memory. The caller races it against a deadline (``fetch(_:configuration:limit:until:)``).
///
/// The session's delegate: URLSession calls it on its own queue; every piece
/// of state is behind one lock, and the caller's continuation is resumed once.
final class BoundedDownload: NSObject, URLSessionDataDelegate, Sendable {
    /// More redirects than this are refused: a loop ends here rather than at the deadline.
    static let maximumRedirects = 5

    private struct State: Sendable {
        var body: [UInt8] = []
        var continuation: CheckedContinuation<FetchResult, any Error>?
        /// The outcome when it came before the continuation was stored.
        var early: Result<FetchResult, FetchError>?
        var done = false
        var redirects = 0
        /// The running task, until the download ends.
        var task: URLSessionDataTask?
        /// An outcome decided while answering the session (refusing a response
        /// or a redirect), given when the task completes: FoundationNetworking
        /// stops with a fatal error if the task is cancelled while it waits for
        /// that answer, so the download ends only after the session has it.
        var decided: Result<FetchResult, FetchError>?
    }

    private let limit: Int
    private let url: URL
    private let state = Locked(State())

    init(url: URL, limit: Int) {
        self.url = url
        self.limit = limit
    }

    /// GETs `url` with `configuration` (its protocol classes and proxies; not
    /// its cache), giving up at `deadline` whatever the server does.
    static func fetch(
        _ url: URL, configuration: URLSessionConfiguration, limit: Int, until deadline: ContinuousClock.Instant, timeout: Duration
    ) async throws(FetchError) -> FetchResult {
        let remaining = deadline - .now
        guard remaining > .zero else { throw .timedOut(timeout) }
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        // No request.timeoutInterval: the deadline below is the one limit (on
        // Linux a request timeout also fired spuriously at once).
        let prepared = request
        let download = BoundedDownload(url: url, limit: limit)
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        // The session holds its delegate strongly until it is invalidated.
        // Not invalidateAndCancel: a task this download gave up on is
        // cancelled once already, and FoundationNetworking can stop with a
        // fatal error when a task is cancelled twice while data still arrives.
        defer { session.finishTasksAndInvalidate() }
        do {
            return try await withThrowingTaskGroup(of: FetchResult.self) { group in
                group.addTask {
                    try await withTaskCancellationHandler {
                        try await withCheckedThrowingContinuation { continuation in
                            download.start(continuation, task: session.dataTask(with: prepared))
                        }
                    } onCancel: {
                        // Resumes the continuation now: the group does not wait
                        // for a server that never closes the connection.
                        download.finish(.failure(.cancelled))
                    }
                }
                group.addTask {
                    try await Task.sleep(until: deadline, clock: .continuous)
                    throw FetchError.timedOut(timeout)
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw FetchError.timedOut(timeout) }
                return first
            }
        } catch let error as FetchError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw FetchError.describing(error, url: url)
        }
    }

    private func start(_ continuation: CheckedContinuation<FetchResult, any Error>, task: URLSessionDataTask) {
        let early: Result<FetchResult, FetchError>? = state.withLock { state in
            if let early = state.early { return early }
            state.continuation = continuation
            state.task = task
            return nil
        }
        if let early {
            continuation.resume(with: early.mapError { $0 as any Error })
        } else {
            task.resume()
        }
    }

    /// Ends the download with `outcome` (the first call wins) and drops the body read so far.
    /// `cancelling`: stop the transfer too; false where the session is already
    /// told how to end it (a completion handler), since cancelling as well
    /// races with that answer in FoundationNetworking.
    fileprivate func finish(_ outcome: Result<FetchResult, FetchError>, cancelling: Bool = true) {
        let (continuation, task): (CheckedContinuation<FetchResult, any Error>?, URLSessionDataTask?) = state.withLock { state in
            guard !state.done else { return (nil, nil) }
            state.done = true
            state.body = []
            let task = state.task
            state.task = nil
            guard let continuation = state.continuation else {
                state.early = outcome
                return (nil, task)
            }
            state.continuation = nil
            return (continuation, task)
        }
        continuation?.resume(with: outcome.mapError { $0 as any Error })
        // Stop the transfer now, not when the session is invalidated: every
        // piece that arrives until then is queued for this delegate. On Linux
        // cancelling waits for the session's network queue, so from a task's
        // cancellation handler (a thread of the cooperative pool) it is done
        // on a thread of its own.
        if cancelling, let task {
            if OperationQueue.current != nil {
                // On the session's delegate queue: cancel at once, so fewer
                // pieces are queued meanwhile.
                task.cancel()
            } else {
                Thread.detachNewThread { task.cancel() }
            }
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let refusal: Result<FetchResult, FetchError>?
        if let http = response as? HTTPURLResponse, http.statusCode == 404 {
            refusal = .success(.notFound)
        } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            refusal = .failure(.status(http.statusCode, url.absoluteString))
        } else if response.expectedContentLength > Int64(limit) {
            // A declared length over the cap is refused before any of the body is read.
            refusal = .failure(.tooLarge(limit))
        } else {
            refusal = nil
        }
        guard let refusal else { return completionHandler(.allow) }
        decide(refusal)
        completionHandler(.cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over: Bool = state.withLock { state in
            guard !state.done else { return false }
            guard state.body.count + data.count <= limit else { return true }
            // Room for the whole cap at once: growing by doubling would hold up
            // to twice the cap. Pages never written are never resident.
            if state.body.isEmpty { state.body.reserveCapacity(limit) }
            state.body.append(contentsOf: data)
            return false
        }
        if over { finish(.failure(.tooLarge(limit))) }
    }

    /// Keeps the first outcome decided; see `State.decided`.
    private func decide(_ outcome: Result<FetchResult, FetchError>) {
        state.withLock { state in
            if state.decided == nil { state.decided = outcome }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let decided = state.withLock({ $0.decided }) {
            finish(decided, cancelling: false)
            return
        }
        if let error {
            finish(.failure(FetchError.describing(error, url: url)), cancelling: false)
            return
        }
        let body: [UInt8] = state.withLock { state in state.body }
        finish(.success(.body(body)), cancelling: false)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let count: Int = state.withLock { state in
            state.redirects += 1
            return state.redirects
        }
        if count > Self.maximumRedirects {
            // Declining the redirect ends the task with the redirect itself.
            decide(.failure(.tooManyRedirects(url.absoluteString)))
            return completionHandler(nil)
        }
        completionHandler(request)
    }

    /// A `file://` update directory (updates shipped beside the app, tests): a
    /// missing file is a 404, and a file over `limit` bytes is refused by its
    /// size before it is read. Read here because Linux's URLSession has no file:// support.
    static func read(fileAt url: URL, limit: Int) throws(FetchError) -> FetchResult {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            if FileManager.default.fileExists(atPath: url.path) { throw .unreadableFile(url.path) }
            return .notFound
        }
        defer { try? handle.close() }
        do {
            // One byte more than the cap: enough to know it is too large.
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else { throw FetchError.tooLarge(limit) }
            return .body(Array(data))
        } catch let error as FetchError {
            throw error
        } catch {
            throw .unreadableFile(url.path)
        }
    }
}
