import Foundation
import LiveryCore
import LiveryJSON
import LiveryTestSupport
import Testing

@Suite("livery keys generate")
struct KeysCommandTests {
    func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func writesAKeyPairThatSignsAndVerifies() throws {
        let directory = try TemporaryDirectory()
        let keys = directory.path + "/keys"
        let result = try LiveryBinary.run(["keys", "generate", "--output", keys])
        #expect(result.status == 0, "\(result.stderr)")
        let privateText = try read(keys + "/signing.key")
        let publicText = try read(keys + "/signing.pub")
        #expect(privateText.hasSuffix("\n") && publicText.hasSuffix("\n"))
        let key = try #require(UpdateSigningKey(text: privateText))
        let trusted = try #require(TrustedKey(text: publicText))
        #expect(key.publicKey == trusted)
        let update = StyleUpdate(
            target: "acme", base: String(repeating: "a", count: 64), result: String(repeating: "b", count: 64), patch: .makeObject([]),
            sequence: 1)
        #expect(trusted.hasSigned(try key.sign(update)))
    }

    @Test func thePrivateKeyIsReadableByItsOwnerOnly() throws {
        let directory = try TemporaryDirectory()
        let result = try LiveryBinary.run(["keys", "generate", "--output", directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path + "/signing.key")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let publicAttributes = try FileManager.default.attributesOfItem(atPath: directory.path + "/signing.pub")
        #expect((publicAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o644)
    }

    @Test(arguments: ["signing.key", "signing.pub"])
    func refusesToOverwriteEitherFile(existing: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/" + existing
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try LiveryBinary.run(["keys", "generate", "--output", directory.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'\(path)' already exists"), "\(result.stderr)")
        #expect(try read(path) == "keep me\n")
        // Nothing else was written either.
        let other = existing == "signing.key" ? "signing.pub" : "signing.key"
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/" + other))
    }

    @Test func twoRunsMakeDifferentKeys() throws {
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["keys", "generate", "--output", first.path]).status == 0)
        #expect(try LiveryBinary.run(["keys", "generate", "--output", second.path]).status == 0)
        #expect(try read(first.path + "/signing.key") != read(second.path + "/signing.key"))
    }

    /// A dangling symbolic link at signing.pub: nothing may be written, not
    /// even the private key (a lone private key has no public key to give apps).
    @Test(arguments: ["signing.key", "signing.pub"])
    func aDanglingLinkAtEitherDestinationWritesNothing(link: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/" + link
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: directory.path + "/nowhere")
        let result = try LiveryBinary.run(["keys", "generate", "--output", directory.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'\(path)' already exists"), "\(result.stderr)")
        let other = link == "signing.key" ? "signing.pub" : "signing.key"
        var status = stat()
        #expect(lstat(directory.path + "/" + other, &status) != 0, "\(other) was written")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/nowhere"))
    }

    @Test func keysIDPrintsTheIdOfAPublicKey() throws {
        let directory = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["keys", "generate", "--output", directory.path]).status == 0)
        let trusted = try #require(TrustedKey(text: try read(directory.path + "/signing.pub")))
        let result = try LiveryBinary.run(["keys", "id", directory.path + "/signing.pub"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == trusted.keyID + "\n")
        #expect(trusted.keyID.count == 16)
        // The private key's public half has the same id.
        #expect(try #require(UpdateSigningKey(text: try read(directory.path + "/signing.key"))).keyID == trusted.keyID)
    }

    @Test(arguments: ["garbage", "missing", "huge"])
    func keysIDRefusesWhatIsNotAPublicKey(kind: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/" + kind
        switch kind {
        case "garbage": try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: path))
        case "huge": try Data(repeating: 0x41, count: 100_000).write(to: URL(fileURLWithPath: path))
        default: break
        }
        let result = try LiveryBinary.run(["keys", "id", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'\(path)'"), "\(result.stderr)")
        #expect(!result.stderr.contains("Domain"), "\(result.stderr)")
    }
}
