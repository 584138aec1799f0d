import LiveryDiff
import LiveryEngine
import LiveryGit
import LiveryTargets

/// One target an import writes.
struct ImportedTarget: Sendable, Equatable {
    enum Role: String, Sendable {
        /// A brand's target.
        case client
        /// The abstract target holding what every brand shares.
        case parent
        /// A theme context imported as a target of its own (`--context-as-theme`), extending its client.
        case theme
    }

    var id: String
    var role: Role
    /// False for a re-import over a target that was already there.
    var isNew: Bool
    /// The brand context it comes from; nil for the parent and for an input of one client.
    var brand: String?
    /// `targets/<id>`.
    var directory: String
    /// The files written, relative to `directory`, sorted.
    var files: [String]
}

/// What `livery import dtcg` found and did.
package struct ImportResult: Sendable {
    /// The input's name (the resolver's, or the first file's stem).
    var name: String
    /// Guesses made about modifiers, each saying how to choose otherwise.
    package var notes: [String] = []
    /// What was assumed or lost on the way (clipped colours, fonts without files, …).
    var warnings: [Diagnostic] = []
    /// Problems in the input that stop the import (exit status 1).
    package var inputErrors: [Diagnostic] = []
    /// Tokens with no place in style.json, counted by type.
    var notImported: [String: Int] = [:]
    /// The targets, parent first, then clients in the brands' order.
    var targets: [ImportedTarget] = []
    /// Every file to write: path from the repository root → contents.
    var files: [String: [UInt8]] = [:]
    /// The written targets, and every target that extends them, checked before writing.
    package var validation: ValidationReport?
    /// What changes, as `livery diff` of the working tree would show it.
    package var diff: DiffReport?
    /// The branch a commit goes to.
    var branch: String
    var commit: RecordedCommit?
    /// True when the targets were written (to the working tree or as a commit).
    var written = false
    /// The request's `--strict`, which `exitStatus` holds the result to.
    var strict = false
    /// Where the repository's targets are, which places the problems.
    package var targetsDirectory = "targets"

    /// True when the import stops at a problem: input errors, a validation failure, or
    /// under `strict` any warning (the import's own or validation's).
    func fails(strict: Bool) -> Bool {
        !inputErrors.isEmpty || (validation?.fails(strict: strict) ?? false) || (strict && !warnings.isEmpty)
    }

    /// The warnings as printed: those of one rule and one cause (the message after its
    /// subject, with the values in it left out: `a hex string …; read "…" as sRGB #…`)
    /// once, the first with a count of the rest; `verbose` keeps each.
    package func shownWarnings(verbose: Bool) -> [Diagnostic] {
        guard !verbose else { return warnings }
        var groups: [String: Int] = [:]
        var order: [(key: String, first: Diagnostic)] = []
        for warning in warnings {
            let key = Self.groupKey(warning)
            if groups[key] == nil { order.append((key, warning)) }
            groups[key, default: 0] += 1
        }
        return order.map { key, first in
            let more = (groups[key] ?? 1) - 1
            guard more > 0 else { return first }
            var shown = first
            shown.message += " (and \(more) more of this cause; --verbose lists each)"
            return shown
        }
    }

    /// Rule and cause: the text after the message's first ": " (the subject comes before
    /// it), with the values in it masked.
    static func groupKey(_ warning: Diagnostic) -> String {
        let message = warning.message
        let cause = message.range(of: ": ").map { String(message[$0.upperBound...]) } ?? message
        return warning.rule.id + "\u{0}" + masked(cause)
    }

    /// What varies between warnings of one cause, each replaced by one mark: `"text"`,
    /// `` `name` ``, `[1, 0, 1]`, `#RRGGBB` and numbers (`12.5`).
    static func masked(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let character = rest.first {
            let closing: Character? =
                switch character {
                case "\"": "\""
                case "`": "`"
                case "[": "]"
                default: nil
                }
            if let closing, let end = rest.dropFirst().firstIndex(of: closing) {
                out += String(character) + "…" + String(closing)
                rest = rest[rest.index(after: end)...]
            } else if character == "#", rest.dropFirst().first?.isHexDigit == true {
                out += "#…"
                rest = rest.dropFirst().drop { $0.isHexDigit }
            } else if character.isNumber {
                out += "0"
                rest = rest.drop { $0.isNumber || $0 == "." }
            } else {
                out.append(character)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// `not imported: 12 gradient tokens, 3 shadow tokens`, or nil when everything was.
    package var notImportedSummary: String? {
        guard !notImported.isEmpty else { return nil }
        let parts = notImported.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { type, count in
            "\(count) \(type) token\(count == 1 ? "" : "s")"
        }
        return "not imported: " + parts.joined(separator: ", ")
    }
}

/// The modifiers named on the command line do not fit the input (exit status 2).
struct ImportPlanFailure: UserError, Sendable {
    var diagnostics: [Diagnostic]

    /// Each problem, with its place in the resolver when it has one.
    var message: String {
        diagnostics.map { diagnostic in (diagnostic.position.map { $0 + ": " } ?? "") + diagnostic.message }.joined(separator: "\n")
    }

    var hint: String? {
        "Choose with --brand MODIFIER, --theme MODIFIER [--map APPEARANCE=CONTEXT], --context MODIFIER=CONTEXT, "
            + "--skip-context MODIFIER=CONTEXT, --context-as-theme MODIFIER=CONTEXT."
    }
}

extension ImportResult: CommandOutcome {
    /// 1 when the import stopped at a problem (and wrote nothing).
    package var exitStatus: ExitStatus { ExitStatus(failed: fails(strict: strict)) }
}
