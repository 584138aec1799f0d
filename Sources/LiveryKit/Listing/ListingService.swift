import Foundation
import LiveryEngine
import LiveryTargets

/// `livery list`'s work: the targets of a repository at a revision, and with
/// `affectedSince` the concrete ones whose inputs changed since then.
package struct TargetListingResult: Sendable {
    let workspace: Workspace
    let listing: TargetListing
    /// Only with `affectedSince`.
    let affected: AffectedTargets?

    /// Problems of the repository and of its targets' directories (a stray file,
    /// an invalid directory name): reported, not skipped.
    package var diagnostics: [Diagnostic] { workspace.diagnostics + listing.diagnostics }
    var hasErrors: Bool { diagnostics.hasErrors }
}

extension TargetListingResult: CommandOutcome {
    /// 1 when the repository or a target's directory has errors.
    package var exitStatus: ExitStatus { ExitStatus(failed: hasErrors) }
}

/// What `livery list` asks: the targets of one revision, and with `affectedSince`
/// only the concrete ones whose inputs changed since another.
package struct ListRequest: Sendable {
    var repository: RepositorySelection
    package var affectedSince: String?
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    package init(repository: RepositorySelection) {
        self.repository = repository
    }
}

package enum ListingService {
    package static func run(_ request: ListRequest) async throws -> TargetListingResult {
        let workspace = try Workspace.open(request.repository)
        let listing = try await TargetCatalog.list(
            in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory, jobs: request.jobs)
        let affected = try request.affectedSince.map {
            try AffectedTargets.since($0, in: workspace, headGraph: TargetGraph(listing.targets))
        }
        return TargetListingResult(workspace: workspace, listing: listing, affected: affected)
    }

    /// The ids of the targets, as found, for shell completion: no parallel work,
    /// nothing but the listing.
    package static func targetIDs(_ repository: RepositorySelection) throws -> [String] {
        let workspace = try Workspace.open(repository)
        return try TargetCatalog.list(in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory).targets.map(\.id)
    }

    /// The templates `livery new --template` can use, for shell completion: the
    /// repository's (none when its templates directory cannot be read) and the
    /// built-in ones, sorted.
    package static func templateNames(_ repository: RepositorySelection) throws -> [String] {
        let workspace = try Workspace.open(repository)
        let own =
            (try? TemplateCatalog.names(in: workspace.source, templatesDirectory: workspace.configuration.templatesDirectory).templates)
            ?? []
        return Set(own + BuiltInTemplates.all.map(\.definition.name)).sorted()
    }
}
