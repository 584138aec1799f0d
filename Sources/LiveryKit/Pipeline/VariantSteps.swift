import LiveryCore
import LiveryEmit
import LiveryGit
import LiveryJSON
import LiveryStyle

/// A client's variants, resolved: each one's style, and the set a bundle and
/// an update carry (conditions and patches over the client's style).
struct ResolvedVariants: Sendable {
    let styles: [(name: String, style: ResolvedStyle)]
    let set: VariantSet

    static let none: ResolvedVariants? = nil
}

/// The variants of a target that resolved: each merged over the client,
/// validated (schema), resolved (rules, contrast), checked for each platform and
/// for what only an app release may change, like a target; then the set's
/// own checks (reachability, experiments). Runs in the pipeline's task for
/// the target, after the client passed.
struct VariantSteps: Sendable {
    /// Whose load, validate and resolve stages each variant goes through.
    let pipeline: TargetPipeline

    /// The resolved variants (nil when the client has none) and every problem
    /// found; the variants are nil as well when a problem is an error.
    func check(
        _ id: String, chain: [String], client: ResolvedStyle, document: JSONNode,
        platformCheck: (ResolvedStyle, JSONNode) -> [Diagnostic]
    ) throws(RepositoryError) -> (variants: ResolvedVariants?, problems: [Diagnostic]) {
        let (loaded, loadProblems) = try pipeline.variantLoader.variants(of: id, over: document)
        guard !loaded.isEmpty || !loadProblems.isEmpty else { return (nil, []) }
        var problems = loadProblems + VariantChecks.problems(loaded, target: id)
        let clientJSON = ResolvedStyleJSON.document(for: client)
        var resolved: [(VariantDefinition, ResolvedStyle, JSONValue)] = []
        for variant in loaded {
            let violations = pipeline.validate(variant.document, target: id)
            let (style, found) = pipeline.resolve(id, chain: chain, document: variant.document)
            var own = violations + found
            if !own.hasErrors { own += platformCheck(style, variant.document) }
            let json = ResolvedStyleJSON.document(for: style)
            let forbidden = MergeRules.builtIn.forbiddenChanges(from: clientJSON, to: json).map { pointer in
                Diagnostic(
                    .error, rule: .variantForbidden,
                    "variant '\(variant.name)' changes \(pointer), which only an app release may change (the app swaps a variant's style in without one)",
                    pointer: JSONPointer(pointer)
                )
            }
            own += PlatformWarnings.placed(forbidden, in: variant.document, target: id)
            problems += own
            if !own.hasErrors { resolved.append((variant.definition, style, json)) }
        }
        guard !problems.hasErrors else { return (nil, problems) }
        guard let set = VariantSet.make(client: clientJSON, variants: resolved.map { ($0.0, $0.2) }) else {
            let message = "a variant's style cannot be written as a merge patch over the client's (a null value)"
            return (nil, problems + [Diagnostic(.error, rule: .variantFile, message, target: id)])
        }
        return (ResolvedVariants(styles: resolved.map { ($0.0.name, $0.1) }, set: set), problems)
    }
}
