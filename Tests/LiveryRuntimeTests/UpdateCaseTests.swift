import Foundation
import LiveryCore
import LiveryJSON
import Testing

@testable import LiveryRuntime

/// The runtime's acceptance cases, kept as files in `Tests/Fixtures/update-cases/`
/// so that every livery runtime runs the same ones (see the README there).
/// `UpdateCases.files()` makes them from fixed keys and a fixed clock; the
/// first test holds the files equal to it (LIVERY_WRITE_UPDATE_CASES=1 writes
/// them), the second runs every case from the files alone.
enum UpdateCases {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/update-cases")
    static let format = "livery-update-cases/3"
    /// The clock every case runs at.
    static let now = "2026-06-01T00:00:00Z"

    /// Test-only keys: their seeds are written in this file and in the
    /// fixtures. Never trust them in an app.
    static let one = UpdateSigningKey(text: Data("livery-update-cases-test-key-one".utf8).base64EncodedString())
    static let two = UpdateSigningKey(text: Data("livery-update-cases-test-key-two".utf8).base64EncodedString())

    struct Case {
        var name: String
        var description: String
        var trusted: [String] = ["keys/one.pub"]
        var before: [String] = []
        var envelope: String
        var outcome: String
        var reason: String?
        /// The style the store holds afterwards.
        var result: JSONValue
        /// For a refusal whose words follow from its reason alone: the reason, whose
        /// code, cause and sentence every runtime gives (`reason` is then its code).
        var expected: UpdateRejection?
        /// Under a root of trust: the root the app is built with, the timestamp
        /// it takes, and the newer roots it is offered after `before`.
        var trust: TrustSteps?

        init(
            name: String, description: String, trusted: [String] = ["keys/one.pub"], before: [String] = [], envelope: String,
            outcome: String, reason: String? = nil, result: JSONValue, expected: UpdateRejection? = nil, trust: TrustSteps? = nil
        ) {
            self.name = name
            self.description = description
            self.trusted = trusted
            self.before = before
            self.envelope = envelope
            self.outcome = outcome
            self.reason = reason ?? expected?.code
            self.result = result
            self.expected = expected
            self.trust = trust
            if trust != nil { self.trusted = [] }
        }
    }

    struct TrustSteps {
        var root = "roots/1.root.json"
        var timestamp: String? = "timestamps/current.json"
        var roots: [String] = []
    }

    /// Every file of the folder but the README, by relative path, and the cases.
    static func files() throws -> [String: [UInt8]] {
        guard let one, let two else { throw Fixtures.FixtureError.noChange }
        var writer = UpdateCaseWriter(one: one, two: two)
        let valid = try writer.envelope("valid-v1-v2", try writer.made(Fixtures.v1, Fixtures.v2, sequence: 2), signers: [one])
        try writer.writeHandMadeEnvelopes()
        let cases =
            try writer.signatureAndBaseCases(valid: valid) + writer.sequenceExpiryAndKeyCases(valid: valid)
            + writer.allowListAndSchemaCases() + writer.trustCases()
        writer.files["cases.json"] = casesFile(cases)
        return writer.files
    }

    /// `cases.json`: each case's files and what it expects, in the order given.
    static func casesFile(_ cases: [Case]) -> [UInt8] {
        CanonicalJSON.bytes(
            .makeObject([
                ("format", .string(format)),
                ("now", .string(now)),
                (
                    "cases",
                    .makeArray(
                        cases.map { item in
                            var expect: [(String, JSONValue)] = [
                                ("outcome", .string(item.outcome)), ("digest", .string(CanonicalJSON.digest(of: item.result))),
                            ]
                            if let reason = item.reason { expect.append(("reason", .string(reason))) }
                            if case .badSignature(let problem)? = item.expected { expect.append(("cause", .string(problem.code))) }
                            if case .untrusted(let problem)? = item.expected { expect.append(("cause", .string(problem.code))) }
                            if let expected = item.expected { expect.append(("message", .string(expected.description))) }
                            var trust: [(String, JSONValue)] = []
                            if let steps = item.trust {
                                trust.append(("trustRoot", .string(steps.root)))
                                if let timestamp = steps.timestamp { trust.append(("timestamp", .string(timestamp))) }
                                trust.append(("roots", .makeArray(steps.roots.map(JSONValue.string))))
                            }
                            return .makeObject(
                                trust + [
                                    ("name", .string(item.name)),
                                    ("description", .string(item.description)),
                                    ("bundled", .string("styles/acme-v1.json")),
                                    ("trustedKeys", .makeArray(item.trusted.map(JSONValue.string))),
                                    ("before", .makeArray(item.before.map(JSONValue.string))),
                                    ("envelope", .string(item.envelope)),
                                    ("expect", .makeObject(expect)),
                                ])
                        })
                ),
            ]))
    }
}

/// Makes the cases' envelopes and keeps every file made so far, by relative path.
struct UpdateCaseWriter {
    typealias Case = UpdateCases.Case
    let one: UpdateSigningKey
    let two: UpdateSigningKey
    let v1 = Fixtures.v1, v2 = Fixtures.v2, v3 = Fixtures.v3
    var files: [String: [UInt8]]

    init(one: UpdateSigningKey, two: UpdateSigningKey) {
        self.one = one
        self.two = two
        files = [
            "styles/acme-v1.json": CanonicalJSON.bytes(Fixtures.v1),
            "keys/one.key": Array((one.text + "\n").utf8), "keys/one.pub": Array((one.publicKey.text + "\n").utf8),
            "keys/two.key": Array((two.text + "\n").utf8), "keys/two.pub": Array((two.publicKey.text + "\n").utf8),
        ]
    }

    /// `update` signed by each of `signers` in turn, written as `envelopes/<name>.json`; its path.
    mutating func envelope(_ name: String, _ update: StyleUpdate, signers: [UpdateSigningKey]) throws -> String {
        var signed = update
        for key in signers { signed = try key.sign(signed) }
        files["envelopes/\(name).json"] = signed.bytes
        return "envelopes/\(name).json"
    }

    /// The update livery makes from `base` to `head`.
    func made(_ base: JSONValue, _ head: JSONValue, sequence: Int64, expires: String? = nil) throws -> StyleUpdate {
        guard
            let update = try StyleUpdate.make(
                target: "acme", from: base, to: head, sequence: sequence, expires: expires.flatMap(UpdateTime.init(text:)))
        else {
            throw Fixtures.FixtureError.noChange
        }
        return update
    }

    /// `patch` merged into v1 with the built-in rules.
    func merged(_ patch: String) -> JSONValue {
        MergeRules.builtIn.apply(Fixtures.json(patch), to: v1) ?? .null
    }

    /// An update no livery would write: `patch` on v1 with the result it gives.
    func handMade(_ patch: String, sequence: Int64 = 2) -> StyleUpdate {
        StyleUpdate(
            target: "acme", base: CanonicalJSON.digest(of: v1), result: CanonicalJSON.digest(of: merged(patch)),
            patch: Fixtures.json(patch), sequence: sequence
        )
    }

    /// Envelopes changed after signing, and one in the old format, which no `StyleUpdate` writes.
    mutating func writeHandMadeEnvelopes() throws {
        var tampered = try one.sign(try made(v1, v2, sequence: 2))
        tampered.patch = Fixtures.json(#"{"dimensions": {"spacingM": 99}}"#)
        files["envelopes/tampered-patch.json"] = tampered.bytes
        var tamperedTwice = try two.sign(try one.sign(try made(v1, v2, sequence: 2)))
        tamperedTwice.patch = tampered.patch
        files["envelopes/tampered-patch-two-signers.json"] = tamperedTwice.bytes
        let oldFormat =
            #"{"base": "\#(CanonicalJSON.digest(of: v1))", "format": "livery-update/1", "patch": {}, "result": "\#(CanonicalJSON.digest(of: v2))", "signature": "", "target": "acme"}"#
        files["envelopes/old-format.json"] = Array((oldFormat + "\n").utf8)
    }

    /// An update applied, applied again and chained; signatures missing, changed or untrusted;
    /// a wrong base; a key no update may change.
    mutating func signatureAndBaseCases(valid: String) throws -> [Case] {
        [
            Case(name: "valid", description: "v1 to v2, signed by the trusted key", envelope: valid, outcome: "applied", result: v2),
            Case(
                name: "already-current", description: "the same update again", before: [valid], envelope: valid, outcome: "alreadyCurrent",
                result: v2),
            Case(
                name: "chain", description: "v2 to v3 after v1 to v2, a higher sequence", before: [valid],
                envelope: try envelope("chain-v2-v3", try made(v2, v3, sequence: 3), signers: [one]), outcome: "applied", result: v3
            ),
            Case(
                name: "tampered-bytes", description: "the patch changed after signing", envelope: "envelopes/tampered-patch.json",
                outcome: "rejected", result: v1, expected: .badSignature(.mismatch([one.publicKey.keyID]))
            ),
            Case(
                name: "unsigned", description: "no signature while keys are trusted",
                envelope: try envelope("unsigned", try made(v1, v2, sequence: 2), signers: []), outcome: "rejected", result: v1,
                expected: .badSignature(.unsigned)
            ),
            Case(
                name: "no-trusted-keys", description: "a signed update offered to an app that trusts no keys", trusted: [],
                envelope: valid, outcome: "rejected", result: v1, expected: .badSignature(.noTrustedKeys)
            ),
            Case(
                name: "tampered-bytes-beside-an-unknown-key", description: "the patch changed after signing by the trusted key and another",
                envelope: "envelopes/tampered-patch-two-signers.json", outcome: "rejected", result: v1,
                expected: .badSignature(.mismatch([one.publicKey.keyID]))
            ),
            Case(
                name: "wrong-base", description: "v2 to v3 offered to an app on v1",
                envelope: try envelope("wrong-base", try made(v2, v3, sequence: 3), signers: [one]), outcome: "rejected", result: v1,
                expected: .wrongBase
            ),
            Case(
                name: "forbidden-key", description: "changes the app's bundle id",
                envelope: try envelope("forbidden-key", handMade(#"{"app": {"bundleId": "com.evil.bank"}}"#), signers: [one]),
                outcome: "rejected", result: v1, expected: .forbiddenKey(["/app/bundleId"])
            ),
        ]
    }

    /// Sequences lower, equal and higher than the one applied; expiry; keys unknown and rotated.
    mutating func sequenceExpiryAndKeyCases(valid: String) throws -> [Case] {
        [
            Case(
                name: "rollback", description: "v2 to v1 with a lower sequence than the v1 to v2 applied", before: [valid],
                envelope: try envelope("rollback-v2-v1", try made(v2, v1, sequence: 1), signers: [one]), outcome: "rejected", result: v2,
                expected: .notNewer(sequence: 1, applied: 2)
            ),
            Case(
                name: "equal-sequence", description: "v2 to v1 with the same sequence as the v1 to v2 applied", before: [valid],
                envelope: try envelope("equal-sequence-v2-v1", try made(v2, v1, sequence: 2), signers: [one]), outcome: "rejected",
                result: v2,
                expected: .notNewer(sequence: 2, applied: 2)
            ),
            Case(
                name: "revert", description: "v2 to v1 published as a new release (higher sequence)", before: [valid],
                envelope: try envelope("revert-v2-v1", try made(v2, v1, sequence: 3), signers: [one]), outcome: "applied", result: v1
            ),
            Case(
                name: "expired", description: "expired before the clock",
                envelope: try envelope("expired", try made(v1, v2, sequence: 2, expires: "2026-01-01T00:00:00Z"), signers: [one]),
                outcome: "rejected", result: v1, expected: .expired("2026-01-01T00:00:00Z")
            ),
            Case(
                name: "not-yet-expired", description: "expires after the clock",
                envelope: try envelope("expires-later", try made(v1, v2, sequence: 2, expires: "2027-01-01T00:00:00Z"), signers: [one]),
                outcome: "applied", result: v2
            ),
            Case(
                name: "unknown-key-id", description: "signed only by a key the app does not trust",
                envelope: try envelope("signed-by-two", try made(v1, v2, sequence: 2), signers: [two]), outcome: "rejected", result: v1,
                expected: .unknownKey([two.publicKey.keyID])
            ),
            Case(
                name: "rotated-key", description: "signed by the old and the new key; the app trusts the new one only",
                trusted: ["keys/two.pub"],
                envelope: try envelope("signed-by-one-and-two", try made(v1, v2, sequence: 2), signers: [one, two]), outcome: "applied",
                result: v2
            ),
        ]
    }

    /// What the schema's allow-list and the bundle's schema refuse, a wrong result, the old format,
    /// and what they let through.
    mutating func allowListAndSchemaCases() throws -> [Case] {
        var wrongResult = try made(v1, v2, sequence: 2)
        wrongResult.result = CanonicalJSON.digest(of: v3)
        return [
            Case(
                name: "unknown-top-level-key", description: "adds a member no resolved style has",
                envelope: try envelope("unknown-top-level-key", handMade(#"{"evil": {"payload": 1}}"#), signers: [one]),
                outcome: "rejected", reason: "invalidResult", result: v1
            ),
            Case(
                name: "path-escaping-bundle", description: "points an image outside the app's bundle",
                envelope: try envelope(
                    "path-escaping-bundle", handMade(#"{"images": {"logo": {"light": "../../../../etc/passwd"}}}"#), signers: [one]),
                outcome: "rejected", result: v1, expected: .forbiddenKey(["/images/logo/dark", "/images/logo/light"])
            ),
            Case(
                name: "changed-asset-path", description: "points a font at another file",
                envelope: try envelope(
                    "changed-font-file", handMade(#"{"fonts": {"body": {"file": "assets/Other.ttf"}}}"#), signers: [one]),
                outcome: "rejected", result: v1, expected: .forbiddenKey(["/fonts/body/file"])
            ),
            Case(
                name: "changed-postscript-name", description: "names another face for a bundled font: the name follows the file",
                envelope: try envelope(
                    "changed-postscript-name", handMade(#"{"fonts": {"body": {"postScriptName": "Evil-Regular"}}}"#), signers: [one]),
                outcome: "rejected", result: v1, expected: .forbiddenKey(["/fonts/body/postScriptName"])
            ),
            Case(
                name: "wrong-result", description: "the result digest is not what the patch gives",
                envelope: try envelope("wrong-result", wrongResult, signers: [one]), outcome: "rejected", reason: "invalidResult",
                result: v1
            ),
            Case(
                name: "old-format", description: "a livery-update/1 envelope", envelope: "envelopes/old-format.json", outcome: "rejected",
                reason: "corruptData", result: v1),
            Case(
                name: "free-text-flag", description: "changes a string flag: free text is not on the schema's allow-list",
                envelope: try envelope(
                    "free-text-flag", handMade(#"{"flags": {"welcome": "Your account is locked: call +1 555 0100"}}"#), signers: [one]),
                outcome: "rejected", result: v1, expected: .forbiddenKey(["/flags/welcome"])
            ),
            Case(
                name: "free-text-component", description: "changes a component's string property (free text)",
                envelope: try envelope(
                    "free-text-component", handMade(#"{"components": {"button": {"primary": {"label": "Pay here"}}}}"#), signers: [one]),
                outcome: "rejected", result: v1, expected: .forbiddenKey(["/components/button/primary/label"])
            ),
            Case(
                name: "boolean-flag", description: "changes a boolean flag, which the allow-list lets an update change",
                envelope: try envelope("boolean-flag", handMade(#"{"flags": {"beta": false}}"#), signers: [one]),
                outcome: "applied", result: merged(#"{"flags": {"beta": false}}"#)
            ),
            Case(
                name: "changed-app-icon", description: "points the app icon at another file",
                envelope: try envelope("changed-app-icon", handMade(#"{"appIcon": "assets/Other.png"}"#), signers: [one]),
                outcome: "rejected", result: v1, expected: .forbiddenKey(["/appIcon"])
            ),
            Case(
                name: "unknown-key", description: "adds a member a font does not have (the schema's bundleStyle refuses it)",
                envelope: try envelope("unknown-key", handMade(#"{"fonts": {"body": {"tracking": 2}}}"#), signers: [one]),
                outcome: "rejected", reason: "invalidResult", result: v1
            ),
            Case(
                name: "malformed-colour", description: "a colour that is not #RRGGBB (the schema refuses it)",
                envelope: try envelope(
                    "malformed-colour", handMade(##"{"colors": {"onPrimary": {"dark": "#FFFFFF", "light": "#FFFFFG"}}}"##), signers: [one]),
                outcome: "rejected", reason: "invalidResult", result: v1
            ),
            Case(
                name: "negative-dimension", description: "a dimension below 0, which decodes but breaks the schema",
                envelope: try envelope("negative-dimension", handMade(#"{"dimensions": {"spacingM": -4}}"#), signers: [one]),
                outcome: "rejected", reason: "invalidResult", result: v1
            ),
        ]
    }
}

@Suite("The shared update cases")
@MainActor
struct UpdateCaseTests {
    func file(_ path: String) throws -> Data {
        try #require(FileManager.default.contents(atPath: UpdateCases.directory.appendingPathComponent(path).path), "missing \(path)")
    }

    @Test func theFilesAreWhatTheGeneratorMakes() throws {
        let generated = try UpdateCases.files()
        if ProcessInfo.processInfo.environment["LIVERY_WRITE_UPDATE_CASES"] == "1" {
            for (path, bytes) in generated {
                let url = UpdateCases.directory.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
        }
        for (path, bytes) in generated.sorted(by: { $0.key < $1.key }) {
            #expect(
                try file(path) == Data(bytes), "\(path) differs from what the generator makes (LIVERY_WRITE_UPDATE_CASES=1 rewrites it)")
        }
        let enumerator = FileManager.default.enumerator(atPath: UpdateCases.directory.path)
        var onDisk: Set<String> = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: UpdateCases.directory.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                onDisk.insert(path)
            }
        }
        #expect(onDisk == Set(generated.keys).union(["README.md"]))
    }

    /// Runs every case from the files alone, as another runtime would.
    @Test func everyCaseHasItsExpectedOutcome() throws {
        let cases = try CanonicalJSON.parse(Array(try file("cases.json")))
        #expect(cases.objectValue?["format"]?.value.stringValue == UpdateCases.format)
        let now = try #require(cases.objectValue?["now"]?.value.stringValue.flatMap(UpdateTime.init(text:)))
        let items = try #require(cases.objectValue?["cases"]?.value.arrayValue)
        #expect(items.count >= 15)
        for item in items.map(\.value) {
            let object = try #require(item.objectValue)
            func string(_ key: String) throws -> String { try #require(object[key]?.value.stringValue, "\(key)") }
            func strings(_ key: String) throws -> [String] { try #require(object[key]?.value.arrayValue).compactMap(\.value.stringValue) }
            let name = try string("name")
            let keys = try strings("trustedKeys").map { String(decoding: try file($0), as: UTF8.self) }
            let store = try StyleStore(
                bundled: try file(string("bundled")), cache: nil, trustedKeys: keys,
                trustRoot: try object["trustRoot"]?.value.stringValue.map(file),
                now: { Date(timeIntervalSince1970: TimeInterval(now.secondsSince1970)) }
            )
            // The timestamp, the updates before, the newer roots, then the envelope: the first refusal is the outcome.
            var refusal: UpdateOutcome?
            if let timestamp = object["timestamp"]?.value.stringValue,
                case .rejected(let reason) = store.apply(timestamp: try file(timestamp))
            {
                refusal = .rejected(reason)
            }
            for before in try strings("before") where refusal == nil {
                guard case .applied = store.apply(try file(before)) else {
                    Issue.record("\(name): \(before) did not apply")
                    continue
                }
            }
            for root in object["roots"]?.value.arrayValue?.compactMap(\.value.stringValue) ?? [] where refusal == nil {
                if case .rejected(let reason) = store.apply(root: try file(root)) { refusal = .rejected(reason) }
            }
            let expect = try #require(object["expect"]?.value.objectValue)
            let outcome = try refusal ?? store.apply(try file(string("envelope")))
            switch (outcome, expect["outcome"]?.value.stringValue) {
            case (.applied, "applied"), (.alreadyCurrent, "alreadyCurrent"):
                break
            case (.rejected(let reason), "rejected"):
                #expect(reason.code == expect["reason"]?.value.stringValue, "\(name): \(reason)")
                if let cause = expect["cause"]?.value.stringValue {
                    switch reason {
                    case .badSignature(let problem): #expect(problem.code == cause, "\(name): \(reason)")
                    case .untrusted(let problem): #expect(problem.code == cause, "\(name): \(reason)")
                    default: Issue.record("\(name): \(reason) has no cause \(cause)")
                    }
                }
                if let message = expect["message"]?.value.stringValue { #expect(reason.description == message, "\(name)") }
            default:
                Issue.record("\(name): got \(outcome), expected \(expect["outcome"]?.value.stringValue ?? "?")")
            }
            #expect(store.digest == expect["digest"]?.value.stringValue, "\(name)")
            #expect(CanonicalJSON.digest(Array(store.document)) == store.digest, "\(name)")
        }
    }
}
