import LiveryGit
import LiveryTargets

/// A source whose reads are charged to the `read` phase of `--timings`.
struct TimedSource: SourceWrapper {
    let base: any Source
    let timings: PhaseTimings

    init(_ base: any Source, timings: PhaseTimings) {
        self.base = base
        self.timings = timings
    }

    func directory(at path: String) throws(RepositoryError) -> SourceDirectory? {
        try timings.measure(.read) { () throws(RepositoryError) in try base.directory(at: path) }
    }

    func size(of entry: SourceEntry) throws(RepositoryError) -> Int {
        try timings.measure(.read) { () throws(RepositoryError) in try base.size(of: entry) }
    }

    func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        try timings.measure(.read) { () throws(RepositoryError) in try base.contents(of: entry) }
    }
}

extension Workspace {
    /// This workspace with its reads charged to `timings`, when they are on.
    package func timed(by timings: PhaseTimings) -> Workspace {
        guard timings.enabled else { return self }
        return Workspace(
            repository: repository, source: TimedSource(source, timings: timings), configuration: configuration, diagnostics: diagnostics)
    }
}
