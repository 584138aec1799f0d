import Foundation
@testable import LiveryKit
import LiveryTestSupport
import Testing

@Suite("A bundle is installed whole, over whatever its place holds")
struct BundleInstallTests {
    static func files(_ text: String) -> [(path: String, bytes: [UInt8])] {
        [("style.json", Array(text.utf8)), ("ios/Theme.swift", Array("// \(text)".utf8))]
    }

    /// Every entry of the output directory but the lock.
    static func entries(_ root: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root).filter { $0 != BundleDirectory.lockName }.sorted()
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
        try directory.install(id: "acme", files: Self.files("one") + [("web/theme.css", Array("a{}".utf8))])
        try directory.install(id: "acme", files: Self.files("two"))
        #expect(try Self.entries(out.path) == ["acme"])
        #expect(try Self.read(out.path + "/acme/style.json") == "two")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/acme/web"))
    }

    @Test(arguments: ["file", "empty directory"])
    func whatElseIsAtTheBundlesPlaceIsReplaced(occupant: String) throws {
        let out = try TemporaryDirectory()
        let place = out.path + "/acme"
        if occupant == "file" {
            try Data("not a bundle".utf8).write(to: URL(fileURLWithPath: place))
        } else {
            try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: false)
        }
        let directory = try BundleDirectory(root: URL(fileURLWithPath: out.path))
        try directory.install(id: "acme", files: Self.files("one"))
        #expect(try Self.entries(out.path) == ["acme"])
        #expect(try Self.read(place + "/style.json") == "one")
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
