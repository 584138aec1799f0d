import Foundation
import LiveryGit
import LiveryTestSupport
import Testing

@testable import LiveryKit

@Suite("Concurrency: diff only reads the repository; its header cache is the user's")
struct ConcurrencyHeaderCacheTests {
    /// A repository with tags v1 and v2, where one of three clients changed.
    static func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", ##"{"abstract": true, "colors": {"bg": "#FFFFFF"}}"##)
        for id in ["acme", "bolt", "cove"] { try fixture.write("targets/\(id)/style.json", ##"{"extends": "base"}"##) }
        try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/acme/style.json", ##"{"extends": "base", "colors": {"bg": "#000000"}}"##)
        try fixture.commitAll("v2", tag: "v2")
        return fixture
    }

    /// Every path under `root` with its size and modification time.
    static func snapshot(_ root: String) throws -> [String: String] {
        var found: [String: String] = [:]
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: root) else { return found }
        for case let path as String in walker {
            let attributes = try manager.attributesOfItem(atPath: root + "/" + path)
            found[path] = "\(attributes[.size] ?? "") \(attributes[.modificationDate] ?? "")"
        }
        return found
    }

    static func setWritable(_ path: String, _ writable: Bool) throws {
        _ = try runProcess("/bin/chmod", ["-R", writable ? "u+w" : "a-w", path])
    }

    @Test func diffSucceedsOnARepositoryItCannotWriteAndWritesNothingInIt() async throws {
        let fixture = try Self.repository()
        let cache = try TemporaryDirectory()
        let gitDirectory = fixture.path + "/.git"
        let before = try Self.snapshot(gitDirectory)
        try Self.setWritable(gitDirectory, false)
        defer { try? Self.setWritable(gitDirectory, true) }

        var request = DiffRequest(repository: RepositorySelection(path: fixture.path, revision: "v2"), base: "v1")
        request.environment = ["LIVERY_CACHE_DIR": cache.path]
        let service = try DiffService.open(request)
        let report = try await service.diff(jobs: 2)
        #expect(report.targets.map(\.id) == ["acme"])
        #expect(try Self.snapshot(gitDirectory) == before)
        // The headers of the unchanged clients were remembered, outside the repository.
        let file = try #require(service.headerCache?.file)
        #expect(file.hasPrefix(cache.path + "/"))
        #expect(!TargetHeaderCache(directory: (file as NSString).deletingLastPathComponent).load().isEmpty)
    }

    @Test func theCacheDirectoryFollowsTheEnvironment() {
        let chosen = TargetHeaderCache.cacheDirectory(environment: [
            "LIVERY_CACHE_DIR": "/tmp/x", "HOME": "/home/u", "XDG_CACHE_HOME": "/xdg",
        ])
        #expect(chosen == "/tmp/x")
        #expect(TargetHeaderCache.cacheDirectory(environment: [:]) == nil)
        #if os(macOS)
            #expect(TargetHeaderCache.cacheDirectory(environment: ["HOME": "/Users/u"]) == "/Users/u/Library/Caches/livery")
        #else
            #expect(TargetHeaderCache.cacheDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.cache/livery")
            #expect(TargetHeaderCache.cacheDirectory(environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "/xdg"]) == "/xdg/livery")
            // A relative XDG_CACHE_HOME is ignored, as the XDG rules say.
            #expect(
                TargetHeaderCache.cacheDirectory(environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "cache"]) == "/home/u/.cache/livery")
        #endif
    }

    @Test func eachRepositoryHasADirectoryOfItsOwnNamedAfterIt() {
        let one = TargetHeaderCache.key(forGitDirectory: "/work/acme-styles/.git/")
        let other = TargetHeaderCache.key(forGitDirectory: "/elsewhere/acme-styles/.git")
        #expect(one.hasPrefix("acme-styles-") && other.hasPrefix("acme-styles-"))
        #expect(one != other)
        #expect(one == TargetHeaderCache.key(forGitDirectory: "/work/acme-styles/.git"))
        #expect(TargetHeaderCache.key(forGitDirectory: "/srv/bare.git").hasPrefix("bare.git-"))
    }
}
