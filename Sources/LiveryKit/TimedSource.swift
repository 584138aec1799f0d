import LiveryGit
import LiveryStyle

/// A source whose reads are charged to the `read` phase of `--timings`.
public struct TimedSource: Source {
    public let base: any Source

    public init(_ base: any Source) {
        self.base = base
    }

    public var label: String { base.label }
    public var commit: Commit? { base.commit }

    public func directory(at path: String) throws(RepositoryError) -> SourceDirectory? {
        try PhaseTimings.shared.measure(.read) { () throws(RepositoryError) in try base.directory(at: path) }
    }

    public func size(of entry: SourceEntry) throws(RepositoryError) -> Int {
        try PhaseTimings.shared.measure(.read) { () throws(RepositoryError) in try base.size(of: entry) }
    }

    public func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        try PhaseTimings.shared.measure(.read) { () throws(RepositoryError) in try base.contents(of: entry) }
    }
}

extension Workspace {
    /// This workspace with its reads timed, when `--timings` is on.
    public func timedIfEnabled() -> Workspace {
        guard PhaseTimings.shared.enabled else { return self }
        return Workspace(repository: repository, source: TimedSource(source), configuration: configuration, diagnostics: diagnostics)
    }
}
