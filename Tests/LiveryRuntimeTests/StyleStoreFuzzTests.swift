import Foundation
import LiveryCore
import Testing

@testable import LiveryRuntime

/// A fixed-seed generator, so a failure reproduces.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("StyleStore: mutated and arbitrary updates")
@MainActor
struct StyleStoreFuzzTests {
    /// Byte-level mutations of a signed envelope never apply unless they
    /// still carry the same signed content (a change of white space or key
    /// order, say), and never crash; arbitrary bytes never apply.
    @Test func nothingAppliesWithoutAValidSignature() throws {
        let genuine = try Fixtures.update(from: Fixtures.v1, to: Fixtures.v2)
        let signedBytes = try StyleUpdate(parsing: Array(genuine)).signingBytes
        var random = SplitMix64(state: 18)
        let interesting = Array("{}[]\":,0123456789abcdef-.e \n\\nulltruefalse".utf8)
        var applied = 0
        for round in 0..<600 {
            var bytes = Array(genuine)
            if round % 10 == 9 {
                bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: bytes[index] = interesting[Int.random(in: 0..<interesting.count, using: &random)]
                    case 1: bytes.remove(at: index)
                    case 2: bytes.insert(interesting[Int.random(in: 0..<interesting.count, using: &random)], at: index)
                    default: bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                    }
                }
            }
            let store = try StyleStore(bundled: Fixtures.v1Data, cache: nil, trustedKeys: [Fixtures.key.publicKey.text])
            if case .applied = store.apply(Data(bytes)) {
                applied += 1
                #expect(
                    try StyleUpdate(parsing: bytes).signingBytes == signedBytes,
                    "applied a changed update: \(String(decoding: bytes, as: UTF8.self))")
                #expect(store.document == Data(CanonicalJSON.bytes(Fixtures.v2)))
            } else {
                #expect(store.document == Fixtures.v1Data)
            }
        }
        // Most mutations break the envelope or its signature.
        #expect(applied < 100)
    }
}
