import LiveryDiff
import LiveryGit
import LiveryStyle

/// One target an import writes.
public struct ImportedTarget: Sendable, Equatable {
    public enum Role: String, Sendable {
        /// A brand's target.
        case client
        /// The abstract target holding what every brand shares.
        case parent
    }

    public var id: String
    public var role: Role
    /// False for a re-import over a target that was already there.
    public var isNew: Bool
    /// The brand context it comes from; nil for the parent and for an input of one client.
    public var brand: String?
    /// `targets/<id>`.
    public var directory: String
    /// The files written, relative to `directory`, sorted.
    public var files: [String]
}

/// What `livery import dtcg` found and did.
public struct ImportResult: Sendable {
    /// The input's name (the resolver's, or the first file's stem).
    public var name: String
    /// Guesses made about modifiers, each saying how to choose otherwise.
    public var notes: [String] = []
    /// What was assumed or lost on the way (clipped colours, fonts without files, …).
    public var warnings: [Diagnostic] = []
    /// Problems in the input that stop the import (exit status 1).
    public var inputErrors: [Diagnostic] = []
    /// Tokens with no place in style.json, counted by type.
    public var notImported: [String: Int] = [:]
    /// The targets, parent first, then clients in the brands' order.
    public var targets: [ImportedTarget] = []
    /// Every file to write: path from the repository root → contents.
    public var files: [String: [UInt8]] = [:]
    /// The written targets, and every target that extends them, checked before writing.
    public var validation: ValidationReport?
    /// What changes, as `livery diff` of the working tree would show it.
    public var diff: DiffReport?
    /// The branch a commit goes to.
    public var branch: String
    public var commit: RecordedCommit?
    /// True when the targets were written (to the working tree or as a commit).
    public var written = false

    /// True when the import stops at a problem: input errors, a validation failure, or
    /// under `strict` any warning (the import's own or validation's).
    public func fails(strict: Bool) -> Bool {
        !inputErrors.isEmpty || (validation?.fails(strict: strict) ?? false) || (strict && !warnings.isEmpty)
    }

    /// `not imported: 12 gradient tokens, 3 shadow tokens`, or nil when everything was.
    public var notImportedSummary: String? {
        guard !notImported.isEmpty else { return nil }
        let parts = notImported.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { type, count in
            "\(count) \(type) token\(count == 1 ? "" : "s")"
        }
        return "not imported: " + parts.joined(separator: ", ")
    }
}

/// The modifiers named on the command line do not fit the input (exit status 2).
public struct ImportPlanFailure: UserError, Sendable {
    public var diagnostics: [Diagnostic]

    /// Each problem, with its place in the resolver when it has one.
    public var message: String {
        diagnostics.map { diagnostic in (diagnostic.position.map { $0 + ": " } ?? "") + diagnostic.message }.joined(separator: "\n")
    }

    public var hint: String? {
        "Choose with --brand MODIFIER, --theme MODIFIER [--map APPEARANCE=CONTEXT], --context MODIFIER=CONTEXT."
    }
}
