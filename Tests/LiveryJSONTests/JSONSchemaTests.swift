import Foundation
import LiveryConcurrency
import LiveryJSON
import Testing

@Suite("JSON Schema: messages, exact numbers, loops, sharing")
struct JSONSchemaTests {
    func schema(_ text: String, formatAssertion: Bool = false) throws -> JSONSchema {
        try JSONSchema(
            compiling: try JSONReader.parse(Array(text.utf8), file: "schema.json"), options: SchemaOptions(formatAssertion: formatAssertion)
        )
    }

    func instance(_ text: String) throws -> JSONNode {
        try JSONReader.parse(Array(text.utf8), file: "data.json")
    }

    @Test func violationsCarryPointerKeywordLocationPositionAndASentence() throws {
        let s = try schema(
            #"{"properties": {"colors": {"additionalProperties": {"type": "string", "pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$"}}}}"#)
        let violations = s.validate(try instance("{\n  \"colors\": {\n    \"primary\": \"#12345\"\n  }\n}"))
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.instancePointer.description == "/colors/primary")
        #expect(violation.keywordLocation == "#/properties/colors/additionalProperties/pattern")
        #expect(violation.location == JSONLocation(file: "data.json", line: 3, column: 16))
        #expect(violation.message == "`colors.primary` must match `^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$`, found `\"#12345\"`")
    }

    @Test func allProblemsAreCollected() throws {
        let s = try schema(
            #"{"type": "object", "required": ["a", "b"], "properties": {"c": {"type": "integer"}, "d": {"enum": ["x", "y"]}}, "additionalProperties": false}"#
        )
        let violations = s.validate(try instance(#"{"c": 1.5, "d": "z", "e": 1}"#))
        #expect(
            violations.map(\.message).sorted() == [
                "`c` must be an integer, found number `1.5`",
                "`d` must be one of \"x\", \"y\", found `\"z\"`",
                "the document is missing required properties `a`, `b`",
                "unknown property `e` (allowed: c, d)",
            ])
        #expect(s.validate(try instance(#"{"c": 1.5}"#), maxErrors: 1).count == 1)
    }

    @Test func anyOfReportsTheClosestAlternative() throws {
        let s = try schema(#"{"anyOf": [{"type": "string", "pattern": "^#"}, {"type": "object", "required": ["light"]}]}"#)
        #expect(s.validate(try instance(#""red""#)).map(\.message) == ["the document must match `^#`, found `\"red\"`"])
        #expect(s.validate(try instance(#"{}"#)).map(\.message) == ["the document is missing required property `light`"])
        #expect(s.validate(try instance("5")).map(\.message) == ["the document matches none of the allowed forms, found `5`"])
    }

    @Test(arguments: [
        ("12345678901234567890123", "12345678901234567890122", true),
        ("12345678901234567890123", "12345678901234567890124", false),
        ("0.30000000000000001", "0.3", true),
        ("0.3", "0.30000000000000001", false),
        ("1e400", "1e399", true),
        ("-1e-400", "-1e-399", true),
    ])
    func numbersCompareExactly(value: String, minimum: String, valid: Bool) throws {
        let s = try schema("{\"exclusiveMinimum\": \(minimum)}")
        #expect(s.isValid(try instance(value)) == valid)
    }

    @Test(arguments: [
        ("0.0075", "0.0001", true), ("0.00751", "0.0001", false), ("1e308", "0.5", true),
        ("123456789012345678901234567890", "3", true), ("123456789012345678901234567891", "3", false),
        ("19.99", "0.01", true), ("1e-5", "1e-6", true), ("1", "10", false), ("0", "7", true), ("1e99999", "7", false),
    ])
    func multipleOfIsExact(value: String, divisor: String, valid: Bool) throws {
        #expect(try schema("{\"multipleOf\": \(divisor)}").isValid(try instance(value)) == valid)
    }

    @Test func integersMayBeWrittenWithAFraction() throws {
        let s = try schema(#"{"type": "integer"}"#)
        #expect(s.isValid(try instance("1.0")))
        #expect(s.isValid(try instance("1e2")))
        #expect(!s.isValid(try instance("1.5")))
    }

    @Test func lengthsCountCodePoints() throws {
        let s = try schema(#"{"maxLength": 2}"#)
        #expect(s.isValid(try instance(#""😀😀""#)))
        #expect(!s.isValid(try instance(#""e\u0301e""#)))
    }

    @Test func aReferenceLoopEndsWithAnError() throws {
        let s = try schema(##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##)
        let violations = s.validate(try instance("1"))
        #expect(violations.count == 1)
        #expect(violations.first?.message.contains("infinite $ref loop") == true)
        // Recursion that consumes the instance is fine.
        let tree = try schema(##"{"type": "object", "properties": {"child": {"$ref": "#"}}}"##)
        #expect(tree.isValid(try instance(#"{"child": {"child": {"child": {}}}}"#)))
        #expect(!tree.isValid(try instance(#"{"child": {"child": 3}}"#)))
    }

    @Test(arguments: [
        (##"{"$ref": "#/$defs/missing"}"##, "leads nowhere"),
        (#"{"$ref": "other.json"}"#, "leads nowhere"),
        (#"{"pattern": "(unclosed"}"#, "invalid regular expression"),
        (#"{"type": "colour"}"#, "unknown type 'colour'"),
        (#"{"minLength": -1}"#, "non-negative integer"),
        (#"{"properties": 3}"#, "properties must be an object"),
        (#"[1]"#, "must be an object or a boolean"),
    ])
    func unusableSchemasAreSchemaErrors(text: String, words: String) throws {
        let error = #expect(throws: SchemaError.self) { try schema(text) }
        #expect(error?.message.contains(words) == true, "\(String(describing: error))")
    }

    @Test func formatIsAnAnnotationUnlessAsserted() throws {
        let annotation = try schema(#"{"format": "email"}"#)
        #expect(annotation.isValid(try instance(#""not an email""#)))
        let assertion = try schema(#"{"format": "email"}"#, formatAssertion: true)
        #expect(!assertion.isValid(try instance(#""not an email""#)))
        #expect(assertion.isValid(try instance(#""ops@acme.example""#)))
        let dateTime = try schema(#"{"format": "date-time"}"#, formatAssertion: true)
        #expect(dateTime.isValid(try instance(#""2026-11-22T16:08:04Z""#)))
        #expect(!dateTime.isValid(try instance(#""2026-02-30T16:08:04Z""#)))
        let uri = try schema(#"{"format": "uri"}"#, formatAssertion: true)
        #expect(uri.isValid(try instance(#""https://livery.dev/a?b#c""#)))
        #expect(!uri.isValid(try instance(#""not a uri""#)))
        let regex = try schema(#"{"format": "regex"}"#, formatAssertion: true)
        #expect(!regex.isValid(try instance(#""(""#)))
    }

    @Test func oneCompiledSchemaServesManyThreads() async throws {
        let s = try schema(#"{"type": "object", "additionalProperties": {"type": "integer", "maximum": 100}}"#)
        let good = try instance(#"{"a": 1, "b": 2}"#)
        let bad = try instance(#"{"a": 1, "b": 200}"#)
        let failures = Counter()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<2000 {
                group.addTask {
                    let ok = index.isMultiple(of: 2) ? s.validate(good).isEmpty : s.validate(bad).count == 1
                    if !ok { failures.increment() }
                }
            }
        }
        #expect(failures.value == 0)
    }

    @Test func keywordValuesFindLiveryAnnotationsThroughReferences() throws {
        let s = try schema(
            #"""
            {
              "properties": {
                "colors": {"additionalProperties": {"$ref": "#/$defs/color"}},
                "components": {"additionalProperties": {"additionalProperties": {"properties": {"shape": {"x-livery-merge": "replace"}}}}}
              },
              "$defs": {"color": {"x-livery-merge": "replace", "anyOf": [{"type": "string"}, {"type": "object"}]}}
            }
            """#)
        #expect(s.keywordValues("x-livery-merge", atInstancePath: ["colors", "primary"]).compactMap(\.stringValue) == ["replace"])
        #expect(
            s.keywordValues("x-livery-merge", atInstancePath: ["components", "button", "primary", "shape"]).compactMap(\.stringValue) == [
                "replace"
            ])
        #expect(s.keywordValues("x-livery-merge", atInstancePath: ["components", "button", "primary"]).isEmpty)
        #expect(s.keywordValues("x-livery-merge", atInstancePath: ["colors"]).isEmpty)
    }
}

final class Counter: Sendable {
    private let count = Locked(0)
    func increment() {
        count.withLock { $0 += 1 }
    }
    var value: Int { count.withLock { $0 } }
}
