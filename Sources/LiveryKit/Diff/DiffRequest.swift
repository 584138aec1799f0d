import Foundation
import LiveryCore
import LiveryDiff
import LiveryEngine
import LiveryGit
import LiveryTargets
import LiveryText
import LiveryVisual

/// What `livery diff` asks: two revisions of one repository, which targets,
/// and the gate of `--exit-code`.
package struct DiffRequest: Sendable {
    /// The repository, at HEAD's revision (nil: the working tree).
    var repository: RepositorySelection
    /// BASE's revision.
    var base: String
    /// The targets named (an abstract one selects everything that extends it); empty for all.
    package var targets: [String] = []
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// `--exit-code`: the command ends with 1 when this gate is met.
    package var gate: DiffGate?
    /// `--threshold`: the share of a screen's pixels that may change before `visual` is met.
    package var threshold = 0.0
    /// `--output FILE`: checked before the comparison's work.
    package var reportFile: String?
    /// How the report is written: its format, how much it says, and (on a colour terminal) its colours.
    package var format: DiffFormat = .text
    package var detail: DiffDetail = .normal
    package var styler: Styler = .plain
    /// `--app-sources DIR`: the app's code, searched for the tokens HEAD's contract removes.
    package var appSources: String?
    /// Says where the header cache lives (the user's cache directory).
    var environment = ProcessInfo.processInfo.environment

    package init(repository: RepositorySelection, base: String) {
        self.repository = repository
        self.base = base
    }
}

/// What a comparison found, its report as written, and what `--exit-code` makes of it.
package struct DiffResult: CommandOutcome, Sendable {
    package let report: DiffReport
    /// The pictures of `--visual`, when drawn.
    package let visual: VisualReport?
    /// The report for standard output; nil when it went to `--output FILE` (or with `--visual`,
    /// whose report is in its directory).
    package internal(set) var text: String?
    /// Under GitHub Actions, the report in Markdown and the step summary file it is added to.
    package internal(set) var stepSummary: (text: String, file: String)?
    let gate: DiffGate?
    let threshold: Double

    /// 1 when the gate `--exit-code` names is met.
    package var exitStatus: ExitStatus {
        ExitStatus(failed: gate?.isMet(by: report, visual: visual, threshold: threshold) ?? false)
    }
}

extension DiffService {
    /// Opens both sides: BASE at `request.base`, HEAD at the selection's revision
    /// (the working tree when nil), with the repository's header cache.
    static func open(_ request: DiffRequest) throws -> DiffService {
        let base = try Workspace.open(request.repository.at(request.base))
        let head = try Workspace.open(request.repository, in: base.repository)
        return DiffService(
            base: base, head: head,
            headerCache: base.repository.flatMap { TargetHeaderCache(repository: $0, environment: request.environment) }
        )
    }

    /// `livery diff BASE HEAD`: where the report goes is checked before the comparison; the
    /// report is then rendered (its images read from the repository as the format needs them)
    /// and written to `--output FILE`, or returned for standard output.
    package static func run(_ request: DiffRequest) async throws -> DiffResult {
        let service = try open(request)
        let file = try request.reportFile.map { path in
            try OutputPlace.check(
                path, option: "--output", kind: .file, example: "diff.md", repository: service.head.repository,
                configuration: service.head.configuration
            )
        }
        let search = try request.appSources.map(AppSourceSearch.init)
        var report = try await service.diff(selected: request.targets, jobs: request.jobs)
        if let search, let contract = report.contract { report.contract?.attach(try search.uses(of: contract.removedPaths)) }
        let text = service.render(report, as: request.format, detail: request.detail, styler: request.styler)
        if let file { try OutputFile.write(Array(text.utf8), to: file.path) }
        var result = DiffResult(
            report: report, visual: nil, text: file == nil ? text : nil, gate: request.gate, threshold: request.threshold)
        let environment = request.environment
        if environment["GITHUB_ACTIONS"] == "true", let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            result.stepSummary = (request.format == .markdown ? text : service.render(report, as: .markdown), summary)
        }
        return result
    }
}

/// What `livery diff --visual DIR` asks: the comparison, and where and with what to draw it.
package struct VisualRequest: Sendable {
    var diff: DiffRequest
    var options: VisualOptions

    package init(diff: DiffRequest, options: VisualOptions) {
        self.diff = diff
        self.options = options
    }
}

extension VisualService {
    /// `livery diff --visual DIR`: every changed client drawn at both revisions and compared.
    package static func run(_ request: VisualRequest) async throws -> DiffResult {
        let service = try DiffService.open(request.diff)
        let (visual, report) = try await VisualService(diff: service).compare(request)
        return DiffResult(report: report, visual: visual, gate: request.diff.gate, threshold: request.diff.threshold)
    }
}

/// What `livery diff --format update --output DIR` asks: the comparison, and
/// how its updates are made, signed and released.
package struct UpdateRequest: Sendable {
    var diff: DiffRequest
    /// The directory the updates go to (and whose updates they must fit).
    var directory: String
    /// The private key files that sign the updates; none for unsigned ones.
    package var signingKeys: [String] = []
    /// The release sequence; nil for HEAD's committer time (now, for the working tree).
    package var sequence: Int64?
    /// A duration such as `90d`, after which apps drop the updates.
    package var expiresIn: String?
    package var allowBreaking = false
    package var rollout: UpdateRollout?
    /// Hears what is wrong with a key but usable (a key file others can read),
    /// as soon as the keys are read, before the comparison.
    package var warn: @Sendable (String) -> Void = { _ in }

    package init(diff: DiffRequest, directory: String) {
        self.diff = diff
        self.directory = directory
    }
}

/// The release made: what it refuses and warns about, and the paths of the updates written.
package struct UpdateResult: CommandOutcome, Sendable {
    package let release: UpdateRelease
    package let written: [String]
    let gate: DiffGate?

    /// 1 when a client was refused its update, or when `--exit-code`'s gate is met.
    package var exitStatus: ExitStatus {
        ExitStatus(failed: !release.refused.isEmpty || (gate?.isMet(by: release.report) ?? false))
    }
}

/// `livery diff --format update`: the keys are read first, so a bad key costs
/// no diff and writes nothing; then the place is checked, the release made and
/// each update not refused written.
package enum UpdateService {
    package static func run(_ request: UpdateRequest) async throws -> UpdateResult {
        let keys = try UpdateRelease.readKeys(request.signingKeys, warn: request.warn)
        let service = try DiffService.open(request.diff)
        try OutputPlace.check(
            request.directory, option: "--output", kind: .directory, example: "updates", repository: service.head.repository,
            configuration: service.head.configuration
        )
        let release = try await UpdateRelease.prepare(
            service, selected: request.diff.targets, jobs: request.diff.jobs, headRevision: request.diff.repository.revision,
            sequence: request.sequence, expiresIn: request.expiresIn, allowBreaking: request.allowBreaking, signingKeys: keys,
            rollout: request.rollout, for: request.directory
        )
        return UpdateResult(release: release, written: try release.write(to: request.directory), gate: request.diff.gate)
    }
}
