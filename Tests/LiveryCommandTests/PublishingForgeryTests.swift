import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

/// Publishing with files someone else put in the update folder or handed over
/// as keys: a forged envelope blocks nothing, a linked client folder is
/// reported rather than read, and a private key never gets an id printed.
@Suite("Publishing: forged files and keys")
struct PublishingForgeryTests {
    let history = DiffUpdateCommandTests()

    /// An unsigned envelope claiming the largest sequence there is would make
    /// every later release "not higher". Apps trusting the signing keys refuse
    /// it, so the next signed release is written and the file is named as
    /// untrusted, not obeyed.
    @Test func aForgedEnvelopeWithTheLargestSequenceBlocksNoSignedRelease() throws {
        let fixture = try history.history()
        let (key, _) = try history.keys(in: fixture)
        #expect(
            try LiveryBinary.run(
                ["diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", key, "--sequence", "2"], in: fixture.path
            ).status == 0)
        let published = try #require(history.files(under: fixture.path + "/U").first { $0.hasPrefix("acme/") })
        let forward = try StyleUpdate(parsing: [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.path + "/U/" + published))))
        // Planted where acme's next update goes (from v2's style), so obeying
        // it would mean replacing a sequence no release can exceed.
        let forgedBase = forward.result
        let forged = StyleUpdate(
            target: "acme", base: forgedBase, result: forward.base, patch: .makeObject([]), sequence: StyleUpdate.maximumSequence
        )
        try Data(forged.bytes).write(to: URL(fileURLWithPath: fixture.path + "/U/acme/\(forgedBase).json"))

        // The published folder and the keys stay out of the next commit.
        try fixture.write(".gitignore", "U/\n.keys/\n")
        try fixture.write("targets/base/style.json", DiffUpdateCommandTests.base.replacingOccurrences(of: "#222222", with: "#444444"))
        try fixture.commitAll("v3", tag: "v3")
        let next = try LiveryBinary.run(
            ["diff", "v2", "v3", "--format", "update", "--output", "U", "--signing-key", key, "--sequence", "3"], in: fixture.path)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("acme/\(forgedBase).json in U is not signed by the signing keys"), "\(next.stderr)")
        let written = try StyleUpdate(
            parsing: [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.path + "/U/acme/\(forgedBase).json"))))
        #expect(written.sequence == 3)
        #expect(!written.signatures.isEmpty)
    }

    /// A client folder that is a link to a system directory is a problem of
    /// the folder, never "no problems", and nothing behind the link is read.
    @Test func keysVerifyReportsALinkedClientFolder() throws {
        let fixture = try history.history()
        let (key, _) = try history.keys(in: fixture)
        #expect(
            try LiveryBinary.run(
                ["diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", key, "--sequence", "2"], in: fixture.path
            ).status == 0)
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/U/cove", withDestinationPath: "/etc")
        let result = try LiveryBinary.run(["keys", "verify", "U", "--public-key", fixture.path + "/.keys/signing.pub"], in: fixture.path)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("error: cove: a symbolic link"), "\(result.stderr)")
        #expect(!result.stdout.contains("no problems"), "\(result.stdout)")
    }

    /// `keys id` prints the id apps pin; given the private key, by its name
    /// or by its content beside its public key, it refuses instead of
    /// treating the secret as something to paste around.
    @Test(arguments: ["signing.key", "renamed"])
    func keysIDRefusesAPrivateKey(name: String) throws {
        let directory = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["keys", "generate", "--output", directory.path]).status == 0)
        if name != "signing.key" {
            try FileManager.default.moveItem(atPath: directory.path + "/signing.key", toPath: directory.path + "/" + name)
        }
        let result = try LiveryBinary.run(["keys", "id", directory.path + "/" + name])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains("private key"), "\(result.stderr)")
    }
}
