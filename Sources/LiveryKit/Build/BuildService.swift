import Foundation
import LiveryArchive
import LiveryEmit
import LiveryEngine
import LiveryGit
import LiveryJSON
import LiveryTargets

/// A build request with what the repository decides filled in: where the bundles go
/// (`--out`, else livery.json's `outputDir`) and for which platforms.
struct BuildPlan: Sendable {
    var request: BuildRequest
    var output: URL
    var platforms: [Platform]

    /// True when `output` is livery.json's `outputDir`, which must stay inside the
    /// repository; a `--out` from the command line may be anywhere else.
    var outputFromConfiguration: Bool { request.out == nil }
}

/// What a build did.
package struct BuildReport: Sendable {
    var built: [String] = []
    var upToDate: [String] = []
    /// Concrete targets not built because validation found errors in them.
    package var failed: [String] = []
    /// Bundles removed because their target no longer exists.
    var removed: [String] = []
    /// Of `failed`, the targets whose bundle (or archive) from an earlier build was removed:
    /// a failed target has no bundle, so a pipeline that ignores the exit status ships no
    /// stale branding. Only what livery wrote (its manifest, its archive record) is removed.
    var withdrawn: [String] = []
    package var validation: ValidationReport
    /// Per rule, the warnings of targets that built that `validation` does not
    /// hold, with `warningsShownPerRule`: each one problem, after that many of its
    /// rule in report order.
    package var warningsOnlyCounted: [String: Int] = [:]
}

/// Validates, then writes one bundle per concrete target: the resolved
/// style.json, each platform's files, and a manifest. Targets with errors are
/// not built; the others are. Unchanged targets are skipped.
package struct BuildService: Sendable {
    let workspace: Workspace
    let schema: CompiledStyleSchema
    /// The schema file's digest, which each manifest records and the up-to-date check compares.
    let schemaSHA256: String
    let schemaID: String
    /// Where `--timings` charges the time spent.
    let timings: PhaseTimings

    init(workspace: Workspace, timings: PhaseTimings = .off) throws {
        self.workspace = workspace
        self.timings = timings
        let (node, _, bytes) = try SchemaLoader.document(for: workspace)
        schema = CompiledStyleSchema(schema: try JSONSchema(compiling: node))
        schemaSHA256 = BundleManifest.sha256(bytes)
        schemaID = node.value.objectValue?["$id"]?.value.stringValue ?? "sha256:" + schemaSHA256
    }

    /// Builds, with up to `plan.request.jobs` targets checked and written at once: lists the
    /// targets, selects those asked for, skips those up to date, runs the rest through the
    /// `TargetPipeline` with `BundleStage` last, and prunes bundles of targets that are gone.
    func build(_ plan: BuildPlan) async throws -> BuildReport {
        try OutputPlace.check(
            plan.output.path, option: plan.outputFromConfiguration ? "outputDir" : "--out", kind: .directory, example: "dist",
            repository: workspace.repository, configuration: workspace.configuration, fromConfiguration: plan.outputFromConfiguration
        )
        let directory = try BundleDirectory(root: plan.output)
        let listing = try await TargetCatalog.list(
            in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory, jobs: plan.request.jobs, timings: timings
        )
        let graph = TargetGraph(listing.targets)
        let candidates = try select(plan, graph: graph)
        let inputs = BundleInputs(
            graph: graph, schemaSHA256: schemaSHA256, platforms: plan.platforms.map(\.name), version: plan.request.version
        )
        let (stale, upToDate) = try upToDateCheck(candidates, in: directory, inputs: inputs, plan: plan)
        var report = try await buildStale(
            stale, listing: listing, graph: graph, in: directory, inputs: inputs, plan: plan)
        report.upToDate = upToDate.sorted()
        report.withdrawn = try withdraw(report.failed, from: directory)
        // Bundles of targets that are gone from the repository; only a full build
        // (no --target) removes them, and only directories livery wrote.
        if plan.request.targets.isEmpty { report.removed = try prune(directory, keeping: Set(graph.ids)) }
        return report
    }

    /// Select: the concrete targets asked for (`--target`), of those the ones affected since
    /// a revision (`--affected-since`), of those this shard's part (`--shard`).
    func select(_ plan: BuildPlan, graph: TargetGraph) throws -> [String] {
        var candidates = try TargetSelection(plan.request.targets, in: graph).filter(graph.concrete)
        if let revision = plan.request.affectedSince {
            let affected = Set(try AffectedTargets.since(revision, in: workspace, headGraph: graph).ids)
            candidates = candidates.filter { affected.contains($0) }
        }
        if let shard = plan.request.shard {
            let weights = try TargetWeights.weights(
                of: candidates, in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory)
            candidates = ShardPlan(weights: weights, count: shard.count).members(of: shard)
        }
        return candidates
    }

    /// Up-to-date check: a bundle whose inputs (tree ids of the target and its ancestors,
    /// the schema, the platforms, livery's version) match its manifest is up to date: it
    /// was validated and built from exactly these. It is neither validated nor built again,
    /// so a no-op build costs little more than a listing. What is in the way of a bundle and
    /// was not written by livery stops the build before anything is written.
    func upToDateCheck(
        _ candidates: [String], in directory: BundleDirectory, inputs: BundleInputs, plan: BuildPlan
    ) throws -> (stale: [String], upToDate: [String]) {
        var stale: [String] = []
        var upToDate: [String] = []
        var inTheWay: [String] = []
        for id in candidates {
            // The manifest read for the fingerprint also says whose the bundle is, so
            // ownership costs nothing more on a rebuild.
            let state =
                plan.request.archive.map { directory.archiveState(id: id, format: $0, readInputs: !plan.request.force) }
                ?? directory.bundleState(id: id, readInputs: !plan.request.force)
            if state == .foreign {
                inTheWay.append(
                    directory.root.appendingPathComponent(id + (plan.request.archive.map { "." + $0.fileExtension } ?? "")).path)
                continue
            }
            // `--force` compares no manifest, and a bundle with none (a first build, a
            // cleaned output) is stale without hashing its inputs: this loop runs
            // before any worker starts, on one core.
            if case .livery(let recorded?) = state, let inputs = inputs.of(id), recorded == inputs.fingerprint {
                upToDate.append(id)
            } else {
                stale.append(id)
            }
        }
        if !inTheWay.isEmpty { throw BuildError.inTheWay(inTheWay) }
        return (stale, upToDate)
    }

    /// The stale targets through the pipeline, each checked and, when it has no
    /// errors, written at once by the same worker (`BundleStage`): a build holds only
    /// the targets in flight.
    func buildStale(
        _ stale: [String], listing: TargetListing, graph: TargetGraph, in directory: BundleDirectory, inputs: BundleInputs,
        plan: BuildPlan
    ) async throws -> BuildReport {
        var validation = ValidationReport(targets: [], diagnostics: listing.diagnostics + graph.diagnostics, graph: graph)
        var sample = plan.request.warningsShownPerRule.map {
            BuildWarningSample(perRule: $0, targetsDirectory: workspace.configuration.targetsDirectory, graph: graph)
        }
        // Each worker copies an asset moments after checking it: the budget needs
        // to hold what the targets in flight read, not more (the default 32 MiB
        // stayed full of style.json files from 10,000 clients on).
        let recent = RecentBlobSource(workspace.source, budget: 8 << 20)
        let checked = Workspace(
            repository: workspace.repository, source: recent, configuration: workspace.configuration, diagnostics: workspace.diagnostics)
        let bundles = BundleStage(
            platforms: plan.platforms, archive: plan.request.archive, directory: directory, assets: recent, source: workspace.source,
            schemaID: schemaID, inputs: inputs, timings: timings
        )
        if !stale.isEmpty {
            let pipeline = try PipelineRun(
                workspace: checked, schema: schema, platforms: plan.platforms, timings: timings, selected: stale, listing: listing,
                graph: graph
            )
            validation = try await pipeline.report(
                jobs: plan.request.jobs, progress: plan.request.progress,
                // What `livery build` shows of a target that builds: its errors (none) and its
                // platforms' warnings; the rest is `livery validate`'s, so it is not kept.
                keepFromPassing: { [platforms = plan.platforms] diagnostics in
                    let shown = diagnostics.filter { $0.severity == .error || $0.isWarning(of: platforms) }
                    return sample?.keep(shown) ?? shown
                },
                last: bundles
            )
        }
        let written = bundles.outcome
        if let error = written.failures.first { throw error }
        var report = BuildReport(validation: validation)
        report.warningsOnlyCounted = sample?.counted ?? [:]
        report.built = written.built.sorted()
        let builtSet = Set(report.built)
        report.failed = stale.filter { !builtSet.contains($0) }.sorted()
        return report
    }

    /// Withdraw: removes the bundle and the archives livery wrote earlier for each of `failed`;
    /// returns the ids that had one. Anything by those names that livery did not write stays
    /// (the up-to-date check has refused a foreign entry before anything was written).
    func withdraw(_ failed: [String], from directory: BundleDirectory) throws -> [String] {
        var withdrawn: [String] = []
        for id in failed {
            var had = false
            if directory.isLiveryBundle(id) {
                try directory.remove(id: id)
                had = true
            }
            for format in ArchiveFormat.allCases {
                guard case .livery = directory.archiveState(id: id, format: format, readInputs: false) else { continue }
                try directory.removeArchive(id: id, format: format)
                had = true
            }
            if had { withdrawn.append(id) }
        }
        return withdrawn
    }

    /// Prune: removes the bundles and archives livery wrote for targets not in `existing`;
    /// returns their ids.
    func prune(_ directory: BundleDirectory, keeping existing: Set<String>) throws -> [String] {
        var removed: [String] = []
        for id in directory.existingBundles(except: existing) {
            try directory.remove(id: id)
            removed.append(id)
        }
        for archive in directory.existingArchives(except: existing) {
            try directory.removeArchive(id: archive.id, format: archive.format)
            if !removed.contains(archive.id) { removed.append(archive.id) }
        }
        return removed
    }
}

extension Diagnostic {
    /// A warning of one of `platforms` (rules named `<platform>-…`, such as `android-image`):
    /// what a platform could not write, which `livery build` always shows.
    func isWarning(of platforms: [Platform]) -> Bool {
        severity == .warning && platforms.contains { rule.id.hasPrefix($0.name + "-") }
    }
}
