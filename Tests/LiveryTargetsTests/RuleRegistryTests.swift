import Foundation
import LiveryTargets
import Testing

/// Every rule is declared once and registered in `Rule.all`: the registry is
/// what docs/validation.md, SARIF's metadata and livery.json's `"rules"` read.
@Suite("Rule registry")
struct RuleRegistryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test func idsAreUniqueAndWellFormed() {
        let ids = Rule.all.map(\.id)
        #expect(
            Set(ids).count == ids.count,
            "registered twice: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
        #expect(ids.count > 70)
        for rule in Rule.all {
            #expect(rule.id.range(of: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", options: .regularExpression) != nil, "\(rule.id)")
            #expect(!rule.severities.isEmpty && Set(rule.severities).count == rule.severities.count, "\(rule.id)")
            #expect(rule.summary.hasSuffix(".") && !rule.summary.contains("\n"), "\(rule.id): summary \(rule.summary)")
            // One row of a Markdown table: no line break, no cell separator.
            #expect(!rule.explanation.isEmpty && !rule.explanation.contains("\n") && !rule.explanation.contains("|"), "\(rule.id)")
            #expect(Rule.named(rule.id) === rule)
        }
        #expect(Rule.named("contrats") == nil)
    }

    /// A rule declared (`public static let name = Rule(`) in Sources/LiveryTargets/Rules
    /// but missing from `Rule.all` would be reported yet documented nowhere; a rule
    /// made anywhere else would not be in the registry at all.
    @Test func everyDeclaredRuleIsRegisteredAndNoneIsMadeElsewhere() throws {
        let files =
            FileManager.default.enumerator(atPath: Self.sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 100)
        var declared: [String] = []
        let declaration = try NSRegularExpression(pattern: #"public static let \w+ = Rule\(\s*#*"([a-z0-9-]+)""#)
        for file in files.sorted() {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            let found = declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            }
            let constructions = text.components(separatedBy: "Rule(\n").count - 1 + text.components(separatedBy: "Rule(\"").count - 1
            if file.hasPrefix("LiveryTargets/Rules/") {
                #expect(constructions == found.count, "\(file) makes a Rule the scan does not read")
                declared += found
            } else {
                #expect(constructions == 0, "\(file) makes a Rule outside Sources/LiveryTargets/Rules")
            }
        }
        #expect(
            declared.sorted() == Rule.all.map(\.id).sorted(),
            "declared but not in Rule.all: \(Set(declared).subtracting(Rule.all.map(\.id)).sorted())")
    }

    /// A repository may change only rules whose problems still leave a correct
    /// bundle; those are warnings unless a repository says otherwise.
    @Test func configurableRulesAreWarningsByDefault() {
        let configurable = Rule.all.filter(\.isConfigurable)
        #expect(configurable.contains(.contrast) && configurable.contains(.androidImage))
        #expect(!configurable.contains(.jsonSyntax) && !configurable.contains(.schema) && !configurable.contains(.androidName))
        for rule in configurable { #expect(rule.severities == [.warning], "\(rule.id)") }
    }

    @Test func aDiagnosticNamesItsRuleById() {
        let diagnostic = Diagnostic(.warning, rule: .contrast, "too light", file: "targets/a/style.json", line: 3, column: 9)
        #expect(diagnostic.rule.id == "contrast")
        #expect("[\(diagnostic.rule)]" == "[contrast]")
        #expect(DiagnosticJSON.value(diagnostic).objectValue?["rule"]?.value.stringValue == "contrast")
    }
}

/// docs/validation.md's rule tables are the registry's: a rule added or reworded
/// in `Rule.all` fails here until the page is written again.
@Suite("docs/validation.md's rule tables")
struct RuleDocumentationTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/validation.md")

    @Test func thePageHoldsTheTablesTheRegistryMakes() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let generated = RuleTable.replacingTables(in: text)
        if ProcessInfo.processInfo.environment["LIVERY_WRITE_DOCS"] == "1", generated != text {
            try Data(generated.utf8).write(to: Self.page)
            return
        }
        #expect(generated == text, "docs/validation.md's rule tables differ from Rule.all (LIVERY_WRITE_DOCS=1 writes them)")
        for section in Rule.Section.allCases { #expect(text.contains("<!-- rules: \(section.rawValue) -->"), "no table for \(section)") }
        for rule in Rule.all { #expect(text.contains("| `\(rule.id)` |"), "\(rule.id) has no row") }
    }

    @Test func aStaleTableIsReplacedAndTheMarkersStay() {
        let page = "intro\n<!-- rules: diff -->\n| old | table |\n<!-- end rules -->\nafter\n"
        let expected = "intro\n<!-- rules: diff -->\n" + RuleTable.markdown(.diff) + "\n<!-- end rules -->\nafter\n"
        #expect(RuleTable.replacingTables(in: page) == expected)
        #expect(RuleTable.markdown(.diff).contains("| `merge` | error | a target's style could not be merged"))
        // Without an end marker nothing is dropped.
        #expect(RuleTable.replacingTables(in: "<!-- rules: diff -->\nrest") == "<!-- rules: diff -->\nrest")
    }
}
