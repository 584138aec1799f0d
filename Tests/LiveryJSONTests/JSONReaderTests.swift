import Foundation
import LiveryJSON
import Testing

@Suite("Reading JSON with positions")
struct JSONReaderTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONReader.parse(Array(text.utf8), file: "t.json")
    }

    func failure(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONSyntaxError? {
        do {
            _ = try JSONReader.parse(bytes, file: "t.json", maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }

    func failure(_ text: String) -> JSONSyntaxError? { failure(Array(text.utf8)) }

    @Test func everyValueKnowsItsLineAndColumn() throws {
        let root = try parse("{\n  \"a\": [1, true],\n\t\"é\": {\"b\": null}\n}")
        #expect(root.location == JSONLocation(file: "t.json", line: 1, column: 1))
        let object = try #require(root.value.objectValue)
        #expect(object.member("a")?.keyLocation == JSONLocation(file: "t.json", line: 2, column: 3))
        #expect(root.value(at: JSONPointer(tokens: ["a"]))?.location.column == 8)
        #expect(root.value(at: JSONPointer(tokens: ["a", "1"]))?.location.column == 12)
        // A tab is one column; a two-byte character is one column.
        #expect(object.member("é")?.keyLocation == JSONLocation(file: "t.json", line: 3, column: 2))
        #expect(root.value(at: JSONPointer(tokens: ["é", "b"]))?.location == JSONLocation(file: "t.json", line: 3, column: 13))
        #expect(object.keys == ["a", "é"])
    }

    @Test func lineBreaksMayBeCRLFOrCR() throws {
        let root = try parse("{\r\n\"a\": 1,\r\"b\": 2}")
        #expect(root.value(at: JSONPointer(tokens: ["b"]))?.location == JSONLocation(file: "t.json", line: 3, column: 6))
    }

    @Test func numbersKeepTheirExactText() throws {
        let root = try parse("[12345678901234567890123, -0.10, 1E+2, 0]")
        #expect(root.value.arrayValue?.compactMap { $0.value.numberValue?.literal } == ["12345678901234567890123", "-0.10", "1E+2", "0"])
    }

    @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
        let root = try parse(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\ud83d\ude00", "plain", "ünïcödé"]"#)
        let strings = root.value.arrayValue?.compactMap { $0.value.stringValue }
        #expect(strings == ["a\"b\\c/d\u{08}\u{0C}\n\r\t", "é😀", "plain", "ünïcödé"])
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let root = try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8), file: "t.json")
        #expect(root.location.column == 1)
        #expect(root.value.objectValue?["a"] != nil)
    }

    /// (input, line, column, pointer, words the message must contain)
    static let errors: [(String, Int, Int, String, String)] = [
        ("", 1, 1, "", "empty document"),
        ("   ", 1, 4, "", "empty document"),
        ("{\"a\": 1,}", 1, 9, "", "trailing comma"),
        ("[1, 2,]", 1, 7, "", "trailing comma"),
        ("{\"a\": 1 // note\n}", 1, 9, "", "comment"),
        ("/* c */ {}", 1, 1, "", "comment"),
        ("{'a': 1}", 1, 2, "", "expected a key"),
        ("['a']", 1, 2, "/0", "double quotes"),
        ("[NaN]", 1, 2, "/0", "NaN is not a JSON value"),
        ("[Infinity]", 1, 2, "/0", "Infinity"),
        ("{\"n\": 01}", 1, 7, "/n", "leading zeros"),
        ("[-]", 1, 3, "/0", "digit after '-'"),
        ("[1.]", 1, 4, "/0", "digit after '.'"),
        ("[.5]", 1, 2, "/0", "expected a value"),
        ("[1e]", 1, 4, "/0", "exponent"),
        ("{\"a\": \"x\ny\"}", 1, 9, "/a", "line break"),
        ("[\"\u{01}\"]", 1, 3, "/0", "control character U+0001"),
        ("[\"\\x\"]", 1, 3, "/0", "invalid escape"),
        ("[\"\\u12\"]", 1, 3, "/0", "four hex digits"),
        ("[\"\\ud800\"]", 1, 3, "/0", "lone high surrogate"),
        ("[\"\\udc00\"]", 1, 3, "/0", "lone low surrogate"),
        ("[\"\\ud800\\u0041\"]", 1, 3, "/0", "not a low surrogate"),
        ("{\"a\": [1, {\"b\": \"open", 1, 22, "/a/1/b", "unterminated string"),
        ("{\"a\": [1, 2", 1, 12, "/a", "unterminated array"),
        ("{\"a\": 1", 1, 8, "", "unterminated object"),
        ("{\"a\" 1}", 1, 6, "", "expected ':'"),
        ("{\"a\": 1} x", 1, 10, "", "after the JSON value"),
        ("[tru]", 1, 2, "/0", "expected a value"),
        (
            "{\n  \"colors\": {\n    \"primary\": 1,\n    \"primary\": 2\n  }\n}", 4, 5, "/colors/primary",
            "duplicate key \"primary\" (first written at line 3, column 5)"
        ),
    ]

    @Test(arguments: 0..<errors.count)
    func syntaxErrorsArePlacedExactly(index: Int) throws {
        let (input, line, column, pointer, words) = Self.errors[index]
        let error = try #require(failure(input), "expected an error for \(input.debugDescription)")
        #expect(error.location.line == line, "\(input.debugDescription): \(error)")
        #expect(error.location.column == column, "\(input.debugDescription): \(error)")
        #expect(error.pointer.description == pointer, "\(input.debugDescription): \(error)")
        #expect(error.message.contains(words), "\(input.debugDescription): \(error)")
        #expect(error.description.hasPrefix("t.json:\(line):\(column): "))
    }

    /// Invalid UTF-8 inside a string: overlong forms, encoded surrogates, bytes
    /// past U+10FFFF, truncated sequences, stray continuation bytes.
    @Test(
        arguments: [
            [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xE2, 0x82], [0x80], [0xFF],
        ] as [[UInt8]])
    func invalidUTF8IsAnErrorWithPosition(bad: [UInt8]) throws {
        let bytes = Array("[\"ok".utf8) + bad + Array("\"]".utf8)
        let error = try #require(failure(bytes))
        #expect(error.location == JSONLocation(file: "t.json", line: 1, column: 5))
        #expect(error.pointer.description == "/0")
        #expect(error.message.contains("UTF-8"))
    }

    @Test func invalidUTF8OutsideStringsIsAnError() throws {
        let error = try #require(failure([0x5B, 0xFF, 0x5D]))
        #expect(error.location.column == 2)
    }

    @Test func nestingIsBoundedWithoutExhaustingTheStack() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(failure(deep))
        #expect(error.message == "nesting deeper than 512 levels")
        #expect(error.location.column == 513)
        // Exactly at the limit is fine.
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(failure(fine) == nil)
        #expect(failure(Array(("{\"a\":" + fine + "}").utf8), maxDepth: 512) != nil)
    }

    @Test func aLongSingleLineStaysFast() throws {
        // 200,000 values on one line: locating each must not rescan the line.
        let text = "[" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]"
        let root = try parse(text)
        #expect(root.value.arrayValue?.last?.location.column == 400_000)
    }

    @Test func everyTestSuiteFileParses() throws {
        let directory = SchemaConformanceTests.suite.appendingPathComponent("tests/draft2020-12")
        let files = try FileManagerShim.jsonFiles(in: directory.path)
        #expect(files.count > 40)
        for path in files {
            _ = try JSONReader.parse(try FileManagerShim.read(path), file: path)
        }
    }
}

enum FileManagerShim {
    static func jsonFiles(in directory: String) throws -> [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let name = enumerator?.nextObject() as? String {
            if name.hasSuffix(".json") { found.append(directory + "/" + name) }
        }
        return found.sorted()
    }

    static func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
