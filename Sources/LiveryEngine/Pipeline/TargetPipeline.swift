import LiveryGit
import LiveryJSON
import LiveryTargets

/// The path every target takes, one named stage after another; the stages are
/// `Phase.stages`, which `--timings` reports:
///
///     list → load → validate → resolve → check → [emit → write]
///
/// The source is a workspace's (a revision's tree or the working tree); listing has found
/// the targets and their `extends` graph (`TargetCatalog`, `TargetGraph`). Then a target is
/// loaded (its style.json parsed and merged over its ancestors'), validated (the JSON Schema
/// on the merged document) and resolved (aliases, palettes, assets and the semantic rules,
/// into a `ResolvedStyle`); the checks of its run (`TargetCheck`: what each platform cannot
/// carry, the app icon's decoding) see it resolved, and a target that passes them goes on to
/// the run's last stage, if any (`build`'s `BundleStage`: emit and write).
///
/// This is the only sequencer: `validate` and `build` run their selected targets through it
/// (`PipelineRun`), `diff` and `gallery` each side's targets (`SideResolver`, with
/// ``Options/compare``), and onboarding, import and `list`'s identities read targets
/// through its load stage. Pure over a `Source`.
package struct TargetPipeline: Sendable {
    let source: any Source
    package let graph: TargetGraph
    package let targetsDirectory: String
    /// livery.json's rule severities, for what the checks find.
    let rules: RuleSettings
    let timings: PhaseTimings
    /// Nil for a pipeline that only loads (templates, identities): nothing is validated.
    let schema: (any StyleSchema)?
    let loader: StyleLoader
    let locator: SourceAssetLocator
    /// resolve, for a client's store listing (`targets/<id>/store/`, inherited file by file).
    let store: StoreListingReader
    let resolver: StyleResolver
    /// load, for a client's variants (`targets/<id>/variants/<name>/`).
    let variantLoader: VariantLoader

    package init(
        source: any Source, graph: TargetGraph, schema: (any StyleSchema)?, configuration: Configuration, timings: PhaseTimings = .off
    ) {
        self.source = source
        self.graph = graph
        self.schema = schema
        self.timings = timings
        targetsDirectory = configuration.targetsDirectory
        rules = configuration.rules
        loader = StyleLoader(
            source: source, graph: graph, timings: timings, replacesWhole: { [schema] in schema?.replacesWhole($0) ?? false })
        locator = SourceAssetLocator(source: source, graph: graph, targetsDirectory: configuration.targetsDirectory)
        store = StoreListingReader(source: source, targetsDirectory: configuration.targetsDirectory)
        resolver = StyleResolver(contrastMinimum: configuration.contrastMinimum, rules: configuration.rules)
        variantLoader = VariantLoader(
            source: source, targetsDirectory: configuration.targetsDirectory,
            replacesWhole: { [schema] in schema?.replacesWhole($0) ?? false })
    }

    /// The pipeline over a workspace's source, listing its targets first (the list stage).
    package init(workspace: Workspace, schema: (any StyleSchema)?, timings: PhaseTimings = .off) throws {
        let listing = try TargetCatalog.list(
            in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory, timings: timings)
        self.init(
            source: workspace.source, graph: TargetGraph(listing.targets), schema: schema, configuration: workspace.configuration,
            timings: timings)
    }

    // MARK: - The stages

    /// list, for one target: the paths in its directory livery refuses to read.
    func refusals(_ id: String) throws(RepositoryError) -> [Diagnostic] {
        try timings.measure(.list) { () throws(RepositoryError) in
            try TargetWalk.refusals(in: targetsDirectory + "/" + id, source: source, target: id)
        }
    }

    /// load: the target's document merged over its ancestors', or the problems that stopped it.
    package func load(_ id: String) -> StyleLoader.MergeResult {
        timings.measure(.load) { loader.merged(id) }
    }

    /// load, of one file: the target's own style.json, not merged (shared between targets).
    package func ownDocument(_ id: String) -> Result<JSONNode, Diagnostic> {
        timings.measure(.load) { loader.document(of: id) }
    }

    /// validate: what the schema finds in the merged document.
    func validate(_ document: JSONNode, target id: String) -> [Diagnostic] {
        guard let schema else { return [] }
        return timings.measure(.validate) { schema.violations(in: document, target: id) }
    }

    /// resolve: the typed style, with what the resolver's rules find, and the store listing
    /// read from `store/` through the chain and checked.
    package func resolve(_ id: String, chain: [String], document: JSONNode) -> (style: ResolvedStyle, problems: [Diagnostic]) {
        timings.measure(.resolve) {
            var (style, problems) = resolver.resolve(id: id, chain: chain, document: document, assets: locator)
            let (files, unread) = store.files(id: id, chain: chain)
            guard !files.isEmpty || !unread.isEmpty else { return (style, problems) }
            let (listing, found) = StoreListingCheck.check(files, id: id)
            style.store = listing
            problems = (problems + resolver.rules.apply(unread + found)).sorted()
            return (style, problems)
        }
    }

    // MARK: - One target

    /// What a command asks of the stages besides those every target takes.
    package struct Options: Sendable {
        /// list: the target's directory is walked for paths livery refuses (`validate`, `build`).
        var refusesUnsafePaths: Bool
        /// validate: a document the schema rejects is resolved anyway, so one run reports
        /// every problem (`validate`, `build`); otherwise the target stops there, invalid.
        var resolvesInvalidDocuments: Bool
        /// check: run in order on a target that resolved without errors; an error keeps
        /// it from the last stage, and from the later checks when the check says so.
        var checks: [any TargetCheck]
        /// After every check passed: `build`'s emit and write.
        var last: (any TargetStage)?
        /// check, first, even for a target the resolver found errors in: the app's contract
        /// (docs/contract.md), and the facts the checks across clients need (`ClientsStage`).
        var clients: ClientsStage?
        /// The colour pairs whose high-contrast values are derived and checked, when not the
        /// contract's of `clients`: a side of a comparison that is not held to its contract
        /// still derives, so both sides of a diff are what the app gets.
        package var colorPairs: [ColorPair]?
        /// The contract whose renames each style gets, when not the one of `clients`: a side of a
        /// comparison that is not held to its contract still gets them, as its build would.
        package var renames: AppContract?
        /// The app's contract whose renames each style gets.
        package var appContract: AppContract? { clients?.check?.contract ?? renames }

        /// `validate` and `build`: every problem a target has, then `last`.
        static func report(checks: [any TargetCheck], clients: ClientsStage?, last: (any TargetStage)? = nil) -> Options {
            Options(refusesUnsafePaths: true, resolvesInvalidDocuments: true, checks: checks, last: last, clients: clients)
        }

        /// `diff` and `gallery`: the target as it resolves, or the errors of the stage that stopped it.
        package static let compare = Options(
            refusesUnsafePaths: false, resolvesInvalidDocuments: false, checks: [], last: nil, clients: nil)

        /// `compare` for the side a command shows: each client also held to the app's contract.
        package static func compare(clients: ClientsStage) -> Options {
            Options(refusesUnsafePaths: false, resolvesInvalidDocuments: false, checks: [], last: nil, clients: clients)
        }
    }

    /// What one target's pass through the stages found.
    package struct Outcome: Sendable {
        /// Every problem found, in the order of the stages.
        package var diagnostics: [Diagnostic] = []
        /// The target, when it resolved without errors and passed every check.
        package var resolved: ResolvedTarget?
        /// A concrete target's facts for the checks across clients, when the pass has them.
        var facts: ClientFacts?
        /// The high-contrast values derived for the target's colour pairs.
        package var derived: [HighContrastDerivation.Derived] = []
    }

    /// One target through every stage `options` asks for; called for each id, from any task.
    /// An abstract target is only loaded: it is checked as part of the targets extending it.
    package func outcome(of id: String, _ options: Options) throws(RepositoryError) -> Outcome {
        var outcome = Outcome()
        guard let summary = graph.targets[id] else { return outcome }
        if options.refusesUnsafePaths { outcome.diagnostics += try refusals(id) }
        guard case .merged(let document) = load(id, into: &outcome), !summary.abstract, let chain = graph.chain(of: id) else {
            return outcome
        }
        let violations = validate(document, target: id)
        outcome.diagnostics += violations
        if violations.hasErrors, !options.resolvesInvalidDocuments { return outcome }
        var (style, problems) = resolve(id, chain: chain, document: document)
        // A value the schema already rejected is not reported a second time by the resolver.
        let rejected = Set(violations.map { SchemaSpot(file: $0.file, pointer: $0.pointer) })
        outcome.diagnostics += problems.filter { !rejected.contains(SchemaSpot(file: $0.file, pointer: $0.pointer)) }
        let contract = options.clients.map { inspect(id, chain: chain, document: document, style: style, with: $0, into: &outcome) } ?? []
        if let appContract = options.appContract { ContractRenames.apply(appContract, to: &style) }
        let access = accessibility(
            &style, document: document, pairs: options.colorPairs ?? options.clients?.pairs ?? [],
            distinctSets: options.clients?.distinctSets ?? [], failed: problems.hasErrors || contract.hasErrors)
        outcome.diagnostics += access
        if let clients = options.clients, !problems.hasErrors, !contract.hasErrors {
            outcome.diagnostics += sizes(of: style, document: document, interactive: clients.interactive)
        }
        outcome.derived = style.derivedHighContrast
        guard !violations.hasErrors, !problems.hasErrors, !contract.hasErrors, !access.hasErrors else { return outcome }
        var target = ResolvedTarget(style: style, document: document, problems: problems)
        var passed = true
        for check in options.checks {
            let found = try timings.measure(.check) { () throws(RepositoryError) in try check.check(&target, in: self) }
            outcome.diagnostics += found
            guard !found.hasErrors else {
                if check.stopsOnError { return outcome }
                passed = false
                continue
            }
        }
        guard passed else { return outcome }
        outcome.resolved = target
        if let last = options.last { outcome.diagnostics += last.process(target) }
        return outcome
    }

    /// The contract's problems of a concrete target, with livery.json's severities; its facts go into `outcome`.
    private func inspect(
        _ id: String, chain: [String], document: JSONNode, style: ResolvedStyle, with clients: ClientsStage, into outcome: inout Outcome
    ) -> [Diagnostic] {
        let (problems, facts) = timings.measure(.check) {
            clients.inspect(
                id, styleFiles: chain.compactMap { graph.targets[$0]?.styleFile },
                extendsClient: chain.count > 1 && graph.targets[chain[1]]?.abstract == false, document: document, style: style
            )
        }
        let found = rules.apply(problems)
        outcome.diagnostics += found
        outcome.facts = facts
        return found
    }

    /// check: the contract's colour pairs held to their contrast targets, the high-contrast
    /// values the client does not write derived into `style`, then its distinct colour sets
    /// held apart under each colour vision deficiency (docs/validation.md). Not run
    /// on a target whose tokens already failed: its colours may be missing.
    package func accessibility(
        _ style: inout ResolvedStyle, document: JSONNode, pairs: [ColorPair], distinctSets: [DistinctColorSet] = [], failed: Bool
    ) -> [Diagnostic] {
        guard !pairs.isEmpty || !distinctSets.isEmpty, !failed else { return [] }
        let check = AccessibilityCheck(pairs: pairs, contrastMinimum: resolver.contrastMinimum, distinctSets: distinctSets)
        return rules.apply(timings.measure(.check) { check.apply(to: &style, document: document) })
    }

    /// check: the contract's interactive components a finger can hit and body text a reader
    /// can read (docs/validation.md, "Sizes").
    func sizes(of style: ResolvedStyle, document: JSONNode, interactive: [String]) -> [Diagnostic] {
        let touch = TouchTargets.failures(components: style.components, interactive: interactive)
        let text = BodyTextSize.failures(fonts: style.fonts)
        return rules.apply(
            TouchTargets.diagnostics(touch, document: document, target: style.id)
                + BodyTextSize.diagnostics(text, document: document, target: style.id))
    }

    private func load(_ id: String, into outcome: inout Outcome) -> StyleLoader.MergeResult {
        let result = load(id)
        if case .failed(let problems) = result { outcome.diagnostics += problems }
        return result
    }
}

/// A stage after the checks, such as `build`'s emit-and-write (`BundleStage`): it sees each
/// target that resolved without errors and passed its checks, from the task that checked
/// it, and returns the problems only it finds (a damaged app icon, found when a launcher
/// icon is made), which become the target's own.
package protocol TargetStage: Sendable {
    func process(_ target: ResolvedTarget) -> [Diagnostic]
}

/// A target that resolved without errors: its style, the merged document it came from
/// (whose positions place the problems found later) and the resolver's warnings.
package struct ResolvedTarget: Sendable {
    package let style: ResolvedStyle
    package let document: JSONNode
    package let problems: [Diagnostic]
    /// The client's variants, resolved by `VariantCheck`; nil when it has none.
    package var variants: ResolvedVariants? = nil
}

/// Where a schema violation is, to avoid reporting the same value twice.
private struct SchemaSpot: Hashable {
    var file: String?
    var pointer: JSONPointer?
}
