import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LiveryCore
import LiveryJSON
@testable import LiveryRuntime
import Testing

/// Serves `stub://files/<absolute path>` from the file system (404 when the
/// file is missing), answers `stub://status500/…` with 500 and never answers
/// `stub://hang/…`. Stateless, so tests can run in parallel.
final class StubProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { request.url?.scheme == "stub" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let client else { return }
        switch url.host {
        case "hang":
            return
        case "status500":
            respond(url, client, status: 500, body: Data())
        default:
            if let body = FileManager.default.contents(atPath: url.path) {
                respond(url, client, status: 200, body: body)
            } else {
                respond(url, client, status: 404, body: Data("not found".utf8))
            }
        }
    }

    private func respond(_ url: URL, _ client: any URLProtocolClient, status: Int, body: Data) {
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:]) else { return }
        client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client.urlProtocol(self, didLoad: body)
        client.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}

    static var session: URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        return URLSession(configuration: configuration)
    }
}

@Suite("StyleStore: refreshing from a server")
@MainActor
struct StyleStoreRefreshTests {
    let keys = [Fixtures.key.publicKey.text]

    /// A server directory laid out as `livery diff --format update` writes it.
    func server(_ updates: [(JSONValueFixture, JSONValueFixture)]) throws -> URL {
        let root = try Fixtures.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("acme"), withIntermediateDirectories: true)
        for (base, head) in updates {
            let file = root.appendingPathComponent("acme").appendingPathComponent(CanonicalJSON.digest(of: base.value) + ".json")
            try Fixtures.update(from: base.value, to: head.value).write(to: file)
        }
        return URL(string: "stub://files" + root.path) ?? root
    }

    @Test func followsTheChainToTheLatestStyle() async throws {
        let root = try server([(.init(Fixtures.v1), .init(Fixtures.v2)), (.init(Fixtures.v2), .init(Fixtures.v3))])
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys)
        let outcome = await store.refresh(from: root, using: StubProtocol.session)
        #expect(outcome == .updated(CanonicalJSON.digest(of: Fixtures.v3)))
        #expect(store.document == Data(CanonicalJSON.bytes(Fixtures.v3)))
        #expect(await store.refresh(from: root, using: StubProtocol.session) == .upToDate)
    }

    @Test func aMissingUpdateMeansUpToDate() async throws {
        let root = try server([])
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys)
        #expect(await store.refresh(from: root, using: StubProtocol.session) == .upToDate)
        #expect(store.document == Fixtures.v1Data)
    }

    @Test func aServerErrorFallsBack() async throws {
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys)
        guard case .unavailable = await store.refresh(from: try #require(URL(string: "stub://status500/x")), using: StubProtocol.session) else {
            Issue.record("expected unavailable")
            return
        }
        #expect(store.document == Fixtures.v1Data)
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        // The outcome says the limit was hit; how long that took on a loaded
        // machine is not this test's business (no timings in unit tests).
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys)
        let outcome = await store.refresh(from: try #require(URL(string: "stub://hang/x")), using: StubProtocol.session, timeout: .milliseconds(300))
        guard case .unavailable(let reason) = outcome else {
            Issue.record("expected unavailable, got \(outcome)")
            return
        }
        #expect(reason.contains("timed out after"), "\(reason)")
        #expect(store.document == Fixtures.v1Data)
    }

    @Test func aRejectedUpdateIsReportedAndChangesNothing() async throws {
        let root = try Fixtures.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("acme"), withIntermediateDirectories: true)
        try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, signedBy: Fixtures.otherKey)
            .write(to: root.appendingPathComponent("acme").appendingPathComponent(CanonicalJSON.digest(of: Fixtures.v1) + ".json"))
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys)
        #expect(await store.refresh(from: try #require(URL(string: "stub://files" + root.path)), using: StubProtocol.session) == .rejected(.badSignature))
        #expect(store.document == Fixtures.v1Data)
    }

    @Test func aFileURLServesUpdatesToo() async throws {
        let root = try Fixtures.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("acme"), withIntermediateDirectories: true)
        try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2)
            .write(to: root.appendingPathComponent("acme").appendingPathComponent(CanonicalJSON.digest(of: Fixtures.v1) + ".json"))
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys)
        let outcome = await store.refresh(from: root, using: .shared, timeout: .seconds(5))
        // The next file is missing: up to date after one update.
        #expect(outcome == .updated(CanonicalJSON.digest(of: Fixtures.v2)))
    }
}

/// A JSON value in a tuple a test builds (JSONValue itself has no labels to spell).
struct JSONValueFixture {
    let value: LiveryJSON.JSONValue
    init(_ value: LiveryJSON.JSONValue) { self.value = value }
}
