import LiveryEngine
import LiveryTargets

/// The text report's folding of a warning repeated across targets: the same rule and
/// message (with the target's own id and directory taken out) in the files of several
/// targets is printed once, with a count and the other targets; `--verbose` and the
/// JSON, GitHub and SARIF reports list every one.
struct RepeatedWarnings {
    /// Per key, how many problems have it and the targets of all but the first.
    private var seen: [String: (count: Int, others: [String])] = [:]
    private var printed: Set<String> = []

    init(_ diagnostics: [Diagnostic]) {
        DiagnosticGrouping.Problems(diagnostics).forEach { problem in
            guard let key = Self.key(problem) else { return }
            if var entry = seen[key] {
                entry.count += 1
                if entry.others.count < 3, let target = problem.target { entry.others.append(target) }
                seen[key] = entry
            } else {
                seen[key] = (1, [])
            }
        }
    }

    /// The key of a warning of one target; nil for errors and shared problems.
    static func key(_ problem: Diagnostic) -> String? {
        guard problem.severity == .warning, let target = problem.target, problem.affectedTargets.count <= 1 else { return nil }
        let message = problem.message
            .replacingOccurrences(of: "/\(target)/", with: "/…/")
            .replacingOccurrences(of: "'\(target)'", with: "'…'")
        return problem.rule.id + "\u{1F}" + message
    }

    /// What to print for `problem`: itself, itself with the count of the others, or
    /// nothing (a repeat of one already printed).
    mutating func shown(_ problem: Diagnostic) -> Diagnostic? {
        guard let key = Self.key(problem), let entry = seen[key], entry.count > 1 else { return problem }
        guard printed.insert(key).inserted else { return nil }
        var folded = problem
        let more = entry.count - 1
        let names = entry.others.joined(separator: ", ") + (more > entry.others.count ? ", …" : "")
        folded.message += " (and \(more) more target\(more == 1 ? "" : "s") like it: \(names); --verbose lists each)"
        return folded
    }
}
