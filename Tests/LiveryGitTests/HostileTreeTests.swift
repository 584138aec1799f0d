import Foundation
import LiveryGit
import LiveryTestSupport
import Testing

/// Trees that porcelain would refuse to write, made with plumbing the way a
/// hostile repository could carry them. Each must be refused by name, never read.
@Suite("Refusing unsafe tree entries")
struct HostileTreeTests {
    /// Makes `targets/evil/` hold `style.json` plus one extra entry, commits it, and lists the directory.
    func listing(with extra: FixtureRepository.TreeEntry, in fixture: FixtureRepository) throws -> SourceDirectory {
        let style = try fixture.blob("{}")
        let evil = try fixture.tree(
            [FixtureRepository.TreeEntry(mode: "100644", name: "style.json", id: style), extra].sorted {
                $0.name.lexicographicallyPrecedes($1.name)
            })
        let targets = try fixture.tree([FixtureRepository.TreeEntry(mode: "40000", name: "evil", id: evil)])
        let root = try fixture.tree([FixtureRepository.TreeEntry(mode: "40000", name: "targets", id: targets)])
        try fixture.commitTree(root, tag: "hostile")
        let source = try RevisionSource(repository: try Repository.open(at: fixture.path), revision: "hostile")
        return try #require(try source.directory(at: "targets/evil"))
    }

    static let cases: [(name: [UInt8], mode: String, reason: Refusal)] = [
        (Array("link".utf8), "120000", .symlink),
        (Array("module".utf8), "160000", .submodule),
        (Array("..".utf8), "100644", .dotSegment),
        (Array(".".utf8), "100644", .dotSegment),
        (Array(".git".utf8), "40000", .dotGit),
        (Array(".GIT".utf8), "100644", .dotGit),
        (Array(".git ".utf8), "100644", .dotGit),
        (Array(".git.".utf8), "100644", .dotGit),
        (Array("GIT~1".utf8), "100644", .dotGit),
        (Array(".g\u{200C}it".utf8), "100644", .dotGit),
        (Array("\u{FEFF}.git".utf8), "100644", .dotGit),
        (Array(".git::$INDEX_ALLOCATION".utf8), "100644", .dotGit),
        (Array("a/b".utf8), "100644", .separatorInName),
        (Array("a\\b".utf8), "100644", .separatorInName),
        ([0x66, 0xFF, 0x6F], "100644", .notUTF8),
    ]

    @Test(arguments: 0..<cases.count)
    func refusesByName(index: Int) throws {
        let fixture = try FixtureRepository()
        let (name, mode, reason) = Self.cases[index]
        let id = mode == "40000" ? try fixture.tree([]) : (mode == "160000" ? String(repeating: "ab", count: 20) : try fixture.blob("x"))
        let directory = try listing(with: .init(mode: mode, name: name, id: id), in: fixture)
        #expect(directory.entries.map(\.name) == ["style.json"])
        #expect(directory.refused.count == 1)
        #expect(directory.refused.first?.reason == reason)
    }

    @Test func nonUTF8NamesAreShownEscaped() throws {
        let fixture = try FixtureRepository()
        let directory = try listing(with: .init(mode: "100644", name: [0x66, 0xFF, 0x6F], id: try fixture.blob("x")), in: fixture)
        #expect(directory.refused.first?.path == "targets/evil/f\\xFFo")
    }

    @Test func namesDifferingOnlyByCaseOrNormalisationAreBothRefused() throws {
        let fixture = try FixtureRepository()
        let blob = try fixture.blob("x")
        let style = try fixture.blob("{}")
        let evil = try fixture.tree([
            .init(mode: "100644", name: "Logo.png", id: blob),
            .init(mode: "100644", name: "caf\u{E9}.png", id: blob),
            .init(mode: "100644", name: "cafe\u{301}.png", id: blob),
            .init(mode: "100644", name: "logo.png", id: blob),
            .init(mode: "100644", name: "style.json", id: style),
        ])
        let targets = try fixture.tree([.init(mode: "40000", name: "evil", id: evil)])
        try fixture.commitTree(try fixture.tree([.init(mode: "40000", name: "targets", id: targets)]), tag: "t")
        let source = try RevisionSource(repository: try Repository.open(at: fixture.path), revision: "t")
        let directory = try #require(try source.directory(at: "targets/evil"))
        #expect(directory.entries.map(\.name) == ["style.json"])
        #expect(
            Set(directory.refused.map(\.path)) == [
                "targets/evil/Logo.png", "targets/evil/logo.png", "targets/evil/caf\u{E9}.png", "targets/evil/cafe\u{301}.png",
            ])
        #expect(
            directory.refused.allSatisfy {
                if case .caseCollision = $0.reason { true } else { false }
            })
    }

    @Test func unsafePathsCannotBeAskedFor() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/a/style.json", "{}")
        try fixture.commitAll("a")
        let source = try RevisionSource(repository: try Repository.open(at: fixture.path), revision: "HEAD")
        #expect(throws: RepositoryError.self) { try source.directory(at: "targets/../..") }
        #expect(throws: RepositoryError.self) { try source.readFile(at: ".git/config") }
        #expect(throws: RepositoryError.self) { try source.readFile(at: "/etc/passwd") }
    }
}
