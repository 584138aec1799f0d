import LiveryDiff
import LiveryEngine
import LiveryGit
import LiveryJSON
import LiveryTargets

extension DiffService.Side {
    func compiledSchema() throws -> CompiledStyleSchema {
        try SchemaLoader.compile(file: schemaFile, bytes: schemaBytes)
    }

    /// A resolver for this side, made (schema compiled) only when a target needs resolving.
    func resolverIfNeeded(_ needed: Bool, schema compiled: CompiledStyleSchema?, checkingContract: Bool = false) throws -> SideResolver? {
        guard needed else { return nil }
        let schema = try compiled ?? compiledSchema()
        return SideResolver(side: self, schema: schema, checkingContract: checkingContract)
    }
}

/// Resolves targets of one side through the pipeline (`TargetPipeline`) with the options
/// of a comparison: no refusals, no platform checks, a target the schema rejects stops
/// there, invalid. With `checkingContract` (the side shown: diff's HEAD, the gallery's
/// revision), each client is also held to that side's contract as validate holds it: a
/// contract error makes it invalid. Merged parents are shared between targets.
struct SideResolver: Sendable {
    let pipeline: TargetPipeline
    let options: TargetPipeline.Options

    init(side: DiffService.Side, schema: CompiledStyleSchema, checkingContract: Bool = false) {
        pipeline = TargetPipeline(
            source: side.workspace.source, graph: side.graph, schema: schema, configuration: side.workspace.configuration)
        var options: TargetPipeline.Options =
            checkingContract
            ? .compare(clients: ClientsStage(contract: side.contract, everyTarget: false, targetsDirectory: side.targetsDirectory))
            : .compare
        options.colorPairs = side.contract.contract?.colorPairs ?? []
        // Each side's clients get its own contract's renames, as its build gives them (docs/contract.md, "Deprecation").
        options.renames = side.contract.contract
        self.options = options
    }

    var graph: TargetGraph { pipeline.graph }
    var targetsDirectory: String { pipeline.targetsDirectory }

    /// The target through the pipeline: resolved, or the errors of the stage that stopped it.
    /// Nil when its chain is broken: the graph says why.
    func outcome(of id: String) -> TargetPipeline.Outcome? {
        guard graph.chain(of: id) != nil else { return nil }
        // Without refusals nothing reads a directory listing, so nothing can fail to be read.
        return try? pipeline.outcome(of: id, options)
    }

    /// The target resolved, or invalid with the errors that stopped it.
    func snapshot(of id: String) -> TargetSnapshot {
        guard let outcome = outcome(of: id) else {
            return TargetSnapshot(id: id, state: .invalid(errors(graph.diagnostics.filter { $0.target == id })))
        }
        guard let resolved = outcome.resolved else { return TargetSnapshot(id: id, state: .invalid(errors(reasons(id, outcome)))) }
        let state = TargetSnapshot.State.resolved(resolved.style, Provenance.of(resolved.document, targetsDirectory: targetsDirectory))
        do {
            return TargetSnapshot(id: id, state: state, variants: try variants(of: id, document: resolved.document))
        } catch {
            // A variant directory the repository cannot give is the client's problem in this revision.
            return TargetSnapshot(id: id, state: .invalid([Diagnostic(.error, rule: .variantFile, error.message, target: id)]))
        }
    }

    /// The client's variants through the pipeline's stages (`VariantSteps.compare`), by name.
    func variants(of id: String, document: JSONNode) throws(RepositoryError) -> [VariantSnapshot] {
        guard let chain = graph.chain(of: id) else { return [] }
        return try VariantSteps(pipeline: pipeline, colorPairs: options.colorPairs, renames: options.appContract).compare(
            id, chain: chain, document: document
        ).map {
            variant in
            switch variant.outcome {
            case .unreadable(let problem): VariantSnapshot(name: variant.name, state: .invalid([problem]))
            case .invalid(let errors): VariantSnapshot(name: variant.name, state: .invalid(errors))
            case .resolved(let definition, let style, _, _): VariantSnapshot(name: variant.name, state: .resolved(definition, style))
            }
        }
    }

    /// Why a target did not resolve: its own problems, or, when its file is fine and it could
    /// not be merged, its ancestors'.
    func reasons(_ id: String, _ outcome: TargetPipeline.Outcome) -> [Diagnostic] {
        var found = outcome.diagnostics
        if found.isEmpty, let chain = graph.chain(of: id) {
            // An ancestor failed: its own problem is the reason.
            for ancestor in chain.dropFirst() {
                if case .failure(let diagnostic) = pipeline.ownDocument(ancestor) { found.append(diagnostic) }
            }
        }
        if found.isEmpty {
            found = [Diagnostic(.error, rule: .merge, "the style of '\(id)' could not be merged with its ancestors", target: id)]
        }
        return found
    }

    func errors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let list = diagnostics.filter { $0.severity == .error }.sorted()
        return list.isEmpty ? diagnostics.sorted() : list
    }
}
