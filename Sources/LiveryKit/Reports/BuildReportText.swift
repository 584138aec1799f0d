import LiveryEmit
import LiveryEngine
import LiveryTargets

/// What `livery build` reports: errors, the warnings of a target that failed,
/// and what a platform could not carry, so nothing is left out of a bundle
/// silently. Each problem once: one in a file many targets inherit is one line
/// with the targets it affects. Every error is shown; of the warnings, a few per
/// rule are shown and the rest counted (all with --verbose), so a typo in a base
/// that fails 2,000 clients is not buried under their other warnings.
package enum BuildDiagnostics {
    package static let warningsShownPerRule = 5

    /// `alsoHidden` counts, per rule, warnings the build did not keep because
    /// they would not be shown (`BuildReport.warningsOnlyCounted`).
    package static func shown(
        _ diagnostics: [Diagnostic], failed: [String], platforms: [Platform], limit: Int? = warningsShownPerRule,
        alsoHidden: [String: Int] = [:]
    ) -> (diagnostics: [Diagnostic], summary: [String]) {
        let failedTargets = Set(failed)
        func concernsFailed(_ diagnostic: Diagnostic) -> Bool {
            !failedTargets.isDisjoint(with: DiagnosticGrouping.targets(of: [diagnostic]))
        }
        // BuildService keeps no more than this of a target that builds.
        let selected = diagnostics.filter { $0.severity == .error || concernsFailed($0) || $0.isWarning(of: platforms) }
        var shown: [Diagnostic] = []
        var shownPerRule: [String: Int] = [:]
        var hiddenPerRule = alsoHidden
        for problem in DiagnosticGrouping.grouped(selected) {
            guard problem.severity == .warning, let limit else {
                shown.append(problem)
                continue
            }
            if shownPerRule[problem.rule.id, default: 0] < limit {
                shownPerRule[problem.rule.id, default: 0] += 1
                shown.append(problem)
            } else {
                hiddenPerRule[problem.rule.id, default: 0] += 1
            }
        }
        let summary = hiddenPerRule.keys.sorted().compactMap { rule in
            hiddenPerRule[rule].map { "… and \($0) more \(rule) warning\($0 == 1 ? "" : "s"); `livery validate` lists them all" }
        }
        return (shown, summary)
    }
}

/// The lines `livery build` prints: what happened to each target, then one
/// result line, with a ✓ only when the build exits 0. Unchanged targets are
/// only counted unless --verbose, so a no-op rebuild of 2,000 clients is one line.
package enum BuildSummary {
    package enum Detail: Sendable { case quiet, normal, verbose }

    static let failedLinesShown = 10

    package static func text(_ report: BuildReport, output: String, succeeded: Bool, detail: Detail = .normal) -> String {
        var out = ""
        if detail != .quiet {
            for id in report.built { out += "built     \(id)\n" }
        }
        if detail == .verbose {
            for id in report.upToDate { out += "unchanged \(id)\n" }
        }
        // A mistake in a shared file fails every target under it; its report already
        // names them, so past a few the rest are counted (listed with --verbose).
        let failedShown = detail == .verbose ? report.failed.count : failedLinesShown
        let withdrawn = Set(report.withdrawn)
        for id in report.failed.prefix(failedShown) {
            out += "failed    \(id) (validation errors\(withdrawn.contains(id) ? "; its bundle from an earlier build was removed" : ""))\n"
        }
        if report.failed.count > failedShown {
            out += "failed    … and \(report.failed.count - failedShown) more (--verbose lists them)\n"
        }
        if detail != .quiet {
            for id in report.removed { out += "removed   \(id) (no longer a target)\n" }
        }
        var parts = ["\(report.built.count) built", "\(report.upToDate.count) unchanged"]
        if !report.failed.isEmpty { parts.append("\(report.failed.count) failed") }
        if !report.removed.isEmpty { parts.append("\(report.removed.count) removed") }
        if !report.withdrawn.isEmpty {
            parts.append("\(report.withdrawn.count) earlier bundle\(report.withdrawn.count == 1 ? "" : "s") of failed targets removed")
        }
        out += "\(succeeded ? "✓" : "✗") \(parts.joined(separator: ", ")) → \(output)\n"
        return out
    }
}
