import Foundation
import LiveryCore
import LiveryJSON
import Testing

@Suite("livery-update/2 envelopes and their signatures")
struct StyleUpdateTests {
    static let digestA = String(repeating: "a", count: 64)
    static let digestB = String(repeating: "b", count: 64)

    @Test func theFileIsCanonicalAndReadsBack() throws {
        let key = UpdateSigningKey()
        let update = try key.sign(
            StyleUpdate(
                target: "acme", base: Self.digestA, result: Self.digestB, patch: Fixtures.json(#"{"b": 1.50, "a": {"z": true}}"#),
                sequence: 7,
                expires: UpdateTime(text: "2027-01-31T00:00:00Z")
            ))
        let text = String(decoding: update.bytes, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "{\n  \"base\": \"\(Self.digestA)\",\n  \"expires\": \"2027-01-31T00:00:00Z\",\n  \"format\": \"livery-update/2\",\n  \"patch\": {\n    \"a\": {\n      \"z\": true\n    },\n    \"b\": 1.5\n  },"
            ))
        #expect(text.contains("\"sequence\": 7,\n  \"signatures\": [\n    {\n      \"keyId\": \"\(key.keyID)\",\n      \"signature\": \""))
        #expect(text.hasSuffix("\"target\": \"acme\"\n}\n"))
        #expect(try StyleUpdate(parsing: update.bytes) == update)
    }

    /// The signature covers the canonical bytes of everything but the
    /// signatures, so key order and number spelling in the file do not matter,
    /// every member does.
    @Test func theSignatureCoversEveryOtherMember() throws {
        let key = UpdateSigningKey()
        let update = try key.sign(
            StyleUpdate(target: "acme", base: Self.digestA, result: Self.digestB, patch: Fixtures.json(#"{"x": 1}"#), sequence: 5))
        let signatures = update.signatures
        let signature = try #require(signatures.first?.signature)
        let reordered =
            #"{"signatures": [{"signature": "\#(signature)", "keyId": "\#(key.keyID)"}], "sequence": 5, "target": "acme", "patch": {"x": 1.0}, "result": "\#(Self.digestB)", "base": "\#(Self.digestA)", "format": "livery-update/2"}"#
        #expect(key.publicKey.hasSigned(try StyleUpdate(parsing: Array(reordered.utf8))))
        #expect(String(decoding: update.signingBytes, as: UTF8.self).contains("signature") == false)
        for changed in [
            StyleUpdate(
                target: "globex", base: Self.digestA, result: Self.digestB, patch: update.patch, sequence: 5, signatures: signatures),
            StyleUpdate(target: "acme", base: Self.digestB, result: Self.digestB, patch: update.patch, sequence: 5, signatures: signatures),
            StyleUpdate(target: "acme", base: Self.digestA, result: Self.digestA, patch: update.patch, sequence: 5, signatures: signatures),
            StyleUpdate(
                target: "acme", base: Self.digestA, result: Self.digestB, patch: Fixtures.json(#"{"x": 2}"#), sequence: 5,
                signatures: signatures),
            StyleUpdate(target: "acme", base: Self.digestA, result: Self.digestB, patch: update.patch, sequence: 6, signatures: signatures),
            StyleUpdate(
                target: "acme", base: Self.digestA, result: Self.digestB, patch: update.patch, sequence: 5,
                expires: UpdateTime(secondsSince1970: 1), signatures: signatures
            ),
        ] {
            #expect(!key.publicKey.hasSigned(changed))
        }
        #expect(!UpdateSigningKey().publicKey.hasSigned(update))
    }

    /// Several signatures: an app that trusts either key accepts the envelope,
    /// so a key can be rotated across app releases.
    @Test func anEnvelopeCarriesASignaturePerKey() throws {
        let old = UpdateSigningKey()
        let new = UpdateSigningKey()
        let update = try new.sign(
            old.sign(StyleUpdate(target: "acme", base: Self.digestA, result: Self.digestB, patch: .makeObject([]), sequence: 1)))
        #expect(update.signatures.map(\.keyID) == [old.keyID, new.keyID])
        #expect(old.publicKey.hasSigned(update) && new.publicKey.hasSigned(update))
        let again = try StyleUpdate(parsing: update.bytes)
        #expect(old.publicKey.hasSigned(again) && new.publicKey.hasSigned(again))
        // Signing again with the same key replaces its signature.
        #expect(try old.sign(update).signatures.count == 2)
        // A signature under another key's id does not count for that key.
        let swapped = StyleUpdate(
            target: "acme", base: Self.digestA, result: Self.digestB, patch: .makeObject([]), sequence: 1,
            signatures: [UpdateSignature(keyID: new.keyID, signature: update.signatures[0].signature)]
        )
        #expect(!new.publicKey.hasSigned(swapped) && !old.publicKey.hasSigned(swapped))
    }

    @Test func theKeyIDIsTheStartOfTheSHA256OfTheRawPublicKey() throws {
        let key = try #require(TrustedKey(text: Data(repeating: 0, count: 32).base64EncodedString()))
        // sha256 of 32 zero bytes: 66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925
        #expect(key.keyID == "66687aadf862bd77")
    }

    @Test func theOldFormatAndBadMembersAreRefusedWithASentence() {
        let old = #"{"base": "\#(Self.digestA)", "format": "livery-update/1", "patch": {}, "result": "\#(Self.digestB)", "target": "acme"}"#
        #expect(throws: StyleUpdateError.unsupportedFormat("livery-update/1")) { try StyleUpdate(parsing: Array(old.utf8)) }
        #expect(StyleUpdateError.unsupportedFormat("livery-update/1").description.contains("no release sequence"))
        let body =
            #""base": "\#(Self.digestA)", "format": "livery-update/2", "patch": {}, "result": "\#(Self.digestB)", "signatures": [], "target": "acme""#
        for (extra, problem) in [
            (#", "sequence": 0"#, "\"sequence\" must be a whole number"),
            (#", "sequence": 1.5"#, "\"sequence\" must be a whole number"),
            (#", "sequence": 9007199254740992"#, "\"sequence\" must be a whole number"),
            (#", "sequence": 1, "expires": "tomorrow""#, "\"expires\" must be an RFC 3339 time"),
            (#", "sequence": 1, "signature": "x""#, "unknown member \"signature\""),
        ] {
            do {
                _ = try StyleUpdate(parsing: Array("{\(body)\(extra)}".utf8))
                Issue.record("accepted \(extra)")
            } catch {
                #expect(error.description.contains(problem), "\(extra): \(error)")
            }
        }
    }

    @Test func timesReadAndWriteRFC3339() throws {
        #expect(UpdateTime(text: "1970-01-01T00:00:00Z")?.secondsSince1970 == 0)
        #expect(UpdateTime(text: "2027-01-31T12:30:05Z")?.secondsSince1970 == 1_801_398_605)
        #expect(UpdateTime(text: "2027-01-31T14:30:05.250+02:00")?.secondsSince1970 == 1_801_398_605)
        #expect(UpdateTime(text: "2024-02-29t00:00:00z")?.text == "2024-02-29T00:00:00Z")
        #expect(UpdateTime(secondsSince1970: 1_801_398_605).text == "2027-01-31T12:30:05Z")
        for bad in [
            "2023-02-29T00:00:00Z", "2027-13-01T00:00:00Z", "2027-01-31T24:00:00Z", "2027-01-31T00:00:00", "2027-01-31",
            "2027-01-31T00:00:00+0200",
        ] {
            #expect(UpdateTime(text: bad) == nil, "\(bad)")
        }
    }

    @Test func keysRoundTripThroughTheirTextForm() throws {
        let key = UpdateSigningKey()
        let again = try #require(UpdateSigningKey(text: key.text + "\n"))
        #expect(again.publicKey == key.publicKey)
        #expect(try #require(TrustedKey(text: " \(key.publicKey.text)\n")) == key.publicKey)
        #expect(Data(base64Encoded: key.publicKey.text)?.count == 32)
        #expect(TrustedKey(text: "not base64") == nil)
        #expect(TrustedKey(text: Data(repeating: 1, count: 31).base64EncodedString()) == nil)
        #expect(UpdateSigningKey(text: "") == nil)
    }

    @Test func digestsAreSHA256OfTheCanonicalBytes() {
        #expect(CanonicalJSON.digest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            CanonicalJSON.digest(of: Fixtures.json(#"{"b": 1e2, "a": 1.50}"#))
                == CanonicalJSON.digest(Array("{\n  \"a\": 1.5,\n  \"b\": 100\n}\n".utf8)))
        #expect(CanonicalJSON.isDigest(Self.digestA))
        #expect(!CanonicalJSON.isDigest(Self.digestA.uppercased()))
    }

    @Test func anOversizedUpdateIsRefusedBeforeParsing() {
        #expect(throws: StyleUpdateError.tooLarge(StyleUpdate.maximumSize + 1)) {
            try StyleUpdate(parsing: [UInt8](repeating: 0x20, count: StyleUpdate.maximumSize + 1))
        }
    }
}
