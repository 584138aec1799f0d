import LiverySource
import LiveryTestSupport
import Testing

@Suite("Object ids")
struct ObjectIDTests {
    @Test func readsAnyCaseAndWritesLowercase() throws {
        let mixed = "0123456789ABCDEFabcdef0123456789aBcDeF01"
        let id = try #require(ObjectID(hex: mixed))
        #expect(id.hex == mixed.lowercased())
        #expect(id.short == "0123456")
        #expect(ObjectID(hex: id.hex) == id)
    }

    @Test(arguments: [
        "", "abc", String(repeating: "a", count: 39), String(repeating: "a", count: 41), String(repeating: "g", count: 40),
        String(repeating: "é", count: 20),
    ])
    func rejectsAnythingButFortyHexDigits(text: String) {
        #expect(ObjectID(hex: text) == nil)
    }

    @Test func ordersAndHashesAsTheirHexText() throws {
        var random = SeededRandom(seed: 7)
        let digits = Array("0123456789abcdef")
        var ids: [ObjectID] = []
        for _ in 0..<500 {
            // Shared prefixes of every length, so each of the three words decides some pairs.
            let prefix = String(repeating: "a", count: Int(random.next() % 40))
            let text = prefix + String((0..<(40 - prefix.count)).map { _ in digits[Int(random.next() % 16)] })
            ids.append(try #require(ObjectID(hex: text)))
        }
        #expect(ids.sorted().map(\.hex) == ids.map(\.hex).sorted())
        #expect(Set(ids).count == Set(ids.map(\.hex)).count)
    }
    /// The 20 bytes in and out are git's: the bytes the hex digits spell, in order.
    @Test func rawBytesAreTheBytesTheHexSpells() throws {
        let id = try #require(ObjectID(hex: "00112233445566778899aabbccddeeff01234567"))
        let bytes = id.withRawBytes { Array($0) }
        #expect(
            bytes == [
                0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF, 0x01, 0x23, 0x45, 0x67,
            ])
        #expect(bytes.withUnsafeBytes { ObjectID(rawBytes: $0) } == id)
    }

    /// Ids computed from content match what `git hash-object` and `git mktree` print.
    @Test func contentIdsAreGits() {
        #expect(ObjectID.blobID(for: Array("hello\n".utf8)).hex == "ce013625030ba8dba906f756967f9e9ca394464a")
        #expect(ObjectID.blobID(for: []).hex == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
        // The empty tree, and what `git mktree` makes of one file `b` holding that blob.
        let blob = ObjectID.blobID(for: Array("hello\n".utf8))
        #expect(ObjectID.treeID(for: []).hex == "4b825dc642cb6eb9a060e54bf8d69288fbee4904")
        #expect(
            ObjectID.treeID(for: [RawTreeEntry(nameBytes: Array("b".utf8), id: blob, mode: 0o100644)]).hex
                == "f09792be40f18f537c28b624b7bc7771f25082e1")
    }
}
