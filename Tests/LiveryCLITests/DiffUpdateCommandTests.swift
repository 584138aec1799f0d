import Foundation
import LiveryCore
import LiveryJSON
import LiveryTestSupport
import Testing

@Suite("livery diff --format update")
struct DiffUpdateCommandTests {
    static let base = ##"{"abstract": true, "colors": {"primary": {"light": "#111111", "dark": "#222222"}, "bg": "#FFFFFF"}, "components": {"text": {"body": {"background": "bg", "foreground": "primary"}}}}"##

    static func child(_ id: String, bundleID: String? = nil, extra: String = "") -> String {
        let bundle = bundleID ?? "com.example." + id
        return ##"{"extends": "base", "app": {"displayName": "\##(id)", "bundleId": "\##(bundle)"}\##(extra)}"##
    }

    /// v1: base, acme, bolt and cove (cove overrides `primary`, so a change to
    /// base's `primary` does not reach it); v2: base's dark primary changes and
    /// bolt gets a new background.
    func history() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", Self.base)
        try fixture.write("targets/acme/style.json", Self.child("acme"))
        try fixture.write("targets/bolt/style.json", Self.child("bolt"))
        try fixture.write("targets/cove/style.json", Self.child("cove", extra: ##", "colors": {"primary": "#003300"}"##))
        try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/base/style.json", Self.base.replacingOccurrences(of: "#222222", with: "#333333"))
        try fixture.write("targets/bolt/style.json", Self.child("bolt", extra: ##", "colors": {"bg": "#EEEEEE"}"##))
        try fixture.commitAll("v2", tag: "v2")
        return fixture
    }

    /// Each bundle's style.json at `revision`, by target id.
    func bundledStyles(_ fixture: FixtureRepository, at revision: String) throws -> [String: [UInt8]] {
        let out = fixture.path + "/dist-" + revision
        let result = try LiveryBinary.run(["build", "--rev", revision, "--out", out, "--platform", "web"], in: fixture.path)
        try #require(result.status == 0, "\(result.stderr)")
        var styles: [String: [UInt8]] = [:]
        for id in try FileManager.default.contentsOfDirectory(atPath: out) {
            if let data = FileManager.default.contents(atPath: "\(out)/\(id)/style.json") { styles[id] = Array(data) }
        }
        return styles
    }

    /// Every file under `directory`, relative, sorted.
    func files(under directory: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(path)
            }
        }
        return found.sorted()
    }

    func keys(in fixture: FixtureRepository) throws -> (key: String, trusted: TrustedKey) {
        // Untracked, so outside the revisions compared; removed with the fixture.
        let directory = fixture.path + "/.keys"
        let result = try LiveryBinary.run(["keys", "generate", "--output", directory])
        try #require(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: directory + "/signing.pub", encoding: .utf8)
        return (directory + "/signing.key", try #require(TrustedKey(text: text)))
    }

    @Test func writesOneSignedUpdatePerChangedClientThatTurnsItsV1StyleIntoV2() throws {
        let fixture = try history()
        let (key, trusted) = try keys(in: fixture)
        let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", key], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("unsigned"), "\(result.stderr)")
        let v1 = try bundledStyles(fixture, at: "v1"), v2 = try bundledStyles(fixture, at: "v2")
        let expected = ["acme", "bolt"].map { "\($0)/\(CanonicalJSON.digest(v1[$0] ?? [])).json" }
        #expect(files(under: fixture.path + "/U") == expected)
        #expect(result.stdout == expected.map { "wrote \($0)\n" }.joined())
        for id in ["acme", "bolt"] {
            let v1Bytes = try #require(v1[id])
            let bytes = try #require(FileManager.default.contents(atPath: fixture.path + "/U/\(id)/\(CanonicalJSON.digest(v1Bytes)).json"))
            let update = try StyleUpdate(parsing: Array(bytes))
            #expect(update.target == id)
            #expect(trusted.hasSigned(update))
            // The envelope is canonical JSON, as its signature and digests are.
            #expect(update.bytes == Array(bytes))
            let base = try CanonicalJSON.parse(v1Bytes)
            let applied = try #require(MergeRules.builtIn.apply(update.patch, to: base))
            #expect(CanonicalJSON.bytes(applied) == v2[id])
            #expect(update.result == CanonicalJSON.digest(v2[id] ?? []))
        }
        // A signature by another key does not verify.
        let other = try #require(UpdateSigningKey(text: UpdateSigningKey().text))
        let bytes = try #require(FileManager.default.contents(atPath: fixture.path + "/U/" + expected[0]))
        #expect(!other.publicKey.hasSigned(try StyleUpdate(parsing: Array(bytes))))
    }

    @Test func theBaseOfAnUpdateIsTheDigestOfTheBundledStyleOfTheSameRevision() throws {
        let fixture = try history()
        let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", "update", "--output", "U"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        let bundled = try bundledStyles(fixture, at: "v1")
        for id in ["acme", "bolt"] {
            let directory = fixture.path + "/U/" + id
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(names.count == 1)
            let bytes = try #require(FileManager.default.contents(atPath: directory + "/" + (names.first ?? "")))
            let update = try StyleUpdate(parsing: Array(bytes))
            let styleBytes = try #require(bundled[id])
            #expect(update.base == CanonicalJSON.digest(styleBytes))
            #expect(names == ["\(CanonicalJSON.digest(styleBytes)).json"])
        }
    }

    @Test func withoutAKeyTheUpdatesAreUnsignedAndSaySo() throws {
        let fixture = try history()
        let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", "update", "--output", "U"], in: fixture.path)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: the updates are unsigned"), "\(result.stderr)")
        for path in files(under: fixture.path + "/U") {
            let bytes = try #require(FileManager.default.contents(atPath: fixture.path + "/U/" + path))
            #expect(try StyleUpdate(parsing: Array(bytes)).signature == nil)
        }
    }

    @Test func aChangeToAForbiddenKeyIsRefusedByNameAndNothingIsWrittenForThatClient() throws {
        let fixture = try history()
        try fixture.write("targets/acme/style.json", Self.child("acme", bundleID: "com.example.other"))
        try fixture.commitAll("v3", tag: "v3")
        let result = try LiveryBinary.run(["diff", "v1", "v3", "--format", "update", "--output", "U"], in: fixture.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: acme: no update written:"), "\(result.stderr)")
        #expect(result.stderr.contains("/app/bundleId"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/U/acme"))
        // The other clients' updates are written.
        #expect(files(under: fixture.path + "/U").map { $0.split(separator: "/").first.map(String.init) } == ["bolt"])
    }

    @Test(arguments: [("missing", "cannot read the signing key"), ("garbage", "is not a signing key")])
    func anUnreadableOrInvalidKeyIsAUsageErrorAndWritesNothing(file: String, message: String) throws {
        let fixture = try history()
        let path = fixture.path + "/key-" + file
        if file == "garbage" { try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: path)) }
        let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", path], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/U"))
    }

    @Test func updateNeedsAnOutputDirectory() throws {
        let fixture = try history()
        let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", "update"], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--format update needs --output DIR"), "\(result.stderr)")
    }
}
