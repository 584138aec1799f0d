import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

/// The whole path on livery's corpus: the v1 bundles an app ships, the signed
/// v1→v2 updates `livery diff --format update` writes, and an executable that
/// links only LiveryRuntime applying them, which must reach v2's bundles byte
/// for byte. It builds the package in `.build-runtime-consumer/` (minutes the
/// first time), so it runs when LIVERY_RUNTIME_PACKAGE_TEST=1, as
/// PackageIsolationTests does.
@Suite("LiveryRuntime end to end")
struct RuntimeEndToEndTests {
    static let root = PackageIsolationTests.root

    func livery(_ arguments: [String], in directory: String) throws -> ProcessResult {
        let result = try LiveryBinary.run(arguments, in: directory)
        try #require(result.status == 0, "livery \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// `style.json` of every bundle under `directory`, by target id.
    func styles(in directory: String) throws -> [String: Data] {
        var styles: [String: Data] = [:]
        for id in try FileManager.default.contentsOfDirectory(atPath: directory) {
            if let data = FileManager.default.contents(atPath: "\(directory)/\(id)/style.json") { styles[id] = data }
        }
        return styles
    }

    @Test(
        .enabled(if: ProcessInfo.processInfo.environment["LIVERY_RUNTIME_PACKAGE_TEST"] == "1"),
        .enabled(if: ExternalTool.python3.isInstalled, "python3 is not installed (scripts/testing/make-corpus needs it)")
    )
    func anAppStartingFromEachV1BundleReachesV2ByteForByteThroughSignedUpdates() throws {
        let python = try #require(ExternalTool.python3.path)
        let swift = try #require(which("swift"), "swift is not on PATH")
        let scratch = try TemporaryDirectory(prefix: "livery-runtime-e2e")
        let corpus = scratch.path + "/corpus"
        let made = try runProcess(python, [Self.root.path + "/scripts/testing/make-corpus", corpus, "--targets", "20"])
        try #require(made.status == 0, "\(made.stderr)")
        _ = try livery(["build", "--rev", "v1", "--out", scratch.path + "/v1", "--platform", "web"], in: corpus)
        _ = try livery(["build", "--rev", "v2", "--out", scratch.path + "/v2", "--platform", "web"], in: corpus)
        _ = try livery(["keys", "generate", "--output", scratch.path + "/keys"], in: corpus)
        _ = try livery(
            [
                "diff", "v1", "v2", "--format", "update", "--output", scratch.path + "/U", "--signing-key",
                scratch.path + "/keys/signing.key",
            ],
            in: corpus
        )

        try RuntimeConsumer.prepare(root: Self.root)
        let consumer = RuntimeConsumer.directory(root: Self.root)
        let build = try runProcess(swift, ["build", "--product", "apply-update"], in: consumer.path)
        try #require(build.status == 0, "\(build.stdout)\n\(build.stderr)")
        let app = consumer.appendingPathComponent(".build/debug/apply-update").path

        let v1 = try styles(in: scratch.path + "/v1")
        let v2 = try styles(in: scratch.path + "/v2")
        // v2 changes base's error colour and body size: every one of the 20 clients changes.
        #expect(v1.count == 20 && Set(v1.keys) == Set(v2.keys))
        for (id, bundled) in v1.sorted(by: { $0.key < $1.key }) {
            let update = "\(scratch.path)/U/\(id)/\(CanonicalJSON.digest(Array(bundled))).json"
            let applied = try runProcess(app, ["\(scratch.path)/v1/\(id)/style.json", update, scratch.path + "/keys/signing.pub"])
            #expect(applied.status == 0, "\(id): \(applied.stderr)")
            #expect(Data(applied.stdoutBytes) == v2[id], "\(id): the updated style differs from v2's bundle")
            #expect(Data(applied.stdoutBytes) != bundled, "\(id): nothing changed")
        }
    }
}
