import Foundation
import LiveryGit
import LiveryTestSupport
import Testing

@Suite("Reading trees, blobs and the working tree")
struct SourceTests {
    func fixture() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("livery.json", "{}\n")
        try fixture.write("targets/base/style.json", #"{"abstract": true}"#)
        try fixture.write("targets/acme/style.json", #"{"extends": "base"}"#)
        try fixture.write("targets/acme/assets/logo.svg", "<svg/>")
        try fixture.commitAll("first", tag: "v1")
        return fixture
    }

    @Test func revisionSourceListsDirectoriesWithGitsIds() throws {
        let fixture = try fixture()
        let source = try RevisionSource(repository: try Repository.open(at: fixture.path), revision: "v1")
        let targets = try #require(try source.directory(at: "targets"))
        #expect(targets.entries.map(\.name) == ["acme", "base"])
        #expect(targets.entries.allSatisfy { $0.isDirectory })
        #expect(targets.id.hex == (try fixture.git(["rev-parse", "v1:targets"])))
        #expect(targets.entries[0].id.hex == (try fixture.git(["rev-parse", "v1:targets/acme"])))
        let acme = try #require(try source.directory(at: "targets/acme"))
        #expect(acme.entries.map(\.name) == ["assets", "style.json"])
        #expect(acme.entries[1].id.hex == (try fixture.git(["rev-parse", "v1:targets/acme/style.json"])))
        #expect(try source.readFile(at: "targets/acme/assets/logo.svg") == Array("<svg/>".utf8))
        #expect(try source.directory(at: "missing") == nil)
        #expect(try source.readFile(at: "targets/nope.json") == nil)
        // A file is not a directory, and a directory is not a file.
        #expect(try source.directory(at: "livery.json") == nil)
        #expect(throws: RepositoryError.wrongKind(path: "targets/acme", expected: "file")) {
            try source.readFile(at: "targets/acme")
        }
        #expect(source.label == "v1 (\(String(try fixture.git(["rev-parse", "v1"]).prefix(7))))")
    }

    @Test func blobIdsAndSizesMatchGit() throws {
        let fixture = try fixture()
        let repository = try Repository.open(at: fixture.path)
        let bytes = Array("hello, livery\n".utf8)
        let stored = try fixture.blob(bytes)
        #expect(ObjectID.blobID(for: bytes).hex == stored)
        #expect(ObjectID.blobID(for: []).hex == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
        let id = try #require(ObjectID(hex: stored))
        #expect(try repository.blobSize(id) == bytes.count)
        #expect(try repository.blob(id) == bytes)
    }

    @Test func diffReportsAddedDeletedModifiedAndRenamedFiles() throws {
        let fixture = try fixture()
        try fixture.write("targets/acme/style.json", #"{"extends": "base", "flags": {}}"#)
        try fixture.git(["mv", "targets/acme/assets/logo.svg", "targets/acme/assets/mark.svg"])
        try fixture.write("targets/zeta/style.json", "{}")
        try fixture.remove("targets/base/style.json")
        try fixture.commitAll("second", tag: "v2")
        let repository = try Repository.open(at: fixture.path)
        let v1 = try repository.commit("v1").tree
        let v2 = try repository.commit("v2").tree

        let plain = try repository.diff(from: v1, to: v2, under: ["targets"])
        // Without rename detection a move is a delete and an add; deltas come in path order.
        #expect(
            plain.map { "\($0.kind) \($0.newPath ?? $0.oldPath ?? "")" } == [
                "deleted targets/acme/assets/logo.svg",
                "added targets/acme/assets/mark.svg",
                "modified targets/acme/style.json",
                "deleted targets/base/style.json",
                "added targets/zeta/style.json",
            ])

        // Limited to two directories, the others are not looked at.
        let two = try repository.diff(from: v1, to: v2, under: ["targets/zeta", "targets/base"])
        #expect(
            two.map { "\($0.kind) \($0.newPath ?? $0.oldPath ?? "")" } == [
                "deleted targets/base/style.json",
                "added targets/zeta/style.json",
            ])

        let renamed = try repository.diff(from: v1, to: v2, detectRenames: true)
        let rename = try #require(renamed.first { $0.kind == .renamed })
        #expect(rename.oldPath == "targets/acme/assets/logo.svg")
        #expect(rename.newPath == "targets/acme/assets/mark.svg")
        #expect(rename.similarity == 100)
        #expect(renamed.count == 4)

        // From the empty tree everything is added.
        let all = try repository.diff(from: nil, to: v1)
        #expect(all.allSatisfy { $0.kind == .added })
        #expect(all.count == 4)
        #expect(try repository.diff(from: v1, to: v1).isEmpty)
    }

    @Test func workingTreeSeesEditsUntrackedFilesAndDeletionsButNotIgnoredFiles() throws {
        let fixture = try fixture()
        try fixture.write(".gitignore", "*.tmp\n")
        try fixture.write("targets/acme/style.json", #"{"extends": "base", "edited": true}"#)
        try fixture.write("targets/new-client/style.json", "{}")
        try fixture.write("targets/acme/scratch.tmp", "ignored")
        try fixture.remove("targets/base/style.json")
        let repository = try Repository.open(at: fixture.path)
        let source = try WorkingTreeSource(repository: repository)
        #expect(source.commit == nil)
        #expect(source.label == "working tree")

        let targets = try #require(try source.directory(at: "targets"))
        // base lost its only file, so git no longer sees the directory.
        #expect(targets.entries.map(\.name) == ["acme", "new-client"])
        let acme = try #require(try source.directory(at: "targets/acme"))
        #expect(acme.entries.map(\.name) == ["assets", "style.json"])
        #expect(try source.readFile(at: "targets/acme/style.json") == Array(#"{"extends": "base", "edited": true}"#.utf8))
        #expect(try source.readFile(at: "targets/new-client/style.json") == Array("{}".utf8))
        // The edited file's id is what git would store for it now.
        #expect(acme.entry(named: "style.json")?.id == ObjectID.blobID(for: Array(#"{"extends": "base", "edited": true}"#.utf8)))
        // Unchanged content keeps the committed ids.
        #expect(acme.entry(named: "assets")?.id.hex == (try fixture.git(["rev-parse", "v1:targets/acme/assets"])))
    }

    @Test func workingTreeDirectoryIdsEqualTheCommittedTreeIds() throws {
        let fixture = try fixture()
        try fixture.write("targets/acme/style.json", #"{"extends": "base", "v": 2}"#)
        try fixture.write("targets/acme/assets/icons/a.png", [0x89, 0x50, 0x4E, 0x47])
        let repository = try Repository.open(at: fixture.path)
        let before = try WorkingTreeSource(repository: repository)
        let workingTargets = try #require(try before.directory(at: "targets"))
        try fixture.commitAll("second", tag: "v2")
        let committed = try #require(try RevisionSource(repository: repository, revision: "v2").directory(at: "targets"))
        #expect(workingTargets.id == committed.id)
        #expect(workingTargets.entries == committed.entries)
        let root = try #require(try WorkingTreeSource(repository: repository).directory(at: ""))
        #expect(root.id.hex == (try fixture.git(["rev-parse", "v2^{tree}"])))
    }

    @Test func workingTreeRefusesSymlinksAndNestedRepositories() throws {
        let fixture = try fixture()
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/targets/acme/passwd", withDestinationPath: "/etc/passwd")
        let nested = try FixtureRepository()
        try nested.write("x.json", "{}")
        try nested.commitAll("inner")
        try FileManager.default.copyItem(atPath: nested.path, toPath: fixture.path + "/targets/inner")
        let source = try WorkingTreeSource(repository: try Repository.open(at: fixture.path))
        let acme = try #require(try source.directory(at: "targets/acme"))
        #expect(acme.refused == [RefusedEntry(path: "targets/acme/passwd", reason: .symlink)])
        #expect(acme.entry(named: "passwd") == nil)
        let targets = try #require(try source.directory(at: "targets"))
        #expect(targets.refused == [RefusedEntry(path: "targets/inner", reason: .submodule)])
        #expect(throws: RepositoryError.self) { try source.readFile(at: "targets/acme/passwd") }
    }

    @Test func workingTreeCanBeLimitedToSomePaths() throws {
        let fixture = try fixture()
        try fixture.write("other/big.bin", [1, 2, 3])
        let source = try WorkingTreeSource(repository: try Repository.open(at: fixture.path), limitedTo: ["targets", "livery.json"])
        let root = try #require(try source.directory(at: ""))
        #expect(root.entries.map(\.name) == ["livery.json", "targets"])
    }

    @Test func memorySourceBehavesLikeATree() throws {
        let source = MemorySource(texts: ["targets/a/style.json": "{}", "targets/b/style.json": "[]", "livery.json": "{}"])
        let targets = try #require(try source.directory(at: "targets"))
        #expect(targets.entries.map(\.name) == ["a", "b"])
        #expect(try source.readFile(at: "targets/b/style.json") == Array("[]".utf8))
        // Same content, same ids as git.
        let fixture = try FixtureRepository()
        try fixture.write("targets/a/style.json", "{}")
        try fixture.write("targets/b/style.json", "[]")
        try fixture.write("livery.json", "{}")
        try fixture.commitAll("same")
        #expect(try source.directory(at: "")?.id.hex == (try fixture.git(["rev-parse", "HEAD^{tree}"])))
    }
}

@Suite("Sizes before contents")
struct SourceSizeTests {
    @Test func revisionAndWorkingTreeSourcesGiveSizesWithoutReading() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/a/big.bin", [UInt8](repeating: 7, count: 5000))
        try fixture.write("targets/a/style.json", "{}")
        try fixture.commitAll("one", tag: "v1")
        let repository = try Repository.open(at: fixture.path)
        let revision = try RevisionSource(repository: repository, revision: "v1")
        let working = try WorkingTreeSource(repository: repository, limitedTo: ["targets"])
        for source in [revision, working] as [any Source] {
            let entry = try #require(try source.fileEntry(at: "targets/a/big.bin"))
            #expect(try source.size(of: entry) == 5000)
            let limited = SizeLimitedSource(base: source, limits: SizeLimits(maxStyleBytes: 1, maxAssetBytes: 4999))
            #expect(throws: RepositoryError.tooLarge(path: "targets/a/big.bin", size: 5000, limit: 4999, setting: "maxAssetBytes")) {
                try limited.contents(of: entry)
            }
            let style = try #require(try source.fileEntry(at: "targets/a/style.json"))
            #expect(throws: RepositoryError.tooLarge(path: "targets/a/style.json", size: 2, limit: 1, setting: "maxStyleBytes")) {
                try limited.contents(of: style)
            }
            #expect(try SizeLimitedSource(base: source, limits: SizeLimits()).contents(of: entry).count == 5000)
        }
    }

    @Test func aWorkingTreeSymlinkHasNoSize() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/a/style.json", "{}")
        try fixture.commitAll("one")
        let source = try WorkingTreeSource(repository: try Repository.open(at: fixture.path), limitedTo: ["targets"])
        let entry = try #require(try source.fileEntry(at: "targets/a/style.json"))
        try fixture.remove("targets/a/style.json")
        symlink("/etc/passwd", fixture.path + "/targets/a/style.json")
        #expect(throws: RepositoryError.self) { try source.size(of: entry) }
    }

    @Test func smallFileReadsOneFileOfATreeByName() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/a/style.json", #"{"extends": "base"}"#)
        try fixture.write("targets/a/assets/logo.svg", "<svg/>")
        try fixture.commitAll("first")
        let repository = try Repository.open(at: fixture.path)
        let tree = try #require(ObjectID(hex: try fixture.git(["rev-parse", "HEAD:targets/a"])))
        #expect(try repository.smallFile(named: "style.json", inTree: tree, maxSize: 100) == Array(#"{"extends": "base"}"#.utf8))
        #expect(try repository.smallFile(named: "style.json", inTree: tree, maxSize: 5) == nil)
        #expect(try repository.smallFile(named: "assets", inTree: tree, maxSize: 100) == nil)
        #expect(try repository.smallFile(named: "missing.json", inTree: tree, maxSize: 100) == nil)
    }
}
