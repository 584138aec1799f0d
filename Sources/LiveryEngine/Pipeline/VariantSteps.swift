import LiveryCore
import LiveryEmit
import LiveryGit
import LiveryJSON
import LiveryTargets

/// A client's variants, resolved: each one's style, and the set a bundle and
/// an update carry (conditions and patches over the client's style).
package struct ResolvedVariants: Sendable {
    package let styles: [(name: String, style: ResolvedStyle)]
    package let set: VariantSet

    static let none: ResolvedVariants? = nil
}

/// The variants of a target that resolved: each merged over the client,
/// validated (schema), resolved (rules, contrast), checked for each platform and
/// for what only an app release may change, like a target; then the set's
/// own checks (reachability, experiments). Runs in the pipeline's task for
/// the target, after the client passed.
package struct VariantSteps: Sendable {
    /// Whose load, validate and resolve stages each variant goes through.
    let pipeline: TargetPipeline
    /// The app's contract: a variant is a whole style the app shows, held to it like the client.
    var contract: ContractCheck? = nil
    /// The colour pairs whose high-contrast values a variant derives as its client does.
    var colorPairs: [ColorPair] = []

    /// The contract whose renames a variant's style gets as its client's does (docs/contract.md,
    /// "Deprecation"), so a variant's update does not drop the name the client got from the other.
    var renames: AppContract? = nil

    package init(
        pipeline: TargetPipeline, contract: ContractCheck? = nil, colorPairs: [ColorPair]? = nil, renames: AppContract? = nil
    ) {
        self.pipeline = pipeline
        self.contract = contract
        self.colorPairs = colorPairs ?? contract?.contract.colorPairs ?? []
        self.renames = renames ?? contract?.contract
    }

    /// The resolved variants (nil when the client has none) and every problem
    /// found; the variants are nil as well when a problem is an error.
    func check(
        _ id: String, chain: [String], client: ResolvedStyle, document: JSONNode,
        platformCheck: (ResolvedStyle, JSONNode) -> [Diagnostic]
    ) throws(RepositoryError) -> (variants: ResolvedVariants?, problems: [Diagnostic]) {
        let (loaded, loadProblems) = try pipeline.variantLoader.variants(of: id, over: document)
        guard !loaded.isEmpty || !loadProblems.isEmpty else { return (nil, []) }
        // The definitions' problems are in variant.json, whose path names the variant already.
        var problems = named(loadProblems + VariantChecks.problems(loaded, target: id), of: id, inMessage: false)
        let clientJSON = ResolvedStyleJSON.document(for: client)
        var resolved: [(VariantDefinition, ResolvedStyle, JSONValue)] = []
        for variant in loaded {
            let (style, found) = validateAndResolve(variant.document, id: id, chain: chain)
            var own = found + contractProblems(of: variant, id: id, chain: chain, style: style)
            if !own.hasErrors { own += platformCheck(style, variant.document) }
            let json = ResolvedStyleJSON.document(for: style)
            let forbidden = MergeRules.builtIn.forbiddenChanges(from: clientJSON, to: json).map { pointer in
                Diagnostic(
                    .error, rule: .variantForbidden,
                    "variant '\(variant.name)' changes \(pointer), which only an app release may change (the app swaps a variant's style in without one)",
                    pointer: JSONPointer(pointer)
                )
            }
            own += PlatformWarnings.placed(forbidden, in: variant.document, target: id).map { problem in
                var named = problem
                named.variant = variant.name
                return named
            }
            problems += named(own, of: id)
            if !own.hasErrors { resolved.append((variant.definition, style, json)) }
        }
        guard !problems.hasErrors else { return (nil, problems) }
        guard let set = VariantSet.make(client: clientJSON, variants: resolved.map { ($0.0, $0.2) }) else {
            let message = "a variant's style cannot be written as a merge patch over the client's (a null value)"
            return (nil, problems + [Diagnostic(.error, rule: .variantFile, message, target: id)])
        }
        return (ResolvedVariants(styles: resolved.map { ($0.0.name, $0.1) }, set: set), problems)
    }

    /// A variant's merged document through the validate stage (schema) and the resolve stage
    /// (rules, contrast): its style, and what both found, the schema's first. Resolved even
    /// when the schema finds errors, so a report (validate's, a diff's, a card) lists them all.
    func validateAndResolve(_ document: JSONNode, id: String, chain: [String]) -> (style: ResolvedStyle, problems: [Diagnostic]) {
        let violations = pipeline.validate(document, target: id)
        var (style, found) = pipeline.resolve(id, chain: chain, document: document)
        if let renames { ContractRenames.apply(renames, to: &style) }
        // A variant's high contrast is derived as its client's; what its pairs break is
        // reported once, on the client, whose colours a variant mostly shares.
        _ = pipeline.accessibility(&style, document: document, pairs: colorPairs, failed: (violations + found).hasErrors)
        return (style, violations + found)
    }

    /// The contract's problems of one variant, each naming it: a variant that drops or
    /// retypes a token the app reads breaks the app on every install it reaches.
    func contractProblems(of variant: LoadedVariant, id: String, chain: [String], style: ResolvedStyle) -> [Diagnostic] {
        guard let contract else { return [] }
        let file = pipeline.targetsDirectory + "/\(id)/variants/\(variant.name)/style.json"
        let files = [file] + chain.compactMap { pipeline.graph.targets[$0]?.styleFile }
        let subject = ContractCheck.Subject(id: id, styleFiles: files, document: variant.document, style: style)
        // A token outside the contract that the client has too is the client's warning, already given.
        let own = contract.diagnostics(for: subject).filter { $0.rule != .contractExtra || $0.file == file }
        return pipeline.rules.apply(
            own.map { problem in
                var named = problem
                named.message = "variant '\(variant.name)': " + problem.message
                named.variant = variant.name
                return named
            })
    }

    /// `problems` with each one found in a variant's files naming that variant: placed in
    /// `targets/<id>/variants/<name>/` (or explained by a place there), it carries the
    /// variant's name in `variant` and, for a finding of its style (`inMessage`), in its message. A problem placed in
    /// the client's own files is the client's, already reported once without a variant.
    func named(_ problems: [Diagnostic], of id: String, inMessage: Bool = true) -> [Diagnostic] {
        let prefix = pipeline.targetsDirectory + "/\(id)/variants/"
        func variantName(_ file: String?) -> String? {
            guard let file, file.hasPrefix(prefix) else { return nil }
            let rest = file.dropFirst(prefix.count)
            guard let slash = rest.firstIndex(of: "/") else { return String(rest) }
            return String(rest[..<slash])
        }
        return problems.map { problem in
            var named = problem
            if named.variant == nil {
                named.variant = variantName(problem.file) ?? problem.related.lazy.compactMap { variantName($0.file) }.first
            }
            // A message that names the variant already ("no install gets variant 'night'") keeps its words.
            if inMessage, let name = named.variant, !named.message.contains("variant '\(name)'") {
                named.message = "variant '\(name)': " + named.message
            }
            return named
        }
    }
}

/// A client's variant as `diff` and `gallery` see it (``TargetPipeline/Options/compare``):
/// merged over the client, validated and resolved through the pipeline's stages, with no
/// platform checks and no refusals.
package struct ComparedVariant: Sendable {
    package enum Outcome: Sendable {
        /// Its variant.json or style.json could not be read (validate reports why).
        case unreadable(Diagnostic)
        /// The schema or the resolver found errors in its merged style.
        case invalid([Diagnostic])
        /// Its definition, its style and the merged document that places its values.
        case resolved(VariantDefinition, ResolvedStyle, document: JSONNode, warnings: [Diagnostic])
    }

    package let name: String
    /// Nil when variant.json could not be read.
    package let definition: VariantDefinition?
    package let outcome: Outcome
}

extension VariantSteps {
    /// Every variant of client `id` (whose merged document is `document`), by name.
    package func compare(_ id: String, chain: [String], document: JSONNode) throws(RepositoryError) -> [ComparedVariant] {
        try pipeline.variantLoader.outcomes(of: id, over: document).variants.map { name, outcome in
            switch outcome {
            case .failure(let problem):
                return ComparedVariant(name: name, definition: nil, outcome: .unreadable(problem))
            case .success(let variant):
                let (style, found) = validateAndResolve(variant.document, id: id, chain: chain)
                let all = named(found, of: id)
                guard !all.hasErrors else {
                    return ComparedVariant(
                        name: name, definition: variant.definition, outcome: .invalid(all.filter { $0.severity == .error }))
                }
                return ComparedVariant(
                    name: name, definition: variant.definition,
                    outcome: .resolved(variant.definition, style, document: variant.document, warnings: all.sorted()))
            }
        }
    }
}
