import Foundation
import LiveryCore
import LiveryJSON
import LiveryTestSupport
import Testing

@Suite("livery diff --format update")
struct DiffUpdateCommandTests {
    static let base =
        ##"{"abstract": true, "colors": {"primary": {"light": "#111111", "dark": "#222222"}, "bg": "#FFFFFF"}, "components": {"text": {"body": {"background": "bg", "foreground": "primary"}}}}"##

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
        let result = try LiveryBinary.run(
            ["diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", key], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("unsigned"), "\(result.stderr)")
        let v1 = try bundledStyles(fixture, at: "v1")
        let v2 = try bundledStyles(fixture, at: "v2")
        let expected = ["acme", "bolt"].map { "\($0)/\(CanonicalJSON.digest(v1[$0] ?? [])).json" }
        #expect(files(under: fixture.path + "/U") == expected)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == expected.count)
        for (line, path) in zip(lines, expected) {
            #expect(line.hasPrefix("wrote \(path) (sequence ") && line.hasSuffix(", key id \(trusted.keyID))"), "\(line)")
        }
        for id in ["acme", "bolt"] {
            let v1Bytes = try #require(v1[id])
            let bytes = try #require(FileManager.default.contents(atPath: fixture.path + "/U/\(id)/\(CanonicalJSON.digest(v1Bytes)).json"))
            let update = try StyleUpdate(parsing: Array(bytes))
            #expect(update.target == id)
            #expect(trusted.hasSigned(update))
            // By default the sequence is HEAD's committer time: a release number that grows.
            #expect(lines.allSatisfy { $0.contains("(sequence \(update.sequence),") })
            #expect(update.sequence > 1_500_000_000)
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
            #expect(try StyleUpdate(parsing: Array(bytes)).signatures.isEmpty)
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

    /// A file swapped under the same path changes no style.json, so no update
    /// carries it: the client is listed as needing an app release, by value and
    /// file, while its style update (if any) is still written.
    @Test func assetBytesChangedInPlaceAreListedAsNeedingAnAppRelease() throws {
        let fixture = try history()
        let logo = TestFiles.png(width: 8, height: 8)
        try fixture.write("targets/acme/logo.png", logo)
        try fixture.write("targets/acme/style.json", Self.child("acme", extra: ##", "images": {"logo": "logo.png"}"##))
        try fixture.write("targets/bolt/logo.png", logo)
        try fixture.write(
            "targets/bolt/style.json", Self.child("bolt", extra: ##", "colors": {"bg": "#EEEEEE"}, "images": {"logo": "logo.png"}"##))
        try fixture.commitAll("v3", tag: "v3")
        // The same paths, other bytes; bolt also changes a colour, acme nothing else.
        try fixture.write("targets/acme/logo.png", TestFiles.png(width: 16, height: 16))
        try fixture.write("targets/bolt/logo.png", TestFiles.png(width: 16, height: 16))
        try fixture.write(
            "targets/bolt/style.json", Self.child("bolt", extra: ##", "colors": {"bg": "#DDDDDD"}, "images": {"logo": "logo.png"}"##))
        try fixture.commitAll("v4", tag: "v4")
        let result = try LiveryBinary.run(["diff", "v3", "v4", "--format", "update", "--output", "U"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        for id in ["acme", "bolt"] {
            #expect(
                result.stderr.contains(
                    "warning: \(id): needs an app release: the bytes of images.logo (logo.png) changed under the same path"),
                "\(result.stderr)")
        }
        #expect(!result.stderr.contains("cove"), "\(result.stderr)")
        // bolt's colour still travels as an update; acme's style.json did not change.
        #expect(files(under: fixture.path + "/U").map { $0.split(separator: "/").first.map(String.init) } == ["bolt"])
    }

    @Test func adaptiveIconLayersChangedInPlaceAreListedAsNeedingAnAppRelease() throws {
        let fixture = try history()
        let icon =
            ##", "appIcon": {"image": "icon.png", "android": {"foreground": "fg.png", "background": "bg.png", "monochrome": "mono.png"}}"##
        try fixture.write("targets/acme/icon.png", TestFiles.png(width: 1024, height: 1024))
        for layer in ["fg", "bg", "mono"] {
            try fixture.write("targets/acme/\(layer).png", TestFiles.png(width: 432, height: 432, alpha: true))
        }
        try fixture.write("targets/acme/style.json", Self.child("acme", extra: icon))
        try fixture.commitAll("v3", tag: "v3")
        // The foreground and monochrome layers change their bytes, not their paths.
        try fixture.write("targets/acme/fg.png", TestFiles.png(width: 432, height: 432, alpha: true, rgb: (0xFF, 0, 0)))
        try fixture.write("targets/acme/mono.png", TestFiles.png(width: 432, height: 432, alpha: true, rgb: (0, 0, 0)))
        try fixture.commitAll("v4", tag: "v4")
        let result = try LiveryBinary.run(["diff", "v3", "v4", "--format", "update", "--output", "U"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: acme: needs an app release: the bytes of appIcon (fg.png), appIcon (mono.png) changed under the same path"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("bg.png"), "\(result.stderr)")
        // The text report shows the layers that changed, each by its slot.
        let text = try LiveryBinary.run(["diff", "v3", "v4"], in: fixture.path)
        #expect(text.stdout.contains("android-foreground: fg.png"), "\(text.stdout)")
        #expect(text.stdout.contains("android-monochrome: mono.png"), "\(text.stdout)")
    }

    @Test(arguments: [("missing", "cannot read the key"), ("garbage", "is not a signing key")])
    func anUnreadableOrInvalidKeyIsAUsageErrorAndWritesNothing(file: String, message: String) throws {
        let fixture = try history()
        let path = fixture.path + "/key-" + file
        if file == "garbage" { try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: path)) }
        let result = try LiveryBinary.run(
            ["diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", path], in: fixture.path)
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

    func read(_ fixture: FixtureRepository, _ path: String) throws -> StyleUpdate {
        try StyleUpdate(parsing: Array(try #require(FileManager.default.contents(atPath: fixture.path + "/U/" + path))))
    }

    @Test func theSequenceAndExpiryAreWrittenAsGiven() throws {
        let fixture = try history()
        let before = Int64(Date().timeIntervalSince1970)
        let result = try LiveryBinary.run(
            ["diff", "v1", "v2", "--format", "update", "--output", "U", "--sequence", "42", "--expires-in", "2d"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        for path in files(under: fixture.path + "/U") {
            let update = try read(fixture, path)
            #expect(update.sequence == 42)
            let expires = try #require(update.expires).secondsSince1970
            #expect(expires >= before + 2 * 86_400 && expires <= Int64(Date().timeIntervalSince1970) + 2 * 86_400)
        }
        for bad in [["--sequence", "0"], ["--expires-in", "soon"], ["--expires-in", "-3d"]] {
            let refused = try LiveryBinary.run(["diff", "v1", "v2", "--format", "update", "--output", "V"] + bad, in: fixture.path)
            #expect(refused.status == 2, "\(bad)")
        }
        let misplaced = try LiveryBinary.run(["diff", "v1", "v2", "--sequence", "3"], in: fixture.path)
        #expect(misplaced.status == 2 && misplaced.stderr.contains("--sequence is used only with --format update"), "\(misplaced.stderr)")
    }

    /// `livery diff v2 v1` published into the folder that holds v1→v2: apps
    /// would go round v1→v2→v1 for ever. It is refused, and nothing is written.
    @Test func anUpdateThatWouldLoopOrTakeAppsBackIsNotWritten() throws {
        let fixture = try history()
        let first = try LiveryBinary.run(["diff", "v1", "v2", "--format", "update", "--output", "U", "--sequence", "2"], in: fixture.path)
        #expect(first.status == 0, "\(first.stderr)")
        let published = files(under: fixture.path + "/U")
        let back = try LiveryBinary.run(["diff", "v2", "v1", "--format", "update", "--output", "U", "--sequence", "1"], in: fixture.path)
        #expect(back.status == 1)
        #expect(back.stderr.contains("error: acme: no update written:") && back.stderr.contains("form a loop"), "\(back.stderr)")
        #expect(back.stderr.contains("is not above it"), "\(back.stderr)")
        #expect(files(under: fixture.path + "/U") == published)
        // A revert with a higher sequence still loops with the v1→v2 files: refused too.
        let revert = try LiveryBinary.run(["diff", "v2", "v1", "--format", "update", "--output", "U", "--sequence", "3"], in: fixture.path)
        #expect(revert.status == 1 && revert.stderr.contains("form a loop"), "\(revert.stderr)")
        #expect(files(under: fixture.path + "/U") == published)
        // Into a fresh folder, the revert is one ordinary update.
        let fresh = try LiveryBinary.run(["diff", "v2", "v1", "--format", "update", "--output", "W", "--sequence", "3"], in: fixture.path)
        #expect(fresh.status == 0, "\(fresh.stderr)")
    }

    @Test func aNextReleaseMustHaveAHigherSequence() throws {
        let fixture = try history()
        try fixture.write("targets/base/style.json", Self.base.replacingOccurrences(of: "#222222", with: "#444444"))
        try fixture.commitAll("v3", tag: "v3")
        #expect(
            try LiveryBinary.run(["diff", "v1", "v2", "--format", "update", "--output", "U", "--sequence", "5"], in: fixture.path).status
                == 0)
        let lower = try LiveryBinary.run(["diff", "v2", "v3", "--format", "update", "--output", "U", "--sequence", "5"], in: fixture.path)
        #expect(lower.status == 1 && lower.stderr.contains("(sequence 5) follows"), "\(lower.stderr)")
        let higher = try LiveryBinary.run(["diff", "v2", "v3", "--format", "update", "--output", "U", "--sequence", "6"], in: fixture.path)
        #expect(higher.status == 0, "\(higher.stderr)")
    }

    @Test func removingOrRenamingATokenNeedsAllowBreaking() throws {
        let fixture = try history()
        try fixture.write("targets/acme/style.json", Self.child("acme", extra: ##", "colors": {"accent": "#FF0000"}"##))
        try fixture.commitAll("v3", tag: "v3")
        try fixture.write("targets/acme/style.json", Self.child("acme", extra: ##", "colors": {"highlight": "#FF0000"}"##))
        try fixture.commitAll("v4", tag: "v4")
        let refused = try LiveryBinary.run(["diff", "v3", "v4", "--format", "update", "--output", "U"], in: fixture.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: acme: no update written: removes or renames /colors/accent"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-breaking"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/U/acme"))
        let allowed = try LiveryBinary.run(
            ["diff", "v3", "v4", "--format", "update", "--output", "U", "--allow-breaking"], in: fixture.path)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(files(under: fixture.path + "/U").count == 1)
    }

    @Test func severalKeysSignOneEnvelope() throws {
        let fixture = try history()
        let (oldKey, oldTrusted) = try keys(in: fixture)
        let newDirectory = fixture.path + "/.keys-new"
        #expect(try LiveryBinary.run(["keys", "generate", "--output", newDirectory]).status == 0)
        let newTrusted = try #require(TrustedKey(text: try String(contentsOfFile: newDirectory + "/signing.pub", encoding: .utf8)))
        let result = try LiveryBinary.run(
            [
                "diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", oldKey, "--signing-key",
                newDirectory + "/signing.key",
            ], in: fixture.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("key id \(oldTrusted.keyID), \(newTrusted.keyID))"), "\(result.stdout)")
        for path in files(under: fixture.path + "/U") {
            let update = try read(fixture, path)
            #expect(oldTrusted.hasSigned(update) && newTrusted.hasSigned(update))
        }
    }

    @Test func aPublicKeyGivenAsTheSigningKeyIsAnError() throws {
        let fixture = try history()
        let (key, _) = try keys(in: fixture)
        let publicKey = URL(fileURLWithPath: key).deletingLastPathComponent().appendingPathComponent("signing.pub").path
        let result = try LiveryBinary.run(
            ["diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", publicKey], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("is a public key; --signing-key needs the private key"), "\(result.stderr)")
        // A copy of it under another name beside it is found too.
        let copy = fixture.path + "/.keys/copy.txt"
        try FileManager.default.copyItem(atPath: publicKey, toPath: copy)
        let copied = try LiveryBinary.run(
            ["diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", copy], in: fixture.path)
        #expect(copied.status == 2 && copied.stderr.contains("is a public key"), "\(copied.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/U"))
    }

    @Test func aSigningKeyReadableByOthersIsWarnedAbout() throws {
        let fixture = try history()
        let (key, _) = try keys(in: fixture)
        chmod(key, 0o644)
        let result = try LiveryBinary.run(
            ["diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", key], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: the signing key '\(key)' is readable by others (mode 644)"), "\(result.stderr)")
    }

    /// A huge file given as the key is refused by its size, before it is read.
    @Test func aHugeSigningKeyIsNotRead() throws {
        let fixture = try history()
        let path = fixture.path + "/huge.key"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        // Sparse: a gigabyte long, no disk used.
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let result = try LiveryBinary.run(
            ["diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", path], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("it is 1073741824 bytes; a signing key file is one line of base64"), "\(result.stderr)")
    }

    @Test func keysVerifyChecksAPublishedFolder() throws {
        let fixture = try history()
        let (key, trusted) = try keys(in: fixture)
        let publicKey = fixture.path + "/.keys/signing.pub"
        #expect(
            try LiveryBinary.run(
                ["diff", "v1", "v2", "--format", "update", "--output", "U", "--signing-key", key, "--sequence", "2"], in: fixture.path
            ).status == 0)
        let good = try LiveryBinary.run(["keys", "verify", "U", "--public-key", publicKey], in: fixture.path)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == "2 updates for 2 clients checked against key id \(trusted.keyID): no problems\n")
        // Another key's folder fails on every file.
        let otherDirectory = fixture.path + "/.other"
        #expect(try LiveryBinary.run(["keys", "generate", "--output", otherDirectory]).status == 0)
        let wrongKey = try LiveryBinary.run(["keys", "verify", "U", "--public-key", otherDirectory + "/signing.pub"], in: fixture.path)
        #expect(wrongKey.status == 1)
        #expect(wrongKey.stderr.components(separatedBy: "not signed by key id").count == 3, "\(wrongKey.stderr)")
        // A loop written by hand (not by livery, which refuses it), signed by the right key.
        let signer = try #require(UpdateSigningKey(text: try String(contentsOfFile: key, encoding: .utf8)))
        let path = try #require(files(under: fixture.path + "/U").first { $0.hasPrefix("acme/") })
        let forward = try read(fixture, path)
        let backward = try signer.sign(
            StyleUpdate(
                target: "acme", base: forward.result, result: forward.base, patch: .makeObject([]), sequence: 1
            ))
        try Data(backward.bytes).write(to: URL(fileURLWithPath: fixture.path + "/U/acme/\(forward.result).json"))
        // And a tampered file.
        let bolt = try #require(files(under: fixture.path + "/U").first { $0.hasPrefix("bolt/") })
        var tampered = try read(fixture, bolt)
        tampered.sequence += 1
        try Data(tampered.bytes).write(to: URL(fileURLWithPath: fixture.path + "/U/" + bolt))
        let bad = try LiveryBinary.run(["keys", "verify", "U", "--public-key", publicKey], in: fixture.path)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("form a loop"), "\(bad.stderr)")
        #expect(bad.stderr.contains("(sequence 1) follows"), "\(bad.stderr)")
        #expect(bad.stderr.contains("\(bolt): its signature by key id \(trusted.keyID) does not verify"), "\(bad.stderr)")
        #expect(!bad.stderr.contains("(signed by key id \(trusted.keyID))"), "not signed by X, signed by X: \(bad.stderr)")
        let missing = try LiveryBinary.run(["keys", "verify", "nowhere", "--public-key", publicKey], in: fixture.path)
        #expect(missing.status == 2)
    }
}
