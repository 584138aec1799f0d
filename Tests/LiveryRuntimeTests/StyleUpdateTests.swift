import Foundation
import LiveryCore
import LiveryJSON
import Testing

@Suite("livery-update/1 envelopes and their signatures")
struct StyleUpdateTests {
    static let digestA = String(repeating: "a", count: 64)
    static let digestB = String(repeating: "b", count: 64)

    @Test func theFileIsCanonicalAndReadsBack() throws {
        let key = UpdateSigningKey()
        let update = try key.sign(StyleUpdate(target: "acme", base: Self.digestA, result: Self.digestB, patch: Fixtures.json(#"{"b": 1.50, "a": {"z": true}}"#)))
        let text = String(decoding: update.bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"base\": \"\(Self.digestA)\",\n  \"format\": \"livery-update/1\",\n  \"patch\": {\n    \"a\": {\n      \"z\": true\n    },\n    \"b\": 1.5\n  },"))
        #expect(text.hasSuffix("\"target\": \"acme\"\n}\n"))
        #expect(try StyleUpdate(parsing: update.bytes) == update)
    }

    /// The signature covers the canonical bytes of everything but itself, so
    /// key order and number spelling in the file do not matter, every member does.
    @Test func theSignatureCoversEveryOtherMember() throws {
        let key = UpdateSigningKey()
        let update = try key.sign(StyleUpdate(target: "acme", base: Self.digestA, result: Self.digestB, patch: Fixtures.json(#"{"x": 1}"#)))
        let signature = try #require(update.signature)
        let reordered = #"{"signature": "\#(signature)", "target": "acme", "patch": {"x": 1.0}, "result": "\#(Self.digestB)", "base": "\#(Self.digestA)", "format": "livery-update/1"}"#
        #expect(key.publicKey.hasSigned(try StyleUpdate(parsing: Array(reordered.utf8))))
        #expect(String(decoding: update.signingBytes, as: UTF8.self).contains("signature") == false)
        for changed in [
            StyleUpdate(target: "globex", base: Self.digestA, result: Self.digestB, patch: update.patch, signature: signature),
            StyleUpdate(target: "acme", base: Self.digestB, result: Self.digestB, patch: update.patch, signature: signature),
            StyleUpdate(target: "acme", base: Self.digestA, result: Self.digestA, patch: update.patch, signature: signature),
            StyleUpdate(target: "acme", base: Self.digestA, result: Self.digestB, patch: Fixtures.json(#"{"x": 2}"#), signature: signature),
        ] {
            #expect(!key.publicKey.hasSigned(changed))
        }
        #expect(!UpdateSigningKey().publicKey.hasSigned(update))
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
        #expect(CanonicalJSON.digest(of: Fixtures.json(#"{"b": 1e2, "a": 1.50}"#)) == CanonicalJSON.digest(Array("{\n  \"a\": 1.5,\n  \"b\": 100\n}\n".utf8)))
        #expect(CanonicalJSON.isDigest(Self.digestA))
        #expect(!CanonicalJSON.isDigest(Self.digestA.uppercased()))
    }

    @Test func anOversizedUpdateIsRefusedBeforeParsing() {
        #expect(throws: StyleUpdateError.tooLarge(StyleUpdate.maximumSize + 1)) {
            try StyleUpdate(parsing: [UInt8](repeating: 0x20, count: StyleUpdate.maximumSize + 1))
        }
    }
}
