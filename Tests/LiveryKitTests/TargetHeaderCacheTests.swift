import Foundation
import LiveryGit
import LiveryTestSupport
import Testing

@testable import LiveryKit

@Suite("The target header cache")
struct TargetHeaderCacheTests {
    static func id(_ seed: Int) -> ObjectID {
        // Any 40 hex digits will do; these differ in the last ones.
        ObjectID(hex: String(repeating: "0", count: 32) + String(format: "%08x", seed))!
    }

    static let entries: [(tree: ObjectID, header: TargetHeader)] = [
        (id(1), TargetHeader(styleSize: 2014, abstract: true, extends: nil)),
        (id(2), TargetHeader(styleSize: 2570, abstract: false, extends: "group-00")),
        (id(3), TargetHeader(styleSize: 0, abstract: true, extends: "base")),
    ]

    @Test func encodesAndDecodesEveryField() throws {
        let bytes = TargetHeaderCacheFormat.encode(Self.entries)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("livery target headers 1\n" + Self.id(1).hex + " 2014 a -\n"))
        let decoded = try #require(TargetHeaderCacheFormat.decode(bytes))
        #expect(decoded.map(\.tree) == Self.entries.map(\.tree))
        #expect(decoded.map(\.header) == Self.entries.map(\.header))
        #expect(TargetHeaderCacheFormat.decode(TargetHeaderCacheFormat.encode([]))?.isEmpty == true)
    }

    @Test(arguments: [
        "livery target headers 2\n",
        "livery target headers 1\n" + String(repeating: "a", count: 40) + " 12 c base",
        "livery target headers 1\n" + String(repeating: "g", count: 40) + " 12 c base\n",
        "livery target headers 1\n" + String(repeating: "a", count: 39) + " 12 c base\n",
        "livery target headers 1\n" + String(repeating: "a", count: 40) + " 1x c base\n",
        "livery target headers 1\n" + String(repeating: "a", count: 40) + " 12 x base\n",
        "livery target headers 1\n" + String(repeating: "a", count: 40) + " 12 c Base\n",
        "livery target headers 1\n" + String(repeating: "a", count: 40) + " 12 c base extra\n",
        "livery target headers 1\n" + String(repeating: "a", count: 40) + "  12 c base\n",
        "livery target headers 1\n\n",
    ])
    func anythingButTheExactFormatIsIgnoredWhole(text: String) {
        #expect(TargetHeaderCacheFormat.decode(Array(text.utf8)) == nil)
    }

    @Test func mergingMovesSeenEntriesToTheEndAndKeepsTheNewest() {
        let merged = TargetHeaderCacheFormat.merge(
            Self.entries, adding: [(Self.id(1), Self.entries[0].header), (Self.id(4), Self.entries[1].header)], limit: 3)
        #expect(merged.map(\.tree) == [Self.id(3), Self.id(1), Self.id(4)])
    }

    @Test func savesAtomicallyAndLoadsWhatItSaved() throws {
        let scratch = try TemporaryDirectory()
        let cache = TargetHeaderCache(directory: scratch.path + "/livery")
        #expect(cache.load().isEmpty)
        cache.save(previous: [], adding: Self.entries)
        #expect(cache.load().map(\.tree) == Self.entries.map(\.tree))
        cache.save(previous: cache.load(), adding: [(Self.id(9), TargetHeader(styleSize: 1, abstract: false, extends: nil))])
        #expect(cache.load().count == 4)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/livery") == ["target-headers"])
        // A damaged file reads as empty, and is replaced by the next save.
        try Data("livery target headers 1\nnonsense\n".utf8).write(to: URL(fileURLWithPath: cache.file))
        #expect(cache.load().isEmpty)
    }

    @Test func neverWritesThroughALinkInPlaceOfItsDirectory() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/livery", withDestinationPath: scratch.path + "/elsewhere")
        TargetHeaderCache(directory: scratch.path + "/livery").save(previous: [], adding: Self.entries)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/elsewhere").isEmpty)
    }

    @Test func livesInTheUserCacheDirectoryAndCanBeTurnedOff() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/a/style.json", "{}")
        try fixture.commitAll("first")
        let repository = try Repository.open(at: fixture.path)
        let cache = ["LIVERY_CACHE_DIR": "/tmp/livery-cache"]
        let directory = try #require(TargetHeaderCache(repository: repository, environment: cache)?.directory)
        #expect(directory.hasPrefix("/tmp/livery-cache/"))
        #expect(!directory.hasPrefix(fixture.path))
        #expect(TargetHeaderCache(repository: repository, environment: cache.merging(["LIVERY_NO_CACHE": "1"]) { $1 }) == nil)
        #expect(TargetHeaderCache(repository: repository, environment: cache.merging(["LIVERY_NO_CACHE": "0"]) { $1 }) != nil)
    }
}
