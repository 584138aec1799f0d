import Foundation
import LiveryGit
import LiveryJSON
import LiveryStyle

/// Renders a validation report in each of `livery validate`'s formats. Pure.
public enum ValidationReportFormats {
    public static let jsonVersion = 1

    /// For people: problems grouped by target, then a one-line summary.
    public static func text(_ report: ValidationReport, color: Bool = false) -> String {
        var out = ""
        var lastTarget: String?? = .none
        for diagnostic in report.diagnostics {
            if lastTarget != .some(diagnostic.target) {
                out += (diagnostic.target.map { "\($0):" } ?? "repository:") + "\n"
                lastTarget = .some(diagnostic.target)
            }
            out += "  " + DiagnosticFormats.line(diagnostic, color: color) + "\n"
        }
        out += summary(report) + "\n"
        return out
    }

    /// `✓ 4 targets valid` or `✗ 3 errors, 1 warning in 2 of 4 targets`.
    public static func summary(_ report: ValidationReport) -> String {
        let errors = report.diagnostics.errorCount, warnings = report.diagnostics.warningCount
        let affected = Set(report.diagnostics.compactMap(\.target)).count
        let count = report.targets.count
        let targets = "\(count) target\(count == 1 ? "" : "s")"
        if errors == 0 {
            let note = warnings == 0 ? "" : " (\(warnings) warning\(warnings == 1 ? "" : "s"))"
            return "✓ \(targets) valid\(note)"
        }
        var parts = ["\(errors) error\(errors == 1 ? "" : "s")"]
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return "✗ \(parts.joined(separator: ", ")) in \(affected) of \(targets)"
    }

    /// The documented JSON structure (docs/json-output.md).
    public static func json(_ report: ValidationReport, source: some Source, strict: Bool) -> String {
        let document = JSONValue.makeObject([
            ("version", .integer(jsonVersion)),
            ("source", source.sourceJSON),
            ("valid", .bool(!report.fails(strict: strict))),
            ("targets", .makeArray(report.targets.map { .string($0) })),
            ("errors", .integer(report.diagnostics.errorCount)),
            ("warnings", .integer(report.diagnostics.warningCount)),
            ("diagnostics", .makeArray(report.diagnostics.map(DiagnosticJSON.value))),
        ])
        return JSONWriter.write(document, sortedKeys: false)
    }

    /// A Markdown section for a pull-request comment or GitHub's step summary:
    /// the summary line, then a table of the first problems.
    public static func markdown(_ report: ValidationReport, source: some Source, limit: Int = 50) -> String {
        var out = "### livery validate — \(source.label)\n\n\(summary(report))\n"
        guard !report.diagnostics.isEmpty else { return out + "\n" }
        out += "\n| | target | where | problem |\n|---|---|---|---|\n"
        for diagnostic in report.diagnostics.prefix(limit) {
            let icon = diagnostic.severity == .error ? "❌" : "⚠️"
            let place = (diagnostic.position ?? "") + (diagnostic.pointer.map { $0.tokens.isEmpty ? "" : " `\($0)`" } ?? "")
            out += "| \(icon) | \(diagnostic.target ?? "") | \(escapeCell(place)) | \(escapeCell(diagnostic.message)) |\n"
        }
        if report.diagnostics.count > limit {
            out += "\n…and \(report.diagnostics.count - limit) more; run `livery validate` for all of them.\n"
        }
        return out + "\n"
    }

    static func escapeCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// GitHub Actions workflow commands, one per line, then the summary as a notice.
    public static func github(_ report: ValidationReport) -> String {
        var out = report.diagnostics.map(DiagnosticFormats.github).joined(separator: "\n")
        if !out.isEmpty { out += "\n" }
        return out + summary(report) + "\n"
    }
}
