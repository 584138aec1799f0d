import Foundation
import LiveryConcurrency
import LiveryEmit
import LiveryGit
import LiveryJSON
import LiveryStyle

/// What validating a source found.
public struct ValidationReport: Sendable {
    /// The targets checked, sorted.
    public var targets: [String]
    /// Every problem, sorted by target, file and position.
    public var diagnostics: [Diagnostic]
    /// The targets and their `extends` relations as found.
    public var graph: TargetGraph? = nil
    /// Where the targets are, to tell a target's own files from inherited ones.
    public var targetsDirectory = "targets"

    public init(targets: [String], diagnostics: [Diagnostic], graph: TargetGraph? = nil, targetsDirectory: String = "targets") {
        self.targets = targets
        self.diagnostics = diagnostics
        self.graph = graph
        self.targetsDirectory = targetsDirectory
    }

    /// One diagnostic per problem: a problem in a shared file, found in many
    /// targets, once with the targets it affects (`DiagnosticGrouping`).
    public var problems: [Diagnostic] { DiagnosticGrouping.grouped(diagnostics) }

    /// True when there are errors, or warnings under `--strict`.
    public func fails(strict: Bool) -> Bool {
        diagnostics.hasErrors || (strict && diagnostics.warningCount > 0)
    }
}

/// Checks targets end to end: layout, JSON, inheritance, schema, references,
/// assets, contrast, safety. Collects every problem instead of stopping at the first.
public struct ValidationService: Sendable {
    public let workspace: Workspace
    public let schema: any StyleSchema
    /// The platforms whose warnings (a renamed resource, an image a platform
    /// cannot use) are reported; by default livery.json's.
    public let platforms: [Platform]
    /// Where `--timings` charges the time spent.
    public let timings: PhaseTimings
    /// Whether each app icon is decoded whole, as a build decodes it to scale
    /// launcher icons (`livery validate`); a build reports its own decode instead.
    public var decodesAppIcons = false

    public init(workspace: Workspace, schema: any StyleSchema, platforms: [Platform]? = nil, timings: PhaseTimings = .off) {
        self.workspace = workspace
        self.schema = schema
        self.platforms = platforms ?? workspace.configuration.platforms
        self.timings = timings
    }

    /// Validates the named targets (and, for an abstract one, everything that
    /// extends it), or all targets when `selected` is empty, up to `jobs` targets
    /// at once. `progress` sees the count of targets done, once per target, in
    /// increasing order. `onResolved` sees each concrete target that resolved, with
    /// its own diagnostics (from the task that checked it). `listing`, when the
    /// caller has already listed the same source, saves reading it again, and
    /// `graph`, that listing's graph, saves holding a second one. `keepFromPassing`,
    /// when given, chooses which of the diagnostics of a target without errors the
    /// report keeps (a failing target keeps all of its own); it sees one target's at
    /// a time, in the order targets finish. A caller that shows only some need not
    /// hold every warning of 50,000 targets.
    public func validate(
        selected: [String] = [], listing known: TargetListing? = nil, graph: TargetGraph? = nil, jobs: Int,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        keepFromPassing: ((_ diagnostics: [Diagnostic]) -> [Diagnostic])? = nil,
        onResolved: (@Sendable (ResolvedStyle, [Diagnostic]) -> Void)? = nil,
        writing: (@Sendable (ResolvedStyle, _ document: JSONNode) -> [Diagnostic])? = nil
    ) async throws -> ValidationReport {
        let configuration = workspace.configuration
        let listing = if let known { known } else {
            try await TargetCatalog.list(in: workspace.source, targetsDirectory: configuration.targetsDirectory, jobs: jobs, timings: timings)
        }
        let run = try ValidationRun(self, selected: selected, listing: listing, graph: known == nil ? nil : graph, onResolved: onResolved, writing: writing)
        let total = run.ids.count
        // Each target's outcome is folded in as it finishes: only its problems are kept.
        var findings = ValidationRun.Findings(run.found)
        var done = 0
        await Parallel.forEach(run.ids, width: jobs, { id in run.check(id) }) { index, outcome in
            var outcome = outcome
            if let keepFromPassing, case .success(let problems) = outcome, !problems.hasErrors {
                outcome = .success(keepFromPassing(problems))
            }
            findings.add(outcome, at: index)
            done += 1
            progress?(done, total)
        }
        return try run.report(&findings)
    }

    /// `validate(selected:listing:jobs:progress:onResolved:)` for a caller that
    /// cannot wait for tasks: the targets are checked one after another, here.
    public func validate(
        selected: [String] = [], listing known: TargetListing? = nil,
        onResolved: (@Sendable (ResolvedStyle, [Diagnostic]) -> Void)? = nil
    ) throws -> ValidationReport {
        let configuration = workspace.configuration
        let listing = try known ?? TargetCatalog.list(in: workspace.source, targetsDirectory: configuration.targetsDirectory, timings: timings)
        let run = try ValidationRun(self, selected: selected, listing: listing, onResolved: onResolved)
        var findings = ValidationRun.Findings(run.found)
        for (index, id) in run.ids.enumerated() { findings.add(run.check(id), at: index) }
        return try run.report(&findings)
    }
}

/// One validation: the targets chosen, what checks them, and the problems found
/// before any target is checked. `check` is called for each id, from any task.
private struct ValidationRun: Sendable {
    let ids: [String]
    let graph: TargetGraph
    let targetsDirectory: String
    /// Problems of the layout and of inheritance, placed on the targets they name.
    let found: [Diagnostic]
    let source: any Source
    let schema: any StyleSchema
    let loader: StyleLoader
    let locator: SourceAssetLocator
    let resolver: StyleResolver
    /// livery.json's rule severities.
    let rules: RuleSettings
    let platforms: [Platform]
    let timings: PhaseTimings
    let onResolved: (@Sendable (ResolvedStyle, [Diagnostic]) -> Void)?
    /// Writes a resolved target's bundle (`livery build`); returns the problems
    /// only writing finds, which become the target's own.
    let writing: (@Sendable (ResolvedStyle, JSONNode) -> [Diagnostic])?
    let decodesAppIcons: Bool

    /// A target's problems, or the error that stopped reading it.
    typealias Outcome = Result<[Diagnostic], RepositoryError>

    init(
        _ service: ValidationService, selected: [String], listing: TargetListing, graph known: TargetGraph? = nil,
        onResolved: (@Sendable (ResolvedStyle, [Diagnostic]) -> Void)?,
        writing: (@Sendable (ResolvedStyle, JSONNode) -> [Diagnostic])? = nil
    ) throws {
        let workspace = service.workspace
        let source = workspace.source
        let configuration = workspace.configuration
        let graph = known ?? TargetGraph(listing.targets)
        let chosen = try TargetSelection(selected, in: graph)
        ids = chosen.filter(graph.ids)
        var diagnostics = workspace.diagnostics
        // An empty repository says how to start (and a selection cannot be empty: it names known targets).
        let listed = selected.isEmpty ? EmptyRepository.explained(listing, targetsDirectory: configuration.targetsDirectory, sourceLabel: source.label) : listing.diagnostics
        diagnostics += listed.filter { $0.target == nil ? selected.isEmpty : chosen.contains($0.target ?? "") }
        diagnostics += graph.diagnostics.filter { $0.target.map(chosen.contains) ?? false }
        // livery.json's rule severities, here for the layout's and inheritance's
        // problems (`stray-file`, `abstract-unused`); the resolver and the
        // platforms' warnings below apply them to the rest.
        found = configuration.rules.apply(diagnostics)
        rules = configuration.rules
        self.graph = graph
        self.source = source
        targetsDirectory = configuration.targetsDirectory
        let schema = service.schema
        self.schema = schema
        timings = service.timings
        loader = StyleLoader(source: source, graph: graph, timings: service.timings, replacesWhole: { [schema] in schema.replacesWhole($0) })
        locator = SourceAssetLocator(source: source, graph: graph, targetsDirectory: configuration.targetsDirectory)
        resolver = StyleResolver(contrastMinimum: configuration.contrastMinimum, rules: configuration.rules)
        platforms = service.platforms
        self.onResolved = onResolved
        self.writing = writing
        decodesAppIcons = service.decodesAppIcons
    }

    func check(_ id: String) -> Outcome {
        guard let summary = graph.targets[id] else { return .success([]) }
        var found: [Diagnostic] = []
        do {
            found += try timings.measure(.list) { () throws(RepositoryError) in try TargetWalk.refusals(in: targetsDirectory + "/" + id, source: source, target: id) }
        } catch {
            return .failure(error)
        }
        switch timings.measure(.merge, { loader.merged(id) }) {
        case .failed(let problems):
            found += problems
        case .merged(let document):
            guard !summary.abstract, let chain = graph.chain(of: id) else { break }
            let violations = timings.measure(.schema) { schema.violations(in: document, target: id) }
            found += violations
            let (style, problems) = timings.measure(.resolve) { resolver.resolve(id: id, chain: chain, document: document, assets: locator) }
            // A value the schema already rejected is not reported a second time by the resolver.
            let rejected = Set(violations.map { SchemaSpot(file: $0.file, pointer: $0.pointer) })
            found += problems.filter { !rejected.contains(SchemaSpot(file: $0.file, pointer: $0.pointer)) }
            if decodesAppIcons, !violations.hasErrors, !problems.hasErrors {
                do {
                    if let failed = try AppIconDecoding.check(style, document: document, source: source) { return .success(found + [failed]) }
                } catch {
                    return .failure(error)
                }
            }
            if !violations.hasErrors && !problems.hasErrors {
                var platformDiagnostics = platforms.flatMap { $0.diagnostics(for: style) }
                if platforms.contains(where: { AppIconCheck.platforms.contains($0.name) }), let missing = AppIconCheck.diagnostic(for: style) {
                    platformDiagnostics.append(missing)
                }
                let platformFound = PlatformWarnings.placed(rules.apply(platformDiagnostics), in: document, target: id)
                found += platformFound
                // A platform error (two tokens that would be one Android resource) leaves the bundle unbuilt.
                if !platformFound.hasErrors {
                    onResolved?(style, problems)
                    // Writing the bundle may find what only a decode finds (a damaged app icon).
                    found += writing?(style, document) ?? []
                }
            }
        }
        return .success(found)
    }

    /// The report from every target's outcome; the first target (in id order)
    /// that could not be read stops it.
    /// `inout`, not a copy: a copy of the findings shares their array, and the
    /// sort in `take` would then copy every diagnostic (13 MB at 50,000 clients).
    func report(_ findings: inout Findings) throws -> ValidationReport {
        if let failure = findings.failure { throw failure.error }
        return ValidationReport(targets: ids, diagnostics: findings.take(), graph: graph, targetsDirectory: targetsDirectory)
    }

    /// The problems of the targets checked so far, in one array, and the
    /// earliest target (in id order) that could not be read.
    struct Findings {
        private var diagnostics: [Diagnostic]
        private(set) var failure: (index: Int, error: RepositoryError)?

        init(_ found: [Diagnostic]) {
            diagnostics = found
        }

        mutating func add(_ outcome: Outcome, at index: Int) {
            switch outcome {
            case .success(let problems):
                diagnostics += problems
            case .failure(let error):
                if failure.map({ index < $0.index }) ?? true { failure = (index, error) }
            }
        }

        /// Every problem once, sorted; sorted where they are, not in a copy.
        mutating func take() -> [Diagnostic] {
            var all: [Diagnostic] = []
            swap(&all, &diagnostics)
            DiagnosticOrder.sortOnce(&all)
            return all
        }
    }
}

/// Platform warnings carry a JSON pointer into the resolved style; the merged
/// document knows which file and line wrote that value.
enum PlatformWarnings {
    static func placed(_ diagnostics: [Diagnostic], in document: JSONNode, target: String) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            var placed = diagnostic
            placed.target = target
            if placed.file == nil, let pointer = placed.pointer, let node = nearestNode(at: pointer, in: document) {
                placed.file = node.location.file
                placed.line = node.location.line
                placed.column = node.location.column
            }
            return placed
        }
    }

    /// The node at `pointer`, or at its nearest ancestor that exists (a value
    /// the platform derived, such as a palette shade, has no node of its own).
    private static func nearestNode(at pointer: JSONPointer, in document: JSONNode) -> JSONNode? {
        var current: JSONPointer? = pointer
        while let candidate = current {
            if let node = document.value(at: candidate) { return node }
            current = candidate.parent
        }
        return nil
    }
}

/// Where a schema violation is, to avoid reporting the same value twice.
private struct SchemaSpot: Hashable {
    var file: String?
    var pointer: JSONPointer?
}
