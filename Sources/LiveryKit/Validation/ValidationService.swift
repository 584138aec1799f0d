import Foundation
import LiveryConcurrency
import LiveryEmit
import LiveryEngine
import LiveryGit
import LiveryJSON
import LiveryTargets

/// Checks targets end to end: layout, JSON, inheritance, schema, references,
/// assets, contrast, safety. Collects every problem instead of stopping at the first.
package struct ValidationService: Sendable {
    let workspace: Workspace
    let schema: any StyleSchema
    /// The platforms whose warnings (a renamed resource, an image a platform
    /// cannot use) are reported; by default livery.json's.
    let platforms: [Platform]
    /// Where `--timings` charges the time spent.
    let timings: PhaseTimings
    /// When set, each app icon it does not hold is decoded whole, as a build decodes it
    /// to scale launcher icons (`livery validate`); a build reports its own decode instead.
    var appIcons: DecodedAppIcons? = nil
    init(workspace: Workspace, schema: any StyleSchema, platforms: [Platform]? = nil, timings: PhaseTimings = .off) {
        self.workspace = workspace
        self.schema = schema
        self.platforms = platforms ?? workspace.configuration.platforms
        self.timings = timings
    }

    /// Validates the named targets (and, for an abstract one, everything that
    /// extends it), or all targets when `selected` is empty, up to `jobs` targets
    /// at once: the `TargetPipeline` without a last stage (`PipelineRun`). `progress` sees the count
    /// of targets done, once per target, in increasing order. `onResolved` sees each
    /// concrete target that resolved, with the resolver's diagnostics (from the task
    /// that checked it). `listing`, when the caller has already listed the same source,
    /// saves reading it again, and `graph`, that listing's graph, saves holding a second
    /// one. `keepFromPassing`, when given, chooses which of the diagnostics of a target
    /// without errors the report keeps (a failing target keeps all of its own); it sees
    /// one target's at a time, in the order targets finish. A caller that shows only
    /// some need not hold every warning of 50,000 targets.
    func validate(
        selected: [String] = [], listing known: TargetListing? = nil, graph: TargetGraph? = nil, jobs: Int,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        keepFromPassing: ((_ diagnostics: [Diagnostic]) -> [Diagnostic])? = nil,
        onResolved: (@Sendable (ResolvedStyle, [Diagnostic]) -> Void)? = nil
    ) async throws -> ValidationReport {
        let configuration = workspace.configuration
        let listing =
            if let known { known } else {
                try await TargetCatalog.list(
                    in: workspace.source, targetsDirectory: configuration.targetsDirectory, jobs: jobs, timings: timings)
            }
        let pipeline = try self.pipeline(selected: selected, listing: listing, graph: known == nil ? nil : graph)
        return try await pipeline.report(
            jobs: jobs, progress: progress, keepFromPassing: keepFromPassing, last: onResolved.map(ResolvedHandler.init))
    }

    /// `validate(selected:listing:jobs:progress:onResolved:)` for a caller that
    /// cannot wait for tasks: the targets are checked one after another, here.
    func validate(
        selected: [String] = [], listing known: TargetListing? = nil,
        onResolved: (@Sendable (ResolvedStyle, [Diagnostic]) -> Void)? = nil
    ) throws -> ValidationReport {
        let configuration = workspace.configuration
        let listing =
            try known ?? TargetCatalog.list(in: workspace.source, targetsDirectory: configuration.targetsDirectory, timings: timings)
        return try pipeline(selected: selected, listing: listing).reportInOrder(last: onResolved.map(ResolvedHandler.init))
    }

    private func pipeline(selected: [String], listing: TargetListing, graph: TargetGraph? = nil) throws -> PipelineRun {
        try PipelineRun(
            workspace: workspace, schema: schema, platforms: platforms, timings: timings, appIcons: appIcons,
            comparesEveryClient: true, selected: selected, listing: listing, graph: graph
        )
    }
}

/// A last stage that hands each resolved target to a caller and finds nothing more.
private struct ResolvedHandler: TargetStage {
    let handle: @Sendable (ResolvedStyle, [Diagnostic]) -> Void

    func process(_ target: ResolvedTarget) -> [Diagnostic] {
        handle(target.style, target.problems)
        return []
    }
}
