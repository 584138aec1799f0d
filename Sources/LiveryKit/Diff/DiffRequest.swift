import Foundation
import LiveryCore
import LiveryDiff
import LiveryEngine
import LiveryGit
import LiveryStyle
import LiveryText
import LiveryVisual

/// What `livery diff` asks: two revisions of one repository, which targets,
/// and the gate of `--exit-code`.
public struct DiffRequest: Sendable {
    /// The repository, at HEAD's revision (nil: the working tree).
    var repository: RepositorySelection
    /// BASE's revision.
    var base: String
    /// The targets named (an abstract one selects everything that extends it); empty for all.
    public var targets: [String] = []
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// `--exit-code`: the command ends with 1 when this gate is met.
    public var gate: DiffGate?
    /// `--threshold`: the share of a screen's pixels that may change before `visual` is met.
    public var threshold = 0.0
    /// `--output FILE`: checked before the comparison's work.
    public var reportFile: String?
    /// Says where the header cache lives (the user's cache directory).
    var environment = ProcessInfo.processInfo.environment

    public init(repository: RepositorySelection, base: String) {
        self.repository = repository
        self.base = base
    }
}

/// What a comparison found, the file its report goes to, and what `--exit-code` makes of it.
public struct DiffResult: CommandOutcome, Sendable {
    public let report: DiffReport
    /// The pictures of `--visual`, when drawn.
    public let visual: VisualReport?
    /// `--output FILE`, checked.
    public let reportFile: URL?
    let gate: DiffGate?
    let threshold: Double
    let service: DiffService

    /// 1 when the gate `--exit-code` names is met.
    public var exitStatus: ExitStatus {
        ExitStatus(failed: gate?.isMet(by: report, visual: visual, threshold: threshold) ?? false)
    }

    /// The report in `format`, its images read from the repository as the format needs them.
    public func render(as format: DiffFormat, detail: DiffDetail = .normal, styler: Styler = .plain) -> String {
        service.render(report, as: format, detail: detail, styler: styler)
    }
}

extension DiffService {
    /// Opens both sides: BASE at `request.base`, HEAD at the selection's revision
    /// (the working tree when nil), with the repository's header cache.
    static func open(_ request: DiffRequest) throws -> DiffService {
        let base = try Workspace.open(request.repository.at(request.base))
        let head = try Workspace.open(request.repository, in: base.repository)
        return DiffService(
            base: base, head: head, headerCache: base.repository.flatMap { TargetHeaderCache(repository: $0, environment: request.environment) }
        )
    }

    /// `livery diff BASE HEAD`: where the report goes is checked before the comparison.
    public static func run(_ request: DiffRequest) async throws -> DiffResult {
        let service = try open(request)
        let file = try request.reportFile.map { path in
            try OutputPlace.check(
                path, option: "--output", kind: .file, example: "diff.md", repository: service.head.repository, configuration: service.head.configuration
            )
        }
        let report = try await service.diff(selected: request.targets, jobs: request.jobs)
        return DiffResult(report: report, visual: nil, reportFile: file, gate: request.gate, threshold: request.threshold, service: service)
    }
}

/// What `livery diff --visual DIR` asks: the comparison, and where and with what to draw it.
public struct VisualRequest: Sendable {
    var diff: DiffRequest
    var options: VisualOptions

    public init(diff: DiffRequest, options: VisualOptions) {
        self.diff = diff
        self.options = options
    }
}

extension VisualService {
    /// `livery diff --visual DIR`: every changed client drawn at both revisions and compared.
    public static func run(_ request: VisualRequest) async throws -> DiffResult {
        let service = try DiffService.open(request.diff)
        var options = request.options
        options.targets = request.diff.targets
        options.jobs = request.diff.jobs
        let (visual, report) = try await VisualService(diff: service).run(options)
        return DiffResult(report: report, visual: visual, reportFile: nil, gate: request.diff.gate, threshold: request.diff.threshold, service: service)
    }
}

/// What `livery diff --format update --output DIR` asks: the comparison, and
/// how its updates are made, signed and released.
public struct UpdateRequest: Sendable {
    var diff: DiffRequest
    /// The directory the updates go to (and whose updates they must fit).
    var directory: String
    /// The private key files that sign the updates; none for unsigned ones.
    public var signingKeys: [String] = []
    /// The release sequence; nil for HEAD's committer time (now, for the working tree).
    public var sequence: Int64?
    /// A duration such as `90d`, after which apps drop the updates.
    public var expiresIn: String?
    public var allowBreaking = false
    public var rollout: UpdateRollout?
    /// Hears what is wrong with a key but usable (a key file others can read),
    /// as soon as the keys are read, before the comparison.
    public var warn: @Sendable (String) -> Void = { _ in }

    public init(diff: DiffRequest, directory: String) {
        self.diff = diff
        self.directory = directory
    }
}

/// The release made: what it refuses, warns about and writes.
public struct UpdateResult: CommandOutcome, Sendable {
    public let release: UpdateRelease
    let gate: DiffGate?

    /// 1 when a client was refused its update, or when `--exit-code`'s gate is met.
    public var exitStatus: ExitStatus {
        ExitStatus(failed: !release.refused.isEmpty || (gate?.isMet(by: release.report) ?? false))
    }
}

/// `livery diff --format update`: the keys are read first, so a bad key costs
/// no diff and writes nothing; then the place is checked and the release made.
public enum UpdateService {
    public static func run(_ request: UpdateRequest) async throws -> UpdateResult {
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
        return UpdateResult(release: release, gate: request.diff.gate)
    }
}
