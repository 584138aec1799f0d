import LiveryJSON
import LiveryTestSupport
import Testing

@Suite("Writing JSON deterministically")
struct JSONWriterTests {
    @Test func writesSortedIndentedJSONWithATrailingNewline() throws {
        let node = try JSONReader.parse(Array(#"{"b": [1, {}], "a": "x\ny", "c": [], "é": null}"#.utf8), file: "t")
        #expect(JSONWriter.write(node.value) == """
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
        case 2: return .number(JSONNumber(literal: ["0", "-1", "3.25", "1e3", "12345678901234567890", "0.001"][Int.random(in: 0..<6, using: &rng)]))
        case 3: return .string(String((0..<Int.random(in: 0..<8, using: &rng)).map { _ in "aZé\"\\\n😀 /\u{1}".randomElement(using: &rng) ?? "a" }))
        case 4: return .makeArray((0..<Int.random(in: 0..<4, using: &rng)).map { _ in randomValue(depth: depth + 1, &rng) })
        default:
            let keys = (0..<Int.random(in: 0..<4, using: &rng)).map { "k\($0)\(["", "é", "~/"][Int.random(in: 0..<3, using: &rng)])" }
            return .makeObject(keys.map { ($0, randomValue(depth: depth + 1, &rng)) })
        }
    }
}

