import Foundation
import LiveryCore
import LiveryJSON

/// The `envelope` fuzz target: a `livery-update/2` envelope read, verified and
/// checked as a runtime checks it (LiveryCore's reader, signatures, sequence,
/// expiry, base, the schema's allow-list and `bundleStyle`, the typed model),
/// against a fixed style, trusted key and clock.
extension FuzzEntryPoints {
    /// Test-only keys (their seeds are written here): the store's trusted key
    /// and one it does not know. Never trust them in an app.
    static let envelopeKey = UpdateSigningKey(text: Data("livery-fuzz-envelope-trusted-key".utf8).base64EncodedString())
    static let envelopeOtherKey = UpdateSigningKey(text: Data("livery-fuzz-envelope-unknown-key".utf8).base64EncodedString())
    /// The clock expiry is judged by (2027-01-15).
    static let envelopeNow = UpdateTime(secondsSince1970: 1_800_000_000)

    static let envelopeBase: JSONValue =
        (try? CanonicalJSON.parse(
            Array(
                ##"""
                {"animations": {"easeIn": {"long": 1, "short": 0.25}},
                 "app": {"bundleId": "com.acme.bank", "displayName": "Acme Bank"}, "appIcon": "assets/AppIcon.png",
                 "colors": {"onPrimary": {"dark": "#FFFFFF", "light": "#FFFFFF"},
                            "primary": {"dark": "#0E8AB4", "highContrastDark": "#7FD4F0", "highContrastLight": "#0B5F7C", "light": "#11A4D6"}},
                 "components": {"button": {"primary": {"background": {"dark": "#0E8AB4", "light": "#11A4D6"},
                   "font": {"family": "Inter", "file": "assets/Inter.ttf", "size": 16, "weight": "semibold"},
                   "label": "Go", "opacity": 0.5, "enabled": true, "shape": {"roundedRectangle": {"cornerRadius": 8}}}}},
                 "dimensions": {"radiusS": 8, "spacingM": 16}, "flags": {"beta": true, "welcome": "Welcome to Acme"},
                 "fonts": {"body": {"family": "Inter", "file": "assets/Inter.ttf", "size": 16, "weight": "regular"}},
                 "id": "acme", "images": {"logo": {"dark": "assets/logo-dark.png", "light": "assets/logo.png"}},
                 "palettes": {"brand": {"base": "#11A4D6", "light04": "#70C8E6"}}}
                """##.utf8))) ?? .null

    /// `patch` merged into the base with the built-in rules.
    static func envelopeEdited(_ patch: String) -> JSONValue {
        let value = (try? CanonicalJSON.parse(Array(patch.utf8))) ?? .null
        return MergeRules.builtIn.apply(value, to: envelopeBase) ?? .null
    }

    /// An envelope from the base to `head`, as livery would not always write it
    /// (the patch is the head's differences whatever they touch).
    static func envelopeUpdate(_ patch: String, sequence: Int64 = 2, expires: String? = nil) -> StyleUpdate {
        StyleUpdate(
            target: "acme", base: CanonicalJSON.digest(of: envelopeBase), result: CanonicalJSON.digest(of: envelopeEdited(patch)),
            patch: (try? CanonicalJSON.parse(Array(patch.utf8))) ?? .null, sequence: sequence,
            expires: expires.flatMap(UpdateTime.init(text:))
        )
    }

    /// The seed corpus, by file name: a genuine update signed by the trusted
    /// key and a key in rotation (sequence and expiry set), and one of each
    /// refusal a runtime gives. `Tests/FuzzCorpus/envelope/` holds these bytes.
    public static func envelopeSeeds() -> [String: [UInt8]] {
        guard let key = envelopeKey, let other = envelopeOtherKey else { return [:] }
        func signed(_ update: StyleUpdate, _ keys: [UpdateSigningKey]) -> [UInt8] {
            var update = update
            for key in keys { update = (try? key.sign(update)) ?? update }
            return update.bytes
        }
        let change = ##"{"colors": {"primary": {"dark": "#0E8AB4", "light": "#0B5FFF"}}, "dimensions": {"spacingM": 20}}"##
        return [
            "genuine-two-signatures.json": signed(envelopeUpdate(change, expires: "2100-01-01T00:00:00Z"), [key, other]),
            "expired.json": signed(envelopeUpdate(change, expires: "2020-01-01T00:00:00Z"), [key]),
            "unknown-key.json": signed(envelopeUpdate(change), [other]),
            "unsigned.json": signed(envelopeUpdate(change), []),
            "forbidden-bundle-id.json": signed(envelopeUpdate(##"{"app": {"bundleId": "com.evil.bank"}}"##), [key]),
            "free-text-flag.json": signed(envelopeUpdate(##"{"flags": {"welcome": "Call +1 555 0100 now"}}"##), [key]),
            "malformed-colour.json": signed(
                envelopeUpdate(##"{"colors": {"onPrimary": {"dark": "#FFFFFF", "light": "#FFFFFG"}}}"##), [key]),
            "old-format.json": Array(
                ##"{"base": "\##(CanonicalJSON.digest(of: envelopeBase))", "format": "livery-update/1", "patch": {}, "result": "\##(CanonicalJSON.digest(of: envelopeBase))", "signature": "", "target": "acme"}"##
                    .utf8),
        ]
    }

    /// The signed bytes of every seed the trusted key signed: nothing else may verify.
    private static let envelopeSigned: Set<[UInt8]> = Set(
        envelopeSeeds().values.compactMap { bytes in
            guard let update = try? StyleUpdate(parsing: bytes), let key = envelopeKey, key.publicKey.hasSigned(update) else { return nil }
            return update.signingBytes
        })

    /// Reads `bytes` as an envelope and checks it as a runtime does before
    /// applying it to ``envelopeBase``. Refusals are the runtime's reason codes
    /// (`corruptData`, `badSignature`, `unknownKey`, `expired`, `wrongBase`,
    /// `forbiddenKey`, `invalidResult`); anything else is a finding: an envelope
    /// that reads back differently from how it is written, a sequence out of
    /// range, or a signature that verifies over content the key never signed.
    public static func envelope(_ bytes: [UInt8]) -> Outcome {
        let update: StyleUpdate
        do {
            update = try StyleUpdate(parsing: bytes)
        } catch {
            return error.description.isEmpty ? .refused("empty error") : .refused("corruptData")
        }
        // The writer and the reader agree on every member: sequence, expires, signatures and key ids.
        guard let again = try? StyleUpdate(parsing: update.bytes), again == update else { return .refused("round trip differs") }
        guard (1...StyleUpdate.maximumSequence).contains(update.sequence) else { return .refused("sequence out of range") }
        guard let trusted = envelopeKey?.publicKey else { return .refused("no key") }
        guard trusted.hasSigned(update) else {
            let named = update.signatures.map(\.keyID)
            return .refused(!named.isEmpty && !named.contains(trusted.keyID) ? "unknownKey" : "badSignature")
        }
        guard envelopeSigned.contains(update.signingBytes) else { return .refused("forged signature") }
        if let expires = update.expires, expires <= envelopeNow { return .refused("expired") }
        guard update.target == "acme", update.base == CanonicalJSON.digest(of: envelopeBase) else { return .refused("wrongBase") }
        let rules = MergeRules.builtIn
        guard let merged = rules.apply(update.patch, to: envelopeBase),
            rules.unknownSections(from: envelopeBase, to: merged).isEmpty
        else { return .refused("invalidResult") }
        guard rules.forbiddenChanges(from: envelopeBase, to: merged).isEmpty else { return .refused("forbiddenKey") }
        guard CanonicalJSON.digest(of: merged) == update.result, rules.remote.violations(in: merged, limit: 1).isEmpty,
            (try? LiveryStyle(json: merged)) != nil
        else { return .refused("invalidResult") }
        return .accepted
    }
}
