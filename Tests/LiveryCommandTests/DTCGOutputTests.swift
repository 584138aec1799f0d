import Foundation
import LiveryTestSupport
import Testing

/// The `dtcg` platform is built only when asked for. (Its files checked against the official
/// DTCG 2025.10 schemas: LiveryConsumerTests.)
@Suite("dtcg bundles: built only when asked for")
struct DTCGOutputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path

    @Test func dtcgIsOptIn() throws {
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--repo", Self.root, "--out", out.path, "--target", "acme-bank"])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/acme-bank/dtcg"))
        #expect(FileManager.default.fileExists(atPath: out.path + "/acme-bank/ios"))
    }
}
