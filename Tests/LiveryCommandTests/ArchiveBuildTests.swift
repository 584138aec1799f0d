import Foundation
import LiveryTestSupport
import Testing

/// `livery build --archive tar|zip`: one file per bundle, holding exactly the
/// directory bundle's files, the same bytes on every run, replaced atomically
/// and rebuilt only when its inputs change.
@Suite("livery build --archive")
struct ArchiveBuildTests {
    func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"""
            {"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"},
             "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}, "fg": {"light": "#111111", "dark": "#EEEEEE"}},
             "fonts": {"body": {"family": "Test Sans", "size": 16, "weight": "regular", "file": "assets/Test.ttf"}}}
            """##)
        try fixture.write("targets/base/assets/Test.ttf", TestFiles.truetype())
        for index in 0..<2 {
            try fixture.write(
                "targets/client-\(index)/style.json",
                ##"{"extends": "base", "app": {"displayName": "Client \##(index)", "bundleId": "com.example.c\##(index)"}, "images": {"logo": "logo.png"}}"##
            )
            try fixture.write("targets/client-\(index)/logo.png", TestFiles.png(width: 4, height: 4, rgb: (UInt8(index), 1, 2)))
        }
        try fixture.commitAll("clients", tag: "v1")
        return fixture
    }

    /// Every file under `root`, relative path → bytes.
    func tree(_ root: String) throws -> [String: Data] {
        try FileTree.contents(under: root)
    }

    func names(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Unpacks `archive` into a new directory with the system's tool and returns it.
    func unpack(_ archive: String, into scratch: TemporaryDirectory) throws -> String {
        let out = scratch.path + "/" + URL(fileURLWithPath: archive).lastPathComponent + "-unpacked"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let result =
            archive.hasSuffix(".zip")
            ? try runProcess(try #require(which("unzip")), ["-q", archive, "-d", out])
            : try runProcess(try #require(which("tar")), ["-xf", archive, "-C", out])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        return out
    }

    @Test(arguments: ["tar", "zip"])
    func anArchiveHoldsExactlyTheDirectoryBundle(format: String) throws {
        let fixture = try repository()
        let directories = try TemporaryDirectory()
        let archives = try TemporaryDirectory()
        let scratch = try TemporaryDirectory()
        let plain = try LiveryBinary.run(["build", "--out", directories.path], in: fixture.path)
        #expect(plain.status == 0, "\(plain.stderr)")
        let packed = try LiveryBinary.run(["build", "--archive", format, "--out", archives.path], in: fixture.path)
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(packed.stdout.hasSuffix("✓ 2 built, 0 unchanged → \(archives.path)\n"), "\(packed.stdout)")
        #expect(try names(archives.path) == ["client-0.\(format)", "client-1.\(format)"])
        for id in ["client-0", "client-1"] {
            let unpacked = try unpack(archives.path + "/\(id).\(format)", into: scratch)
            let expected = try tree(directories.path + "/" + id)
            #expect(expected.count > 20)
            #expect(try tree(unpacked) == expected, "\(id).\(format) unpacks to the directory bundle")
        }
        if format == "zip" {
            let check = try runProcess(try #require(which("unzip")), ["-t", archives.path + "/client-0.zip"])
            #expect(check.status == 0 && check.stdout.contains("No errors detected"), "\(check.stdout)")
        }
    }

    @Test(arguments: ["tar", "zip"])
    func theSameInputGivesTheSameBytes(format: String) throws {
        let fixture = try repository()
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        for out in [first, second] {
            let result = try LiveryBinary.run(
                ["build", "--archive", format, "--jobs", out === first ? "1" : "2", "--out", out.path], in: fixture.path)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let archive = "client-1.\(format)"
        let bytes = try Data(contentsOf: first.url(archive))
        #expect(bytes.count > 1000)
        #expect(try Data(contentsOf: second.url(archive)) == bytes)
    }

    @Test func anArchiveIsRebuiltOnlyWhenItsInputsChangeAndReplacedAtomically() throws {
        let fixture = try repository()
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--archive", "tar", "--out", out.path], in: fixture.path).status == 0)
        let again = try LiveryBinary.run(["build", "--archive", "tar", "--out", out.path], in: fixture.path)
        #expect(again.stdout.hasSuffix("✓ 0 built, 2 unchanged → \(out.path)\n"), "\(again.stdout)")

        // A reader holding the old archive open keeps reading the whole old file:
        // the new one is renamed into place, never written over it.
        let old = try Data(contentsOf: out.url("client-1.tar"))
        let reader = try FileHandle(forReadingFrom: out.url("client-1.tar"))
        defer { try? reader.close() }
        let untouched = try Data(contentsOf: out.url("client-0.tar"))
        try fixture.write(
            "targets/client-1/style.json",
            ##"{"extends": "base", "app": {"displayName": "Client One", "bundleId": "com.example.c1"}, "images": {"logo": "logo.png"}}"##)
        try fixture.commitAll("rename client 1")
        let changed = try LiveryBinary.run(["build", "--archive", "tar", "--out", out.path], in: fixture.path)
        #expect(changed.stdout.hasSuffix("✓ 1 built, 1 unchanged → \(out.path)\n"), "\(changed.stdout)")
        #expect(try reader.readToEnd() == old)
        #expect(try Data(contentsOf: out.url("client-1.tar")) != old)
        #expect(try Data(contentsOf: out.url("client-0.tar")) == untouched)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".livery-tmp-") }.isEmpty)

        // A deleted archive is written again; a removed target's archive goes.
        try FileManager.default.removeItem(at: out.url("client-0.tar"))
        try fixture.remove("targets/client-1")
        try fixture.commitAll("client 1 leaves")
        let last = try LiveryBinary.run(["build", "--archive", "tar", "--out", out.path], in: fixture.path)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(try names(out.path) == ["client-0.tar"])
        #expect(try Data(contentsOf: out.url("client-0.tar")) == untouched)
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(["build", "--archive", "rar"], in: fixture.path)
        #expect(result.status == 2, "usage errors exit 2: \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("tar") && result.stderr.contains("zip"), "\(result.stderr)")
    }
}
