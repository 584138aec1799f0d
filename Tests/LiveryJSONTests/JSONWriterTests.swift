import LiveryJSON
import LiveryTestSupport
import Testing

@Suite("Writing JSON deterministically")
struct JSONWriterTests {
    /// Keys sort by their UTF-8 bytes, not by Swift's String order (which
    /// compares canonically equivalent spellings as equal): on random keys,
    /// small and large, ASCII and not.
    @Test func keysSortByUTF8Bytes() {
        var random = SeededRandom(seed: 0x50F7)
        let pieces = ["a", "B", "z", "_", "0", "é", "e\u{301}", "Å", "ß", "日本", "😀", "aaaaaaaaaaaaaaaaaaaa", ""]
        for _ in 0..<2_000 {
            let left = (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let right = (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            #expect(
                JSONWriter.utf8Precedes(left, right) == Array(left.utf8).lexicographicallyPrecedes(Array(right.utf8)),
                "\(left.debugDescription) < \(right.debugDescription)")
        }
        // Swift's String order calls these equal; their bytes differ.
        #expect(JSONWriter.utf8Precedes("e\u{301}", "é") != JSONWriter.utf8Precedes("é", "e\u{301}"))
    }

    @Test func writesSortedIndentedJSONWithATrailingNewline() throws {
        let node = try JSONReader.parse(Array(#"{"b": [1, {}], "a": "x\ny", "c": [], "é": null}"#.utf8), file: "t")
        #expect(
            JSONWriter.write(node.value) == """
                {
                  "a": "x\\ny",
                  "b": [
                    1,
                    {}
                  ],
                  "c": [],
                  "é": null
                }

                """)
        #expect(JSONWriter.compact(node.value, sortedKeys: false) == #"{"b":[1,{}],"a":"x\ny","c":[],"é":null}"#)
    }

    @Test func escapesControlCharactersAndLineSeparators() {
        #expect(JSONWriter.compact(.string("\u{01}\u{1F}\"\\/\u{2028}")) == #""\u0001\u001F\"\\/\u2028""#)
    }

    @Test(arguments: [
        ("1.50", "1.5"), ("1.0", "1"), ("1e2", "100"), ("-0", "0"), ("-0.0e5", "0"), ("0.000001", "0.000001"),
        ("1E-7", "1e-7"), ("12345678901234567890123", "1.2345678901234567890123e22"), ("123456789012345678901", "123456789012345678901"),
        ("2.5E+3", "2500"), ("-12.340", "-12.34"), ("0.5", "0.5"), ("100", "100"),
    ])
    func numbersHaveOneSpelling(literal: String, canonical: String) {
        #expect(JSONNumber(literal: literal).canonicalLiteral == canonical)
    }

    @Test func randomDocumentsRoundTrip() throws {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<300 {
            let value = randomValue(depth: 0, &rng)
            let text = JSONWriter.write(value)
            let reparsed = try JSONReader.parse(Array(text.utf8), file: "r")
            #expect(reparsed.value == value)
            #expect(JSONWriter.write(reparsed.value) == text)
        }
    }

    func randomValue(depth: Int, _ rng: inout SeededRandom) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2:
            return .number(
                JSONNumber(literal: ["0", "-1", "3.25", "1e3", "12345678901234567890", "0.001"][Int.random(in: 0..<6, using: &rng)]))
        case 3:
            return .string(
                String((0..<Int.random(in: 0..<8, using: &rng)).map { _ in "aZé\"\\\n😀 /\u{1}".randomElement(using: &rng) ?? "a" }))
        case 4: return .makeArray((0..<Int.random(in: 0..<4, using: &rng)).map { _ in randomValue(depth: depth + 1, &rng) })
        default:
            let keys = (0..<Int.random(in: 0..<4, using: &rng)).map { "k\($0)\(["", "é", "~/"][Int.random(in: 0..<3, using: &rng)])" }
            return .makeObject(keys.map { ($0, randomValue(depth: depth + 1, &rng)) })
        }
    }
}

@Suite("Fast paths of the JSON model")
struct JSONFastPathTests {
    @Test(arguments: [
        ("0", "0"), ("-0", "0"), ("16", "16"), ("-3", "-3"), ("100", "100"), ("007", "7"),
        ("12345678901234567890", "12345678901234567890"), ("-12345678901234567890", "-12345678901234567890"),
        ("123456789012345678901234", "1.23456789012345678901234e23"), ("1.50", "1.5"), ("1e2", "100"),
    ])
    func canonicalLiterals(literal: String, expected: String) {
        #expect(JSONNumber(literal: literal).canonicalLiteral == expected)
    }

    /// Objects switch from a scan to a key index as they grow; both must agree
    /// with a plain dictionary through any sequence of sets and removals.
    @Test func objectLookupsAgreeWithADictionaryAcrossSizes() {
        var random = SeededRandom(seed: 0x0B1EC7)
        var object = JSONObject()
        var reference: [String: Int] = [:]
        var order: [String] = []
        for step in 0..<1_500 {
            let key = "k\(Int.random(in: 0..<24, using: &random))"
            if Bool.random(using: &random) || reference.count < 3 {
                object.set(key, JSONNode(.integer(step), at: .synthesized))
                if reference[key] == nil { order.append(key) }
                reference[key] = step
            } else {
                object.remove(key)
                reference[key] = nil
                order.removeAll { $0 == key }
            }
            #expect(object.count == reference.count)
            #expect(object.keys == order)
            for probe in 0..<24 {
                let name = "k\(probe)"
                #expect(object[name]?.value == reference[name].map { .integer($0) }, "step \(step), key \(name)")
            }
        }
    }
}
