import Foundation
import LiveryConcurrency
import LiveryEmit
import LiveryGit
import LiveryJSON
import LiveryTargets

/// What validating a source found.
public struct ValidationReport: Sendable {
    /// The targets checked, sorted.
    package var targets: [String]
    /// Every problem, sorted by target, file and position.
    public var diagnostics: [Diagnostic]
    /// The targets and their `extends` relations as found.
    var graph: TargetGraph? = nil
    /// Where the targets are, to tell a target's own files from inherited ones.
    package var targetsDirectory = "targets"
    /// The high-contrast values livery derived, per target (in id order), for
    /// `--format json` to say which values are not the client's own.
    package var derived: [(target: String, values: [HighContrastDerivation.Derived])] = []

    package init(targets: [String], diagnostics: [Diagnostic], graph: TargetGraph? = nil, targetsDirectory: String = "targets") {
        self.targets = targets
        self.diagnostics = diagnostics
        self.graph = graph
        self.targetsDirectory = targetsDirectory
    }

    /// One diagnostic per problem: a problem in a shared file, found in many
    /// targets, once with the targets it affects (`DiagnosticGrouping`).
    public var problems: [Diagnostic] { DiagnosticGrouping.grouped(diagnostics) }

    /// True when there are errors, or warnings under `--strict`.
    package func fails(strict: Bool) -> Bool {
        diagnostics.hasErrors || (strict && diagnostics.warningCount > 0)
    }
}
