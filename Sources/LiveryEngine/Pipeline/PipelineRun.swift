import LiveryConcurrency
import LiveryEmit
import LiveryGit
import LiveryTargets

/// `validate`'s and `build`'s use of the pipeline: the selected targets of a workspace (and,
/// for an abstract one, everything that extends it), each through every stage with
/// ``TargetPipeline/Options/report(checks:last:)``, up to `jobs` at once, into one report.
/// A target is checked, written and dropped by one worker: only its problems reach the report,
/// and the few facts the checks across clients need (`ClientsStage`), which run once all are in.
package struct PipelineRun: Sendable {
    /// The targets chosen, in id order.
    let ids: [String]
    /// Problems of the layout and of inheritance, placed on the targets they name.
    let found: [Diagnostic]
    let pipeline: TargetPipeline
    /// The checks every target passes before the last stage.
    let checks: [any TargetCheck]
    /// The app's contract and the checks across clients.
    let clients: ClientsStage
    /// The identities of the concrete targets not chosen, when the chosen ones are compared
    /// with every client (`validate --target`, `new`, `import`): read from their files only.
    let others: [ClientFacts]

    /// What checking one target found: its problems and, for a concrete target that
    /// merged, its facts for the checks across clients.
    struct Checked: Sendable {
        var diagnostics: [Diagnostic]
        var facts: ClientFacts?
        var derived: [HighContrastDerivation.Derived] = []
    }

    /// A target's problems, or the error that stopped reading it.
    typealias Outcome = Result<Checked, RepositoryError>

    /// The run over `workspace`'s source for the `selected` targets, or all when `selected`
    /// is empty. `graph`, when the caller made it from `listing`, saves making a second one.
    package init(
        workspace: Workspace, schema: any StyleSchema, platforms: [Platform], timings: PhaseTimings, appIcons: DecodedAppIcons? = nil,
        comparesEveryClient: Bool = false, selected: [String], listing: TargetListing,
        graph known: TargetGraph? = nil
    ) throws {
        let configuration = workspace.configuration
        let graph = known ?? TargetGraph(listing.targets)
        let chosen = try TargetSelection(selected, in: graph)
        ids = chosen.filter(graph.ids)
        var diagnostics = workspace.diagnostics
        // An empty repository says how to start (and a selection cannot be empty: it names known targets).
        let listed =
            selected.isEmpty
            ? EmptyRepository.explained(listing, targetsDirectory: configuration.targetsDirectory, sourceLabel: workspace.source.label)
            : listing.diagnostics
        diagnostics += listed.filter { $0.target == nil ? selected.isEmpty : chosen.contains($0.target ?? "") }
        diagnostics += graph.diagnostics.filter { $0.target.map(chosen.contains) ?? false }
        let contract = try ContractLoader.load(workspace)
        diagnostics += contract.problems
        clients = ClientsStage(
            contract: contract, everyTarget: selected.isEmpty, targetsDirectory: configuration.targetsDirectory,
            checked: comparesEveryClient && !selected.isEmpty ? Set(ids) : nil
        )
        // livery.json's rule severities, here for the layout's and inheritance's
        // problems (`stray-file`, `abstract-unused`); the resolver and the
        // platforms' warnings apply them to the rest.
        found = configuration.rules.apply(diagnostics)
        pipeline = TargetPipeline(source: workspace.source, graph: graph, schema: schema, configuration: configuration, timings: timings)
        let chosenIDs = Set(ids)
        others =
            comparesEveryClient && !selected.isEmpty
            ? TargetIdentities.facts(
                of: graph.ids.filter { !chosenIDs.contains($0) && graph.targets[$0]?.abstract == false }, through: pipeline)
            : []
        checks = TargetChecks.standard(
            platforms: platforms, rules: configuration.rules, appIcons: appIcons,
            contract: clients.check)
    }

    /// Runs every chosen target through the stages, up to `jobs` at once, then `last`.
    /// Each target's outcome is folded in as it finishes: only its problems are kept, and
    /// of a target without errors only what `keepFromPassing` keeps.
    package func report(
        jobs: Int, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        keepFromPassing: ((_ diagnostics: [Diagnostic]) -> [Diagnostic])? = nil,
        last: (any TargetStage)? = nil
    ) async throws -> ValidationReport {
        let total = ids.count
        var findings = Findings(found)
        var across = clients.fold()
        for facts in others { across.add(facts) }
        var done = 0
        await Parallel.forEach(ids, width: jobs, { id in check(id, last: last) }) { index, outcome in
            var outcome = outcome
            if let keepFromPassing, case .success(var checked) = outcome, !checked.diagnostics.hasErrors {
                checked.diagnostics = keepFromPassing(checked.diagnostics)
                outcome = .success(checked)
            }
            if case .success(let checked) = outcome, let facts = checked.facts { across.add(facts) }
            findings.add(outcome, at: index, id: ids[index])
            done += 1
            progress?(done, total)
        }
        findings.add(.success(Checked(diagnostics: pipeline.rules.apply(across.diagnostics()))), at: ids.count)
        return try report(&findings)
    }

    /// `report` for a caller that cannot wait for tasks: the targets one after another, here.
    package func reportInOrder(last: (any TargetStage)? = nil) throws -> ValidationReport {
        var findings = Findings(found)
        var across = clients.fold()
        for facts in others { across.add(facts) }
        for (index, id) in ids.enumerated() {
            let outcome = check(id, last: last)
            if case .success(let checked) = outcome, let facts = checked.facts { across.add(facts) }
            findings.add(outcome, at: index, id: id)
        }
        findings.add(.success(Checked(diagnostics: pipeline.rules.apply(across.diagnostics()))), at: ids.count)
        return try report(&findings)
    }

    /// One target through every stage; called for each id, from any task.
    func check(_ id: String, last: (any TargetStage)? = nil) -> Outcome {
        Result { () throws(RepositoryError) in
            let outcome = try pipeline.outcome(of: id, .report(checks: checks, clients: clients, last: last))
            return Checked(diagnostics: outcome.diagnostics, facts: outcome.facts, derived: outcome.derived)
        }
    }

    /// The report from every target's outcome; the first target (in id order)
    /// that could not be read stops it.
    /// `inout`, not a copy: a copy of the findings shares their array, and the
    /// sort in `take` would then copy every diagnostic (13 MB at 50,000 clients).
    private func report(_ findings: inout Findings) throws -> ValidationReport {
        if let failure = findings.failure { throw failure.error }
        var report = ValidationReport(
            targets: ids, diagnostics: findings.take(), graph: pipeline.graph, targetsDirectory: pipeline.targetsDirectory)
        report.derived = findings.derived.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return report
    }

    /// The problems of the targets checked so far, in one array, and the
    /// earliest target (in id order) that could not be read.
    struct Findings {
        private var diagnostics: [Diagnostic]
        private(set) var failure: (index: Int, error: RepositoryError)?
        /// Each target's derived high-contrast values, by id.
        private(set) var derived: [String: [HighContrastDerivation.Derived]] = [:]

        init(_ found: [Diagnostic]) {
            diagnostics = found
        }

        mutating func add(_ outcome: Outcome, at index: Int, id: String? = nil) {
            switch outcome {
            case .success(let checked):
                diagnostics += checked.diagnostics
                if let id, !checked.derived.isEmpty { derived[id] = checked.derived }
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
