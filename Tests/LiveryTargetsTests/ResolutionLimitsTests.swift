import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// Limits of resolution: alias chains are followed to a documented length, and
/// numbers reach outputs only when every platform can hold them.
@Suite("Resolving styles: limits")
struct ResolutionLimitsTests {
    func diagnostics(_ text: String) throws -> [Diagnostic] {
        let document = try JSONReader.parse(Array(text.utf8), file: "targets/acme/style.json")
        return StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:])).1
    }

    /// `c0` → `c1` → … → `c{n-1}`, the last written as a colour, one token a line.
    static func chain(_ count: Int, group: String = "colors", last: String = "\"#112233\"") -> String {
        var lines = (0..<count - 1).map { "\"c\($0)\": \"{\(group).c\($0 + 1)}\"," }
        lines.append("\"c\(count - 1)\": \(last)")
        return "{\"\(group)\": {\n" + lines.joined(separator: "\n") + "\n}}"
    }

    @Test func anAliasChainOfTheLongestLengthResolves() throws {
        #expect(StyleResolver.maxAliasChain == 64)
        #expect(try diagnostics(Self.chain(64)).isEmpty)
        #expect(try diagnostics(Self.chain(64, group: "dimensions", last: "8")).isEmpty)
    }

    /// 50,000 aliases in a row (what fits in a 1 MiB style) would recurse 50,000
    /// deep: the chain is one error, once per target, at the token that starts it.
    @Test func aLongerChainIsOneErrorAtTheTokenThatStartsIt() throws {
        for group in ["colors", "dimensions"] {
            let found = try diagnostics(Self.chain(50_000, group: group, last: group == "colors" ? "\"#112233\"" : "8"))
            #expect(found.map(\.rule.id) == ["alias-depth"], "\(found.prefix(3))")
            #expect(found.first?.line == 2)
            #expect(found.first?.pointer == JSONPointer(tokens: [group, "c0"]))
            #expect(
                found.first?.message
                    == "`\(group).c0` starts an alias chain of 50000 tokens; livery follows at most 64: point an alias nearer the end of the chain"
            )
        }
    }

    /// The same chain written from its end up (each token names the one above it)
    /// is resolved from memo one step at a time; the limit is measured on the
    /// graph, so it is the same error.
    @Test func theLimitHoldsWhateverOrderTheKeysAreWrittenIn() throws {
        for count in [64, 65, 2_000] {
            let forward = try diagnostics(Self.chain(count))
            var lines = (0..<count - 1).reversed().map { "\"c\($0)\": \"{colors.c\($0 + 1)}\"," }
            lines.insert("\"c\(count - 1)\": \"#112233\",", at: 0)
            lines[lines.count - 1].removeLast()
            let backward = try diagnostics("{\"colors\": {\n" + lines.joined(separator: "\n") + "\n}}")
            #expect(forward.map(\.rule.id) == (count > 64 ? ["alias-depth"] : []), "\(count): \(forward.prefix(3))")
            #expect(backward.map(\.rule.id) == forward.map(\.rule.id), "\(count): \(backward.prefix(3))")
            #expect(backward.map(\.message) == forward.map(\.message))
            #expect(backward.map(\.pointer) == forward.map(\.pointer))
        }
        // One token past the limit, in the middle of key order: still the chain's start.
        let found = try diagnostics(Self.chain(65))
        #expect(found.first?.pointer == JSONPointer(tokens: ["colors", "c0"]))
    }

    @Test func numbersBeyondAFloatAreErrorsWhereTheyAreWritten() throws {
        let found = try diagnostics(
            """
            {
              "dimensions": {"huge": 1e999, "big": 3.4e38, "tiny": 1e-999},
              "animations": {"fade": {"short": -1e39}},
              "components": {"button": {"primary": {"padding": 1E+400, "weight": 2}}},
              "flags": {"limit": 123456789012345678901234567890123456789012345678901234567890}
            }
            """)
        #expect(found.map(\.rule.id) == Array(repeating: NumberRange.rule.id, count: 4), "\(found)")
        #expect(
            found.map(\.pointer) == [
                JSONPointer(tokens: ["dimensions", "huge"]), JSONPointer(tokens: ["animations", "fade", "short"]),
                JSONPointer(tokens: ["components", "button", "primary", "padding"]), JSONPointer(tokens: ["flags", "limit"]),
            ])
        #expect(found.map(\.line) == [2, 3, 4, 5])
        #expect(found.first?.column == 26)
        #expect(NumberRange.problem(with: JSONNumber(literal: "3.4028234663852886e38")) == nil)
        #expect(NumberRange.problem(with: JSONNumber(literal: "3.4028236e38")) != nil)
    }
}
