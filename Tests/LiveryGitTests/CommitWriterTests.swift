import Foundation
import LiveryGit
import LiveryTestSupport
import Testing

@Suite("Recording a commit on a new branch")
struct CommitWriterTests {
    func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", #"{"abstract": true}"#)
        try fixture.write("README.md", "readme\n")
        try fixture.commitAll("first")
        return fixture
    }

    @Test func theNewTreeIsTheParentsPlusTheFilesAndNothingElseMoves() throws {
        let fixture = try repository()
        let repository = try Repository.open(at: fixture.path)
        let head = try repository.commit("HEAD")
        let binary: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 0xFF]
        let recorded = try repository.recordCommit(
            adding: ["targets/acme/style.json": Array("{}\n".utf8), "targets/acme/assets/a.png": binary, "targets/acme/empty": []],
            onto: head, branch: "onboard/acme", message: "Onboard acme\n"
        )
        #expect(recorded.branch == "onboard/acme")
        #expect(try fixture.git(["rev-parse", "onboard/acme"]) == recorded.id.hex)
        #expect(try fixture.git(["rev-parse", "onboard/acme^{tree}"]) == recorded.tree.hex)
        #expect(try fixture.git(["rev-parse", "HEAD"]) == head.id.hex)
        #expect(try fixture.git(["status", "--porcelain"]) == "")
        #expect(
            try fixture.git(["diff-tree", "-r", "--name-only", head.id.hex, recorded.id.hex])
                == "targets/acme/assets/a.png\ntargets/acme/empty\ntargets/acme/style.json")
        #expect(try fixture.git(["rev-parse", "onboard/acme:targets/acme/assets/a.png"]) == (try fixture.blob(binary)))
        #expect(try fixture.git(["rev-parse", "onboard/acme:targets/base"]) == (try fixture.git(["rev-parse", "HEAD:targets/base"])))
        #expect(try fixture.git(["fsck", "--strict", "--no-progress"]) == "")
    }

    @Test func anExistingBranchIsNeverMoved() throws {
        let fixture = try repository()
        let repository = try Repository.open(at: fixture.path)
        let head = try repository.commit("HEAD")
        try fixture.git(["branch", "onboard/acme"])
        #expect(try repository.branchExists("onboard/acme"))
        #expect(try !repository.branchExists("onboard/other"))
        #expect(throws: RepositoryError.branchExists("onboard/acme")) {
            try repository.recordCommit(adding: ["targets/acme/style.json": []], onto: head, branch: "onboard/acme", message: "x")
        }
        #expect(try fixture.git(["rev-parse", "onboard/acme"]) == head.id.hex)
    }

    @Test func existingFilesAreNotReplacedAndBadNamesAreRefused() throws {
        let fixture = try repository()
        let repository = try Repository.open(at: fixture.path)
        let head = try repository.commit("HEAD")
        #expect(throws: RepositoryError.pathExists("targets/base/style.json")) {
            try repository.recordCommit(adding: ["targets/base/style.json": []], onto: head, branch: "b1", message: "x")
        }
        #expect(throws: RepositoryError.pathExists("README.md")) {
            try repository.recordCommit(adding: ["README.md/x": []], onto: head, branch: "b2", message: "x")
        }
        #expect(throws: RepositoryError.invalidBranchName("a..b")) {
            try repository.recordCommit(adding: ["x": []], onto: head, branch: "a..b", message: "x")
        }
        #expect(throws: RepositoryError.self) {
            try repository.recordCommit(adding: ["targets/.git/x": []], onto: head, branch: "b3", message: "x")
        }
        #expect(try fixture.git(["branch", "--list"]) == "* main")
        #expect(Repository.isValidBranchName("onboard/acme"))
        #expect(!Repository.isValidBranchName("-x"))
        #expect(!Repository.isValidBranchName(""))
    }
}
