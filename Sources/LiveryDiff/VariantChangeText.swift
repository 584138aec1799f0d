import LiveryCore
import LiveryJSON

/// How the text, Markdown and HTML reports word a variant's change: the same
/// lines in each, escaped by the format.
public enum VariantChangeText {
    /// `+`, `-`, `~` or `!` (does not resolve).
    public static func mark(_ change: VariantChange) -> String {
        switch change.kind {
        case .added: "+"
        case .removed: "-"
        case .changed: "~"
        case .invalid: "!"
        }
    }

    /// `holiday: who gets it changes [style update only]`'s words after the name.
    public static func summary(_ change: VariantChange) -> String {
        change.kind == .invalid ? change.effect : "\(change.effect)  [\(change.delivery.rawValue)]"
    }

    /// One line per aspect that changed (`when {…} → {…}`, `order 10 → 20`, a value
    /// `colors.primary.light "#E74C3C" → "#C0392B"`); an added or removed variant's
    /// condition, order, experiment and values; the errors of one that does not resolve.
    public static func details(_ change: VariantChange) -> [String] {
        if change.kind == .invalid { return change.errors.map(DiffSummary.diagnosticLine) }
        var lines: [String] = []
        for aspect in change.aspects where aspect != .values {
            let old = change.old.map { text(aspect, of: $0.definition) }
            let new = change.new.map { text(aspect, of: $0.definition) }
            switch (old, new) {
            case (let a?, let b?): lines.append("\(aspect.rawValue) \(a) → \(b)")
            case (let a?, nil): lines.append("\(aspect.rawValue) \(a)")
            case (nil, let b?): lines.append("\(aspect.rawValue) \(b)")
            case (nil, nil): break
            }
        }
        for value in change.values {
            switch (value.old, value.new) {
            case (let a?, let b?): lines.append("\(value.path) \(json(a)) → \(json(b))")
            case (let a?, nil):
                lines.append(change.kind == .removed ? "\(value.path) \(json(a))" : "\(value.path) \(json(a)) → (the client's)")
            case (nil, let b?):
                lines.append(change.kind == .added ? "\(value.path) \(json(b))" : "\(value.path) (the client's) → \(json(b))")
            case (nil, nil): break
            }
        }
        for path in (change.new ?? change.old)?.appReleaseOnly ?? [] { lines.append("\(path) may change only with an app release") }
        return lines
    }

    /// A definition's aspect as one line: the condition as compact JSON (every install when
    /// absent), the order, the experiment's id, weight and coverage.
    static func text(_ aspect: VariantChange.Aspect, of definition: VariantDefinition) -> String {
        switch aspect {
        case .condition: definition.conditionJSON.map(json) ?? "(every install)"
        case .order: String(definition.order)
        case .experiment:
            definition.experiment.map { "\($0.id), weight \(Percentage.text($0.weight)) %, coverage \(Percentage.text($0.coverage)) %" }
                ?? "(none)"
        case .values: ""
        }
    }

    static func json(_ value: JSONValue) -> String {
        JSONWriter.compact(value, sortedKeys: true)
    }
}
