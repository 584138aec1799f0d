import LiveryDiff
import LiveryJSON
import LiveryStyle

extension DiffService.Side {
    func compiledSchema() throws -> CompiledStyleSchema {
        try SchemaLoader.compile(file: schemaFile, bytes: schemaBytes)
    }

    /// A resolver for this side, made (schema compiled) only when a target needs resolving.
    func resolverIfNeeded(_ needed: Bool, schema compiled: CompiledStyleSchema?) throws -> SideResolver? {
        guard needed else { return nil }
        let schema = try compiled ?? compiledSchema()
        return SideResolver(side: self, schema: schema)
    }
}

/// Resolves targets of one side through the pipeline's load, validate and resolve
/// stages (`TargetSteps`), sharing merged parents between targets.
struct SideResolver: Sendable {
    let graph: TargetGraph
    let steps: TargetSteps
    let targetsDirectory: String

    init(side: DiffService.Side, schema: CompiledStyleSchema) {
        graph = side.graph
        targetsDirectory = side.targetsDirectory
        steps = TargetSteps(
            source: side.workspace.source, graph: side.graph, schema: schema, targetsDirectory: side.targetsDirectory,
            contrastMinimum: side.workspace.configuration.contrastMinimum, rules: side.workspace.configuration.rules
        )
    }

    /// The target resolved, or invalid with the errors that stopped it.
    func snapshot(of id: String) -> TargetSnapshot {
        guard let chain = graph.chain(of: id) else {
            return TargetSnapshot(id: id, state: .invalid(errors(graph.diagnostics.filter { $0.target == id })))
        }
        switch steps.load(id) {
        case .failed(let problems):
            var found = problems
            if found.isEmpty {
                // An ancestor failed: its own problem is the reason.
                for ancestor in chain.dropFirst() {
                    if case .failure(let diagnostic) = steps.loader.document(of: ancestor) { found.append(diagnostic) }
                }
            }
            if found.isEmpty {
                found = [Diagnostic(.error, rule: .merge, "the style of '\(id)' could not be merged with its ancestors", target: id)]
            }
            return TargetSnapshot(id: id, state: .invalid(errors(found)))
        case .merged(let document):
            let violations = steps.validate(document, target: id)
            if violations.hasErrors { return TargetSnapshot(id: id, state: .invalid(errors(violations))) }
            let (style, problems) = steps.resolve(id, chain: chain, document: document)
            if problems.hasErrors { return TargetSnapshot(id: id, state: .invalid(errors(problems))) }
            return TargetSnapshot(id: id, state: .resolved(style, Provenance.of(document, targetsDirectory: targetsDirectory)))
        }
    }

    func errors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let list = diagnostics.filter { $0.severity == .error }.sorted()
        return list.isEmpty ? diagnostics.sorted() : list
    }
}
