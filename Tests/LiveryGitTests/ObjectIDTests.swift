import LiveryGit
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

    @Test(arguments: ["", "abc", String(repeating: "a", count: 39), String(repeating: "a", count: 41), String(repeating: "g", count: 40), String(repeating: "é", count: 20)])
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
}
