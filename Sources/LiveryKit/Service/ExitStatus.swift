/// livery's documented exit statuses, which scripts and CI read.
package enum ExitStatus: Int32, Sendable {
    case success = 0
    /// Validation errors, differences with `--exit-code`, a broken template or update.
    case failure = 1
    /// Usage or environment errors: no repository, unknown revision, unreadable output.
    case usage = 2
}

/// What a service returns when it decides how its command ends: a validation
/// report with errors, a diff whose `--exit-code` gate is met, a template that
/// does not pass. The command line turns the status into the process's exit
/// code in one place, so no command computes its own.
package protocol CommandOutcome {
    var exitStatus: ExitStatus { get }
}

extension ExitStatus: CommandOutcome {
    /// A command whose work either succeeds or throws ends with `.success`.
    package var exitStatus: ExitStatus { self }
}

extension ExitStatus {
    /// `.failure` when `failed`, else `.success`.
    init(failed: Bool) {
        self = failed ? .failure : .success
    }
}
