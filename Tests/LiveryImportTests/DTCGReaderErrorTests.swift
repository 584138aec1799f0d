import LiveryImport
import LiveryJSON
import LiveryTargets
import Testing

/// What the reader refuses, and how it says so: every error found, each with its
/// file, line, column and JSON pointer.
@Suite struct DTCGReaderErrorTests {
    @Test func cycleListsEveryTokenInIt() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    {
                      "$type": "color",
                      "a": { "$value": "{b}" },
                      "b": { "$value": "{c}" },
                      "c": { "$value": "{a}" },
                      "d": { "$value": "{a}" }
                    }
                    """
                ], entry: ["t.json"])
        }
        let cycles = diagnostics.filter { $0.rule.id == "dtcg-cycle" }
        #expect(cycles.count == 1)
        let message = cycles.first?.message ?? ""
        #expect(message.contains("`a` → `b` → `c` → `a`"))
        #expect(cycles.first?.file == "t.json")
        #expect(cycles.first?.line == 3)
        #expect(cycles.first?.pointer == JSONPointer(tokens: ["a", "$value"]))
        // `d` only leads into the cycle: no second report.
        #expect(diagnostics.count == 1)
    }

    @Test func selfReferenceIsACycle() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(["t.json": ##"{ "a": { "$type": "color", "$value": { "$ref": "#/a/$value" } } }"##], entry: ["t.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-cycle"])
    }

    @Test func refOutsideTheDirectoryIsRefusedWithItsPosition() {
        for reference in ["../secrets.json", "tokens/../../x.json", "/etc/passwd", "https://example.com/t.json", "C:\\\\t.json"] {
            let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
                try ReaderTest.resolve(
                    [
                        "r.resolver.json": """
                        {
                          "version": "2025.10",
                          "resolutionOrder": [
                            { "type": "set", "name": "s", "sources": [{ "$ref": "\(reference)" }] }
                          ]
                        }
                        """
                    ], entry: ["r.resolver.json"])
            }
            #expect(diagnostics.map(\.rule.id) == ["dtcg-ref-outside"], "\(reference)")
            #expect(diagnostics.first?.file == "r.resolver.json")
            #expect(diagnostics.first?.line == 4)
            #expect(diagnostics.first?.column == 57)
            #expect(diagnostics.first?.pointer == JSONPointer(tokens: ["resolutionOrder", "0", "sources", "0", "$ref"]))
        }
    }

    @Test func refsInsideTheDirectoryAreNormalised() throws {
        let tokens = try ReaderTest.resolve(
            [
                "r.resolver.json":
                    #"{ "resolutionOrder": [{ "type": "set", "name": "s", "sources": [{ "$ref": "./a/../tokens//c.json" }] }] }"#,
                "tokens/c.json": #"{ "c": { "$type": "number", "$value": 1 } }"#,
            ], entry: ["r.resolver.json"]
        ).value
        #expect(tokens.tokens.map(\.dotted) == ["c"])
    }

    @Test func tokenThatIsAlsoAGroupIsAnError() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    {
                      "accent": {
                        "$type": "color",
                        "$value": "#dd0000",
                        "dark": { "$value": "#aa0000" }
                      }
                    }
                    """
                ], entry: ["t.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-structure"])
        #expect(diagnostics.first?.message.contains("`accent` is both a token") == true)
        #expect(diagnostics.first?.message.contains("`dark`") == true)
        #expect(diagnostics.first?.line == 2)
        #expect(diagnostics.first?.pointer == JSONPointer(tokens: ["accent"]))
    }

    @Test func toolDataBesideValueIsIgnoredWithAWarning() throws {
        let read = try ReaderTest.resolve(
            [
                "t.json": """
                { "ink": { "$type": "color", "$value": "#000000", "figma": { "variableId": "VariableID:1:2" }, "order": 3 } }
                """
            ], entry: ["t.json"])
        #expect(read.value.readerToken("ink")?.value.value.stringValue == "#000000")
        #expect(read.warnings.map(\.rule.id) == ["dtcg-structure"])
        #expect(read.warnings.first?.message.contains("`figma`, `order` beside `$value`; ignored") == true)
    }

    @Test func missingTypeWithAnUnambiguousValueIsAssumedWithAWarning() throws {
        let read = try ReaderTest.resolve(
            [
                "t.json": """
                {
                  "brand": { "$value": "#1F5FD1" },
                  "gap": { "$value": { "value": 8, "unit": "px" } },
                  "fast": { "$value": { "value": 120, "unit": "ms" } },
                  "ratio": { "$value": 1.25 }
                }
                """
            ], entry: ["t.json"])
        #expect(read.value.tokens.map(\.type) == ["color", "dimension", "duration", "number"])
        #expect(read.warnings.map(\.rule.id) == ["dtcg-assumed", "dtcg-assumed", "dtcg-assumed", "dtcg-assumed"])
        #expect(read.warnings.first?.message.contains("`brand`") == true)
        #expect(read.warnings.first?.message.contains("`color`") == true)
        #expect(read.warnings.first?.line == 2)
    }

    @Test func missingTypeWithAnAmbiguousValueIsRefused() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    { "weight": { "$value": "bold" }, "family": { "$value": ["Inter"] } }
                    """
                ], entry: ["t.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-type", "dtcg-type"])
        #expect(diagnostics.first?.message.contains("`weight`") == true)
        #expect(diagnostics.first?.message.contains("add `\"$type\"`") == true)
    }

    @Test func aliasToATokenOfAnotherTypeIsAMismatch() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    {
                      "space": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } },
                      "ink": { "$type": "color", "$value": "{space}" }
                    }
                    """
                ], entry: ["t.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-type"])
        #expect(diagnostics.first?.message.contains("`ink` is a `color` token but `{space}` is a `dimension`") == true)
        #expect(diagnostics.first?.line == 3)
    }

    @Test func referenceInACompositePartMustHaveThePartsType() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    {
                      "ink": { "$type": "color", "$value": "#000000" },
                      "body": {
                        "$type": "typography",
                        "$value": { "fontFamily": "{ink}", "fontSize": { "value": 16, "unit": "px" }, "fontWeight": 400, "lineHeight": 1.5 }
                      }
                    }
                    """
                ], entry: ["t.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-type"])
        #expect(diagnostics.first?.message.contains("`fontFamily` of `body` takes a `fontFamily`, but `{ink}` is a `color`") == true)
        #expect(diagnostics.first?.line == 5)
    }

    @Test func danglingAliasSaysWhereAndSuggestsTheNearestName() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    {
                      "color": { "$type": "color", "primary": { "$value": "#000000" } },
                      "link": { "$type": "color", "$value": "{color.primray}" },
                      "other": { "$type": "color", "$value": "{nothing.like.it}" }
                    }
                    """
                ], entry: ["t.json"])
        }
        // Both are reported: the reader does not stop at the first.
        #expect(diagnostics.map(\.rule.id) == ["dtcg-reference", "dtcg-reference"])
        #expect(diagnostics.first?.message.contains("did you mean `{color.primary}`") == true)
        #expect(diagnostics.first?.line == 3)
        #expect(diagnostics.first?.column == 41)
        #expect(diagnostics.first?.pointer == JSONPointer(tokens: ["link", "$value"]))
        #expect(diagnostics.last?.message.contains("did you mean") == false)
    }

    @Test func aliasToAGroupIsNotAToken() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    { "accent": { "$type": "color", "$root": { "$value": "#ff0000" } }, "x": { "$value": "{accent}" } }
                    """
                ], entry: ["t.json"])
        }
        #expect(diagnostics.first?.message.contains("names a group, not a token; did you mean `{accent.$root}`?") == true)
    }

    @Test func missingFileNamesItAndWhereItWasReferenced() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "r.resolver.json": """
                    {
                      "sets": { "base": { "sources": [{ "$ref": "base.json" }, { "$ref": "more.json" }] } },
                      "resolutionOrder": [{ "$ref": "#/sets/base" }]
                    }
                    """
                ], entry: ["r.resolver.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-file", "dtcg-file"])
        #expect(diagnostics.first?.message.contains("`base.json` does not exist (referenced at r.resolver.json:2:") == true)
        #expect(diagnostics.first?.line == 2)
    }

    @Test func missingEntryFileIsAnError() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try DTCGInput.load(["nope.json"], provider: ReaderTestFiles([:]))
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-file"])
        #expect(diagnostics.first?.message.contains("`nope.json` does not exist") == true)
    }

    @Test func duplicateKeysAreRefusedWithTheirPosition() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    {
                      "a": { "$type": "color", "$value": "#000000" },
                      "a": { "$type": "color", "$value": "#ffffff" }
                    }
                    """
                ], entry: ["t.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-json"])
        #expect(diagnostics.first?.message.contains("duplicate") == true)
        #expect(diagnostics.first?.line == 3)
    }

    @Test func malformedJSONSaysLineAndColumn() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "r.resolver.json": #"{ "resolutionOrder": [{ "type": "set", "name": "s", "sources": [{ "$ref": "t.json" }] }] }"#,
                    "t.json": "{\n  \"a\": { \"$value\": 1, }\n}",
                ], entry: ["r.resolver.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-json"])
        #expect(diagnostics.first?.file == "t.json")
        #expect(diagnostics.first?.line == 2)
        #expect(diagnostics.first?.column == 23)
    }

    @Test func invalidNamesAreErrors() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                ["t.json": #"{ "a.b": { "$type": "number", "$value": 1 }, "c{d}": { "$type": "number", "$value": 2 } }"#], entry: ["t.json"]
            )
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-name", "dtcg-name"])
        #expect(diagnostics.first?.message.contains("`a.b` contains `.`") == true)
    }

    @Test func extendsCycleNamesEveryGroup() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    { "a": { "$extends": "{b}" }, "b": { "$extends": "{c}" }, "c": { "$extends": "{a}" } }
                    """
                ], entry: ["t.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-cycle"])
        #expect(diagnostics.first?.message.contains("a → b → c → a") == true)
    }

    @Test func extendingItsOwnParentIsACycle() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    { "button": { "color": { "$type": "color", "$value": "#000000" }, "secondary": { "$extends": "{button}" } } }
                    """
                ], entry: ["t.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-cycle"])
        #expect(diagnostics.first?.message.contains("button → button.secondary → button") == true)
    }

    @Test func extendsOfAMissingGroupOrOfATokenIsAnError() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    { "base": { "c": { "$type": "number", "$value": 1 } }, "x": { "$extends": "{bsae}" }, "y": { "$extends": "{base.c}" } }
                    """
                ], entry: ["t.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-reference", "dtcg-reference"])
        #expect(diagnostics.first?.message.contains("did you mean `{base}`") == true)
        #expect(diagnostics.last?.message.contains("a token") == true)
    }

    @Test func longChainsAndDeepNestingAreErrorsNotCrashes() {
        // t0 → t1 → … → t200: resolving the first token follows the whole chain.
        var chain = #"{ "$type": "number""#
        for i in 0..<200 { chain += #", "t\#(i)": { "$value": "{t\#(i + 1)}" }"# }
        chain += #", "t200": { "$value": 1 } }"#
        let chainDiagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(["t.json": chain], entry: ["t.json"])
        }
        #expect(chainDiagnostics.contains { $0.message.contains("chain more than") })

        let deep = String(repeating: #"{ "g": "#, count: 300) + "1" + String(repeating: "}", count: 300)
        let nestingDiagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(["t.json": deep], entry: ["t.json"])
        }
        #expect(nestingDiagnostics.map(\.rule.id) == ["dtcg-json"])
    }

    @Test func valuesNestedDeepAcrossReferencesAreRefused() {
        // Each token's value nests 50 objects deep around a reference to the next token.
        var document = #"{ "$type": "typography""#
        for i in 0..<20 {
            let inner = i == 19 ? "1" : #""{t\#(i + 1)}""#
            document +=
                #", "t\#(i)": { "$value": "# + String(repeating: #"{ "a": "#, count: 50) + inner + String(repeating: " }", count: 50) + " }"
        }
        document += " }"
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(["t.json": document], entry: ["t.json"])
        }
        #expect(diagnostics.contains { $0.rule.id == "dtcg-value" && $0.message.contains("more than 256 levels") })
    }

    @Test func valuesThatDoubleThroughReferencesAreRefused() {
        // t1 uses t0 twice, t2 uses t1 twice, …: t40 would hold 2^40 values.
        var document = #"{ "$type": "shadow", "t0": { "$value": [1] }"#
        for i in 1...40 { document += #", "t\#(i)": { "$value": ["{t\#(i - 1)}", "{t\#(i - 1)}"] }"# }
        document += " }"
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(["t.json": document], entry: ["t.json"])
        }
        #expect(diagnostics.contains { $0.rule.id == "dtcg-value" && $0.message.contains("grows past 10000 values") })
    }

    @Test func setsThatIncludeEachOtherInAFanAreRefusedQuickly() {
        // s0 includes s1 twice, s1 includes s2 twice, …: s0 would list 2^40 token documents.
        var sets = [##""s40": { "sources": [{ "$ref": "t.json" }] }"##]
        for i in 0..<40 {
            sets.append(##""s\##(i)": { "sources": [{ "$ref": "#/sets/s\##(i + 1)" }, { "$ref": "#/sets/s\##(i + 1)" }] }"##)
        }
        let resolver =
            ##"{ "version": "2025.10", "sets": { "## + sets.joined(separator: ", ")
            + ##" }, "resolutionOrder": [{ "$ref": "#/sets/s0" }] }"##
        let clock = ContinuousClock()
        let started = clock.now
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                ["r.resolver.json": resolver, "t.json": #"{ "a": { "$type": "number", "$value": 1 } }"#], entry: ["r.resolver.json"])
        }
        #expect(clock.now - started < .seconds(5))
        #expect(diagnostics.map(\.rule.id) == ["dtcg-resolver"])
        #expect(diagnostics.first?.message.contains("more than 10000 token documents in all") == true)
        #expect(diagnostics.first?.file == "r.resolver.json")
        #expect(diagnostics.first?.line == 1)
    }

    @Test func tokensThatRepeatALargeValueTooOftenAreRefused() {
        // 600 aliases of a value of almost 10,000 numbers: 6 million values in all.
        let numbers = Array(repeating: "0", count: 9_990).joined(separator: ",")
        var document = #"{ "$type": "gradient", "base": { "$value": [\#(numbers)] }"#
        for i in 0..<600 { document += #", "a\#(i)": { "$value": "{base}" }"# }
        document += " }"
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(["t.json": document], entry: ["t.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-value"])
        #expect(diagnostics.first?.message.contains("more than 5000000 JSON values in all") == true)
    }

    @Test func pointerProblemsAreReported() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(
                [
                    "t.json": """
                    {
                      "$type": "number",
                      "a": { "$value": { "value": 1, "unit": "px" }, "$type": "dimension" },
                      "b": { "$value": { "$ref": "#/a/$value/nope" } },
                      "c": { "$value": { "$ref": "other.json#/a/$value" } },
                      "d": { "$value": { "$ref": "#/zz/$value" } }
                    }
                    """
                ], entry: ["t.json"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-reference", "dtcg-reference", "dtcg-reference"])
        #expect(diagnostics.map(\.line) == [4, 5, 6])
    }
}

/// Choosing contexts: names, defaults and what is refused.
@Suite struct DTCGReaderSelectionTests {
    let resolver = """
        {
          "version": "2025.10",
          "modifiers": {
            "theme": { "contexts": { "light": [{ "c": { "$type": "color", "$value": "#ffffff" } }], "dark": [{ "c": { "$type": "color", "$value": "#000000" } }] } },
            "size": { "contexts": { "s": [], "l": [] }, "default": "s" }
          },
          "resolutionOrder": [{ "$ref": "#/modifiers/theme" }, { "$ref": "#/modifiers/size" }]
        }
        """

    @Test func contextsMatchIgnoringCase() throws {
        let tokens = try ReaderTest.resolve(["r.resolver.json": resolver], entry: ["r.resolver.json"], selection: ["Theme": "DARK"]).value
        #expect(tokens.readerToken("c")?.value.value.stringValue == "#000000")
    }

    @Test func unknownModifierUnknownContextAndMissingChoiceAreAllReported() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try ReaderTest.resolve(["r.resolver.json": resolver], entry: ["r.resolver.json"], selection: ["size": "xl", "brand": "a"])
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-modifier", "dtcg-modifier", "dtcg-modifier"])
        #expect(diagnostics[0].message.contains("`theme` has no default"))
        #expect(diagnostics[1].message.contains("no context `xl`"))
        #expect(diagnostics[2].message.contains("no modifier `brand`"))
    }
}
