import LiveryEngine
import LiveryTargets

/// `livery list --format json`: the versioned document of docs/json-output.md,
/// with each concrete target's app identity.
enum JSONListFormat: ListRenderer {
    static let name = "json"
    static let summary = "see docs/json-output.md"

    static func render(_ result: TargetListingResult, context: ListRenderContext) throws -> String {
        let source = result.workspace.source
        // Only style files are read: no schema, nothing validated.
        let pipeline = TargetPipeline(
            source: source, graph: TargetGraph(result.listing.targets), schema: nil, configuration: result.workspace.configuration)
        let identities = TargetIdentities.read(result.listing.targets.map(\.id), through: pipeline)
        return ListReport.json(
            result.listing, source: source, affected: result.affected, identities: identities,
            contract: try ContractLoader.version(in: result.workspace))
    }
}
