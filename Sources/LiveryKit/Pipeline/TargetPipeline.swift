import LiveryConcurrency
import LiveryEmit
import LiveryGit
import LiveryJSON
import LiveryStyle

/// A stage after resolving, such as `build`'s emit-and-write (`BundleStage`): it sees each
/// target that resolved without errors, from the task that checked it, and returns the
/// problems only it finds (a damaged app icon, found when a launcher icon is made), which
/// become the target's own.
protocol TargetStage: Sendable {
    func run(_ target: ResolvedTarget) -> [Diagnostic]
}

/// A target that resolved without errors: its style, the merged document it came from
/// (whose positions place the problems found later) and the resolver's warnings.
struct ResolvedTarget: Sendable {
    let style: ResolvedStyle
    let document: JSONNode
    let problems: [Diagnostic]
    /// The client's variants, resolved; nil when it has none.
    var variants: ResolvedVariants? = nil
}

/// The path every target takes, one named stage after another:
///
///     source → list → load → validate → resolve → [emit → write]
///
/// The source is the workspace's (a revision's tree or the working tree); listing has
/// found the targets and their `extends` graph (`TargetCatalog`, `TargetGraph`). Then each
/// selected target, up to `jobs` at once, is loaded, validated and resolved (`TargetSteps`),
/// and checked for each platform; a target that passes goes on to the `last` stage, if
/// any. `livery validate` runs it without one; `livery build` with `BundleStage`, which
/// emits the target's files and writes its bundle. A target is checked, written and
/// dropped by one worker: only its problems reach the report.
struct TargetPipeline: Sendable {
    /// The targets chosen, in id order.
    let ids: [String]
    let graph: TargetGraph
    let targetsDirectory: String
    /// Problems of the layout and of inheritance, placed on the targets they name.
    let found: [Diagnostic]
    let source: any Source
    let steps: TargetSteps
    let variantSteps: VariantSteps
    /// livery.json's rule severities.
    let rules: RuleSettings
    let platforms: [Platform]
    let timings: PhaseTimings
    let decodesAppIcons: Bool
    /// The app's contract and the checks across clients.
    let clients: ClientsStage

    /// What checking one target found: its problems and, for a concrete target that
    /// merged, its facts for the checks across clients.
    struct Checked: Sendable {
        var diagnostics: [Diagnostic]
        var facts: ClientFacts?
    }

    /// A target's problems, or the error that stopped reading it.
    typealias Outcome = Result<Checked, RepositoryError>

    /// The pipeline over `workspace`'s source for the `selected` targets (and, for an
    /// abstract one, everything that extends it), or all when `selected` is empty.
    /// `graph`, when the caller made it from `listing`, saves making a second one.
    init(
        workspace: Workspace, schema: any StyleSchema, platforms: [Platform], timings: PhaseTimings, decodesAppIcons: Bool = false, contractBlocks: Bool = true,
        selected: [String], listing: TargetListing, graph known: TargetGraph? = nil
    ) throws {
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
        let contract = try ContractLoader.load(workspace)
        diagnostics += contract.problems
        clients = ClientsStage(contract: contract, everyTarget: selected.isEmpty, targetsDirectory: configuration.targetsDirectory, blocks: contractBlocks)
        // livery.json's rule severities, here for the layout's and inheritance's
        // problems (`stray-file`, `abstract-unused`); the resolver and the
        // platforms' warnings below apply them to the rest.
        found = configuration.rules.apply(diagnostics)
        rules = configuration.rules
        self.graph = graph
        self.source = source
        targetsDirectory = configuration.targetsDirectory
        steps = TargetSteps(
            source: source, graph: graph, schema: schema, targetsDirectory: configuration.targetsDirectory,
            contrastMinimum: configuration.contrastMinimum, rules: configuration.rules, timings: timings
        )
        variantSteps = VariantSteps(
            loader: VariantLoader(source: source, targetsDirectory: configuration.targetsDirectory, replacesWhole: { [schema] in schema.replacesWhole($0) }),
            steps: steps
        )
        self.timings = timings
        self.platforms = platforms
        self.decodesAppIcons = decodesAppIcons
    }

    /// Runs every chosen target through the stages, up to `jobs` at once, then `last`.
    /// Each target's outcome is folded in as it finishes: only its problems are kept, and
    /// of a target without errors only what `keepFromPassing` keeps.
    func run(
        jobs: Int, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        keepFromPassing: ((_ diagnostics: [Diagnostic]) -> [Diagnostic])? = nil,
        last: (any TargetStage)? = nil
    ) async throws -> ValidationReport {
        let total = ids.count
        var findings = Findings(found)
        var across = clients.fold()
        var done = 0
        await Parallel.forEach(ids, width: jobs, { id in check(id, last: last) }) { index, outcome in
            var outcome = outcome
            if let keepFromPassing, case .success(var checked) = outcome, !checked.diagnostics.hasErrors {
                checked.diagnostics = keepFromPassing(checked.diagnostics)
                outcome = .success(checked)
            }
            if case .success(let checked) = outcome, let facts = checked.facts { across.add(facts) }
            findings.add(outcome, at: index)
            done += 1
            progress?(done, total)
        }
        findings.add(.success(Checked(diagnostics: rules.apply(across.diagnostics()))), at: ids.count)
        return try report(&findings)
    }

    /// `run` for a caller that cannot wait for tasks: the targets one after another, here.
    func runInOrder(last: (any TargetStage)? = nil) throws -> ValidationReport {
        var findings = Findings(found)
        var across = clients.fold()
        for (index, id) in ids.enumerated() {
            let outcome = check(id, last: last)
            if case .success(let checked) = outcome, let facts = checked.facts { across.add(facts) }
            findings.add(outcome, at: index)
        }
        findings.add(.success(Checked(diagnostics: rules.apply(across.diagnostics()))), at: ids.count)
        return try report(&findings)
    }

    /// One target through every stage; called for each id, from any task.
    func check(_ id: String, last: (any TargetStage)? = nil) -> Outcome {
        guard let summary = graph.targets[id] else { return .success(Checked(diagnostics: [])) }
        var found: [Diagnostic] = []
        var facts: ClientFacts?
        do {
            found += try timings.measure(.list) { () throws(RepositoryError) in try TargetWalk.refusals(in: targetsDirectory + "/" + id, source: source, target: id) }
        } catch {
            return .failure(error)
        }
        switch steps.load(id) {
        case .failed(let problems):
            found += problems
        case .merged(let document):
            guard !summary.abstract, let chain = graph.chain(of: id) else { break }
            let violations = steps.validate(document, target: id)
            found += violations
            let (style, problems) = steps.resolve(id, chain: chain, document: document)
            // A value the schema already rejected is not reported a second time by the resolver.
            let rejected = Set(violations.map { SchemaSpot(file: $0.file, pointer: $0.pointer) })
            found += problems.filter { !rejected.contains(SchemaSpot(file: $0.file, pointer: $0.pointer)) }
            let (contractProblems, clientFacts) = clients.inspect(
                id, styleFiles: chain.compactMap { graph.targets[$0]?.styleFile },
                extendsClient: chain.count > 1 && graph.targets[chain[1]]?.abstract == false, document: document, style: style
            )
            let contractFound = rules.apply(contractProblems)
            found += contractFound
            facts = clientFacts
            guard !violations.hasErrors, !problems.hasErrors, !contractFound.hasErrors else { break }
            if decodesAppIcons {
                do {
                    if let failed = try AppIconDecoding.check(style, document: document, source: source) { return .success(Checked(diagnostics: found + [failed], facts: facts)) }
                } catch {
                    return .failure(error)
                }
            }
            let platformFound = platformCheck(style, document: document, target: id)
            found += platformFound
            let variants: (variants: ResolvedVariants?, problems: [Diagnostic])
            do {
                variants = try variantSteps.check(id, chain: chain, client: style, document: document) { variant, variantDocument in
                    platformCheck(variant, document: variantDocument, target: id)
                }
            } catch {
                return .failure(error)
            }
            found += rules.apply(variants.problems)
            // A platform error (two tokens that would be one Android resource) leaves the bundle unbuilt, as does a variant's error.
            if !platformFound.hasErrors, !variants.problems.hasErrors, let last {
                found += last.run(ResolvedTarget(style: style, document: document, problems: problems, variants: variants.variants))
            }
        }
        return .success(Checked(diagnostics: found, facts: facts))
    }

    /// What each platform warns of (or refuses) in a resolved style, placed in the file
    /// and line that wrote the value.
    private func platformCheck(_ style: ResolvedStyle, document: JSONNode, target id: String) -> [Diagnostic] {
        var diagnostics = platforms.flatMap { $0.diagnostics(for: style) }
        if platforms.contains(where: { AppIconCheck.platforms.contains($0.name) }), let missing = AppIconCheck.diagnostic(for: style) {
            diagnostics.append(missing)
        }
        return PlatformWarnings.placed(rules.apply(diagnostics), in: document, target: id)
    }

    /// The report from every target's outcome; the first target (in id order)
    /// that could not be read stops it.
    /// `inout`, not a copy: a copy of the findings shares their array, and the
    /// sort in `take` would then copy every diagnostic (13 MB at 50,000 clients).
    private func report(_ findings: inout Findings) throws -> ValidationReport {
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
            case .success(let checked):
                diagnostics += checked.diagnostics
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

/// Where a schema violation is, to avoid reporting the same value twice.
private struct SchemaSpot: Hashable {
    var file: String?
    var pointer: JSONPointer?
}
