import Foundation
import LiveryGit
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("A bundle is installed whole, over whatever its place holds")
struct BundleInstallTests {
    static func files(_ text: String) -> [BundleFile] {
        [BundleFile(path: "style.json", bytes: Array(text.utf8)), BundleFile(path: "ios/Theme.swift", bytes: Array("// \(text)".utf8))]
    }

    /// Every entry of the output directory but the lock and the marker.
    static func entries(_ root: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root).filter {
            $0 != BundleDirectory.lockName && $0 != OutputOwnership.markerName
        }.sorted()
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func aNewBundleAppearsWithEveryFile() throws {
        let out = try TemporaryDirectory()
        let directory = try BundleDirectory(root: URL(fileURLWithPath: out.path))
        try directory.install(id: "acme", files: Self.files("one"))
        #expect(try Self.entries(out.path) == ["acme"])
        #expect(try Self.read(out.path + "/acme/style.json") == "one")
        #expect(try Self.read(out.path + "/acme/ios/Theme.swift") == "// one")
    }

    @Test func aBundleReplacesTheOldOneAndNothingOfTheOldStays() throws {
        let out = try TemporaryDirectory()
        let directory = try BundleDirectory(root: URL(fileURLWithPath: out.path))
        try directory.install(id: "acme", files: Self.files("one") + [BundleFile(path: "web/theme.css", bytes: Array("a{}".utf8))])
        try directory.install(id: "acme", files: Self.files("two"))
        #expect(try Self.entries(out.path) == ["acme"])
        #expect(try Self.read(out.path + "/acme/style.json") == "two")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/acme/web"))
    }

    /// `install` swaps in over whatever is at the place; `build` asks `bundleState`
    /// first and never installs over what is not livery's. A file, or a folder
    /// holding one, is someone's; folders with nothing in them (what a build
    /// system such as SwiftPM makes for the outputs it expects) are free room.
    @Test(arguments: [
        ("file", EntryState.foreign), ("directory holding a file", .foreign),
        ("empty directory", .absent), ("empty directories", .absent),
    ])
    func whatElseIsAtTheBundlesPlaceIsForeignUnlessEmptyAndInstallReplacesIt(occupant: String, state: EntryState) throws {
        let out = try TemporaryDirectory()
        let place = out.path + "/acme"
        let directory = try BundleDirectory(root: URL(fileURLWithPath: out.path))
        #expect(directory.bundleState(id: "acme", readInputs: true) == .absent)
        switch occupant {
        case "file":
            try Data("not a bundle".utf8).write(to: URL(fileURLWithPath: place))
        case "directory holding a file":
            try FileManager.default.createDirectory(atPath: place + "/ios", withIntermediateDirectories: true)
            try Data("notes".utf8).write(to: URL(fileURLWithPath: place + "/ios/notes.txt"))
        case "empty directories":
            try FileManager.default.createDirectory(atPath: place + "/ios/Livery.xcassets", withIntermediateDirectories: true)
        default:
            try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: false)
        }
        #expect(directory.bundleState(id: "acme", readInputs: true) == state)
        try directory.install(id: "acme", files: Self.files("one"))
        #expect(try Self.entries(out.path) == ["acme"])
        #expect(try Self.read(place + "/style.json") == "one")
    }

    @Test func anUnmarkedDirectoryHoldingAnythingElseIsRefusedAndLeftAsItWas() throws {
        let out = try TemporaryDirectory()
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out.path + "/notes.txt"))
        let error = #expect(throws: BuildError.self) { _ = try BundleDirectory(root: URL(fileURLWithPath: out.path)) }
        #expect(
            error?.errorDescription?.contains("it holds 'notes.txt', which livery did not write") == true, "\(String(describing: error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
    }

    @Test func anEmptyOrNewDirectoryIsMarkedAsLiverys() throws {
        let out = try TemporaryDirectory()
        _ = try BundleDirectory(root: URL(fileURLWithPath: out.path + "/new/dist"))
        #expect(FileManager.default.fileExists(atPath: out.path + "/new/dist/" + OutputOwnership.markerName))
        // The parent holds `new`, which is not livery's.
        #expect(throws: BuildError.self) { _ = try BundleDirectory(root: URL(fileURLWithPath: out.path)) }
        #expect(!FileManager.default.fileExists(atPath: out.path + "/" + OutputOwnership.markerName))
    }

    /// Files of one digest are one file on disk, whatever made them; a file of
    /// another digest, or without one, is its own.
    @Test func filesOfOneDigestAreHardLinked() throws {
        let out = try TemporaryDirectory()
        let directory = try BundleDirectory(root: URL(fileURLWithPath: out.path))
        let blob = try #require(ObjectID(hex: String(repeating: "5a", count: 20)))
        var files = [
            BundleFile(path: "ios/logo.png", bytes: [1, 2], origin: BundleFile.Origin(blob: blob, transform: nil)),
            BundleFile(path: "web/images/logo.png", bytes: [1, 2], origin: BundleFile.Origin(blob: blob, transform: nil)),
            BundleFile(
                path: "android/res/mipmap-mdpi/ic_launcher.png", bytes: [3],
                origin: BundleFile.Origin(blob: blob, transform: .resizePNG(width: 48, height: 48))),
            BundleFile(path: "android/res/mipmap-anydpi-v26/ic_launcher.xml", bytes: Array("<x/>".utf8)),
            BundleFile(path: "android/res/mipmap-anydpi-v26/ic_launcher_round.xml", bytes: Array("<x/>".utf8)),
        ]
        BundleManifest.hash(&files)
        files.append(BundleFile(path: "style.json", bytes: Array("<x/>".utf8)))
        try directory.install(id: "acme", files: files)
        func inode(_ path: String) throws -> UInt64 {
            var info = stat()
            try #require(stat(out.path + "/acme/" + path, &info) == 0)
            return UInt64(info.st_ino)
        }
        #expect(try inode("ios/logo.png") == inode("web/images/logo.png"))
        #expect(try inode("ios/logo.png") != inode("android/res/mipmap-mdpi/ic_launcher.png"))
        #expect(try inode("android/res/mipmap-anydpi-v26/ic_launcher.xml") == inode("android/res/mipmap-anydpi-v26/ic_launcher_round.xml"))
        #expect(try inode("android/res/mipmap-anydpi-v26/ic_launcher.xml") != inode("style.json"))
        #expect(try Self.read(out.path + "/acme/android/res/mipmap-mdpi/ic_launcher.png") == "\u{03}")
        #expect(try Self.read(out.path + "/acme/style.json") == "<x/>")
    }

    @Test func anInstallThatFailsSaysSoAndLeavesNothing() throws {
        let out = try TemporaryDirectory()
        let directory = try BundleDirectory(root: URL(fileURLWithPath: out.path))
        // A name longer than the file system allows.
        let id = String(repeating: "a", count: 300)
        #expect(throws: BuildError.self) { try directory.install(id: id, files: Self.files("one")) }
        #expect(try Self.entries(out.path).isEmpty)
    }
}
