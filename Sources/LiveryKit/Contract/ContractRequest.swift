import Foundation
import LiveryEmit
import LiveryEngine

/// What `livery contract init` asks: the contract made from the targets of one
/// revision, written (or only returned, for `--stdout`).
package struct ContractInitRequest: Sendable {
    var repository: RepositorySelection
    /// Write `<targetsDir>/contract.json`; false for `--stdout`.
    package var write = true
    /// Replace an existing contract.
    package var force = false
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    package init(repository: RepositorySelection) {
        self.repository = repository
    }
}

extension ContractInitResult: CommandOutcome {
    /// Made (and written when asked); what stops it is thrown.
    package var exitStatus: ExitStatus { .success }
}

extension ContractService {
    package static func run(_ request: ContractInitRequest) async throws -> ContractInitResult {
        try await ContractService(workspace: Workspace.open(request.repository)).initialize(
            write: request.write, force: request.force, jobs: request.jobs)
    }
}

/// What `livery contract generate` asks: the typed theme written where the options say.
package struct AppThemeRequest: Sendable {
    var repository: RepositorySelection
    var destinations: [AppThemeDestination]
    /// Replace a file of the same name that livery did not write.
    package var force = false

    package init(repository: RepositorySelection, destinations: [AppThemeDestination]) {
        self.repository = repository
        self.destinations = destinations
    }
}

extension AppThemeResult: CommandOutcome {
    /// Written; what stops it is thrown.
    package var exitStatus: ExitStatus { .success }
}

extension AppThemeService {
    package static func run(_ request: AppThemeRequest) throws -> AppThemeResult {
        try AppThemeService(workspace: Workspace.open(request.repository)).generate(into: request.destinations, force: request.force)
    }
}
