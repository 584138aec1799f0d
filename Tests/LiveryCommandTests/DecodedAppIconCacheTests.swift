import Foundation
import LiveryTestSupport
import Testing

/// `validate` decodes each app icon once: the ids of icons that decoded are kept in
/// the user's cache, and an icon held there is not decoded again; an icon that fails
/// is never held, so it is reported in every run.
@Suite("validate decodes each app icon once, through the user's cache")
struct DecodedAppIconCacheTests {
    static let style = #"{"app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "appIcon": "icon.png"}"#

    /// The cache file validate wrote under `cache`, if any.
    func cacheFile(in cache: String) throws -> String? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
        return entries.map { cache + "/" + $0 + "/decoded-app-icons" }.first { FileManager.default.fileExists(atPath: $0) }
    }

    @Test("A decoded icon's blob id is kept; a second run reads it and says the same")
    func decodedIconIsRemembered() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.style)
        try fixture.write("targets/acme/icon.png", TestFiles.png(width: 1024, height: 1024))
        try fixture.commitAll("icon")
        let blob = try fixture.git(["rev-parse", "HEAD:targets/acme/icon.png"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let cache = try TemporaryDirectory()
        let environment = ["LIVERY_CACHE_DIR": cache.path, "LIVERY_NO_CACHE": ""]
        let first = try LiveryBinary.run(["validate", "--repo", fixture.path, "--rev", "HEAD"], environment: environment)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let file = try #require(try cacheFile(in: cache.path))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "livery decoded app icons 1\n\(blob)\n")
        let second = try LiveryBinary.run(["validate", "--repo", fixture.path, "--rev", "HEAD"], environment: environment)
        #expect(second.status == 0)
        #expect(second.stdout == first.stdout)
        #expect(second.stderr == first.stderr)
    }

    @Test("An icon that fails is reported in every run and never kept; one the cache holds is not decoded again")
    func failedIconIsNeverRemembered() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.style)
        try fixture.write("targets/acme/icon.png", TestFiles.png(width: 1024, height: 1024))
        try fixture.commitAll("a good icon")
        let cache = try TemporaryDirectory()
        let environment = ["LIVERY_CACHE_DIR": cache.path, "LIVERY_NO_CACHE": ""]
        #expect(try LiveryBinary.run(["validate", "--repo", fixture.path, "--rev", "HEAD"], environment: environment).status == 0)
        let file = try #require(try cacheFile(in: cache.path))
        let kept = try String(contentsOfFile: file, encoding: .utf8)

        try fixture.write("targets/acme/icon.png", TestFiles.undecodablePNG(width: 1024, height: 1024))
        try fixture.commitAll("a damaged icon")
        let blob = try fixture.git(["rev-parse", "HEAD:targets/acme/icon.png"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let refusal = "'icon.png' cannot be decoded to make the launcher icons"
        for _ in 0..<2 {
            let run = try LiveryBinary.run(["validate", "--repo", fixture.path, "--rev", "HEAD"], environment: environment)
            #expect(run.status == 1)
            #expect(run.stdout.contains(refusal), "\(run.stdout)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == kept)

        // A cache that says these bytes decode is believed (it is keyed by content), and
        // LIVERY_NO_CACHE=1 turns it off.
        try Array("livery decoded app icons 1\n\(blob)\n".utf8).write(to: file)
        let trusted = try LiveryBinary.run(["validate", "--repo", fixture.path, "--rev", "HEAD"], environment: environment)
        #expect(!trusted.stdout.contains(refusal), "\(trusted.stdout)")
        let off = try LiveryBinary.run(
            ["validate", "--repo", fixture.path, "--rev", "HEAD"], environment: ["LIVERY_CACHE_DIR": cache.path, "LIVERY_NO_CACHE": "1"])
        #expect(off.stdout.contains(refusal))
    }
}
