import Foundation
import LiveryTestSupport
import Testing

@testable import LiveryGit

/// Blobs are read from the object database's backends and checked by livery;
/// libgit2's own read, with its own check, is what remains for the rest.
@Suite("Reading blobs past libgit2, checked against their ids")
struct BlobBackendReadTests {
    /// Bytes of every value, longer than one SHA-1 block many times over.
    static let mixedBytes: [UInt8] = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ $0 >> 8) }

    private func fastRead(_ id: String, in repository: Repository) throws -> [UInt8]? {
        let objectID = try #require(ObjectID(hex: id))
        return repository.withHandle { BlobBackendRead.verifiedBytes(objectID, in: $0) }
    }

    @Test(arguments: [[], Array("hello\n".utf8), mixedBytes])
    func theIdOfBytesIsGitsId(bytes: [UInt8]) throws {
        let fixture = try FixtureRepository()
        let expected = try fixture.git(["hash-object", "--stdin"], input: bytes)
        let id = bytes.withUnsafeBytes { ObjectID.blobID(of: $0) }
        #expect(id.hex == expected)
    }

    @Test func looseAndPackedBlobsAreReadFromTheBackends() throws {
        let fixture = try FixtureRepository()
        let loose = try fixture.blob(Self.mixedBytes)
        let empty = try fixture.blob([])
        #expect(try fastRead(loose, in: Repository.open(at: fixture.path)) == Self.mixedBytes)
        #expect(try fastRead(empty, in: Repository.open(at: fixture.path)) == [])

        try fixture.write("targets/acme/logo.bin", Self.mixedBytes)
        try fixture.commitAll("with the blob")
        _ = try fixture.git(["repack", "-a", "-d", "-q"])
        _ = try fixture.git(["prune-packed"])
        let objects = try FileManager.default.subpathsOfDirectory(atPath: fixture.path + "/.git/objects")
        #expect(!objects.contains(String(loose.prefix(2)) + "/" + loose.dropFirst(2)), "the blob is packed, not loose")
        #expect(try fastRead(loose, in: Repository.open(at: fixture.path)) == Self.mixedBytes)
    }

    @Test func aBlobWhoseBytesDoNotHashToItsIdIsLeftToLibgit2WhichReportsIt() throws {
        let fixture = try FixtureRepository()
        let id = try fixture.blob("the real bytes\n")
        let otherID = try fixture.blob("other bytes\n")
        let objects = fixture.path + "/.git/objects/"
        let path = objects + id.prefix(2) + "/" + id.dropFirst(2)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: objects + otherID.prefix(2) + "/" + otherID.dropFirst(2), toPath: path)
        let repository = try Repository.open(at: fixture.path)
        #expect(try fastRead(id, in: repository) == nil)
        let error = #expect(throws: RepositoryError.self) { try repository.blob(#require(ObjectID(hex: id))) }
        guard case .corrupt(let message) = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        // Said in livery's words, without libgit2's.
        #expect(message.contains("an object or pack file is damaged or missing"), "\(message)")
        #expect(!message.contains("hash mismatch"), "\(message)")
    }

    @Test func aTreeOrAMissingObjectIsLeftToLibgit2() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", "{}")
        _ = try fixture.commitAll("one")
        let tree = try fixture.git(["rev-parse", "HEAD^{tree}"])
        let missing = String(repeating: "ab", count: 20)
        let repository = try Repository.open(at: fixture.path)
        #expect(try fastRead(tree, in: repository) == nil)
        #expect(try fastRead(missing, in: repository) == nil)
        #expect(throws: RepositoryError.self) { try repository.blob(#require(ObjectID(hex: tree))) }
        #expect(throws: RepositoryError.self) { try repository.blob(#require(ObjectID(hex: missing))) }
    }

    /// A pack written after the repository was opened is not among the packs
    /// the backends know: the read steps aside, and libgit2's, which looks
    /// for new packs, finds it.
    @Test func aBlobPackedAfterTheRepositoryWasOpenedIsStillRead() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", "{}")
        _ = try fixture.commitAll("one")
        _ = try fixture.git(["repack", "-a", "-d", "-q"])
        let repository = try Repository.open(at: fixture.path)
        let first = try fixture.git(["rev-parse", "HEAD:targets/acme/style.json"])
        #expect(try repository.blob(#require(ObjectID(hex: first))) == Array("{}".utf8))

        try fixture.write("targets/acme/logo.bin", Self.mixedBytes)
        _ = try fixture.commitAll("two")
        _ = try fixture.git(["repack", "-d", "-q"])
        _ = try fixture.git(["prune-packed"])
        let second = try fixture.git(["rev-parse", "HEAD:targets/acme/logo.bin"])
        #expect(try repository.blob(#require(ObjectID(hex: second))) == Self.mixedBytes)
    }
}
