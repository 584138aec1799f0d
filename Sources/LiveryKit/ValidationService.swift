import Foundation
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

/// An unknown `--target` id: a usage error.
public struct UnknownTargetError: Error, LocalizedError, Sendable {
    public let id: String
    public let suggestion: String?
    public var errorDescription: String? {
        "unknown target '\(id)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + ". Run `livery list` to see the targets."
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

    public init(workspace: Workspace, schema: any StyleSchema, platforms: [Platform]? = nil) {
        self.workspace = workspace
        self.schema = schema
        self.platforms = platforms ?? workspace.configuration.platforms
    }

    /// Validates the named targets (and, for an abstract one, everything that
    /// extends it), or all targets when `selected` is empty. `onResolved` sees
    /// each concrete target that resolved, with its own diagnostics. `listing`, when
    /// the caller has already listed the same source, saves reading it again.
    public func validate(
        selected: [String] = [], listing known: TargetListing? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        onResolved: (@Sendable (ResolvedStyle, [Diagnostic]) -> Void)? = nil
    ) throws -> ValidationReport {
        let source = workspace.source
        let configuration = workspace.configuration
        let listing = try known ?? PhaseTimings.shared.measure(.list) { () throws(RepositoryError) in try TargetCatalog.list(in: source, targetsDirectory: configuration.targetsDirectory) }
        let graph = TargetGraph(listing.targets)

        var chosen = Set(graph.ids)
        if !selected.isEmpty {
            chosen = []
            for id in selected {
                guard graph.targets[id] != nil else {
                    throw UnknownTargetError(id: id, suggestion: NameSuggestion.closest(to: id, in: graph.ids))
                }
                chosen.insert(id)
                if graph.targets[id]?.abstract == true { chosen.formUnion(graph.descendants(of: id)) }
            }
        }
        let ids = graph.ids.filter { chosen.contains($0) }
        // Problems of the layout and of inheritance belong to the targets they name.
        var diagnostics = workspace.diagnostics
        // An empty repository says how to start (and a selection cannot be empty: it names known targets).
        let listed = selected.isEmpty ? EmptyRepository.explained(listing, targetsDirectory: configuration.targetsDirectory, sourceLabel: source.label) : listing.diagnostics
        diagnostics += listed.filter { $0.target == nil ? selected.isEmpty : chosen.contains($0.target ?? "") }
        diagnostics += graph.diagnostics.filter { chosen.contains($0.target ?? "") }

        let loader = StyleLoader(source: source, graph: graph, replacesWhole: { [schema] in schema.replacesWhole($0) })
        let locator = SourceAssetLocator(source: source, graph: graph, targetsDirectory: configuration.targetsDirectory)
        let resolver = StyleResolver(contrastMinimum: configuration.contrastMinimum)
        let platforms = self.platforms
        let collected = LockedArray<Diagnostic>()
        let failure = LockedArray<any Error>()
        let finished = LockedArray<String>()

        let work: @Sendable (Int) -> Void = { index in
            let id = ids[index]
            guard let summary = graph.targets[id] else { return }
            var found: [Diagnostic] = []
            do {
                found += try PhaseTimings.shared.measure(.list) { () throws(RepositoryError) in try TargetWalk.refusals(in: configuration.targetsDirectory + "/" + id, source: source, target: id) }
            } catch {
                failure.append(error)
                return
            }
            switch PhaseTimings.shared.measure(.merge, { loader.merged(id) }) {
            case .failed(let problems):
                found += problems
            case .merged(let document):
                guard !summary.abstract, let chain = graph.chain(of: id) else { break }
                let violations = PhaseTimings.shared.measure(.schema) { schema.violations(in: document, target: id) }
                found += violations
                let (style, problems) = PhaseTimings.shared.measure(.resolve) { resolver.resolve(id: id, chain: chain, document: document, assets: locator) }
                // A value the schema already rejected is not reported a second time by the resolver.
                let rejected = Set(violations.map { SchemaSpot(file: $0.file, pointer: $0.pointer) })
                found += problems.filter { !rejected.contains(SchemaSpot(file: $0.file, pointer: $0.pointer)) }
                if !violations.hasErrors && !problems.hasErrors {
                    let platformFound = PlatformWarnings.placed(platforms.flatMap { $0.diagnostics(for: style) }, in: document, target: id)
                    found += platformFound
                    // A platform error (two tokens that would be one Android resource) leaves the bundle unbuilt.
                    if !platformFound.hasErrors { onResolved?(style, problems) }
                }
            }
            collected.append(contentsOf: found)
            if let progress {
                finished.append(id)
                progress(finished.count, ids.count)
            }
        }
        if jobs <= 1 {
            for index in ids.indices { work(index) }
        } else {
            DispatchQueue.concurrentPerform(iterations: ids.count, execute: work)
        }
        if let error = failure.first { throw error }
        diagnostics += collected.values
        return ValidationReport(targets: ids, diagnostics: Array(Set(diagnostics)).sorted(), graph: graph, targetsDirectory: configuration.targetsDirectory)
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

/// An array many threads append to.
final class LockedArray<Element>: @unchecked Sendable {
    private var storage: [Element] = []
    private let lock = NSLock()

    func append(_ element: Element) {
        lock.lock()
        storage.append(element)
        lock.unlock()
    }

    func append(contentsOf elements: [Element]) {
        lock.lock()
        storage += elements
        lock.unlock()
    }

    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    var first: Element? { values.first }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return storage.count
    }
}
