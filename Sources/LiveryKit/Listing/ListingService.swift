import LiveryStyle

/// `livery list`'s work: the targets of a repository at a revision, and with
/// `affectedSince` the concrete ones whose inputs changed since then.
public struct TargetListingResult: Sendable {
    public let workspace: Workspace
    public let listing: TargetListing
    /// Only with `affectedSince`.
    public let affected: AffectedTargets?

    /// Problems of the repository and of its targets' directories (a stray file,
    /// an invalid directory name): reported, not skipped.
    public var diagnostics: [Diagnostic] { workspace.diagnostics + listing.diagnostics }
    public var hasErrors: Bool { diagnostics.hasErrors }
}

public enum ListingService {
    public static func list(repositoryPath: String?, revision: String?, affectedSince: String? = nil, jobs: Int) async throws -> TargetListingResult {
        let workspace = try Workspace.open(repositoryPath: repositoryPath, revision: revision)
        let listing = try await TargetCatalog.list(in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory, jobs: jobs)
        let affected = try affectedSince.map { try AffectedTargets.since($0, in: workspace, headGraph: TargetGraph(listing.targets)) }
        return TargetListingResult(workspace: workspace, listing: listing, affected: affected)
    }

    /// The ids of the workspace's targets, as found, for shell completion: no
    /// parallel work, nothing but the listing.
    public static func targetIDs(in workspace: Workspace) throws -> [String] {
        try TargetCatalog.list(in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory).targets.map(\.id)
    }
}
