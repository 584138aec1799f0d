/// One thing livery checks, named once: every diagnostic carries the rule it
/// breaks, so a rule name in a report always leads to this entry, to its row in
/// docs/validation.md and to SARIF's rule metadata, which are all made from it.
///
/// A rule is a value declared once (`static let` in the file of its section) and
/// registered in `Rule.all`; producers write `.contrast`, so a misspelt rule is a
/// compile error rather than a name no document explains. A class, so a
/// diagnostic holds one pointer and the text is shared by every report.
public final class Rule: Sendable {
    /// Which command's checks a rule belongs to: the table of docs/validation.md it is listed in.
    public enum Section: String, Sendable, CaseIterable {
        case validate, platform, template
        case importDTCG = "import"
        case diff
    }

    /// The stable name users search for, filter on and set in livery.json: `contrast`, `json-syntax`.
    public let id: String
    /// The severities the rule reports at, the default first. Most rules have one;
    /// a few (`config`, `android-name`) report errors and warnings for different cases.
    public let severities: [Diagnostic.Severity]
    /// Which command's checks the rule belongs to.
    public let section: Section
    /// Whether livery.json's `"rules"` may turn it off or change its severity: only
    /// rules whose problems still leave a correct bundle (a warning by default). A
    /// broken file, schema or reference stays an error whatever the repository says.
    public let isConfigurable: Bool
    /// One sentence (SARIF `shortDescription`).
    public let summary: String
    /// What it means and what to do, as docs/validation.md's table says it (Markdown).
    public let explanation: String

    public init(
        _ id: String, _ severities: [Diagnostic.Severity], section: Section, configurable: Bool = false,
        summary: String, explanation: String
    ) {
        self.id = id
        self.severities = severities
        self.section = section
        self.isConfigurable = configurable
        self.summary = summary
        self.explanation = explanation
    }

    /// The severity a diagnostic of this rule has unless the producer says otherwise.
    public var defaultSeverity: Diagnostic.Severity { severities.first ?? .error }
}

extension Rule: Hashable, Comparable, CustomStringConvertible {
    /// Rules are one per id (the registry test holds them so), so the id is the identity.
    public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs === rhs || lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public static func < (lhs: Rule, rhs: Rule) -> Bool { lhs.id < rhs.id }
    /// The id, so `[\(diagnostic.rule)]` reads as it always has.
    public var description: String { id }
}
