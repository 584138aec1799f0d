import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

/// The shell commands of docs/runtime.md and of docs/ci.md's "Signing style
/// updates" run as written and give updates that verify with the public key.
@Suite("docs/runtime.md runs as written")
struct RuntimeDocumentationTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The code blocks of `file` (without their fences), in order, with the
    /// heading each is under.
    static func codeBlocks(_ file: String) throws -> [(heading: String, language: String, text: String)] {
        let text = try String(contentsOf: projectRoot.appendingPathComponent(file), encoding: .utf8)
        var blocks: [(String, String, String)] = []
        var heading = ""
        var language: String?
        var lines: [String] = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let open = language {
                    blocks.append((heading, open, lines.joined(separator: "\n")))
                    language = nil
                } else {
                    language = String(line.dropFirst(3))
                    lines = []
                }
            } else if language != nil {
                lines.append(line)
            } else if line.hasPrefix("## ") {
                heading = String(line.dropFirst(3))
            }
        }
        return blocks
    }

    /// base and acme at v1; acme's primary colour changes at v2.
    func history() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", ##"{"abstract": true, "colors": {"primary": "#111111"}}"##)
        try fixture.write(
            "targets/acme/style.json", ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}}"##)
        try fixture.commitAll("v1", tag: "v1")
        try fixture.write(
            "targets/acme/style.json",
            ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "colors": {"primary": "#222222"}}"##)
        try fixture.commitAll("v2", tag: "v2")
        return fixture
    }

    func shell(_ command: String, in directory: String, _ variables: [String: String]) throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            URL(fileURLWithPath: LiveryBinary.path).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["NO_COLOR"] = "1"
        for (key, value) in variables { environment[key] = value }
        return try runProcess("/bin/bash", ["-euo", "pipefail", "-c", command], in: directory, environment: environment)
    }

    /// The update for acme under `updates`, checked against the bundle of v1
    /// (its base) and the public key.
    func expectSignedUpdate(in updates: String, bundle: String, publicKey: String) throws {
        let style = try #require(FileManager.default.contents(atPath: bundle))
        let path = "\(updates)/acme/\(CanonicalJSON.digest(Array(style))).json"
        let bytes = try #require(FileManager.default.contents(atPath: path), "no update at \(path)")
        let trusted = try #require(TrustedKey(text: try String(contentsOfFile: publicKey, encoding: .utf8)))
        #expect(trusted.hasSigned(try StyleUpdate(parsing: Array(bytes))))
    }

    @Test func theOverviewMakesSignedUpdatesForTheBundlesOfV1() throws {
        let fixture = try history()
        let home = try TemporaryDirectory()
        let block = try #require(try Self.codeBlocks("docs/runtime.md").first { $0.text.contains("livery keys generate") })
        let result = try shell(block.text, in: fixture.path, ["HOME": home.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        try expectSignedUpdate(
            in: fixture.path + "/updates", bundle: fixture.path + "/dist/acme/style.json",
            publicKey: home.path + "/.livery-keys/signing.pub")
    }

    @Test func theCIStepWritesTheSecretToAPrivateFileAndSignsWithIt() throws {
        let fixture = try history()
        let keys = try TemporaryDirectory()
        let runner = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["keys", "generate", "--output", keys.path]).status == 0)
        let secret = try String(contentsOfFile: keys.path + "/signing.key", encoding: .utf8).trimmingCharacters(in: .newlines)
        let block = try #require(
            try Self.codeBlocks("docs/ci.md").first { $0.heading == "Signing style updates" && $0.text.contains("livery diff") })
        let result = try shell(block.text, in: fixture.path, ["LIVERY_SIGNING_KEY": secret, "RUNNER_TEMP": runner.path, "BASE": "v1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: runner.path + "/signing.key")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try LiveryBinary.run(["build", "--rev", "v1", "--out", "dist-v1", "--platform", "web"], in: fixture.path).status == 0)
        try expectSignedUpdate(
            in: fixture.path + "/updates", bundle: fixture.path + "/dist-v1/acme/style.json", publicKey: keys.path + "/signing.pub")
    }

    @Test func theDocumentCoversWhatAnAppNeeds() throws {
        let text = try String(contentsOf: Self.projectRoot.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        for needed in [
            "StyleStore(", "trustedKeys", ".liveryStyle(store)", "refresh(from:", "404", "2.3.1", "phishing", "x-livery-remote",
            "allowUnsigned", "Cache-Control", "ci.md",
        ] {
            #expect(text.contains(needed), "docs/runtime.md should mention \(needed)")
        }
    }
}
