import Foundation
import LiveryEmit
import LiveryEngine

/// What `livery contract init` asks: the contract made from the targets of one
/// revision, written (or only returned, for `--stdout`).
public struct ContractInitRequest: Sendable {
    var repository: RepositorySelection
    /// Write `<targetsDir>/contract.json`; false for `--stdout`.
    public var write = true
    /// Replace an existing contract.
    public var force = false
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    public init(repository: RepositorySelection) {
        self.repository = repository
    }
}

extension ContractInitResult: CommandOutcome {
    /// Made (and written when asked); what stops it is thrown.
    public var exitStatus: ExitStatus { .success }
}

extension ContractService {
    public static func run(_ request: ContractInitRequest) async throws -> ContractInitResult {
        try await ContractService(workspace: Workspace.open(request.repository)).initialize(
            write: request.write, force: request.force, jobs: request.jobs)
    }
}

/// What `livery contract generate` asks: the typed theme written where the options say.
public struct AppThemeRequest: Sendable {
    var repository: RepositorySelection
    var destinations: [AppThemeDestination]
    /// Replace a file of the same name that livery did not write.
    public var force = false

    public init(repository: RepositorySelection, destinations: [AppThemeDestination]) {
        self.repository = repository
        self.destinations = destinations
    }
}

extension AppThemeResult: CommandOutcome {
    /// Written; what stops it is thrown.
    public var exitStatus: ExitStatus { .success }
}

extension AppThemeService {
    public static func run(_ request: AppThemeRequest) throws -> AppThemeResult {
        try AppThemeService(workspace: Workspace.open(request.repository)).generate(into: request.destinations, force: request.force)
    }
}
