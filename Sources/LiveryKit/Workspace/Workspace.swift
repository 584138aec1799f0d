import Foundation
import LiveryGit
import LiveryStyle

/// The repository a command works on, the source it reads from, and its settings.
public struct Workspace: Sendable {
    /// The repository read, nil for a source held in memory.
    public let repository: Repository?
    public let source: any Source
    public let configuration: Configuration
    /// Warnings found while loading the configuration.
    public let diagnostics: [Diagnostic]

    /// `source` is read through the size limits of `configuration`.
    public init(repository: Repository?, source: any Source, configuration: Configuration = Configuration(), diagnostics: [Diagnostic] = []) {
        self.repository = repository
        if let limited = source as? SizeLimitedSource {
            self.source = SizeLimitedSource(base: limited.base, limits: configuration.sizeLimits)
        } else {
            self.source = SizeLimitedSource(base: source, limits: configuration.sizeLimits)
        }
        self.configuration = configuration
        self.diagnostics = diagnostics
    }

    /// Opens the repository at `repositoryPath` (or discovers it upwards from the
    /// current directory) and picks the source: `revision` when given, else the
    /// working tree, else (in a bare repository) HEAD. A repository already open
    /// (the other side of a diff) is used as it is.
    public static func open(repository known: Repository? = nil, repositoryPath: String?, revision: String?) throws -> Workspace {
        let repository: Repository
        if let known {
            repository = known
        } else if let repositoryPath {
            repository = try Repository.discover(from: repositoryPath)
        } else {
            repository = try Repository.discover(from: FileManager.default.currentDirectoryPath)
        }
        if let revision {
            let source = try RevisionSource(repository: repository, revision: revision)
            let (configuration, diagnostics) = try Configuration.load(from: source)
            return Workspace(repository: repository, source: source, configuration: configuration, diagnostics: diagnostics)
        }
        if repository.isBare {
            let source = try RevisionSource(repository: repository, revision: "HEAD")
            let (configuration, diagnostics) = try Configuration.load(from: source)
            return Workspace(repository: repository, source: source, configuration: configuration, diagnostics: diagnostics)
        }
        // Read the settings first so the working tree scan covers only the
        // directories livery reads, however large the rest of the repository is.
        let settings = try WorkingTreeSource(repository: repository, limitedTo: [Configuration.fileName])
        let (configuration, diagnostics) = try Configuration.load(from: settings)
        let source = try WorkingTreeSource(
            repository: repository,
            limitedTo: [Configuration.fileName, configuration.targetsDirectory, configuration.templatesDirectory]
        )
        return Workspace(repository: repository, source: source, configuration: configuration, diagnostics: diagnostics)
    }

    /// The workspace of a command that adds targets: HEAD for `--commit` (the new
    /// commit's parent), else the working tree. A repository without commits
    /// throws `noCommits`, the command's own error, since neither can start there.
    public static func openForWriting(repositoryPath: String?, commit: Bool, noCommits: @autoclosure () -> any Error) throws -> Workspace {
        do {
            return try open(repositoryPath: repositoryPath, revision: commit ? "HEAD" : nil)
        } catch RepositoryError.noCommits {
            throw noCommits()
        }
    }
}
