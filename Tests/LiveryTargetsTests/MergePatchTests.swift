import LiveryJSON
import LiveryTargets
import Testing

@Suite("Merge patches (RFC 7396) with provenance")
struct MergePatchTests {
    func node(_ text: String, file: String = "t.json") throws -> JSONNode {
        try JSONReader.parse(Array(text.utf8), file: file)
    }

    func merged(_ target: String, _ patch: String, replace: Set<String> = []) throws -> String {
        let result = MergePatch.apply(try node(patch), to: try node(target)) { replace.contains($0.joined(separator: "/")) }
        return result.map { JSONWriter.compact($0.value, sortedKeys: true) } ?? "<deleted>"
    }

    /// The examples of RFC 7396 appendix A.
    @Test(arguments: [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, #"null"#, #"<deleted>"#),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"a":1,"e":null}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ])
    func rfcExamples(target: String, patch: String, expected: String) throws {
        #expect(try merged(target, patch) == expected)
    }

    @Test func replaceMarkedValuesAreReplacedWhole() throws {
        let parent =
            ##"{"colors":{"primary":{"light":"#111","dark":"#222","highContrastLight":"#000"}},"fonts":{"body":{"size":16,"family":"A"}}}"##
        let child = ##"{"colors":{"primary":{"light":"#333","dark":"#444"}},"fonts":{"body":{"size":17}}}"##
        let result = try merged(parent, child, replace: ["colors/primary"])
        // The colour is replaced (no inherited highContrastLight); the font merges.
        #expect(result == ##"{"colors":{"primary":{"dark":"#444","light":"#333"}},"fonts":{"body":{"family":"A","size":17}}}"##)
    }

    @Test func everyValueRemembersTheFileThatWroteIt() throws {
        let parent = try node("{\n  \"a\": 1,\n  \"b\": {\"x\": 1, \"y\": 2}\n}", file: "targets/base/style.json")
        let child = try node("{\n  \"b\": {\"y\": 3}\n}", file: "targets/acme/style.json")
        let result = try #require(MergePatch.apply(child, to: parent))
        let a = try #require(result.value(at: JSONPointer(tokens: ["a"])))
        #expect(a.location == JSONLocation(file: "targets/base/style.json", line: 2, column: 8))
        let x = try #require(result.value(at: JSONPointer(tokens: ["b", "x"])))
        #expect(x.location.file == "targets/base/style.json")
        let y = try #require(result.value(at: JSONPointer(tokens: ["b", "y"])))
        #expect(y.location == JSONLocation(file: "targets/acme/style.json", line: 2, column: 14))
    }
}
