/// What a repository's livery.json says of rules (`"rules": {"contrast": "error"}`):
/// each configurable rule's diagnostics dropped (`off`), or reported as warnings
/// or errors whatever severity their producer gave them.
///
/// Applied where a target's problems are gathered, before anything decides on
/// them, so an `error` fails `validate`, leaves a bundle unbuilt and marks a
/// target invalid in `diff` and `gallery` like any other error.
public struct RuleSettings: Sendable, Equatable {
    /// What livery.json may set a rule to.
    public enum Level: String, Sendable, CaseIterable {
        case off, warning, error
    }

    /// The level of each rule livery.json names, by rule id.
    public private(set) var levels: [String: Level] = [:]

    public init() {}

    /// Settings for these rules; each must be configurable (the caller checks, with positions).
    public init(_ levels: [Rule: Level]) {
        for (rule, level) in levels { self.levels[rule.id] = level }
    }

    /// True when livery.json names no rule: every diagnostic stays as produced.
    public var isEmpty: Bool { levels.isEmpty }

    public func level(of rule: Rule) -> Level? { levels[rule.id] }

    /// `diagnostics` with every named rule's severity set, or dropped when `off`.
    /// Without settings the array is returned as it is, untouched and uncopied.
    public func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        if levels.isEmpty || diagnostics.isEmpty { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            switch levels[diagnostic.rule.id] {
            case nil: return diagnostic
            case .off: return nil
            case .warning:
                var changed = diagnostic
                changed.severity = .warning
                return changed
            case .error:
                var changed = diagnostic
                changed.severity = .error
                return changed
            }
        }
    }

    /// The rules a repository may set: those whose problems still leave a correct bundle.
    public static var configurableRules: [Rule] { Rule.all.filter(\.isConfigurable) }
}
