import LiveryJSON
import LiveryTargets

/// The pipeline's stage across clients: each concrete target is checked against the
/// app's contract by the worker that resolved it, which also hands over the few facts
/// (`ClientFacts`) that the checks across every client need; once all are in,
/// `AcrossClients` says what clashes (docs/contract.md).
package struct ClientsStage: Sendable {
    let contract: ContractLoader.State
    /// Whether the uneven-token warnings are made: no contract, and every target selected.
    let checksUneven: Bool
    let contractFile: String
    let check: ContractCheck?
    /// The colour pairs the contract says the app draws (docs/contract.md, "Pairs").
    let pairs: [ColorPair]
    /// The colour sets the contract says every eye must tell apart (docs/contract.md, "Distinct colours").
    let distinctSets: [DistinctColorSet]
    /// The component variants the contract marks interactive (docs/contract.md, "Interactive components").
    let interactive: [String]
    /// The clients checked, when the run compares them with others it does not check.
    let checked: Set<String>?

    package init(
        contract: ContractLoader.State, everyTarget: Bool, targetsDirectory: String, checked: Set<String>? = nil
    ) {
        self.contract = contract
        self.checked = checked
        contractFile = ContractLoader.path(targetsDirectory: targetsDirectory)
        if case .absent = contract { checksUneven = everyTarget } else { checksUneven = false }
        check = contract.contract.map(ContractCheck.init)
        pairs = contract.contract?.colorPairs ?? []
        distinctSets = contract.contract?.distinctSets ?? []
        interactive = contract.contract?.interactiveComponents ?? []
    }

    /// One concrete target's contract problems and its facts for the checks across clients.
    func inspect(_ id: String, styleFiles: [String], extendsClient: Bool, document: JSONNode, style: ResolvedStyle) -> (
        [Diagnostic], ClientFacts
    ) {
        // A contract finding is an error in every command (validate, build, new, import).
        var problems =
            check?.diagnostics(for: ContractCheck.Subject(id: id, styleFiles: styleFiles, document: document, style: style)) ?? []
        let facts = ClientFacts(
            id: id, styleFile: styleFiles.first ?? id, document: document, applicationId: style.app.applicationId,
            gathersTokens: checksUneven
        )
        if facts.isTheme, !extendsClient, let node = document.value.objectValue?["theme"] {
            problems.append(
                Diagnostic(
                    .error, rule: .theme,
                    "'\(id)' is a theme (\"theme\": true) but extends no client: a theme is another look of the client it extends, so \"extends\" must name a concrete target",
                    at: node.location, pointer: JSONPointer(tokens: ["theme"]), target: id
                ))
        }
        return (problems, facts)
    }

    /// A fold of every client's facts, to add them as workers finish.
    func fold() -> AcrossClients {
        AcrossClients(checksTokens: checksUneven, contractFile: contractFile, checked: checked)
    }
}
