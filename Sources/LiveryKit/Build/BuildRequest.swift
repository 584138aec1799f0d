import Foundation
import LiveryArchive
import LiveryEmit
import LiveryEngine
import LiveryGit
import LiveryStyle

/// What `livery build` asks: which targets of which revision, for which
/// platforms, written where and how.
public struct BuildRequest: Sendable {
    var repository: RepositorySelection
    /// livery's version, recorded in every manifest.
    var version: String
    /// `--out`, relative to the current directory; nil for livery.json's `outputDir`
    /// in the repository's working tree.
    public var out: String?
    /// nil for livery.json's platforms.
    public var platforms: [Platform]?
    public var targets: [String] = []
    public var shard: Shard?
    /// Build only the targets whose inputs changed since this revision.
    public var affectedSince: String?
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    public var force = false
    public var archive: ArchiveFormat?
    /// How many warnings per rule are shown of the targets that build; nil for all.
    public var warningsShownPerRule: Int?
    /// Where `--timings` charges the time spent.
    public var timings = PhaseTimings.off
    /// Sees the count of targets done, once per target.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Told the output directory before anything is written there, so that an
    /// interrupted build can remove the bundles it had not finished.
    public var outputChosen: (@Sendable (URL) -> Void)?

    public init(repository: RepositorySelection, version: String) {
        self.repository = repository
        self.version = version
    }
}

/// What a build did, and what its summary needs.
public struct BuildResult: CommandOutcome, Sendable {
    public let report: BuildReport
    public let output: URL
    public let platforms: [Platform]
    public let targetsDirectory: String
    public let warningsShownPerRule: Int?
    /// Set when the repository has no targets: how to start. Nothing was built
    /// and no output directory made.
    public let noTargets: Diagnostic?

    /// Every selected target built or up to date, without errors.
    public var succeeded: Bool { noTargets == nil && report.failed.isEmpty && !report.validation.diagnostics.hasErrors }
    public var exitStatus: ExitStatus { ExitStatus(failed: !succeeded) }
}

extension BuildService {
    /// `livery build`: opens the repository, checks that it has targets before
    /// the output directory is made, then builds.
    public static func run(_ request: BuildRequest) async throws -> BuildResult {
        let workspace = try Workspace.open(request.repository, timings: request.timings)
        let configuration = workspace.configuration
        var options = BuildOptions(
            output: outputURL(request, workspace), platforms: request.platforms ?? configuration.platforms, version: request.version)
        options.targets = request.targets
        options.outputFromConfiguration = request.out == nil
        options.shard = request.shard
        options.affectedSince = request.affectedSince
        options.jobs = request.jobs
        options.force = request.force
        options.archive = request.archive
        options.warningsShownPerRule = request.warningsShownPerRule
        request.outputChosen?(options.output)
        let result = { (report: BuildReport, noTargets: Diagnostic?) in
            BuildResult(
                report: report, output: options.output, platforms: options.platforms, targetsDirectory: configuration.targetsDirectory,
                warningsShownPerRule: options.warningsShownPerRule, noTargets: noTargets
            )
        }
        if let empty = try EmptyRepository.check(workspace.source, targetsDirectory: configuration.targetsDirectory) {
            return result(BuildReport(validation: ValidationReport(targets: [], diagnostics: [empty])), empty)
        }
        let report = try await BuildService(workspace: workspace, timings: request.timings).build(options, progress: request.progress)
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
