import Foundation
import LiveryTestSupport
import Testing

/// One rule for where any command writes (`OutputPlace`), and one way of writing
/// under an output directory (`OutputFolder`, relative to a descriptor, never
/// following a link): links committed or planted in an output lead nowhere, and
/// no command writes over the repository's content, its git directory or a bare
/// repository's files, or into an empty path.
@Suite("Where commands may write")
struct OutputPlaceTests {
    /// `acme-bank` and `zeta` over a base, committed as v1, and v2 with zeta changed.
    static func repository(bare: Bool = false) throws -> FixtureRepository {
        let fixture = try OutputOwnershipTests.repository()
        try fixture.write(
            "targets/zeta/style.json",
            ##"{"extends": "base", "app": {"displayName": "Zeta 2", "bundleId": "com.example.zeta"}, "colors": {"bg": "#123456"}}"##)
        try fixture.write("NOTES.md", "The team's notes, tracked.\n")
        try fixture.commitAll("v2", tag: "v2")
        _ = try fixture.git(["tag", "v1", "HEAD~1"])
        return fixture
    }

    static func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    // MARK: 1. Links in an output directory

    /// A repository that commits `dist/` with its marker and links for the lock,
    /// the cache and the archive records (a fork's pull request in CI): git tracks
    /// dist/, so it is the repository's content and no build writes there.
    @Test func aCommittedOutputWithLinksIsRefusedAndNothingIsWrittenThroughThem() throws {
        let fixture = try Self.repository()
        let elsewhere = try TemporaryDirectory()
        try Self.write(elsewhere.path + "/records/acme-bank.tar/manifest.json", "{\n  \"generator\": \"livery\",\n}")
        try Self.write(fixture.path + "/dist/.livery-output", "marker")
        try Self.link(fixture.path + "/dist/.livery.lock", to: elsewhere.path + "/lock")
        try Self.link(fixture.path + "/dist/.livery-cache", to: elsewhere.path + "/cache")
        try Self.link(fixture.path + "/dist/.livery-archives", to: elsewhere.path + "/records")
        try fixture.commitAll("dist")
        let before = try FileTreeSnapshot(elsewhere.path)
        for arguments in [["build"], ["build", "--archive", "tar"]] {
            let result = try LiveryBinary.run(arguments, in: fixture.path)
            #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("git tracks dist/.livery-archives there"), "\(result.stderr)")
        }
        #expect(try FileTreeSnapshot(elsewhere.path).changes(since: before).isEmpty, "nothing was written or removed through the links")
    }

    /// The same links planted in an output livery owns (marker and all, not
    /// tracked): the lock is refused as a link, the cache and the archive records
    /// are never followed, and nothing outside changes.
    @Test func linksPlantedInAnOutputLiveryOwnsAreNeverFollowed() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        try Self.write(elsewhere.path + "/records/gone.tar/manifest.json", "{\n  \"generator\": \"livery\",\n}")
        try Self.write(elsewhere.path + "/gone.tar", "a user's file")
        #expect(try LiveryBinary.run(["build", "--out", out.path], in: fixture.path).status == 0)
        let before = try FileTreeSnapshot(elsewhere.path)

        try FileManager.default.removeItem(atPath: out.path + "/.livery.lock")
        try Self.link(out.path + "/.livery.lock", to: elsewhere.path + "/lock")
        let locked = try LiveryBinary.run(["build", "--out", out.path, "--force"], in: fixture.path)
        #expect(locked.status == 2, "\(locked.stderr)")
        #expect(locked.stderr.contains(".livery.lock: it is a symbolic link"), "\(locked.stderr)")

        try FileManager.default.removeItem(atPath: out.path + "/.livery.lock")
        try? FileManager.default.removeItem(atPath: out.path + "/.livery-cache")
        try Self.link(out.path + "/.livery-cache", to: elsewhere.path + "/cache")
        let cached = try LiveryBinary.run(["build", "--out", out.path, "--force"], in: fixture.path)
        #expect(cached.status == 0, "a cache that is a link is no cache: \(cached.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).sorted() == ["gone.tar", "records"],
            "no cache was made through the link")

        try? FileManager.default.removeItem(atPath: out.path + "/.livery-archives")
        try Self.link(out.path + "/.livery-archives", to: elsewhere.path + "/records")
        let archived = try LiveryBinary.run(["build", "--out", out.path, "--archive", "tar"], in: fixture.path)
        #expect(archived.status == 2, "\(archived.stderr)")
        #expect(archived.stderr.contains("symbolic link"), "\(archived.stderr)")
        #expect(try FileTreeSnapshot(elsewhere.path).changes(since: before).isEmpty, "nothing was written or removed through the links")
    }

    /// A directory of links and nothing else, without the marker, is not
    /// adopted: a link is not what livery writes.
    @Test func aDirectoryOfLinksWithoutTheMarkerIsNotAdopted() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        try Self.link(out.path + "/.livery.lock", to: elsewhere.path + "/lock")
        try Self.link(out.path + "/.livery-cache", to: elsewhere.path)
        let result = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("which livery did not write"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/.livery-output"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    /// Icons committed into `.livery-cache/images/` under the names a build would
    /// look for are never used: a tracked output is refused before any is read.
    @Test func committedCacheFilesAreNeverTrusted() throws {
        let fixture = try Self.repository()
        try fixture.write("dist/.livery-output", "marker")
        try fixture.write("dist/.livery-cache/images/0000.png", TestFiles.png(width: 48, height: 48, rgb: (255, 0, 0)))
        try fixture.commitAll("a planted cache")
        let result = try LiveryBinary.run(["build"], in: fixture.path)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("git tracks dist/.livery-cache/images/0000.png there"), "\(result.stderr)")
    }

    // MARK: 3, 4. diff --output, keys generate --output and update folders

    @Test func noCommandWritesOverTheRepositoryOrIntoAnEmptyPath() throws {
        let fixture = try Self.repository()
        let before = try FileTreeSnapshot(fixture.path)
        let cases: [([String], String)] = [
            (["diff", "v1", "v2", "--output", "targets/acme-bank/style.json"], "inside the repository's targets directory"),
            (["diff", "v1", "v2", "--output", "NOTES.md"], "git tracks it"),
            (["diff", "v1", "v2", "--output", ".git/config"], "the repository's git directory"),
            (["diff", "v1", "v2", "--output", "README-not-tracked/x.md"], "its directory"),
            (["diff", "v1", "v2", "--output", "targets"], "it is a directory; --output names a file"),
            (["diff", "v1", "v2", "--format", "update", "--output", ""], "--output is empty"),
            (["diff", "v1", "v2", "--format", "update", "--output", "targets"], "the repository's targets directory"),
            (["diff", "v1", "v2", "--format", "update", "--output", ".git"], "the repository's git directory"),
            (["diff", "v1", "v2", "--format", "update", "--output", "."], "the repository's root"),
            (["keys", "generate", "--output", ""], "--output is empty"),
            (["keys", "generate", "--output", "."], "the repository's root"),
            (["keys", "generate", "--output", "targets/acme-bank"], "git tracks targets/acme-bank/style.json there"),
            (["keys", "generate", "--output", ".git/keys"], "the repository's git directory"),
            (["gallery", "--output", ".git/gallery"], "the repository's git directory"),
            (["build", "--out", ".git/dist"], "the repository's git directory"),
        ]
        for (arguments, phrase) in cases {
            let result = try LiveryBinary.run(arguments, in: fixture.path)
            #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains(phrase), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(arguments): \(result.stderr)")
        }
        #expect(try FileTreeSnapshot(fixture.path).changes(since: before).filter { !$0.hasPrefix(".git/") || $0 == ".git/config" }.isEmpty)
        #expect(try fixture.git(["status", "--porcelain"]).isEmpty, "git still reads the repository, and nothing new is in it")
    }

    /// A report outside the repository is written, and replaces a link at its
    /// path instead of writing through it.
    @Test func aReportReplacesALinkAtItsPathInsteadOfFollowingIt() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        try Self.write(elsewhere.path + "/victim", "keep")
        try Self.link(out.path + "/diff.md", to: elsewhere.path + "/victim")
        let result = try LiveryBinary.run(
            ["diff", "v1", "v2", "--format", "markdown", "--output", out.path + "/diff.md"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(OutputOwnershipTests.read(elsewhere.path + "/victim") == "keep")
        #expect(OutputOwnershipTests.read(out.path + "/diff.md")?.contains("zeta") == true)
    }

    // MARK: 5. Bare repositories

    /// In a bare clone, `outputDir` (or any output) among git's own files is
    /// refused; git still works on the repository afterwards.
    @Test func nothingIsWrittenAmongABareRepositorysFiles() throws {
        let fixture = try Self.repository()
        try fixture.write("livery.json", ##"{"outputDir": "refs/livery"}"##)
        try fixture.commitAll("outputDir")
        let bare = try TemporaryDirectory()
        _ = try runProcess("/usr/bin/git", ["clone", "--quiet", "--bare", fixture.path, bare.path + "/clone.git"])
        let repository = bare.path + "/clone.git"
        let before = try FileTreeSnapshot(repository)
        for (arguments, phrase) in [
            (["build"], "a bare repository has none"),
            (["build", "--out", "logs"], "among git's own files"),
            (["build", "--out", repository + "/objects/info"], "among git's own files"),
            (["gallery", "--output", "hooks"], "among git's own files"),
        ] {
            let result = try LiveryBinary.run(arguments, in: repository)
            #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains(phrase), "\(arguments): \(result.stderr)")
        }
        #expect(try FileTreeSnapshot(repository).changes(since: before).isEmpty)
        let fsck = try runProcess("/usr/bin/git", ["-C", repository, "fsck", "--strict"])
        #expect(fsck.status == 0, "\(fsck.stderr)")
    }

    // MARK: Every writing command under strace

    /// `scripts/testing/strace-writes`: build (into an output whose cache and records are
    /// links, into a directory of links, and the fastlane platform), diff
    /// --output over a link, diff --format update with a client folder that is a
    /// link, gallery, keys generate beside a planted link, new and import dtcg
    /// over a target folder that is a link, contract init over a linked
    /// contract, contract generate beside a linked AppTheme.swift and (with
    /// Chromium) diff --visual over a report holding a link, each
    /// under strace -f -y: no call touches what the links lead to, and nothing
    /// is written outside the places named.
    @Test(
        .enabled(
            if: ExternalTool.strace.isInstalled && ExternalTool.python3.isInstalled,
            "strace is not installed (scripts/product/bootstrap --test installs it)"))
    func everyWritingCommandKeepsToItsPlacesUnderStrace() throws {
        let result = try runProcess(
            ExternalTool.python3.path ?? "python3", [Self.root + "/scripts/testing/strace-writes", "--livery", LiveryBinary.path],
            in: Self.root
        )
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("0 accesses outside the places named"), "\(result.stdout)")
        var commands = [
            "build into", "diff --output", "diff --format update", "gallery", "keys generate", "new", "import dtcg", "contract init",
            "contract generate",
        ]
        if ExternalTool.chromium.isInstalled { commands.append("diff --visual") }
        for command in commands {
            #expect(result.stdout.contains("strace-writes: \(command)"), "\(command) is not traced: \(result.stdout)")
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path

    static func write(_ path: String, _ text: String) throws {
        try OutputOwnershipTests.write(path, text)
    }
}
