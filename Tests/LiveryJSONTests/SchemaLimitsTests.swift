import LiveryJSON
import Testing

/// A schema is untrusted input too: validation counts its work and its depth,
/// and past either limit ends with one violation saying so, never a hang or a crash.
@Suite("Schema evaluation limits")
struct SchemaLimitsTests {
    static func schema(_ text: String) throws -> JSONSchema {
        try JSONSchema(compiling: try JSONReader.parse(Array(text.utf8), file: "schema.json"))
    }

    static let instance = try! JSONReader.parse(Array(#"{"a": [1, 2, {"b": "c"}]}"#.utf8), file: "data.json")

    @Test func theLimitsAreTheDocumentedOnes() {
        #expect(SchemaLimits.maxSteps == 2_000_000)
        #expect(SchemaLimits.maxDepth == 128)
    }

    /// 40 schemas whose `allOf` applies the next one twice: 2^40 evaluations.
    @Test func anAllOfFanningOutTwoToTheFortyWaysStopsAtTheStepLimit() throws {
        var definitions = [##""d40": {"type": "object"}"##]
        for index in 0..<40 {
            definitions.append(##""d\##(index)": {"allOf": [{"$ref": "#/$defs/d\##(index + 1)"}, {"$ref": "#/$defs/d\##(index + 1)"}]}"##)
        }
        let fan = try Self.schema(##"{"$defs": {"## + definitions.joined(separator: ", ") + ##"}, "$ref": "#/$defs/d0"}"##)
        let violations = fan.validate(Self.instance)
        #expect(violations.count == 1)
        #expect(
            violations.first?.message.hasPrefix("checking the document against the schema takes more than 2000000 steps") == true,
            "\(violations)")
        #expect(violations.first?.location == JSONLocation(file: "data.json", line: 1, column: 1))
    }

    /// A chain of `$ref`s 5,000 long would recurse 5,000 deep while compiling.
    @Test func aRefChainLongerThanTheDepthLimitIsAnUnusableSchema() throws {
        var definitions = [##""r5000": {"type": "object"}"##]
        for index in 0..<5_000 { definitions.append(##""r\##(index)": {"$ref": "#/$defs/r\##(index + 1)"}"##) }
        #expect {
            try Self.schema(##"{"$defs": {"## + definitions.joined(separator: ", ") + ##"}, "$ref": "#/$defs/r0"}"##)
        } throws: { error in
            (error as? SchemaError)?.message
                == "schemas nest (inside each other or through $ref) more than 128 deep, the most livery follows"
        }
        // Inside the limit, the same chain compiles and validates.
        var short = [##""r120": {"type": "object"}"##]
        for index in 0..<120 { short.append(##""r\##(index)": {"$ref": "#/$defs/r\##(index + 1)"}"##) }
        let inside = try Self.schema(##"{"$defs": {"## + short.joined(separator: ", ") + ##"}, "$ref": "#/$defs/r0"}"##)
        #expect(inside.validate(Self.instance).isEmpty)
    }

    /// A schema that applies itself to every item evaluates two schemas per level
    /// of an instance: 100 levels of arrays pass the depth limit while validating.
    @Test func aRecursiveSchemaOnADeepInstanceStopsAtTheDepthLimit() throws {
        let recursive = try Self.schema(##"{"type": "array", "items": {"$ref": "#"}}"##)
        let deep = try JSONReader.parse(
            Array((String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).utf8), file: "data.json")
        let violations = recursive.validate(deep)
        #expect(violations.count == 1)
        #expect(violations.first?.message.contains("nests schemas more than 128 deep") == true, "\(violations)")
        let shallow = try JSONReader.parse(
            Array((String(repeating: "[", count: 60) + String(repeating: "]", count: 60)).utf8), file: "data.json")
        #expect(recursive.validate(shallow).isEmpty)
    }
}
