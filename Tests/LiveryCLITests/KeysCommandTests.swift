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
        let privateText = try read(keys + "/signing.key"), publicText = try read(keys + "/signing.pub")
        #expect(privateText.hasSuffix("\n") && publicText.hasSuffix("\n"))
        let key = try #require(UpdateSigningKey(text: privateText))
        let trusted = try #require(TrustedKey(text: publicText))
        #expect(key.publicKey == trusted)
        let update = StyleUpdate(target: "acme", base: String(repeating: "a", count: 64), result: String(repeating: "b", count: 64), patch: .makeObject([]))
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
        let first = try TemporaryDirectory(), second = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["keys", "generate", "--output", first.path]).status == 0)
        #expect(try LiveryBinary.run(["keys", "generate", "--output", second.path]).status == 0)
        #expect(try read(first.path + "/signing.key") != read(second.path + "/signing.key"))
    }
}
