import LiveryEngine
import LiveryTargets

/// `livery list --format matrix`: one line of JSON for a GitHub Actions
/// `strategy.matrix`, the concrete (or affected) targets in `--shards` jobs
/// balanced by asset bytes.
enum MatrixListFormat: ListRenderer {
    static let name = "matrix"
    static let summary = "a CI build matrix"

    static func render(_ result: TargetListingResult, context: ListRenderContext) throws -> String {
        let ids = result.affected?.ids ?? TargetGraph(result.listing.targets).concrete
        let workspace = result.workspace
        let weights = try TargetWeights.weights(of: ids, in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory)
        let plan = ShardPlan(weights: weights, count: ShardPlan.effectiveCount(requested: context.shards, targets: ids.count))
        return plan.matrixJSON() + "\n"
    }
}
