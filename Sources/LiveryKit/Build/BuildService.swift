import Foundation
import LiveryArchive
import LiveryConcurrency
import LiveryEmit
import LiveryGit
import LiveryJSON
import LiveryStyle
import LiveryText

/// What `livery build` was asked to do.
public struct BuildOptions: Sendable {
    public var output: URL
    /// True when `output` is livery.json's `outputDir`, which must stay inside the
    /// repository; a `--out` from the command line may be anywhere else.
    public var outputFromConfiguration = false
    public var platforms: [Platform]
    public var targets: [String] = []
    public var shard: Shard?
    /// Build only the targets whose inputs changed since this revision.
    public var affectedSince: String?
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    public var force = false
    public var version: String
    /// Write each bundle as one archive, `<out>/<id>.tar` or `.zip`, instead of a directory.
    public var archive: ArchiveFormat?
    /// How many warnings per rule the caller shows of the targets that build,
    /// when it counts the rest; nil keeps them all. See `BuildWarningSample`.
    public var warningsShownPerRule: Int?

    public init(output: URL, platforms: [Platform], version: String) {
        self.output = output
        self.platforms = platforms
        self.version = version
    }
}

/// What a build did.
public struct BuildReport: Sendable {
    public var built: [String] = []
    public var upToDate: [String] = []
    /// Concrete targets not built because validation found errors in them.
    public var failed: [String] = []
    /// Bundles removed because their target no longer exists.
    public var removed: [String] = []
    public var validation: ValidationReport
    /// Per rule, the warnings of targets that built that `validation` does not
    /// hold, with `warningsShownPerRule`: each one problem, after that many of its
    /// rule in report order.
    public var warningsOnlyCounted: [String: Int] = [:]
}

/// Validates, then writes one bundle per concrete target: the resolved
/// style.json, each platform's files, and a manifest. Targets with errors are
/// not built; the others are. Unchanged targets are skipped.
public struct BuildService: Sendable {
    public let workspace: Workspace
    public let schema: CompiledStyleSchema
    public let schemaBytes: [UInt8]
    public let schemaID: String
    /// Where `--timings` charges the time spent.
    public let timings: PhaseTimings

    public init(workspace: Workspace, timings: PhaseTimings = .off) throws {
        self.workspace = workspace
        self.timings = timings
        let (node, _, bytes) = try SchemaLoader.document(for: workspace)
        schema = CompiledStyleSchema(schema: try JSONSchema(compiling: node))
        schemaBytes = bytes
        schemaID = node.value.objectValue?["$id"]?.value.stringValue ?? "sha256:" + BundleManifest.sha256(bytes)
    }

    /// Builds, with up to `options.jobs` targets checked and written at once.
    public func build(_ options: BuildOptions, progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> BuildReport {
        try OutputPlace.check(
            options.output, workingDirectory: workspace.repository?.workingDirectory, configuration: workspace.configuration,
            fromConfiguration: options.outputFromConfiguration
        )
        let directory = try BundleDirectory(root: options.output)
        let source = workspace.source
        let timings = self.timings
        let listing = try await TargetCatalog.list(
            in: source, targetsDirectory: workspace.configuration.targetsDirectory, jobs: options.jobs, timings: timings
        )
        let graph = TargetGraph(listing.targets)
        var candidates = try TargetSelection(options.targets, in: graph).filter(graph.concrete)
        if let revision = options.affectedSince {
            let affected = Set(try AffectedTargets.since(revision, in: workspace, headGraph: graph).ids)
            candidates = candidates.filter { affected.contains($0) }
        }
        if let shard = options.shard {
            let weights = try TargetWeights.weights(of: candidates, in: source, targetsDirectory: workspace.configuration.targetsDirectory)
            candidates = ShardPlan(weights: weights, count: shard.count).members(of: shard)
        }

        // A bundle whose inputs (tree ids of the target and its ancestors, the
        // schema, the platforms, livery's version) match its manifest is up to
        // date: it was validated and built from exactly these. It is neither
        // validated nor built again, so a no-op build costs little more than a listing.
        let schemaSHA = BundleManifest.sha256(schemaBytes)
        let platformNames = options.platforms.map(\.name)
        // Made again when a bundle is written rather than held for every target
        // (at 50,000 clients a table of them was 20 MB).
        let inputsOf: @Sendable (String) -> BundleManifest.Inputs? = { id in
            guard let chain = graph.chain(of: id) else { return nil }
            let trees = chain.compactMap { ancestor in graph.targets[ancestor].map { (id: ancestor, tree: $0.tree) } }
            return BundleManifest.Inputs(trees: trees, schemaSHA256: schemaSHA, platforms: platformNames, version: options.version)
        }
        var stale: [String] = []
        var upToDate: [String] = []
        // What is in the way of a bundle and was not written by livery: the build
        // stops before writing anything.
        var inTheWay: [String] = []
        for id in candidates {
            // The manifest read for the fingerprint also says whose the bundle is, so
            // ownership costs nothing more on a rebuild.
            let state = options.archive.map { directory.archiveState(id: id, format: $0, readInputs: !options.force) }
                ?? directory.bundleState(id: id, readInputs: !options.force)
            if state == .foreign {
                inTheWay.append(directory.root.appendingPathComponent(id + (options.archive.map { "." + $0.fileExtension } ?? "")).path)
                continue
            }
            // `--force` compares no manifest, and a bundle with none (a first build, a
            // cleaned output) is stale without hashing its inputs: this loop runs
            // before any worker starts, on one core.
            if case .livery(let recorded?) = state, let inputs = inputsOf(id), recorded == inputs.fingerprint {
                upToDate.append(id)
            } else {
                stale.append(id)
            }
        }
        if !inTheWay.isEmpty { throw BuildError.inTheWay(inTheWay) }

        // Each target is checked and, when it has no errors, written at once by
        // the same worker: a build holds only the targets in flight, and the
        // assets read to check them are still in `recent` when they are copied.
        // Each worker copies an asset moments after checking it: the budget needs
        // to hold what the targets in flight read, not more (the default 32 MiB
        // stayed full of style.json files from 10,000 clients on).
        let recent = RecentBlobSource(source, budget: 8 << 20)
        let checkedWorkspace = Workspace(repository: workspace.repository, source: recent, configuration: workspace.configuration, diagnostics: workspace.diagnostics)
        let written = Locked(Written())
        let schemaID = self.schemaID
        let images = DerivedImageCache(output: directory.root)
        let buildOne: @Sendable (ResolvedStyle, JSONNode) -> [Diagnostic] = { style, document in
            // Validation resolves only the stale targets; a broken chain never resolves.
            guard let inputs = inputsOf(style.id) else { return [] }
            do {
                let emitted = timings.measure(.emit) { Self.emit(style, platforms: options.platforms) }
                try timings.measure(.write) {
                    var files = try Self.materialize(emitted, from: recent, images: images)
                    BundleManifest.hash(&files)
                    let manifest = BundleManifest.bytes(id: style.id, source: source, schemaID: schemaID, inputs: inputs, files: files)
                    files.append(BundleFile(path: BundleManifest.fileName, bytes: manifest))
                    if let format = options.archive {
                        try directory.installArchive(id: style.id, format: format, files: files)
                    } else {
                        try directory.install(id: style.id, files: files)
                    }
                }
                written.withLock { $0.built.append(style.id) }
            } catch let failed as DerivedImageError {
                // Only the app icon is decoded; its problem is the style's, at the line naming it.
                if let icon = style.appIcon, icon.repositoryPath == failed.path {
                    return [AppIconDecoding.diagnostic(icon, failed.reason, document: document, target: style.id)]
                }
                written.withLock { $0.failures.append(failed) }
            } catch {
                written.withLock { $0.failures.append(error) }
            }
            return []
        }
        var validation = ValidationReport(targets: [], diagnostics: listing.diagnostics + graph.diagnostics, graph: graph)
        var sample = options.warningsShownPerRule.map {
            BuildWarningSample(perRule: $0, targetsDirectory: workspace.configuration.targetsDirectory, graph: graph)
        }
        if !stale.isEmpty {
            validation = try await ValidationService(workspace: checkedWorkspace, schema: schema, platforms: options.platforms, timings: timings).validate(
                selected: stale, listing: listing, graph: graph, jobs: options.jobs, progress: progress,
                // What `livery build` shows of a target that builds: its errors (none) and its
                // platforms' warnings; the rest is `livery validate`'s, so it is not kept.
                keepFromPassing: { [platforms = options.platforms] diagnostics in
                    let shown = diagnostics.filter { $0.severity == .error || $0.isWarning(of: platforms) }
                    return sample?.keep(shown) ?? shown
                },
                writing: buildOne
            )
        }
        let (built, failures) = written.withLock { ($0.built, $0.failures) }
        if let error = failures.first { throw error }
        var report = BuildReport(validation: validation)
        report.warningsOnlyCounted = sample?.counted ?? [:]
        report.upToDate = upToDate.sorted()
        report.built = built.sorted()
        let builtSet = Set(report.built)
        report.failed = stale.filter { !builtSet.contains($0) }.sorted()

        // Bundles of targets that are gone from the repository; only a full build
        // (no --target) removes them, and only directories livery wrote.
        if options.targets.isEmpty {
            let existing = Set(graph.ids)
            for id in directory.existingBundles(except: existing) {
                try directory.remove(id: id)
                report.removed.append(id)
            }
            for archive in directory.existingArchives(except: existing) {
                try directory.removeArchive(id: archive.id, format: archive.format)
                if !report.removed.contains(archive.id) { report.removed.append(archive.id) }
            }
        }
        return report
    }

    /// What the tasks that write bundles report, in the order they finish.
    private struct Written: Sendable {
        var built: [String] = []
        var failures: [any Error] = []
    }

    /// Every file of one bundle, in memory (assets still as references).
    public static func emit(_ style: ResolvedStyle, platforms: [Platform]) -> [EmittedFile] {
        var files = [ResolvedStyleJSON.file(for: style)]
        for platform in platforms { files += platform.files(for: style) }
        return files
    }

    /// Reads the assets the files copy, and makes the images they transform.
    /// An asset copied to several places (1x for iOS and mdpi for Android, say) is read once;
    /// every size made from one asset comes from one decode, or from `images`' cache.
    static func materialize(_ files: [EmittedFile], from source: any Source, images: DerivedImageCache = DerivedImageCache(output: nil)) throws -> [BundleFile] {
        var read: [ObjectID: [UInt8]] = [:]
        func contents(_ asset: AssetReference) throws -> [UInt8] {
            if let bytes = read[asset.blob] { return bytes }
            let name = PathName.fileName(of: asset.repositoryPath)
            let entry = SourceEntry(name: name, path: asset.repositoryPath, isDirectory: false, id: asset.blob)
            let bytes = try source.contents(of: entry)
            read[asset.blob] = bytes
            return bytes
        }
        var transformed: [ObjectID: [AssetTransform: [UInt8]]] = [:]
        for file in files {
            guard let asset = file.asset, file.transform != nil, transformed[asset.blob] == nil else { continue }
            let all = files.compactMap { $0.asset?.blob == asset.blob ? $0.transform : nil }
            transformed[asset.blob] = try images.images(of: asset, transforms: all) { try contents(asset) }
        }
        return try files.map { file in
            guard let asset = file.asset else { return BundleFile(path: file.path, bytes: file.bytes) }
            let origin = BundleFile.Origin(blob: asset.blob, transform: file.transform)
            guard let transform = file.transform else { return BundleFile(path: file.path, bytes: try contents(asset), origin: origin) }
            guard let bytes = transformed[asset.blob]?[transform] else {
                throw DerivedImageError(path: asset.repositoryPath, reason: .failed("make \(transform) of"))
            }
            return BundleFile(path: file.path, bytes: bytes, origin: origin)
        }
    }
}

extension Diagnostic {
    /// A warning of one of `platforms` (rules named `<platform>-…`, such as `android-image`):
    /// what a platform could not write, which `livery build` always shows.
    public func isWarning(of platforms: [Platform]) -> Bool {
        severity == .warning && platforms.contains { rule.id.hasPrefix($0.name + "-") }
    }
}
