import Foundation
import LiveryEmit
import LiveryGit
import LiveryJSON
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("Bundle manifests")
struct BundleManifestTests {
    func inputs(trees: [(String, String)], platforms: [String]) -> BundleManifest.Inputs {
        BundleManifest.Inputs(
            trees: trees.compactMap { id, hex in ObjectID(hex: hex).map { (id: id, tree: $0) } },
            schemaSHA256: String(repeating: "ab", count: 32), platforms: platforms, version: "0.1.0"
        )
    }

    /// A manifest livery wrote is recognised, and its inputs read back, by the
    /// quick line search the up-to-date check uses, whatever the file list holds.
    @Test func writtenManifestIsReadBack() throws {
        let directory = try TemporaryDirectory()
        let bundle = directory.url("acme")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let given = inputs(trees: [("acme", String(repeating: "1f", count: 20))], platforms: ["ios"])
        let files = [
            BundleFile(path: "a \"inputs\": \"x", bytes: [1]), BundleFile(path: "z\n  \"generator\": \"livery\",", bytes: []),
        ]
        let written = BundleManifest.bytes(id: "acme", source: MemorySource(files: [:]), schemaID: "s", inputs: given, files: files)
        try Data(written).write(to: bundle.appendingPathComponent(BundleManifest.fileName))
        #expect(BundleManifest.isLiveryBundle(bundle))
        #expect(BundleManifest.recordedInputs(in: bundle) == given.fingerprint)
        try Data("{}".utf8).write(to: bundle.appendingPathComponent(BundleManifest.fileName))
        #expect(!BundleManifest.isLiveryBundle(bundle))
        #expect(BundleManifest.recordedInputs(in: bundle) == nil)
    }

    /// No manifest, or something else in its place, is not a livery bundle and records no inputs.
    @Test func aMissingOrStrangeManifestRecordsNothing() throws {
        let directory = try TemporaryDirectory()
        let bundle = directory.url("acme")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        #expect(!BundleManifest.isLiveryBundle(bundle))
        #expect(BundleManifest.recordedInputs(in: bundle) == nil)
        try FileManager.default.createDirectory(
            at: bundle.appendingPathComponent(BundleManifest.fileName), withIntermediateDirectories: true)
        #expect(!BundleManifest.isLiveryBundle(bundle))
        #expect(BundleManifest.recordedInputs(in: directory.url("missing")) == nil)
    }

    @Test func findReturnsTheLastMatch() {
        #expect(BundleManifest.find(Array("ab".utf8), in: Array("abxab".utf8)) == 3)
        #expect(BundleManifest.find(Array("ab".utf8), in: Array("xa".utf8)) == nil)
        #expect(BundleManifest.find([], in: [1]) == nil)
    }

    /// The manifest written straight to bytes is the file the JSON tree gives.
    @Test func directBytesEqualTheWrittenDocument() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/a/style.json", "{}")
        try fixture.commitAll("one", tag: "v\"1")
        let revision = try RevisionSource(repository: try Repository.open(at: fixture.path), revision: "v\"1")
        let memory = MemorySource(files: [:])
        let tree = String(repeating: "1f", count: 20)
        let icon = BundleFile.Origin(blob: try #require(ObjectID(hex: String(repeating: "3c", count: 20))), transform: nil)
        let cases: [(any Source, [(String, String)], [String], [BundleFile])] = [
            (
                revision, [("acme", tree), ("base", String(repeating: "0e", count: 20))], ["ios", "android", "web"],
                [
                    BundleFile(path: "web/theme.css", bytes: Array("body{}".utf8)), BundleFile(path: "style.json", bytes: []),
                    BundleFile(path: "ios/Fonts/Ünï \"q\".ttf", bytes: [0, 1, 2]),
                ]
            ),
            (memory, [], [], []),
            (memory, [("z", tree), ("a", tree), ("z", String(repeating: "2f", count: 20))], ["web"], [BundleFile(path: "a", bytes: [9])]),
            // Files of one origin are hashed once; files of another origin are not given its digest.
            (
                memory, [], ["ios", "web"],
                [
                    BundleFile(path: "web/images/logo.png", bytes: [1, 2, 3], origin: icon),
                    BundleFile(path: "ios/logo.png", bytes: [1, 2, 3], origin: icon),
                    BundleFile(
                        path: "android/res/mipmap-mdpi/ic_launcher.png", bytes: [4],
                        origin: BundleFile.Origin(blob: icon.blob, transform: .resizePNG(width: 48, height: 48))),
                ]
            ),
        ]
        for (source, trees, platforms, files) in cases {
            let given = inputs(trees: trees, platforms: platforms)
            var hashed = files
            BundleManifest.hash(&hashed)
            let direct = BundleManifest.bytes(id: "acme", source: source, schemaID: "https://x/\"schema\"", inputs: given, files: hashed)
            #expect(
                direct == BundleManifest.bytes(id: "acme", source: source, schemaID: "https://x/\"schema\"", inputs: given, files: files))
            let document = BundleManifest.document(
                id: "acme", source: source, schemaID: "https://x/\"schema\"", inputs: given, files: files)
            #expect(String(decoding: direct, as: UTF8.self) == JSONWriter.write(document))
        }
    }

    /// Every file gets the digest of its bytes; files of one origin are hashed
    /// once, so they get the first one's digest.
    @Test func hashFillsEachFilesDigest() throws {
        let blob = try #require(ObjectID(hex: String(repeating: "3c", count: 20)))
        let origin = BundleFile.Origin(blob: blob, transform: nil)
        var files = [
            BundleFile(path: "a", bytes: [1]),
            BundleFile(path: "b", bytes: [2], origin: origin),
            BundleFile(path: "c", bytes: [2], origin: origin),
            BundleFile(path: "d", bytes: [2], origin: BundleFile.Origin(blob: blob, transform: .resizePNG(width: 1, height: 1))),
        ]
        BundleManifest.hash(&files)
        #expect(files.map(\.sha256) == files.map { BundleManifest.sha256($0.bytes) })
        // Said once for an origin: a later file of it is not hashed again.
        var same = [BundleFile(path: "b", bytes: [2], origin: origin), BundleFile(path: "c", bytes: [9], origin: origin)]
        BundleManifest.hash(&same)
        #expect(same[1].sha256 == BundleManifest.sha256([2]))
    }

    @Test func digestsAreLowercaseHex() {
        #expect(BundleManifest.sha256(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(BundleManifest.sha256([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func quotedEscapesLikeTheWriter() {
        #expect(JSONWriter.quoted("plain") == "\"plain\"")
        #expect(JSONWriter.quoted("a\"b\\c\n\u{01}\u{2028}") == #""a\"b\\c\n\u0001\u2028""#)
    }
}
