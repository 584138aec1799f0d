import Foundation
import Testing

/// docs/validation.md names every rule livery can report: a user who sees `[no-targets]`
/// finds what it means there.
@Suite("docs/validation.md lists every rule")
struct ValidationDocumentationTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ways a rule's name is written in the sources: `rule: "name"` (a Diagnostic),
    /// `error("name"` and `warning("name"` (the resolver's helpers), `static let rule = "name"`,
    /// and any name-shaped literal on a line that sets a `rule` variable.
    static let patterns = [
        #"rule: "([a-z0-9-]+)""#,
        #"\b(?:error|warning)\(\s*"([a-z0-9-]+)""#,
        #"static let rule = "([a-z0-9-]+)""#,
    ]

    static func ruleNames(in text: String) -> Set<String> {
        var names: Set<String> = []
        for pattern in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
            }
        }
        // `let rule = if … { "file-size" } else { "read" }`
        for line in text.split(separator: "\n") where line.contains("let rule = ") {
            let literals = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            names.formUnion(literals.map(String.init).filter { $0.range(of: "^[a-z0-9-]+$", options: .regularExpression) != nil })
        }
        return names
    }

    static func sourceRuleNames() throws -> [String: String] {
        let sources = projectRoot.appendingPathComponent("Sources")
        var found: [String: String] = [:]
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files.sorted() {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for name in ruleNames(in: text) where found[name] == nil { found[name] = file }
        }
        return found
    }

    @Test func theScanFindsRulesWrittenEachWay() {
        let sample = """
            Diagnostic(.error, rule: "no-targets", "…")
            error("alias-missing", "…", node, pointer)
            public static let rule = "control-character"
            public static let rule = "lowercase letters, digits"
            let rule = if case .tooLarge = error { "file-size" } else { "read" }
            """
        #expect(Self.ruleNames(in: sample) == ["no-targets", "alias-missing", "control-character", "file-size", "read"])
    }

    @Test func everyRuleInTheSourcesIsDocumented() throws {
        let rules = try Self.sourceRuleNames()
        #expect(rules.count > 30, "the scan found only \(rules.keys.sorted())")
        #expect(rules["no-targets"] != nil)
        let documentation = try String(contentsOf: Self.projectRoot.appendingPathComponent("docs/validation.md"), encoding: .utf8)
        let missing = rules.keys.sorted().filter { !documentation.contains("`\($0)`") }
        #expect(missing.isEmpty, "not in docs/validation.md: \(missing.map { "\($0) (\(rules[$0] ?? ""))" }.joined(separator: ", "))")
    }
}
