import Foundation
import LiveryEngine
import LiveryGit
import LiveryTargets

/// The repository a command works in and what it reads of it, as `--repo` and
/// `--rev` say: every request that reads targets carries one.
package struct RepositorySelection: Sendable, Hashable {
    /// The repository's directory, or nil to find it upwards from the current directory, like git.
    var path: String?
    /// The revision read (HEAD, a tag, main~3, a commit id); nil for the working tree.
    var revision: String?

    package init(path: String?, revision: String? = nil) {
        self.path = path
        self.revision = revision
    }

    /// The same repository at another revision (nil: the working tree).
    func at(_ revision: String?) -> RepositorySelection {
        RepositorySelection(path: path, revision: revision)
    }
}

extension Workspace {
    /// The one way a service opens a workspace: the repository at `selection.path`
    /// (or discovered upwards from the current directory) and its source: the
    /// revision when one is given, else the working tree, else (in a bare
    /// repository) HEAD. A repository already open (the other side of a diff) is
    /// used as it is. `timings` charges every git read to `--timings`.
    static func open(_ selection: RepositorySelection, in known: Repository? = nil, timings: PhaseTimings = .off) throws -> Workspace {
        let repository = try known ?? Repository.discover(from: selection.path ?? FileManager.default.currentDirectoryPath)
        let workspace: Workspace
        if let revision = selection.revision ?? (repository.isBare ? "HEAD" : nil) {
            let source = try RevisionSource(repository: repository, revision: revision)
            let (configuration, diagnostics) = try Configuration.load(from: source)
            workspace = Workspace(repository: repository, source: source, configuration: configuration, diagnostics: diagnostics)
        } else {
            // Read the settings first so the working tree scan covers only the
            // directories livery reads, however large the rest of the repository is.
            let settings = try WorkingTreeSource(repository: repository, limitedTo: [Configuration.fileName])
            let (configuration, diagnostics) = try Configuration.load(from: settings)
            let source = try WorkingTreeSource(
                repository: repository,
                limitedTo: [Configuration.fileName, configuration.targetsDirectory, configuration.templatesDirectory]
            )
            workspace = Workspace(repository: repository, source: source, configuration: configuration, diagnostics: diagnostics)
        }
        return workspace.timed(by: timings)
    }

    /// The workspace of a command that adds targets: HEAD for `--commit` (the new
    /// commit's parent), else the working tree. A repository without commits
    /// throws `noCommits`, the command's own error, since neither can start there.
    static func openForWriting(_ repositoryPath: String?, commit: Bool, noCommits: @autoclosure () -> any Error) throws -> Workspace {
        do {
            return try open(RepositorySelection(path: repositoryPath, revision: commit ? "HEAD" : nil))
        } catch RepositoryError.noCommits {
            throw noCommits()
        }
    }
}
