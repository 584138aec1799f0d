import Foundation
import LiveryArchive
import LiveryEmit
import LiveryEngine
import LiveryGit
import LiveryTargets

/// What `livery build` asks: which targets of which revision, for which
/// platforms, written where and how.
package struct BuildRequest: Sendable {
    var repository: RepositorySelection
    /// livery's version, recorded in every manifest.
    var version: String
    /// `--out`, relative to the current directory; nil for livery.json's `outputDir`
    /// in the repository's working tree.
    package var out: String?
    /// nil for livery.json's platforms.
    package var platforms: [Platform]?
    package var targets: [String] = []
    package var shard: Shard?
    /// Build only the targets whose inputs changed since this revision.
    package var affectedSince: String?
    package var jobs = ProcessInfo.processInfo.activeProcessorCount
    package var force = false
    package var archive: ArchiveFormat?
    /// How many warnings per rule are shown of the targets that build; nil for all.
    package var warningsShownPerRule: Int?
    /// Where `--timings` charges the time spent.
    package var timings = PhaseTimings.off
    /// Sees the count of targets done, once per target.
    package var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Told the output directory before anything is written there, so that an
    /// interrupted build can remove the bundles it had not finished.
    package var outputChosen: (@Sendable (URL) -> Void)?

    package init(repository: RepositorySelection, version: String) {
        self.repository = repository
        self.version = version
    }
}

/// What a build did, and what its summary needs.
package struct BuildResult: CommandOutcome, Sendable {
    package let report: BuildReport
    package let output: URL
    package let platforms: [Platform]
    package let targetsDirectory: String
    package let warningsShownPerRule: Int?
    /// Set when the repository has no targets: how to start. Nothing was built
    /// and no output directory made.
    package let noTargets: Diagnostic?

    /// Every selected target built or up to date, without errors.
    package var succeeded: Bool { noTargets == nil && report.failed.isEmpty && !report.validation.diagnostics.hasErrors }
    package var exitStatus: ExitStatus { ExitStatus(failed: !succeeded) }
}

extension BuildService {
    /// `livery build`: opens the repository, checks that it has targets before
    /// the output directory is made, then builds.
    package static func run(_ request: BuildRequest) async throws -> BuildResult {
        let workspace = try Workspace.open(request.repository, timings: request.timings)
        let configuration = workspace.configuration
        let plan = BuildPlan(
            request: request, output: outputURL(request, workspace), platforms: request.platforms ?? configuration.platforms)
        request.outputChosen?(plan.output)
        let result = { (report: BuildReport, noTargets: Diagnostic?) in
            BuildResult(
                report: report, output: plan.output, platforms: plan.platforms, targetsDirectory: configuration.targetsDirectory,
                warningsShownPerRule: request.warningsShownPerRule, noTargets: noTargets
            )
        }
        if let empty = try EmptyRepository.check(workspace.source, targetsDirectory: configuration.targetsDirectory) {
            return result(BuildReport(validation: ValidationReport(targets: [], diagnostics: [empty])), empty)
        }
        let report = try await BuildService(workspace: workspace, timings: request.timings).build(plan)
        return result(report, nil)
    }

    /// `--out` from the current directory, else livery.json's `outputDir` in the working tree.
    private static func outputURL(_ request: BuildRequest, _ workspace: Workspace) -> URL {
        if let out = request.out {
            return URL(fileURLWithPath: out, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        }
        let base = workspace.repository?.workingDirectory ?? FileManager.default.currentDirectoryPath + "/"
        return URL(fileURLWithPath: base + workspace.configuration.outputDirectory)
    }
}
