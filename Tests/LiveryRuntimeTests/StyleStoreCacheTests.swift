import Foundation
import LiveryCore
import LiveryJSON
import Observation
import Testing

@testable import LiveryRuntime

@Suite("StyleStore: the update cache and several themes")
@MainActor
struct StyleStoreCacheTests {
    let keys = [Fixtures.key.publicKey.text]

    @Test func anAppliedChainSurvivesARestart() throws {
        let directory = try Fixtures.temporaryDirectory()
        let first = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys)
        first.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2))
        first.apply(try Fixtures.update(from: Fixtures.v2, to: Fixtures.v3))
        let second = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys)
        #expect(second.document == Data(CanonicalJSON.bytes(Fixtures.v3)))
        #expect(second.style.dimensions["spacingM"] == 20)
    }

    @Test func aNewBundledStyleDropsUpdatesMadeForTheOldOne() throws {
        let directory = try Fixtures.temporaryDirectory()
        let first = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys)
        first.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2))
        let file = UpdateCache(directory: directory).file(for: "acme")
        #expect(FileManager.default.fileExists(atPath: file.path))
        // The app ships v3 built in: the cached v1→v2 no longer applies.
        let v3 = Data(CanonicalJSON.bytes(Fixtures.v3))
        let log = LogRecorder()
        let second = try StyleStore(bundled: v3, cache: directory, trustedKeys: keys, logger: log.logger)
        #expect(second.document == v3)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(log.messages.contains { $0.contains("built-in style changed") })
    }

    @Test func aCachedUpdateThatNoLongerVerifiesIsDropped() throws {
        let directory = try Fixtures.temporaryDirectory()
        let first = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys)
        first.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2))
        // The app now trusts another key only (the old one was rotated out).
        let second = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: [Fixtures.otherKey.publicKey.text])
        #expect(second.document == Fixtures.v1Data)
        #expect(!FileManager.default.fileExists(atPath: UpdateCache(directory: directory).file(for: "acme").path))
    }

    @Test func aTamperedCacheIsNotTrusted() throws {
        let directory = try Fixtures.temporaryDirectory()
        let first = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys)
        first.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2))
        let file = UpdateCache(directory: directory).file(for: "acme")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "#0B5FFF", with: "#FF0000").utf8).write(to: file)
        let second = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys)
        #expect(second.document == Fixtures.v1Data)
    }

    @Test(arguments: ["", "{", "{\"format\": \"livery-cache/1\"}", "\u{0}\u{1}garbage"])
    func aTruncatedOrCorruptCacheFallsBackToTheBundledStyle(content: String) throws {
        let directory = try Fixtures.temporaryDirectory()
        try Data(content.utf8).write(to: UpdateCache(directory: directory).file(for: "acme"))
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys)
        #expect(store.document == Fixtures.v1Data)
        // And it still takes updates and caches them afresh.
        #expect(store.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2)) == .applied(CanonicalJSON.digest(of: Fixtures.v2)))
        #expect(
            try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys).document == Data(CanonicalJSON.bytes(Fixtures.v2))
        )
    }

    @Test func aRejectedUpdateLeavesTheCacheAlone() throws {
        let directory = try Fixtures.temporaryDirectory()
        let store = try StyleStore(bundled: Fixtures.v1Data, cache: directory, trustedKeys: keys)
        store.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2))
        let file = UpdateCache(directory: directory).file(for: "acme")
        let before = try Data(contentsOf: file)
        store.apply(try Fixtures.update(from: Fixtures.v2, to: Fixtures.v3, signedBy: Fixtures.otherKey))
        #expect(try Data(contentsOf: file) == before)
    }

    @Test func aThemeIdThatIsNotAPlainNameStaysInsideTheCacheDirectory() throws {
        let directory = try Fixtures.temporaryDirectory()
        let file = UpdateCache(directory: directory).file(for: "../../etc/passwd")
        #expect(file.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path)
        #expect(file.lastPathComponent.hasPrefix("theme-"))
    }

    // MARK: Themes

    static var globex: Data {
        Data(
            CanonicalJSON.bytes(
                Fixtures.edited(
                    Fixtures.v1,
                    ##"{"id": "globex", "app": {"bundleId": "com.globex.app", "displayName": "Globex"}, "colors": {"primary": {"light": "#FF0000", "dark": "#AA0000", "highContrastLight": null, "highContrastDark": null}}}"##
                )))
    }

    func themed(cache: URL? = nil) throws -> StyleStore {
        try StyleStore(bundled: ["acme": Fixtures.v1Data, "globex": Self.globex], selected: "acme", cache: cache, trustedKeys: keys)
    }

    /// Counts every change observers see, re-registering after each one
    /// (as SwiftUI does), so two separate writes would count twice.
    static func track(_ store: StyleStore, into changes: LockedMessages) {
        withObservationTracking {
            _ = store.style
            _ = store.selectedTheme
            _ = store.document
        } onChange: {
            changes.append("change")
            // Observation calls this synchronously on the writer's thread: the main actor.
            MainActor.assumeIsolated { track(store, into: changes) }
        }
    }

    @Test func selectSwitchesThemeInOneChange() throws {
        let store = try themed()
        #expect(store.themeIDs == ["acme", "globex"])
        let changes = LockedMessages()
        Self.track(store, into: changes)
        try store.select("globex")
        #expect(changes.read().count == 1)
        #expect(store.selectedTheme == "globex")
        #expect(store.style.id == "globex")
        #expect(store.document == Self.globex)
        // Selecting the current theme again changes nothing.
        try store.select("globex")
        #expect(changes.read().count == 1)
    }

    @Test func anUnknownThemeIsRejectedAndTheCurrentOneStays() throws {
        let store = try themed()
        #expect(throws: StyleStoreError.unknownTheme("initech")) { try store.select("initech") }
        #expect(store.selectedTheme == "acme")
        #expect(store.document == Fixtures.v1Data)
        #expect(throws: StyleStoreError.unknownTheme("initech")) {
            try StyleStore(bundled: ["acme": Fixtures.v1Data], selected: "initech", cache: nil, trustedKeys: [])
        }
    }

    @Test func updatesAndTheCacheAreKeptPerTheme() throws {
        let directory = try Fixtures.temporaryDirectory()
        let store = try themed(cache: directory)
        #expect(store.apply(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2)) == .applied(CanonicalJSON.digest(of: Fixtures.v2)))
        try store.select("globex")
        #expect(store.document == Self.globex)
        // acme's update does not apply to globex.
        #expect(store.apply(try Fixtures.update(from: Fixtures.v2, to: Fixtures.v3)) == .rejected(.wrongBase))
        try store.select("acme")
        #expect(store.document == Data(CanonicalJSON.bytes(Fixtures.v2)))
        let restarted = try themed(cache: directory)
        #expect(restarted.document == Data(CanonicalJSON.bytes(Fixtures.v2)))
        #expect(restarted.style(ofTheme: "globex")?.id == "globex")
        #expect(restarted.style(ofTheme: "globex")?.colors["primary"]?.light.hex == "#FF0000")
    }
}
