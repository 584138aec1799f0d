import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

@testable import LiveryRuntime

/// The whole root-of-trust flow on livery's corpus, every step a livery
/// command (scripts/testing/make-trust-flow): a root with two keys and a
/// threshold of two, each client delegated the existing online key, then
/// that key stolen and revoked by root 2, which gives each client its own
/// key. An app built with root 1 follows the chain. The Kotlin runtime's
/// `EndToEndTest.anAppBuiltWithTheFirstRootFollowsTheChain` runs the same flow
/// (scripts/testing/test-kotlin-runtime --end-to-end).
@Suite("A root of trust end to end")
@MainActor
struct TrustEndToEndTests {
    let scratch: TemporaryDirectory
    var flow: URL { URL(fileURLWithPath: scratch.path).appendingPathComponent("flow") }

    init() throws {
        scratch = try TemporaryDirectory(prefix: "livery-trust-e2e")
    }

    /// Runs scripts/testing/make-trust-flow with the livery under test.
    func makeFlow() throws {
        let script = PackageIsolationTests.root.appendingPathComponent("scripts/testing/make-trust-flow").path
        let made = try runProcess("/bin/bash", [script, flow.path, LiveryBinary.path])
        try #require(made.status == 0, "make-trust-flow: \(made.stderr)")
    }

    func file(_ path: String) throws -> Data {
        try #require(FileManager.default.contents(atPath: flow.appendingPathComponent(path).path), "missing \(path)")
    }

    var clients: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: flow.appendingPathComponent("v1").path)) ?? []).filter {
            FileManager.default.fileExists(atPath: flow.appendingPathComponent("v1/\($0)/style.json").path)
        }.sorted()
    }

    func store(_ client: String) throws -> StyleStore {
        try StyleStore(bundled: try file("v1/\(client)/style.json"), cache: nil, trustedKeys: [], trustRoot: try file("root.json"))
    }

    @Test(.enabled(if: ExternalTool.python3.isInstalled, "python3 is not installed (scripts/testing/make-corpus needs it)"))
    func anAppBuiltWithTheFirstRootFollowsTheChain() async throws {
        try makeFlow()
        #expect(clients.count == 3)
        for client in clients {
            let v2 = try file("v2/\(client)/style.json")
            // Before the theft: the online key signs, the app stays on root 1.
            let early = try store(client)
            #expect(await early.refresh(from: flow.appendingPathComponent("published")) == .updated(CanonicalJSON.digest(Array(v2))))
            #expect(early.trustRootVersion == 1)
            // After: root 2 revokes the online key; the client's own key signs the release.
            let app = try store(client)
            #expect(
                await app.refresh(from: flow.appendingPathComponent("rotated")) == .updated(CanonicalJSON.digest(Array(v2))), "\(client)")
            #expect(app.trustRootVersion == 2)
            #expect(app.document == v2, "\(client)")
            // The app that applied the stolen key's update walks to root 2, drops it, and takes the client's.
            #expect(await early.refresh(from: flow.appendingPathComponent("rotated")) == .updated(CanonicalJSON.digest(Array(v2))))
            #expect(early.trustRootVersion == 2)
            // The thief serving the stolen key's updates beside root 2 is refused.
            let victim = try store(client)
            guard case .rejected(.untrusted(.revokedKey(let ids))) = await victim.refresh(from: flow.appendingPathComponent("attacker"))
            else {
                Issue.record("\(client): the revoked key's update was not refused as revoked")
                continue
            }
            #expect(ids.count == 1)
            #expect(victim.document == (try file("v1/\(client)/style.json")))
        }
    }
}
