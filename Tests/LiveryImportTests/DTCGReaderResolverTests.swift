import LiveryImport
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// Resolver documents: sets, modifiers, `resolutionOrder`, inline sources and the
/// `$ref`s that bring token documents in.
@Suite struct DTCGReaderResolverTests {
    @Test func laterEntriesOfResolutionOrderWin() throws {
        let files = [
            "r.resolver.json": """
            {
              "sets": {
                "base": { "sources": [{ "$ref": "base.json" }] },
                "override": { "sources": [{ "$ref": "override.json" }] }
              },
              "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/sets/override" }]
            }
            """,
            "base.json": ##"{ "c": { "$type": "color", "ink": { "$value": "#000000" }, "paper": { "$value": "#ffffff" } } }"##,
            "override.json": ##"{ "c": { "ink": { "$type": "color", "$value": "#111111" } }, "d": { "$type": "number", "$value": 1 } }"##,
        ]
        let tokens = try ReaderTest.resolve(files, entry: ["r.resolver.json"]).value
        #expect(tokens.readerToken("c.ink")?.value.value.stringValue == "#111111")
        #expect(tokens.readerToken("c.ink")?.location.file == "override.json")
        // Groups merge deeply; a token keeps its place when a later source replaces it.
        #expect(tokens.readerToken("c.paper")?.value.value.stringValue == "#ffffff")
        #expect(tokens.tokens.map(\.dotted) == ["c.ink", "c.paper", "d"])
    }

    @Test func laterSourcesOfOneSetWin() throws {
        let tokens = try ReaderTest.resolve(
            [
                "r.resolver.json": """
                {
                  "resolutionOrder": [{
                    "type": "set", "name": "foundation",
                    "sources": [
                      { "text": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0, 0, 0] } } },
                      { "text": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0.1, 0.1, 0.1] } } }
                    ]
                  }]
                }
                """
            ], entry: ["r.resolver.json"]
        ).value
        #expect(ReaderTest.numbers(tokens.readerToken("text")?.value.value.objectValue?["components"]) == [0.1, 0.1, 0.1])
        #expect(tokens.readerToken("text")?.location.file == "r.resolver.json")
        #expect(tokens.readerToken("text")?.location.line == 6)
    }

    @Test func inlineModifiersSetReferencesFragmentsAndDefs() throws {
        let files = [
            "r.resolver.json": """
            {
              "version": "2025.10",
              "sets": { "base": { "sources": [{ "$ref": "#/$defs/base" }] } },
              "resolutionOrder": [
                { "$ref": "#/sets/base" },
                {
                  "type": "modifier", "name": "theme", "default": "light",
                  "contexts": {
                    "light": [{ "$ref": "themes.json#/light" }],
                    "dark": [{ "$ref": "#/sets/base" }, { "$ref": "themes.json#dark" }]
                  }
                }
              ],
              "$defs": { "base": { "ink": { "$type": "color", "$value": "#222222" }, "bg": { "$type": "color", "$value": "{ink}" } } }
            }
            """,
            "themes.json":
                ##"{ "light": { "bg": { "$type": "color", "$value": "#ffffff" } }, "dark": { "ink": { "$type": "color", "$value": "#eeeeee" } } }"##,
        ]
        let input = try DTCGInput.load(["r.resolver.json"], provider: ReaderTestFiles(files))
        #expect(
            input.modifiers == [
                DTCGModifier(
                    name: "theme", contexts: ["light", "dark"], defaultContext: "light",
                    location: JSONLocation(file: "r.resolver.json", line: 6, column: 5))
            ])
        let light = try input.resolve(["theme": "light"]).value
        #expect(light.readerToken("bg")?.value.value.stringValue == "#ffffff")
        #expect(light.readerToken("bg")?.reference == nil)
        let dark = try input.resolve(["theme": "dark"]).value
        #expect(dark.readerToken("ink")?.value.value.stringValue == "#eeeeee")
        // `bg` is an alias resolved after merging: it follows the dark `ink`.
        #expect(dark.readerToken("bg")?.value.value.stringValue == "#eeeeee")
        #expect(dark.readerToken("bg")?.reference == ["ink"])
    }

    @Test func tokenFilesAreMergedInOrderAsOneSet() throws {
        let input = try DTCGInput.load(
            ["tokens/base.tokens.json", "brand.json"],
            provider: ReaderTestFiles([
                "tokens/base.tokens.json": ##"{ "c": { "$type": "color", "a": { "$value": "#000000" }, "b": { "$value": "{c.a}" } } }"##,
                "brand.json": ##"{ "c": { "a": { "$type": "color", "$value": "#ff0000" } } }"##,
            ]))
        #expect(input.name == "base")
        #expect(input.modifiers.isEmpty)
        let tokens = try input.resolve([:]).value
        #expect(tokens.readerToken("c.b")?.value.value.stringValue == "#ff0000")
    }

    @Test func resolverProblemsAreAllReported() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try DTCGInput.load(
                ["r.resolver.json"],
                provider: ReaderTestFiles([
                    "r.resolver.json": """
                    {
                      "sets": { "s": { "sources": [{ "$ref": "#/modifiers/m" }] } },
                      "modifiers": {
                        "empty": { "contexts": {} },
                        "m": { "contexts": { "a": [], "b": [] }, "default": "c" }
                      },
                      "resolutionOrder": [
                        { "$ref": "#/sets/s" },
                        { "$ref": "#/modifiers/empty" },
                        { "$ref": "#/modifiers/m" },
                        { "$ref": "#/sets/nope" },
                        { "type": "set", "name": "x", "sources": [] },
                        { "type": "set", "name": "x", "sources": [] },
                        { "name": "y", "sources": [] },
                        { "$ref": "#/resolutionOrder/0" }
                      ]
                    }
                    """
                ]))
        }
        #expect(diagnostics.count == 7)
        #expect(diagnostics.map(\.line) == [2, 4, 5, 11, 13, 14, 15])
        let messages = diagnostics.map(\.message)
        #expect(messages[0].contains("refers to a modifier"))
        #expect(messages[1].contains("has no contexts"))
        #expect(messages[2].contains("must be one of its contexts (a, b), not `c`"))
        #expect(messages[3].contains("there is no set `nope`"))
        #expect(messages[4].contains("two entries named `x`"))
        #expect(messages[5].contains("`\"type\": \"set\"`"))
        #expect(messages[6].contains("must name a set"))
    }

    @Test func aResolverIsReadAlone() {
        let diagnostics = ReaderTest.failure { () throws(DTCGImportFailure) in
            try DTCGInput.load(
                ["r.resolver.json", "t.json"],
                provider: ReaderTestFiles([
                    "r.resolver.json": #"{ "resolutionOrder": [] }"#, "t.json": "{}",
                ]))
        }
        #expect(diagnostics.map(\.rule.id) == ["dtcg-input"])
    }

    @Test func loadWarningsAreKept() throws {
        let input = try DTCGInput.load(
            ["r.resolver.json"],
            provider: ReaderTestFiles([
                "r.resolver.json": """
                {
                  "version": "2024",
                  "sets": { "unused": { "sources": [] } },
                  "modifiers": { "solo": { "context": { "only": [] } } },
                  "resolutionOrder": [{ "$ref": "#/modifiers/solo" }]
                }
                """
            ]))
        #expect(input.warnings.map(\.rule.id) == ["dtcg-version", "dtcg-modifier", "dtcg-modifier", "dtcg-resolver"])
        #expect(input.warnings.allSatisfy { $0.severity == .warning && $0.file == "r.resolver.json" && $0.line != nil })
        #expect(input.modifiers.map(\.contexts) == [["only"]])
    }

    @Test func theFuzzEntryPointReadsBundles() {
        let resolver = #"{ "resolutionOrder": [{ "type": "set", "name": "s", "sources": [{ "$ref": "p1.json" }] }] }"#
        let tokens = #"{ "a": { "$type": "number", "$value": 1 }, "b": { "$value": "{a}" } }"#
        #expect(FuzzEntryPoints.dtcg(Array(resolver.utf8) + [0] + Array(tokens.utf8)) == .accepted)
        #expect(FuzzEntryPoints.dtcg(Array(tokens.utf8)) == .accepted)
        #expect(FuzzEntryPoints.dtcg(Array(#"{ "a": { "$value": "{a}" } }"#.utf8)) == .refused("DTCGImportFailure"))
        #expect(FuzzEntryPoints.dtcg([0xFF, 0, 0]) == .refused("DTCGImportFailure"))
    }
}
