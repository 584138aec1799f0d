import Foundation
import LiveryCore
import LiveryJSON
import Testing

@testable import LiveryRuntime

@Suite("StyleStore: applying updates")
@MainActor
struct StyleStoreUpdateTests {
    func store(keys: [String] = [Fixtures.key.publicKey.text], allowUnsigned: Bool = false, log: LogRecorder = LogRecorder()) throws
        -> StyleStore
    {
        try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: keys, allowUnsigned: allowUnsigned, logger: log.logger)
    }

    @Test func startsFromTheBundledStyleWithItsCanonicalBytes() throws {
        let store = try store()
        #expect(store.document == Fixtures.v1Data)
        #expect(store.digest == CanonicalJSON.digest(Array(Fixtures.v1Data)))
        #expect(store.style.id == "acme")
        #expect(store.style.colors["primary"]?.highContrastLight?.hex == "#0B5F7C")
    }

    @Test func chainsReachTheLastVersionAndRepeatIsAlreadyCurrent() throws {
        let store = try store()
        let v1to2 = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2)
        let v2to3 = try Fixtures.update(from: Fixtures.v2, to: Fixtures.v3)
        #expect(store.apply(v1to2) == .applied(CanonicalJSON.digest(of: Fixtures.v2)))
        #expect(store.apply(v1to2) == .alreadyCurrent)
        #expect(store.apply(v2to3) == .applied(CanonicalJSON.digest(of: Fixtures.v3)))
        #expect(store.document == Data(CanonicalJSON.bytes(Fixtures.v3)))
        #expect(store.style.dimensions["spacingM"] == 20)
        #expect(store.style.components["button"]?["primary"]?["shape"] == .shape(.circle))
    }

    @Test func anUpdateForALaterBaseIsWrongBase() throws {
        let store = try store()
        let v2to3 = try Fixtures.update(from: Fixtures.v2, to: Fixtures.v3)
        #expect(store.apply(v2to3) == .rejected(.wrongBase))
        #expect(store.document == Fixtures.v1Data)
    }

    @Test func anUpdateForAnotherClientIsWrongBase() throws {
        let store = try store()
        let other = try Fixtures.envelope(base: Fixtures.v1, patch: #"{"dimensions": {"spacingM": 1}}"#, result: nil, target: "globex")
        #expect(store.apply(other) == .rejected(.wrongBase))
    }

    /// A colour is replaced whole: the new primary colour has no
    /// high-contrast appearances although the patch does not delete them.
    @Test func replaceKeysAreReplacedWhole() throws {
        let store = try store()
        let replaced = Fixtures.edited(Fixtures.v1, ##"{"colors": {"primary": null}}"##)
        let expected = Fixtures.edited(replaced, ##"{"colors": {"primary": {"dark": "#000000", "light": "#111111"}}}"##)
        let patch = ##"{"colors": {"primary": {"dark": "#000000", "light": "#111111"}}}"##
        let update = try Fixtures.envelope(base: Fixtures.v1, patch: patch, result: expected)
        #expect(store.apply(update) == .applied(CanonicalJSON.digest(of: expected)))
        #expect(
            store.style.colors["primary"]
                == ColorToken(light: .init(red: 0x11, green: 0x11, blue: 0x11), dark: .init(red: 0, green: 0, blue: 0)))
    }

    /// An image names a file the app was built with: pointing it at another
    /// file, or outside the bundle, is a change no update may make.
    @Test(arguments: ["assets/new-logo.png", "../../../../etc/passwd"])
    func anImageMayNotChangeRemotely(path: String) throws {
        let store = try store()
        let patch = #"{"images": {"logo": {"light": "\#(path)"}}}"#
        let expected = Fixtures.edited(Fixtures.edited(Fixtures.v1, ##"{"images": {"logo": null}}"##), patch)
        let update = try Fixtures.envelope(base: Fixtures.v1, patch: patch, result: expected)
        #expect(store.apply(update) == .rejected(.forbiddenKey(["/images/logo/dark", "/images/logo/light"])))
        #expect(store.document == Fixtures.v1Data)
    }

    @Test func anUnknownTopLevelMemberIsRefused() throws {
        let store = try store()
        let patch = #"{"evil": {"payload": 1}}"#
        let update = try Fixtures.envelope(base: Fixtures.v1, patch: patch, result: Fixtures.edited(Fixtures.v1, patch))
        guard case .rejected(.invalidResult(let message)) = store.apply(update) else {
            Issue.record("an unknown member was applied")
            return
        }
        #expect(message.contains("unknown member \"evil\""))
        #expect(store.document == Fixtures.v1Data)
    }

    /// A shape is replaced whole: a patch naming another shape drops the old
    /// one's keys instead of merging both into one object.
    @Test func aShapeIsReplacedWhole() throws {
        let base = Fixtures.json(
            ##"{"components": {"button": {"primary": {"shape": {"roundedRectangle": {"cornerRadius": 8}}, "label": "Go"}}}}"##)
        let patch = Fixtures.json(##"{"components": {"button": {"primary": {"shape": {"ellipse": {"ratio": 2}}}}}}"##)
        let merged = try #require(MergeRules.builtIn.apply(patch, to: base))
        #expect(merged == Fixtures.json(##"{"components": {"button": {"primary": {"shape": {"ellipse": {"ratio": 2}}, "label": "Go"}}}}"##))
        let plain = try #require(MergeRules(replaced: []).apply(patch, to: base))
        #expect(plain != merged)
    }

    @Test(arguments: [
        (##"{"app": {"bundleId": "com.evil.bank"}}"##, ["/app/bundleId"]),
        (##"{"app": {"displayName": "Evil Bank"}}"##, ["/app/displayName"]),
        (##"{"appIcon": "assets/Other.png"}"##, ["/appIcon"]),
        (##"{"appIcon": null}"##, ["/appIcon"]),
        (##"{"fonts": {"body": {"file": "assets/Other.ttf"}}}"##, ["/fonts/body/file"]),
        (##"{"fonts": {"title": {"family": "X", "size": 3, "weight": "bold", "file": "assets/X.ttf"}}}"##, ["/fonts/title/file"]),
        (##"{"id": "globex"}"##, ["/id"]),
    ])
    func forbiddenKeysAreRejectedEvenWhenSigned(patch: String, pointers: [String]) throws {
        let log = LogRecorder()
        let store = try store(log: log)
        let result = Fixtures.edited(Fixtures.v1, patch)
        let update = try Fixtures.envelope(base: Fixtures.v1, patch: patch, result: result)
        #expect(store.apply(update) == .rejected(.forbiddenKey(pointers)))
        #expect(store.document == Fixtures.v1Data)
        #expect(log.messages.contains { $0.contains("Rejected") && $0.contains("forbidden keys") })
    }

    @Test func theMakerRefusesForbiddenChangesAndNamesThem() throws {
        let head = Fixtures.edited(Fixtures.v1, ##"{"app": {"bundleId": "com.evil.bank"}, "appIcon": "assets/Other.png"}"##)
        #expect(throws: UpdateMakingError.forbiddenChanges(["/app/bundleId", "/appIcon"])) {
            try StyleUpdate.make(target: "acme", from: Fixtures.v1, to: head, sequence: 2)
        }
    }

    @Test func unsignedAndWronglySignedUpdatesAreRejectedWhenKeysAreConfigured() throws {
        let log = LogRecorder()
        let store = try store(log: log)
        let unsigned = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, signedBy: nil)
        let otherKey = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, signedBy: Fixtures.otherKey)
        #expect(store.apply(unsigned) == .rejected(.badSignature(.unsigned)))
        #expect(store.apply(otherKey) == .rejected(.unknownKey([Fixtures.otherKey.keyID])))
        // A signed update whose patch was changed afterwards.
        var tampered = try StyleUpdate(parsing: Array(try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2)))
        tampered.patch = Fixtures.json(#"{"dimensions": {"spacingM": 99}}"#)
        #expect(store.apply(Data(tampered.bytes)) == .rejected(.badSignature(.mismatch([Fixtures.key.keyID]))))
        // A signature that is not base64.
        tampered.signatures = [UpdateSignature(keyID: Fixtures.key.keyID, signature: "%%%")]
        #expect(store.apply(Data(tampered.bytes)) == .rejected(.badSignature(.mismatch([Fixtures.key.keyID]))))
        #expect(store.document == Fixtures.v1Data)
        #expect(log.messages.filter { $0.contains("bad signature") }.count == 3)
        // Each message names its cause: a trusted key was configured, so none speaks of having none.
        #expect(log.messages.filter { $0.contains("not signed") }.count == 1)
        #expect(log.messages.filter { $0.contains("signature by trusted key \(Fixtures.key.keyID) does not match") }.count == 2)
        #expect(!log.messages.contains { $0.contains("no signing keys") || $0.contains("no trusted keys") })
        #expect(log.messages.filter { $0.contains("keys this app does not trust (key id \(Fixtures.otherKey.keyID))") }.count == 1)
    }

    @Test func withoutKeysUpdatesNeedAnExplicitOptIn() throws {
        let unsigned = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2, signedBy: nil)
        #expect(try store(keys: []).apply(unsigned) == .rejected(.badSignature(.noTrustedKeys)))
        #expect(try store(keys: [], allowUnsigned: true).apply(unsigned) == .applied(CanonicalJSON.digest(of: Fixtures.v2)))
        // Keys win over the opt-in.
        #expect(try store(allowUnsigned: true).apply(unsigned) == .rejected(.badSignature(.unsigned)))
    }

    @Test func keysThatDoNotParseStillRequireASignature() throws {
        let log = LogRecorder()
        let store = try store(keys: ["not a key"], allowUnsigned: true, log: log)
        let signed = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2)
        #expect(store.apply(signed) == .rejected(.unknownKey([Fixtures.key.keyID])))
        #expect(log.messages.contains { $0.contains("Ignoring trusted keys") })
    }

    @Test func aResultWithAnotherDigestIsAnInvalidResult() throws {
        let store = try store()
        let update = try Fixtures.envelope(base: Fixtures.v1, patch: #"{"dimensions": {"spacingM": 18}}"#, result: Fixtures.v2)
        guard case .rejected(.invalidResult) = store.apply(update) else {
            Issue.record("expected an invalid result")
            return
        }
        #expect(store.document == Fixtures.v1Data)
    }

    @Test(arguments: [
        ##"{"colors": {"primary": "{colors.onPrimary}"}}"##,
        ##"{"components": {"button": {"primary": {"background": {"light": "{colors.onPrimary}"}}}}}"##,
        ##"{"fonts": {"body": {"weight": "chunky"}}}"##,
        ##"{"fonts": {"body": {"size": 0}}}"##,
        ##"{"dimensions": {"spacingM": "16"}}"##,
        ##"{"components": {"button": {"primary": {"shape": "hexagon"}}}}"##,
        ##"{"colors": {"onPrimary": {"light": "#FFF"}}}"##,
        ##"{"flags": {"nested": {"a": 1}}}"##,
    ])
    func aResultThatIsNotAValidStyleIsRejected(patch: String) throws {
        let store = try store()
        let result = try #require(MergeRules.builtIn.apply(Fixtures.json(patch), to: Fixtures.v1))
        let update = try Fixtures.envelope(base: Fixtures.v1, patch: patch, result: result)
        guard case .rejected(.invalidResult) = store.apply(update) else {
            Issue.record("expected an invalid result for \(patch)")
            return
        }
        #expect(store.document == Fixtures.v1Data)
    }

    @Test(arguments: [
        "",
        "not json",
        #"{"format": "livery-update/1""#,
        #"{"format": "livery-update/2", "target": "acme", "base": "", "result": "", "patch": {}}"#,
        #"[1, 2, 3]"#,
        #"{"format": "livery-update/1", "target": "acme", "base": "x", "result": "y", "patch": {}}"#,
    ])
    func corruptDataIsRejected(text: String) throws {
        let store = try store()
        guard case .rejected(.corruptData) = store.apply(Data(text.utf8)) else {
            Issue.record("expected corrupt data for \(text)")
            return
        }
        #expect(store.document == Fixtures.v1Data)
    }

    @Test func anEnvelopeWithAnUnknownMemberIsCorrupt() throws {
        let store = try store()
        var object = try #require(
            Fixtures.json(String(decoding: try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2), as: UTF8.self)).objectValue)
        object.set("extra", JSONNode(.bool(true), at: .synthesized))
        guard case .rejected(.corruptData) = store.apply(Data(CanonicalJSON.bytes(.object(object)))) else {
            Issue.record("expected corrupt data")
            return
        }
    }

    @Test func anInvalidBundledStyleThrows() {
        #expect(throws: StyleStoreError.self) {
            try StyleStore(bundled: Data(#"{"id": "acme", "colors": {"x": "{colors.y}"}}"#.utf8), cache: nil, trustedKeys: [])
        }
    }
}
