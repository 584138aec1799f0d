import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Quick reading of extends and abstract")
struct StyleHeaderTests {
    func scan(_ text: String) -> String {
        guard let header = StyleHeader.scan(Array(text.utf8)) else { return "nil" }
        return "\(header.extends ?? "-") \(header.abstract)"
    }

    @Test(arguments: [
        (#"{"extends": "base"}"#, "base false"),
        (#" { "abstract" : true , "colors": {"extends": "x", "a": [1, {"b": "}"}]}, "extends": "banks" } "#, "banks true"),
        (#"{}"#, "- false"),
        (#"{"flags": {"abstract": true}, "s": "a \"quoted\" \\ word", "n": -1.5e3, "z": null}"#, "- false"),
        (#"{"extends": null, "abstract": false}"#, "- false"),
        (#"{"extends": 3}"#, "nil"),
        (#"{"extends": "a\u0062"}"#, "ab false"),
        (#"{"extends": "a", "extends": "b"}"#, "nil"),
        (#"{"abstract": "yes"}"#, "nil"),
        (#"{"a": 1,}"#, "nil"),
        (#"{"a": 1} x"#, "nil"),
        (#"["extends"]"#, "nil"),
        (#"{"a": [1, 2}"#, "nil"),
        (#"{"a": "#, "nil"),
    ])
    func examples(text: String, expected: String) {
        #expect(scan(text) == expected)
    }

    /// Wherever the quick reading answers, it agrees with the full reader.
    @Test func agreesWithTheReaderOnRandomDocuments() throws {
        var rng = SeededRandom(seed: 11)
        let pieces = [
            #""extends": "base""#, #""abstract": true"#, #""abstract": false"#, #""colors": {"extends": "x"}"#,
            #""a": [1, "]", {"b": null}]"#, #""s": "\"}""#, #""n": 2.5"#, #""extends": null"#,
        ]
        var answered = 0
        for _ in 0..<500 {
            let chosen = pieces.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
            var seen: Set<String> = []
            let unique = chosen.filter { seen.insert(String($0.prefix(10))).inserted }
            let text = "{" + unique.shuffled(using: &rng).joined(separator: ", ") + "}"
            let parsed = try JSONReader.parse(Array(text.utf8), file: "t.json")
            let object = try #require(parsed.value.objectValue)
            guard let header = StyleHeader.scan(Array(text.utf8)) else { continue }
            answered += 1
            #expect(header.extends == object["extends"]?.value.stringValue, "\(text)")
            #expect(header.abstract == (object["abstract"]?.value.boolValue ?? false), "\(text)")
        }
        #expect(answered > 400)
    }
}
