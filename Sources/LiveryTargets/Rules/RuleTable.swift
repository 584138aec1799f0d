/// docs/validation.md's rule tables, made from the registry so the page lists
/// every rule in the words SARIF uses too. The page marks where each table goes
/// (`<!-- rules: validate -->` … `<!-- end rules -->`); `replacingTables` fills them.
public enum RuleTable {
    /// The Markdown table of one section's rules, in registry order.
    public static func markdown(_ section: Rule.Section) -> String {
        var text = "| rule | severity | what it means |\n|---|---|---|\n"
        for rule in Rule.all where rule.section == section {
            let severities = rule.severities.map(\.rawValue).joined(separator: " / ")
            text += "| `\(rule.id)` | \(severities) | \(rule.explanation) |\n"
        }
        return String(text.dropLast())
    }

    /// The rules livery.json may set, as a Markdown list of ids.
    public static func configurableList() -> String {
        Rule.all.filter(\.isConfigurable).map { "`\($0.id)`" }.joined(separator: ", ")
    }

    /// `page` with the text between each pair of markers made again from the
    /// registry; the markers stay. A marker naming no section is left as it is,
    /// and a page whose last table has no end marker is returned unchanged.
    public static func replacingTables(in page: String) -> String {
        var output: [Substring] = []
        var skipping = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if skipping {
                guard line == endMarker else { continue }
                skipping = false
            }
            output.append(line)
            if let generated = generated(forMarker: line) {
                output += generated.split(separator: "\n")
                skipping = true
            }
        }
        return skipping ? page : output.joined(separator: "\n")
    }

    static let endMarker = "<!-- end rules -->"

    static func generated(forMarker line: Substring) -> String? {
        guard line.hasPrefix("<!-- rules: "), line.hasSuffix(" -->") else { return nil }
        let name = line.dropFirst("<!-- rules: ".count).dropLast(" -->".count)
        if name == "configurable" { return configurableList() }
        return Rule.Section(rawValue: String(name)).map(markdown)
    }
}
