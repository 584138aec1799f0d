import Foundation
import LiveryEngine
import LiveryGit
import LiveryJSON
import LiveryTargets
import LiveryText

/// Renders a validation report in each of `livery validate`'s formats. Pure.
/// Every format reports problems, not targets × problems: a mistake in a shared
/// file appears once, with the targets it affects (`DiagnosticGrouping`).
package enum ValidationReportFormats {
    static let jsonVersion = 1

    /// For people: problems grouped by file, each with the targets it affects
    /// when its place does not say so, then a one-line summary.
    /// `verbose` adds a line per target checked before the summary; `styler`
    /// shows the severity labels (plain by default).
    package static func text(_ report: ValidationReport, styler: Styler = .plain, strict: Bool = false, verbose: Bool = false) -> String {
        var out = ""
        text(report, styler: styler, strict: strict, verbose: verbose) { out += $0 }
        return out
    }

    /// The same text, handed to `write` in pieces of about `chunkBytes` as it is
    /// made. The problems come in file order one at a time, so a report of 100,000
    /// problems (30 MB of text) holds neither them nor the text at once.
    static func text(
        _ report: ValidationReport, styler: Styler = .plain, strict: Bool = false, verbose: Bool = false,
        chunkBytes: Int = 64 << 10, write: (String) -> Void
    ) {
        var out = ""
        var counts = ProblemCounts()
        var file: String?
        var first = true
        var repeated = verbose ? nil : RepeatedWarnings(report.diagnostics)
        DiagnosticGrouping.Problems(report.diagnostics).forEach { found in
            counts.add(found)
            // A warning repeated in many targets' files is one line with a count.
            guard let problem = repeated == nil ? found : repeated?.shown(found) else { return }
            // Each file's problems are neighbours: its name heads them once.
            if first || problem.file != file {
                out += (problem.file ?? "repository") + ":\n"
                file = problem.file
                first = false
            }
            out += DiagnosticFormats.block(problem, styler: styler, targetsDirectory: report.targetsDirectory, indent: "  ")
            flush(&out, over: chunkBytes, to: write)
        }
        if verbose { out += targetLines(report) }
        out += summary(report, strict: strict, counts: counts) + "\n"
        write(out)
    }

    /// `--verbose`: one line per target checked, after the problems.
    static func targetLines(_ report: ValidationReport) -> String {
        var errors: [String: Int] = [:]
        var warnings: [String: Int] = [:]
        for diagnostic in report.diagnostics {
            for target in DiagnosticGrouping.targets(of: [diagnostic]) {
                if diagnostic.severity == .error { errors[target, default: 0] += 1 } else { warnings[target, default: 0] += 1 }
            }
        }
        var out = ""
        for id in report.targets {
            let e = errors[id, default: 0]
            let w = warnings[id, default: 0]
            var counts: [String] = []
            if e > 0 { counts.append(plural(e, "error")) }
            if w > 0 { counts.append(plural(w, "warning")) }
            let state = e > 0 ? "invalid  " : "valid    "
            out += state + " " + id + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))") + "\n"
        }
        return out
    }

    /// `✓ 4 targets valid`, `✗ 3 errors, 1 warning in 2 of 4 targets`. A ✓
    /// only when validate exits 0: under `--strict`, warnings fail too. Counts
    /// are of problems; a problem in a shared file counts once.
    static func summary(_ report: ValidationReport, strict: Bool = false) -> String {
        var counts = ProblemCounts()
        DiagnosticGrouping.Problems(report.diagnostics).forEach { counts.add($0) }
        return summary(report, strict: strict, counts: counts)
    }

    /// The summary line for problems already counted.
    static func summary(_ report: ValidationReport, strict: Bool, counts: ProblemCounts) -> String {
        let errors = counts.errors
        let warnings = counts.warnings
        let affected = DiagnosticGrouping.targets(of: report.diagnostics).count
        let count = report.targets.count
        let targets = "\(count) target\(count == 1 ? "" : "s")"
        if !report.fails(strict: strict) {
            let note = warnings == 0 ? "" : " (\(plural(warnings, "warning")))"
            return "✓ \(targets) valid\(note)"
        }
        var parts: [String] = []
        if errors > 0 { parts.append(plural(errors, "error")) }
        if warnings > 0 { parts.append(plural(warnings, "warning")) }
        let strictNote = errors == 0 ? " (--strict fails on warnings)" : ""
        if count == 0 { return "✗ \(parts.joined(separator: ", ")), no targets\(strictNote)" }
        return "✗ \(parts.joined(separator: ", ")) in \(affected) of \(targets)\(strictNote)"
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The documented JSON structure (docs/json-output.md).
    static func json(_ report: ValidationReport, source: some Source, strict: Bool) -> String {
        var bytes: [UInt8] = []
        json(report, source: source, strict: strict) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same JSON, handed to `write` in pieces of about `chunkBytes` as it is
    /// made: with tens of thousands of clients, the whole document (and a tree
    /// of values to make it from) was larger than everything else validate holds.
    static func json(_ report: ValidationReport, source: some Source, strict: Bool, chunkBytes: Int = 64 << 10, write: ([UInt8]) -> Void) {
        // Problems are walked twice, to count them and to write them, rather than held.
        let problems = DiagnosticGrouping.Problems(report.diagnostics)
        var counts = ProblemCounts()
        problems.forEach { counts.add($0) }
        var stream = JSONWriter.Stream(sortedKeys: false)
        stream.beginObject()
        stream.key("version")
        stream.value(.integer(jsonVersion))
        stream.key("source")
        stream.value(source.sourceJSON)
        stream.key("valid")
        stream.value(.bool(!report.fails(strict: strict)))
        stream.key("targets")
        stream.beginArray()
        for id in report.targets { stream.element(.string(id)) }
        stream.endArray()
        stream.key("errors")
        stream.value(.integer(counts.errors))
        stream.key("warnings")
        stream.value(.integer(counts.warnings))
        stream.key("diagnostics")
        stream.beginArray()
        problems.forEach { problem in
            stream.element(DiagnosticJSON.value(problem))
            if stream.pending >= chunkBytes { write(stream.take()) }
        }
        stream.endArray()
        if !report.derived.isEmpty {
            stream.key("derived")
            stream.value(derivedJSON(report.derived))
        }
        stream.endObject()
        write(stream.finish())
    }

    /// `derived`: for each target with derived high-contrast values, each value as
    /// `{"token": "colors.accent", "appearance": "highContrastLight", "value": "#7B5000"}`.
    static func derivedJSON(_ derived: [(target: String, values: [HighContrastDerivation.Derived])]) -> JSONValue {
        .makeArray(
            derived.map { entry in
                .makeObject([
                    ("target", .string(entry.target)),
                    (
                        "values",
                        .makeArray(
                            entry.values.map { value in
                                .makeObject([
                                    ("token", .string("colors." + value.token)), ("appearance", .string(value.appearance)),
                                    ("value", .string(value.value.text)),
                                ])
                            })
                    ),
                ])
            })
    }

    /// A Markdown section for a pull-request comment or GitHub's step summary:
    /// the summary line, then a table of the first problems. Every text from
    /// the repository (ids, paths, messages quoting values) is escaped as inert
    /// Markdown: the step summary must not run a repository's markup.
    package static func markdown(_ report: ValidationReport, source: some Source, strict: Bool = false, limit: Int = 50) -> String {
        let md = TextEscaping.markdown
        // Only the first `limit` problems are held; the others are counted.
        var first: [Diagnostic] = []
        var counts = ProblemCounts()
        DiagnosticGrouping.Problems(report.diagnostics).forEach { problem in
            counts.add(problem)
            if first.count < limit { first.append(problem) }
        }
        let count = counts.total
        var out = "### livery validate — \(md(source.label))\n\n\(summary(report, strict: strict, counts: counts))\n"
        guard count > 0 else { return out + "\n" }
        out += "\n| | target | where | problem |\n|---|---|---|---|\n"
        for diagnostic in first {
            let icon = diagnostic.severity == .error ? "❌" : "⚠️"
            // The pointer as `<code>`: a Markdown code span cannot hold a `|` inside a table.
            let place =
                md(diagnostic.position ?? "")
                + (diagnostic.pointer.map { $0.tokens.isEmpty ? "" : " <code>\(md($0.description))</code>" } ?? "")
            var problem = diagnostic.message
            for related in diagnostic.related { problem += " — " + DiagnosticFormats.relatedLine(related) }
            out += "| \(icon) | \(md(targetCell(diagnostic))) | \(place) | \(md(problem)) |\n"
        }
        if count > limit {
            out += "\n…and \(count - limit) more; run `livery validate` for all of them.\n"
        }
        return out + "\n"
    }

    /// `acme`, or `2,000 targets: client-0000, client-0001, …` for a shared problem.
    static func targetCell(_ diagnostic: Diagnostic) -> String {
        let targets = diagnostic.affectedTargets
        guard targets.count > 1 else { return diagnostic.target ?? targets.first ?? "" }
        let shown = targets.prefix(DiagnosticGrouping.idsShown).joined(separator: ", ")
        return "\(DiagnosticGrouping.thousands(targets.count)) targets: \(shown)\(targets.count > DiagnosticGrouping.idsShown ? ", …" : "")"
    }

    /// GitHub Actions workflow commands, one per problem, then the summary.
    static func github(_ report: ValidationReport, strict: Bool = false) -> String {
        var out = ""
        github(report, strict: strict) { out += $0 }
        return out
    }

    /// The same, handed to `write` in pieces of about `chunkBytes` as it is made.
    static func github(_ report: ValidationReport, strict: Bool = false, chunkBytes: Int = 64 << 10, write: (String) -> Void) {
        let counts = annotations(report, chunkBytes: chunkBytes, write: write)
        write((counts.total > 0 ? "\n" : "") + summary(report, strict: strict, counts: counts) + "\n")
    }

    /// One workflow command per problem, one per line.
    static func annotations(_ report: ValidationReport) -> String {
        var out = ""
        annotations(report) { out += $0 }
        return out
    }

    /// The same lines, handed to `write` in pieces as they are made; returns
    /// how many problems they report.
    @discardableResult
    package static func annotations(_ report: ValidationReport, chunkBytes: Int = 64 << 10, write: (String) -> Void) -> ProblemCounts {
        var out = ""
        var first = true
        var counts = ProblemCounts()
        DiagnosticGrouping.Problems(report.diagnostics).forEach { problem in
            counts.add(problem)
            if !first { out += "\n" }
            first = false
            out += DiagnosticFormats.github(problem, targetsDirectory: report.targetsDirectory)
            flush(&out, over: chunkBytes, to: write)
        }
        if !out.isEmpty { write(out) }
        return counts
    }

    /// Hands `out` to `write` once it holds `chunkBytes` or more.
    private static func flush(_ out: inout String, over chunkBytes: Int, to write: (String) -> Void) {
        guard out.utf8.count >= chunkBytes else { return }
        write(out)
        out = ""
    }
}

/// How many problems a report holds, by severity.
package struct ProblemCounts: Sendable, Equatable {
    var errors = 0
    var warnings = 0

    init() {}

    var total: Int { errors + warnings }

    mutating func add(_ problem: Diagnostic) {
        switch problem.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        }
    }
}
