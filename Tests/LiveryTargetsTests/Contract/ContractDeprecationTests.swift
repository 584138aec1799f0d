import LiveryCore
import LiveryJSON
import LiveryTargets
import Testing

/// A contract token's `deprecated` (docs/contract.md, "Deprecation"): read with its reason
/// and replacement, every misuse a `contract-file` error at its pointer, written back by
/// `contract init`'s writer, and a client's value given under both names of a rename.
@Suite("Deprecation in the contract")
struct ContractDeprecationTests {
    static func parse(_ text: String) throws(ContractError) -> AppContract {
        try ContractParser.parse(Array(text.utf8), file: "targets/contract.json")
    }

    static func problems(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.diagnostics.map { "\($0.pointer?.description ?? "") \($0.line ?? 0):\($0.column ?? 0) \($0.message)" }
        }
    }

    static let renamed = """
        {"colors": {"accent": {"deprecated": {"reason": "Now the highlight.", "replacement": "highlight"}}, "highlight": {}},
         "fonts": {"legacy": {"deprecated": {"reason": "Retired."}}}}
        """

    @Test func readsTheReasonAndTheReplacement() throws {
        let contract = try Self.parse(Self.renamed)
        let accent = try #require(contract.token(.colors, "accent"))
        #expect(accent.deprecation?.reason == "Now the highlight.")
        #expect(accent.deprecation?.replacement == "highlight")
        #expect(contract.token(.fonts, "legacy")?.deprecation?.replacement == nil)
        #expect(contract.renames.map { "\($0.deprecated.path)→\($0.replacement.path)" } == ["colors.accent→colors.highlight"])
        let highlight = try #require(contract.token(.colors, "highlight"))
        #expect(contract.rename(involving: highlight)?.deprecated.name == "accent")
        // The writer keeps it: the written contract reads back the same.
        #expect(try Self.parse(ContractWriter.text(contract)).tokens == contract.tokens)
    }

    @Test func everyMisuseIsAnErrorAtItsPointer() {
        let cases: [(String, String)] = [
            (#"{"colors": {"a": {"deprecated": true}}}"#, "/colors/a/deprecated 1:33 'deprecated' must be an object"),
            (#"{"colors": {"a": {"deprecated": {}}}}"#, "/colors/a/deprecated 1:33 'deprecated' needs a \"reason\""),
            (#"{"colors": {"a": {"deprecated": {"reason": " "}}}}"#, "/colors/a/deprecated/reason 1:44 'reason' must be a sentence"),
            (
                #"{"colors": {"a": {"deprecated": {"reason": "x", "replacment": "b"}}, "b": {}}}"#,
                "/colors/a/deprecated/replacment 1:49 unknown key 'replacment' in 'deprecated'"
            ),
            (
                #"{"colors": {"a": {"deprecated": {"reason": "x", "replacement": "b"}}}}"#,
                "/colors/a/deprecated/replacement 1:64 the replacement 'b' of the colour 'a' is not a colour of the contract"
            ),
            (#"{"colors": {"a": {"deprecated": {"reason": "x", "replacement": "a"}}}}"#, "the colour 'a' cannot replace itself"),
            (
                #"{"flags": {"a": {"type": "string", "deprecated": {"reason": "x", "replacement": "b"}}, "b": {"type": "number"}}}"#,
                "the replacement 'b' of the flag 'a' has another type"
            ),
            (
                #"{"colors": {"a": {"deprecated": {"reason": "x", "replacement": "b"}}, "b": {"deprecated": {"reason": "y", "replacement": "c"}}, "c": {}}}"#,
                "the replacement 'b' of the colour 'a' is deprecated too"
            ),
            (
                #"{"colors": {"a": {"deprecated": {"reason": "x", "replacement": "c"}}, "b": {"deprecated": {"reason": "y", "replacement": "c"}}, "c": {}}}"#,
                "/colors/b/deprecated/replacement 1:122 'c' already replaces the colour 'a'"
            ),
            (
                #"{"components": {"button": {"main": {"deprecated": {"reason": "x"}}}}}"#,
                "/components/button/main/deprecated 1:37 unknown key 'deprecated' in the component 'button.main'"
            ),
        ]
        for (json, expected) in cases {
            let found = Self.problems(json)
            #expect(found.count == 1 && found.contains { $0.hasPrefix(expected) || $0.contains(expected) }, "\(json): \(found)")
        }
    }

    @Test func aClientThatWritesEitherNameGetsBoth() throws {
        let contract = try Self.parse(Self.renamed)
        var old = ResolvedStyle(id: "old", chain: ["old"])
        old.colors["accent"] = ColorToken(RGBA(red: 255, green: 0, blue: 0))
        old.aliases["colors.accent.light"] = "palettes.brand.base"
        ContractRenames.apply(contract, to: &old)
        #expect(old.colors["highlight"] == old.colors["accent"])
        #expect(old.aliases["colors.highlight.light"] == "palettes.brand.base")
        #expect(old.deprecations["colors.accent"]?.replacement == "highlight")

        var new = ResolvedStyle(id: "new", chain: ["new"])
        new.colors["highlight"] = ColorToken(RGBA(red: 0, green: 0, blue: 255))
        ContractRenames.apply(contract, to: &new)
        #expect(new.colors["accent"] == new.colors["highlight"])
        #expect(new.deprecations.keys.sorted() == ["colors.accent"])

        var both = ResolvedStyle(id: "both", chain: ["both"])
        both.colors["accent"] = ColorToken(RGBA(red: 255, green: 0, blue: 0))
        both.colors["highlight"] = ColorToken(RGBA(red: 0, green: 0, blue: 255))
        let before = both.colors
        ContractRenames.apply(contract, to: &both)
        #expect(both.colors == before)

        var neither = ResolvedStyle(id: "neither", chain: ["neither"])
        ContractRenames.apply(contract, to: &neither)
        #expect(neither.colors.isEmpty && neither.deprecations.isEmpty)
    }
}
