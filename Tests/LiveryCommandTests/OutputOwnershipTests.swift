import Foundation
import LiveryTestSupport
import Testing

/// livery replaces or removes only what it wrote, in an output directory of its
/// own; anything else in the way is refused with exit 2 before anything is
/// written, and the output may not be the repository, its targets or templates.
@Suite("The output directory is livery's")
struct OutputOwnershipTests {
    /// A base and two clients, `acme-bank` and `zeta`, committed.
    static func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}, "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}}}"##
        )
        try fixture.write(
            "targets/acme-bank/style.json", ##"{"extends": "base", "app": {"displayName": "Acme Bank", "bundleId": "com.example.acme"}}"##)
        try fixture.write(
            "targets/zeta/style.json", ##"{"extends": "base", "app": {"displayName": "Zeta", "bundleId": "com.example.zeta"}}"##)
        try fixture.write("templates/plain/template.json", ##"{"description": "Plain.", "variables": {}}"##)
        try fixture.write(
            "templates/plain/style.json", ##"{"extends": "base", "app": {"displayName": "{{id}}", "bundleId": "com.example.{{id}}"}}"##)
        try fixture.commitAll("clients")
        return fixture
    }

    static func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Entries in the way

    @Test func aUsersDirectoryNamedLikeAClientIsKeptAndTheBuildRefused() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        try Self.write(out.path + "/acme-bank/keep", "x")
        let before = try FileTreeSnapshot(out.path)
        let result = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("it holds 'acme-bank', which livery did not write"), "\(result.stderr)")
        #expect(try FileTreeSnapshot(out.path).changes(since: before).isEmpty, "nothing is written before a refusal")
    }

    /// Build systems make the folders of the files they expect before running
    /// livery (SwiftPM's build commands do): empty folders hold nothing to lose.
    @Test func emptyFoldersInPlaceOfABundleAreReplacedInANewOrAMarkedOutput() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: out.path + "/acme-bank/ios/Livery.xcassets", withIntermediateDirectories: true)
        let first = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path + "/acme-bank/manifest.json"))
        try FileManager.default.createDirectory(atPath: out.path + "/newcomer/ios", withIntermediateDirectories: true)
        try fixture.write(
            "targets/newcomer/style.json", ##"{"extends": "base", "app": {"displayName": "New", "bundleId": "com.example.new"}}"##)
        let second = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path + "/newcomer/manifest.json"))
        // One file anywhere inside makes the folder someone's.
        let fresh = try TemporaryDirectory()
        try Self.write(fresh.path + "/acme-bank/ios/keep", "x")
        let refused = try LiveryBinary.run(["build", "--out", fresh.path], in: fixture.path)
        #expect(refused.status == 2 && refused.stderr.contains("it holds 'acme-bank'"), "\(refused.stderr)")
    }

    @Test func inAnOutputLiveryOwnsAUsersDirectoryInTheWayIsRefusedBeforeAnyBundleIsWritten() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", out.path], in: fixture.path).status == 0)
        // The user replaces one bundle by a directory of their own, and a client changes.
        try FileManager.default.removeItem(atPath: out.path + "/acme-bank")
        try Self.write(out.path + "/acme-bank/keep", "x")
        try fixture.write(
            "targets/zeta/style.json", ##"{"extends": "base", "app": {"displayName": "Zeta 2", "bundleId": "com.example.zeta"}}"##)
        let before = try FileTreeSnapshot(out.path)
        let result = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("refusing to replace '\(out.path)/acme-bank': livery did not write it"), "\(result.stderr)")
        #expect(try FileTreeSnapshot(out.path).changes(since: before).isEmpty, "zeta was not rebuilt, keep is kept")
    }

    @Test func aUsersFileNamedLikeAnArchiveIsNotOverwritten() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        try Self.write(out.path + "/acme-bank.tar", "mine")
        let unmarked = try LiveryBinary.run(["build", "--archive", "tar", "--out", out.path], in: fixture.path)
        #expect(unmarked.status == 2, "\(unmarked.stdout)\(unmarked.stderr)")
        #expect(unmarked.stderr.contains("'acme-bank.tar'"), "\(unmarked.stderr)")
        #expect(Self.read(out.path + "/acme-bank.tar") == "mine")

        // In a directory livery owns (from a directory build), the same file is refused by name.
        let owned = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", owned.path], in: fixture.path).status == 0)
        try Self.write(owned.path + "/acme-bank.tar", "mine")
        let result = try LiveryBinary.run(["build", "--archive", "tar", "--out", owned.path], in: fixture.path)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("refusing to replace '\(owned.path)/acme-bank.tar'"), "\(result.stderr)")
        #expect(Self.read(owned.path + "/acme-bank.tar") == "mine")
        #expect(!FileManager.default.fileExists(atPath: owned.path + "/zeta.tar"), "nothing is written before a refusal")
    }

    @Test func anOutputWrittenByAnEarlierLiveryIsAdoptedAndAnythingElseInItNamed() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", out.path], in: fixture.path).status == 0)
        #expect(try LiveryBinary.run(["build", "--archive", "zip", "--out", out.path], in: fixture.path).status == 0)
        // Earlier versions wrote no marker: bundles, archives with records, the lock and cache only.
        try FileManager.default.removeItem(atPath: out.path + "/.livery-output")
        let adopted = try LiveryBinary.run(["build", "--out", out.path, "--force"], in: fixture.path)
        #expect(adopted.status == 0, "\(adopted.stdout)\(adopted.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path + "/.livery-output"))

        try FileManager.default.removeItem(atPath: out.path + "/.livery-output")
        try Self.write(out.path + "/notes.txt", "mine")
        let refused = try LiveryBinary.run(["build", "--out", out.path, "--force"], in: fixture.path)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("it holds 'notes.txt', which livery did not write"), "\(refused.stderr)")
        #expect(Self.read(out.path + "/notes.txt") == "mine")
    }

    @Test func pruningRemovesOnlyBundlesLiveryWrote() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", out.path], in: fixture.path).status == 0)
        try Self.write(out.path + "/gone/keep", "x")
        try fixture.remove("targets/zeta")
        let result = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("removed   zeta"))
        #expect(Self.read(out.path + "/gone/keep") == "x")
    }

    // MARK: Places the output may not be

    @Test(arguments: [
        (["--out", "targets"], "the repository's targets directory targets/"),
        (["--out", "targets/out"], "inside the repository's targets directory targets/"),
        (["--out", "templates"], "the repository's templates directory templates/"),
        (["--out", "."], "it is the repository's root"),
        (["--out", "./.git/dist"], "inside the repository's git directory .git/"),
    ])
    func theRepositoryItsTargetsAndTemplatesAreRefused(_ arguments: [String], _ message: String) throws {
        let fixture = try Self.repository()
        // A target named like the directory a build would replace.
        try fixture.write("targets/targets/style.json", ##"{"extends": "base", "app": {"displayName": "T", "bundleId": "com.example.t"}}"##)
        try fixture.commitAll("a target named targets")
        let before = try FileTreeSnapshot(fixture.path)
        let result = try LiveryBinary.run(["build"] + arguments, in: fixture.path)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try FileTreeSnapshot(fixture.path).changes(since: before).isEmpty)
    }

    @Test func anEmptyOutIsAUsageError() throws {
        let fixture = try Self.repository()
        let before = try FileTreeSnapshot(fixture.path)
        let result = try LiveryBinary.run(["build", "--out", ""], in: fixture.path)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("--out must name a directory"), "\(result.stderr)")
        #expect(try FileTreeSnapshot(fixture.path).changes(since: before).isEmpty)
    }

    @Test func outputDirInLiveryJSONStaysInsideTheRepository() throws {
        let root = try TemporaryDirectory()
        let fixture = try Self.repository()
        try Self.write(root.path + "/victim/acme-bank/keep", "x")
        try fixture.write("livery.json", #"{"outputDir": "\#(root.path)/victim"}"#)
        let absolute = try LiveryBinary.run(["build"], in: fixture.path)
        #expect(absolute.status == 2, "\(absolute.stdout)\(absolute.stderr)")
        #expect(absolute.stderr.contains("\"outputDir\" must be a relative path inside the repository"), "\(absolute.stderr)")

        let relative =
            "../" + String(repeating: "../", count: fixture.path.split(separator: "/").count) + String(root.path.dropFirst()) + "/victim"
        try fixture.write("livery.json", #"{"outputDir": "\#(relative)"}"#)
        let climbing = try LiveryBinary.run(["build"], in: fixture.path)
        #expect(climbing.status == 2, "\(climbing.stdout)\(climbing.stderr)")
        #expect(climbing.stderr.contains("livery.json:1:"), "the error is placed in livery.json: \(climbing.stderr)")

        // A symbolic link in the working tree does not lead out either.
        try fixture.write("livery.json", #"{"outputDir": "dist"}"#)
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/dist", withDestinationPath: root.path + "/victim")
        let linked = try LiveryBinary.run(["build"], in: fixture.path)
        #expect(linked.status == 2, "\(linked.stdout)\(linked.stderr)")
        #expect(linked.stderr.contains("leads outside the repository"), "\(linked.stderr)")
        #expect(Self.read(root.path + "/victim/acme-bank/keep") == "x")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path + "/victim") == ["acme-bank"])

        // A --out on the command line may be anywhere.
        let elsewhere = try LiveryBinary.run(["build", "--out", root.path + "/elsewhere"], in: fixture.path)
        #expect(elsewhere.status == 0, "\(elsewhere.stdout)\(elsewhere.stderr)")
    }

    @Test func aGalleryIsNotWrittenIntoTheTargets() throws {
        let fixture = try Self.repository()
        let before = try FileTreeSnapshot(fixture.path)
        let result = try LiveryBinary.run(["gallery", "--output", "targets/gallery"], in: fixture.path)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("inside the repository's targets directory targets/"), "\(result.stderr)")
        #expect(try FileTreeSnapshot(fixture.path).changes(since: before).isEmpty)
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
    }
}
