import Foundation
import LiveryArchive
import LiveryTestSupport
import Testing

/// Archives livery writes, read back by the standard tools: GNU tar, `unzip`
/// and Python's `tarfile` and `zipfile`. Each reader must list every entry and
/// give back every file's bytes.
@Suite("Archive bundles read by tar, unzip and Python")
struct ArchiveReadersTests {
    /// A bundle-shaped set of files: nested directories, an empty file, binary
    /// bytes (stored), text that deflates, a UTF-8 name, and a path too long for ustar's name fields alone.
    static let entries: [ArchiveEntry] = {
        var random = SeededRandom(seed: 7)
        let binary = (0..<3000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let deep =
            (1...14).map { "directory\($0)" }.joined(separator: "/")
            + "/a-file-whose-path-is-longer-than-a-ustar-header-can-hold-in-one-field.txt"
        return [
            ArchiveEntry(path: "style.json", bytes: Array("{\"id\": \"acme\"}\n".utf8)),
            ArchiveEntry(path: "ios/Livery.xcassets/Colors/primary.colorset/Contents.json", bytes: Array("{}".utf8)),
            ArchiveEntry(path: "android/res/mipmap-xxxhdpi/ic_launcher.png", bytes: binary),
            ArchiveEntry(path: "web/empty.css", bytes: []),
            ArchiveEntry(path: "web/theme.css", bytes: Array(String(repeating: ":root { --primary: #0A3D91; }\n", count: 300).utf8)),
            ArchiveEntry(path: "web/images/Ærø-logo.svg", bytes: Array("<svg/>".utf8)),
            ArchiveEntry(path: deep, bytes: Array("deep".utf8)),
        ]
    }()

    static let python = ExternalTool.python3

    func write(_ format: ArchiveFormat, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/bundle." + format.fileExtension
        try Data(try format.archive(Self.entries)).write(to: URL(fileURLWithPath: path))
        return path
    }

    func expectExtracted(into root: String) throws {
        for entry in Self.entries {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + entry.path)))
            #expect(bytes == entry.bytes, "\(entry.path)")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: root + "/style.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        #expect((attributes[.modificationDate] as? Date) == Date(timeIntervalSince1970: 315_532_800))
    }

    @Test func gnuTarExtractsEveryFile() throws {
        let tar = try #require(which("tar"), "tar is on every system livery supports")
        let directory = try TemporaryDirectory()
        let archive = try write(.tar, in: directory)
        let listing = try runProcess(tar, ["-tf", archive])
        #expect(listing.status == 0, "\(listing.stderr)")
        let files = listing.stdout.split(separator: "\n").filter { !$0.hasSuffix("/") }.map(String.init)
        #expect(files == Self.entries.map(\.path).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        try FileManager.default.createDirectory(atPath: directory.path + "/out", withIntermediateDirectories: true)
        let extract = try runProcess(tar, ["-xf", archive, "-C", directory.path + "/out"])
        #expect(extract.status == 0, "\(extract.stderr)")
        #expect(extract.stderr.isEmpty, "tar warns about nothing: \(extract.stderr)")
        try expectExtracted(into: directory.path + "/out")
    }

    @Test func unzipTestsAndExtractsEveryFile() throws {
        let unzip = try #require(which("unzip"), "unzip is installed by scripts/product/bootstrap --test")
        let directory = try TemporaryDirectory()
        let archive = try write(.zip, in: directory)
        let check = try runProcess(unzip, ["-t", archive])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("No errors detected"))
        let extract = try runProcess(unzip, ["-q", archive, "-d", directory.path + "/out"])
        #expect(extract.status == 0, "\(extract.stderr)")
        try expectExtracted(into: directory.path + "/out")
    }

    @Test(.enabled(if: python.isInstalled, "python3 is missing (scripts/product/bootstrap --test installs it)"))
    func pythonReadsBothFormats() throws {
        let directory = try TemporaryDirectory()
        let tar = try write(.tar, in: directory)
        let zip = try write(.zip, in: directory)
        // Prints path, size and hex bytes of every file each library reads, tar then zip.
        let script = """
            import sys, tarfile, zipfile
            with tarfile.open(sys.argv[1]) as archive:
                for member in archive.getmembers():
                    if member.isfile():
                        data = archive.extractfile(member).read()
                        print("tar", member.name, len(data), data.hex(), oct(member.mode), member.mtime)
            with zipfile.ZipFile(sys.argv[2]) as archive:
                assert archive.testzip() is None
                for info in archive.infolist():
                    if not info.is_dir():
                        data = archive.read(info)
                        print("zip", info.filename, len(data), data.hex(), oct(info.external_attr >> 16 & 0o777), info.date_time[0])
                        print("method", info.filename, info.compress_type)
            """
        let result = try runProcess(try #require(Self.python.path), ["-c", script, tar, zip])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Set(result.stdout.split(separator: "\n").map(String.init))
        for entry in Self.entries {
            let digest = entry.bytes.map { String(format: "%02x", $0) }.joined()
            #expect(lines.contains("tar \(entry.path) \(entry.bytes.count) \(digest) 0o644 315532800"), "\(entry.path) in tar")
            #expect(lines.contains("zip \(entry.path) \(entry.bytes.count) \(digest) 0o644 1980"), "\(entry.path) in zip")
        }
        // Deflated where it shrinks (8), stored where it does not (0).
        #expect(lines.contains("method web/theme.css 8"))
        #expect(lines.contains("method android/res/mipmap-xxxhdpi/ic_launcher.png 0"))
        #expect(lines.count == 3 * Self.entries.count)
    }
}
