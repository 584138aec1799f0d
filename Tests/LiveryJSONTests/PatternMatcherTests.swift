import Foundation
import LiveryTestSupport
import Testing

@testable import LiveryJSON

@Suite("Pattern matcher")
struct PatternMatcherTests {
    /// The patterns of the built-in schema and the shapes schemas commonly use.
    static let patterns = [
        "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$", "^[a-z0-9][a-z0-9-]{0,62}$",
        "^\\{(colors|palettes)(\\.[A-Za-z][A-Za-z0-9_]*){1,2}\\}$", "[^/]\\.([Pp][Nn][Gg]|[Jj][Pp][Ee]?[Gg])$",
        "^(?!(.*/)?\\.\\.?(/|$))(?!.*//)", "^(?!(.*/)?\\.[Gg][Ii][Tt](/|$))", "^[^\\\\:]*$", "^#", "a+b*c?",
        "^\\d{2,}-\\w+\\s?$", "(ab|a)(bc|c)$", "^(a|b)*$", "x{2}y{1,3}z{0,}", "[-a]", "[a-]", "^$", "(?=a)a.", "\\.\\*",
        // A repeated single scalar that must give back what it took for the rest to match.
        "^a*ab$", "^[a-z]{2,4}[a-c]$", ".*/x", "^x{0,2}x{2}$", "^.+\\.[a-z]{1,2}$", "^[^/]*/[^/]*$",
        // The built-in schema's `if` tests, answered at the first scalar when it cannot start a match.
        "^\\{", "^(color|oklch)\\(", "^(#|color\\(|oklch\\()", "^(a|b+)c", "^x?y", "^[^a]b",
    ]

    static let alphabet: [Character] = [
        "a", "b", "c", "#", "0", "9", "F", "f", "/", ".", "-", "_", "{", "}", "\\", ":", " ", "\n", "x", "y", "z", "é",
    ]

    /// On random strings, livery's matcher and ICU (which it stands in for)
    /// agree on every pattern of the subset it takes.
    @Test func agreesWithICUOnRandomStrings() throws {
        var random = SeededRandom(seed: 0x9A77E)
        for pattern in Self.patterns {
            let matcher = try #require(PatternMatcher(pattern), "\(pattern) should be in the subset")
            let icu = try NSRegularExpression(pattern: try #require(CompiledPattern.translate(pattern)))
            for _ in 0..<300 {
                let length = Int.random(in: 0..<10, using: &random)
                let text = String((0..<length).map { _ in Self.alphabet.randomElement(using: &random) ?? "a" })
                // ICU lets `$` match before a final newline; ECMA-262 does not.
                guard !text.hasSuffix("\n") else { continue }
                let expected = icu.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                #expect(matcher.matches(text) == expected, "/\(pattern)/ on \(text.debugDescription)")
            }
        }
    }

    /// An anchored pattern whose branches each start with a required scalar knows the
    /// scalars a match starts with; one that may start otherwise does not.
    @Test func firstScalarsAreKnownOnlyWhereEveryMatchStartsWithOne() throws {
        #expect(try #require(PatternMatcher("^\\{")).firstScalars == [0x7B...0x7B])
        #expect(try #require(PatternMatcher("^(#|color\\(|[o-p]k)")).firstScalars == [0x23...0x23, 0x63...0x63, 0x6F...0x70])
        #expect(try #require(PatternMatcher("^a+b")).firstScalars == [0x61...0x61])
        for pattern in ["^x?y", "^(a|)b", "^[^a]b", "^.b", "^(?=a)a", "a$", "^a|b", "^$"] {
            #expect(try #require(PatternMatcher(pattern)).firstScalars == nil, "\(pattern)")
        }
        #expect(try #require(PatternMatcher("^\\{")).matches("#0B5FFF") == false)
        #expect(try #require(PatternMatcher("^\\{")).matches("{colors.x}") == true)
        #expect(try #require(PatternMatcher("^\\{")).matches("") == false)
    }

    /// Patterns with a lookahead or no anchor remember their answers: asked
    /// again, over more texts than they keep, they answer as the matcher does,
    /// and canonically equivalent spellings (equal as Swift strings) are not
    /// confused.
    @Test func rememberedAnswersAreTheMatchersAnswers() throws {
        let patterns = ["^(?!(.*/)?\\.\\.?(/|$))(?!.*//)", "[^/]\\.([Pp][Nn][Gg]|[Jj][Pp][Ee]?[Gg])$", "e\u{301}$"]
        for pattern in patterns {
            let compiled = try #require(CompiledPattern(pattern))
            let matcher = try #require(PatternMatcher(pattern))
            #expect(matcher.mayRescan)
            let texts =
                (0..<5_000).map { "assets/\($0 % 7 == 0 ? "../" : "")icon\($0).\($0 % 3 == 0 ? "png" : "svg")" }
                + ["a//b.png", "x.JPG", "caf\u{E9}", "cafe\u{301}", "/.png"]
            for _ in 0..<2 {
                for text in texts {
                    #expect(compiled.matches(text) == matcher.matches(text), "/\(pattern)/ on \(text.debugDescription)")
                }
            }
        }
        #expect(try #require(CompiledPattern("e\u{301}$")).matches("cafe\u{301}"))
        #expect(try #require(CompiledPattern("e\u{301}$")).matches("caf\u{E9}") == false)
    }

    @Test func colourAndAliasPatterns() throws {
        let color = try #require(PatternMatcher("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))
        #expect(color.matches("#11A4D6") == true)
        #expect(color.matches("#11A4D6FF") == true)
        #expect(color.matches("#12345") == false)
        #expect(color.matches("#11A4D6\n") == false)
        let alias = try #require(PatternMatcher("^\\{(colors|palettes)(\\.[A-Za-z][A-Za-z0-9_]*){1,2}\\}$"))
        #expect(alias.matches("{palettes.brand.light04}") == true)
        #expect(alias.matches("{fonts.body}") == false)
    }

    @Test(arguments: ["a*?", "(?<n>a)", "(?<=a)b", "\\bword", "(a)\\1", "\\p{L}", "\\u0041", "[\\D]", "a{2,1}", "(", "[a", "a)"])
    func patternsOutsideTheSubsetAreLeftToICU(pattern: String) {
        #expect(PatternMatcher(pattern) == nil)
    }

    @Test func runawayBacktrackingGivesUpInsteadOfHanging() throws {
        let matcher = try #require(PatternMatcher("^(a|a)*(a|a)*(a|a)*b$"))
        #expect(matcher.matches(String(repeating: "a", count: 40)) == nil)
    }
}
