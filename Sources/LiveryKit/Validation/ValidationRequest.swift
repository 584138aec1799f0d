import Foundation
import LiveryEngine
import LiveryGit
import LiveryTargets

/// What `livery validate` asks: which targets of which revision, and how strictly.
package struct ValidationRequest: Sendable {
    var repository: RepositorySelection
    /// The targets named (an abstract one selects everything that extends it); empty for all.
    package var targets: [String] = []
    /// Warnings fail too (`--strict`).
    package var strict = false
    package var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Where `--timings` charges the time spent.
    package var timings = PhaseTimings.off
    /// Sees the count of targets done, once per target.
    package var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Where the user's cache is (`LIVERY_CACHE_DIR`, `XDG_CACHE_HOME`, `HOME`) and
    /// whether it is used (`LIVERY_NO_CACHE`).
    var environment = ProcessInfo.processInfo.environment

    package init(repository: RepositorySelection) {
        self.repository = repository
    }
}

/// What validating found, and the source it read (which reports name).
package struct ValidationResult: CommandOutcome, Sendable {
    package let report: ValidationReport
    let strict: Bool
    package let source: any Source

    /// 1 when there are errors, or warnings under `--strict`.
    package var exitStatus: ExitStatus { ExitStatus(failed: report.fails(strict: strict)) }
}

extension ValidationService {
    /// `livery validate`: every selected target through the pipeline, each app
    /// icon decoded as a build decodes it, once: icons an earlier run decoded are
    /// remembered in the user's cache (`DecodedAppIconCache`).
    package static func run(_ request: ValidationRequest) async throws -> ValidationResult {
        let workspace = try Workspace.open(request.repository, timings: request.timings)
        var service = ValidationService(
            workspace: workspace, schema: try SchemaLoader.styleSchema(for: workspace), timings: request.timings)
        let cache = workspace.repository.flatMap { DecodedAppIconCache(repository: $0, environment: request.environment) }
        let previous = cache?.load() ?? []
        let appIcons = DecodedAppIcons(known: Set(previous))
        service.appIcons = appIcons
        let report = try await service.validate(selected: request.targets, jobs: request.jobs, progress: request.progress)
        cache?.save(previous: previous, adding: appIcons.decodedNow)
        return ValidationResult(report: report, strict: request.strict, source: workspace.source)
    }
}
