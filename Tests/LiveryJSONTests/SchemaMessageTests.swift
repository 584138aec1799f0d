import LiveryJSON
import Testing

@Suite("JSON Schema: x-livery-message and unknown properties at their key")
struct SchemaMessageTests {
    func schema(_ text: String, formatAssertion: Bool = false) throws -> JSONSchema {
        try JSONSchema(
            compiling: try JSONReader.parse(Array(text.utf8), file: "schema.json"), options: SchemaOptions(formatAssertion: formatAssertion)
        )
    }

    func instance(_ text: String) throws -> JSONNode {
        try JSONReader.parse(Array(text.utf8), file: "data.json")
    }

    @Test func aFailedPatternSaysTheSchemasMessageAndKeepsItsPlace() throws {
        let s = try schema(
            ##"{"properties": {"colors": {"additionalProperties": {"type": "string", "pattern": "^#[0-9A-F]{6}$", "x-livery-message": "not a colour: use #RRGGBB"}}}}"##
        )
        let violations = s.validate(try instance("{\n  \"colors\": {\n    \"primary\": \"#12345\"\n  }\n}"))
        let violation = try #require(violations.first)
        #expect(violations.count == 1)
        #expect(violation.message == "`colors.primary` = `\"#12345\"` is invalid, not a colour: use #RRGGBB")
        #expect(violation.instancePointer.description == "/colors/primary")
        #expect(violation.keywordLocation == "#/properties/colors/additionalProperties/pattern")
        #expect(violation.location == JSONLocation(file: "data.json", line: 3, column: 16))
    }

    @Test func theMessageReachesThroughRefsAndAlternatives() throws {
        let s = try schema(
            ##"""
            {"$defs": {"hex": {"type": "string", "pattern": "^#", "x-livery-message": "not a colour"}},
             "properties": {"c": {"oneOf": [{"$ref": "#/$defs/hex"}, {"type": "object"}]}}}
            """##)
        #expect(s.validate(try instance(#"{"c": "red"}"#)).map(\.message) == ["`c` = `\"red\"` is invalid, not a colour"])
    }

    @Test func enumConstAndFormatUseTheMessageToo() throws {
        let s = try schema(
            #"""
            {"properties": {
              "weight": {"enum": ["regular", "bold"], "x-livery-message": "not a weight: use regular or bold"},
              "kind": {"const": "style", "x-livery-message": "must say style"},
              "mail": {"type": "string", "format": "email", "x-livery-message": "not an e-mail address: write name@example.com"}
            }}
            """#, formatAssertion: true)
        #expect(
            s.validate(try instance(#"{"weight": "heavy", "kind": "x", "mail": "nobody"}"#)).map(\.message) == [
                "`weight` = `\"heavy\"` is invalid, not a weight: use regular or bold",
                "`kind` = `\"x\"` is invalid, must say style",
                "`mail` = `\"nobody\"` is invalid, not an e-mail address: write name@example.com",
            ])
    }

    @Test func otherKeywordsKeepTheirOwnSentence() throws {
        let s = try schema(##"{"type": "string", "pattern": "^#", "x-livery-message": "not a colour"}"##)
        #expect(s.validate(try instance("5")).map(\.message) == ["the document must be a string, found number `5`"])
        #expect(s.isValid(try instance(##""#fff""##)))
    }

    @Test func theMessageMustBeText() throws {
        #expect(throws: SchemaError.self) { try schema(#"{"pattern": "^#", "x-livery-message": 5}"#) }
        #expect(throws: SchemaError.self) { try schema(#"{"pattern": "^#", "x-livery-message": ""}"#) }
    }

    @Test func anUnknownPropertyIsReportedAtItsKeyWithTheNearestKnownName() throws {
        let s = try schema(
            #"{"properties": {"colors": {}, "fonts": {}, "app": {"properties": {"bundleId": {}}, "additionalProperties": false}}, "additionalProperties": false}"#
        )
        let violations = s.validate(try instance("{\n  \"colour\": {\n    \"x\": 1\n  },\n  \"app\": {\"bundleID\": \"a\"}\n}"))
        #expect(
            violations.map(\.message) == [
                "unknown property `colour` (did you mean `colors`?)",
                "unknown property `bundleID` in `app` (did you mean `bundleId`?)",
            ])
        #expect(
            violations.map(\.location) == [
                JSONLocation(file: "data.json", line: 2, column: 3),
                JSONLocation(file: "data.json", line: 5, column: 11),
            ])
        #expect(violations.map(\.instancePointer.description) == ["/colour", "/app/bundleID"])
    }

    @Test func aFarUnknownPropertyStillListsTheKnownOnes() throws {
        let s = try schema(#"{"properties": {"c": {}, "d": {}}, "additionalProperties": false}"#)
        #expect(s.validate(try instance(#"{"zzzzz": 1}"#)).map(\.message) == ["unknown property `zzzzz` (allowed: c, d)"])
    }

    @Test func unevaluatedPropertiesSuggestAmongEveryAppliedSchemasNames() throws {
        let s = try schema(
            #"""
            {"allOf": [{"properties": {"primary": {}}}, {"$ref": "#/$defs/more"}],
             "$defs": {"more": {"properties": {"secondary": {}}}},
             "unevaluatedProperties": false}
            """#)
        let violations = s.validate(try instance("{\"primary\": 1,\n \"secondry\": {}}"))
        #expect(violations.map(\.message) == ["unknown property `secondry` (did you mean `secondary`?)"])
        #expect(violations.first?.location == JSONLocation(file: "data.json", line: 2, column: 2))
        #expect(
            s.validate(try instance(#"{"zzzzz": 1}"#)).map(\.message) == ["unknown property `zzzzz` (not allowed by unevaluatedProperties)"]
        )
    }

    @Test func nearestNamesIgnoreCaseAndPreferTheFirstOfEquals() {
        #expect(NearestName.closest(to: "COLOR", in: ["colors", "fonts"]) == "colors")
        #expect(NearestName.closest(to: "ab", in: ["ac", "ad"]) == "ac")
        #expect(NearestName.closest(to: "abcdef", in: ["uvwxyz"]) == nil)
        #expect(NearestName.closest(to: "e", in: ["c", "d"]) == nil)
        #expect(NearestName.editDistance("kitten", "sitting") == 3)
        #expect(NearestName.editDistance("", "abc") == 3)
    }
}
