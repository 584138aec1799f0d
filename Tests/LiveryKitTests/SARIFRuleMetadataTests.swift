import Foundation
import LiveryTargets
import Testing

@testable import LiveryKit

/// SARIF's `tool.driver.rules` come from the rule registry: code scanning shows
/// each rule in the words docs/validation.md uses, at its default level.
@Suite("SARIF rule metadata")
struct SARIFRuleMetadataTests {
    @Test func eachRuleUsedIsDescribedFromTheRegistry() throws {
        let diagnostics = [
            Diagnostic(.warning, rule: .contrast, "low", file: "targets/a/style.json", line: 2, column: 3, target: "a"),
            Diagnostic(.error, rule: .aliasMissing, "no such token", file: "targets/a/style.json", line: 4, column: 5, target: "a"),
            Diagnostic(.warning, rule: .config, "unknown key", file: "livery.json", line: 1, column: 2),
            Diagnostic(.warning, rule: .contrast, "lower", file: "targets/b/style.json", line: 2, column: 3, target: "b"),
        ]
        let log = try #require(
            try JSONSerialization.jsonObject(with: Data(DiagnosticFormats.sarif(diagnostics, toolVersion: "1.0").utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        // Only the rules the log uses, once each, by id.
        #expect(rules.compactMap { $0["id"] as? String } == ["alias-missing", "config", "contrast"])
        for entry in rules {
            let id = try #require(entry["id"] as? String)
            let rule = try #require(Rule.named(id))
            #expect(entry["name"] as? String == rule.id)
            #expect((entry["shortDescription"] as? [String: Any])?["text"] as? String == rule.summary)
            let full = entry["fullDescription"] as? [String: Any]
            #expect(full?["markdown"] as? String == rule.explanation)
            #expect(full?["text"] as? String == rule.explanation.replacingOccurrences(of: "`", with: ""))
            #expect((entry["defaultConfiguration"] as? [String: Any])?["level"] as? String == rule.defaultSeverity.rawValue)
        }
        // `config` reports both; its default is the first it lists, an error.
        #expect((rules[1]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        #expect(((rules[2]["shortDescription"] as? [String: Any])?["text"] as? String)?.contains("contrastMinimum") == true)
    }
}
