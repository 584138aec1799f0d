import Foundation
import LiveryGit
import LiveryTestSupport
import Testing

@Suite("Opening repositories and resolving revisions")
struct RepositoryTests {
    /// A repository with two commits, tag v1 on the first.
    func twoCommits() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", #"{"abstract": true}"#)
        try fixture.commitAll("first", tag: "v1")
        try fixture.write("targets/acme/style.json", #"{"extends": "base"}"#)
        try fixture.commitAll("second")
        return fixture
    }

    @Test func opensByPathAndByDiscoveryFromASubdirectory() throws {
        let fixture = try twoCommits()
        let direct = try Repository.open(at: fixture.path)
        #expect(!direct.isBare)
        #expect(direct.workingDirectory == fixture.path + "/")
        let discovered = try Repository.discover(from: fixture.path + "/targets/base")
        #expect(discovered.workingDirectory == fixture.path + "/")
        // open(at:) does not look upwards.
        #expect(throws: RepositoryError.notARepository(path: fixture.path + "/targets")) {
            try Repository.open(at: fixture.path + "/targets")
        }
    }

    @Test func aDirectoryOutsideAnyRepositoryIsNotARepository() throws {
        let scratch = try TemporaryDirectory()
        let error = #expect(throws: RepositoryError.self) { try Repository.discover(from: scratch.path) }
        #expect(error?.localizedDescription == "not a git repository: \(scratch.path)")
    }

    @Test func aMissingPathIsNotARepository() throws {
        #expect(throws: RepositoryError.notARepository(path: "/nonexistent/livery")) {
            try Repository.open(at: "/nonexistent/livery")
        }
    }

    @Test func resolvesHeadTagsAncestryAndIds() throws {
        let fixture = try twoCommits()
        let repository = try Repository.open(at: fixture.path)
        let head = try repository.commit("HEAD")
        #expect(head.id.hex == (try fixture.git(["rev-parse", "HEAD"])))
        #expect(head.tree.hex == (try fixture.git(["rev-parse", "HEAD^{tree}"])))
        #expect(try repository.commit("v1").id.hex == (try fixture.git(["rev-parse", "v1^{commit}"])))
        #expect(try repository.commit("main~1").id == (try repository.commit("v1")).id)
        #expect(try repository.commit(String(head.id.hex.prefix(10))).id == head.id)
        #expect(try repository.commit(head.id.hex).tree == head.tree)
    }

    @Test func annotatedTagsPeelToTheirCommit() throws {
        let fixture = try twoCommits()
        try fixture.git(["tag", "-a", "release", "-m", "a release", "v1"])
        let repository = try Repository.open(at: fixture.path)
        #expect(try repository.commit("release").id == (try repository.commit("v1")).id)
    }

    @Test(arguments: ["v9", "nonexistent-branch", "main~5", "0000000"])
    func unknownRevisionsAreNamed(spec: String) throws {
        let fixture = try twoCommits()
        let repository = try Repository.open(at: fixture.path)
        let error = #expect(throws: RepositoryError.self) { try repository.commit(spec) }
        #expect(error == .unknownRevision(spec))
        #expect(error?.localizedDescription.contains("'\(spec)'") == true)
    }

    @Test(arguments: ["main@{", "HEAD^{nonsense}", ""])
    func invalidRevisionsAreNamed(spec: String) throws {
        let fixture = try twoCommits()
        let repository = try Repository.open(at: fixture.path)
        let error = #expect(throws: RepositoryError.self) { try repository.commit(spec) }
        guard case .invalidRevision(let named, _) = error else {
            Issue.record("expected invalidRevision, got \(String(describing: error))")
            return
        }
        #expect(named == spec)
    }

    @Test func aTreeIsNotACommit() throws {
        let fixture = try twoCommits()
        let repository = try Repository.open(at: fixture.path)
        #expect(throws: RepositoryError.notACommit("HEAD^{tree}")) { try repository.commit("HEAD^{tree}") }
    }

    @Test func anAmbiguousPrefixIsReportedAsAmbiguous() throws {
        // Find two blob contents whose ids share their first four hex digits, the
        // shortest prefix git accepts, then store both.
        var byPrefix: [String: String] = [:]
        var pair: (String, String)?
        for n in 0..<5000 {
            let id = ObjectID.blobID(for: Array("blob \(n)\n".utf8))
            let prefix = String(id.hex.prefix(4))
            if let other = byPrefix[prefix] {
                pair = (other, "blob \(n)\n")
                break
            }
            byPrefix[prefix] = "blob \(n)\n"
        }
        let (first, second) = try #require(pair)
        let fixture = try twoCommits()
        let id = try fixture.blob(first)
        _ = try fixture.blob(second)
        let repository = try Repository.open(at: fixture.path)
        let prefix = String(id.prefix(4))
        #expect(throws: RepositoryError.ambiguousRevision(prefix)) { try repository.commit(prefix) }
    }

    @Test func anEmptyRepositoryHasNoCommitsButAWorkingTree() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", "{}")
        let repository = try Repository.open(at: fixture.path)
        #expect(repository.headIsUnborn)
        #expect(throws: RepositoryError.noCommits("HEAD")) { try repository.commit("HEAD") }
        let source = try WorkingTreeSource(repository: repository)
        #expect(try source.readFile(at: "targets/base/style.json") == Array("{}".utf8))
    }

    @Test func bareRepositoriesOpenAndReadRevisionsButHaveNoWorkingTree() throws {
        let fixture = try twoCommits()
        let bare = try TemporaryDirectory()
        try runProcess(which("git") ?? "/usr/bin/git", ["clone", "--quiet", "--bare", fixture.path, bare.path + "/b.git"])
        let repository = try Repository.open(at: bare.path + "/b.git")
        #expect(repository.isBare)
        #expect(repository.workingDirectory == nil)
        let source = try RevisionSource(repository: repository, revision: "HEAD")
        #expect(try source.readFile(at: "targets/acme/style.json") == Array(#"{"extends": "base"}"#.utf8))
        #expect(throws: RepositoryError.self) { try WorkingTreeSource(repository: repository) }
    }

    @Test func aCorruptObjectIsReportedNotTrusted() throws {
        let fixture = try twoCommits()
        let id = try fixture.git(["rev-parse", "HEAD:targets/acme/style.json"])
        // Overwrite the loose object with a different valid object's bytes: its
        // hash no longer matches its name.
        let objects = fixture.path + "/.git/objects/"
        let path = objects + id.prefix(2) + "/" + id.dropFirst(2)
        let otherID = try fixture.git(["rev-parse", "HEAD:targets/base/style.json"])
        let other = objects + otherID.prefix(2) + "/" + otherID.dropFirst(2)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: other, toPath: path)
        let repository = try Repository.open(at: fixture.path)
        let source = try RevisionSource(repository: repository, revision: "HEAD")
        let error = #expect(throws: RepositoryError.self) { try source.readFile(at: "targets/acme/style.json") }
        guard case .corrupt = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
    }
}
