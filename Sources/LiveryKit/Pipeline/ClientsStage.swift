import LiveryJSON
import LiveryStyle

/// The pipeline's stage across clients: each concrete target is checked against the
/// app's contract by the worker that resolved it, which also hands over the few facts
/// (`ClientFacts`) that the checks across every client need; once all are in,
/// `AcrossClients` says what clashes (docs/contract.md).
struct ClientsStage: Sendable {
    let contract: ContractLoader.State
    /// Whether the uneven-token warnings are made: no contract, and every target selected.
    let checksUneven: Bool
    let contractFile: String
    let check: ContractCheck?

    init(contract: ContractLoader.State, everyTarget: Bool, targetsDirectory: String) {
        self.contract = contract
        contractFile = ContractLoader.path(targetsDirectory: targetsDirectory)
        if case .absent = contract { checksUneven = everyTarget } else { checksUneven = false }
        check = contract.contract.map(ContractCheck.init)
    }

    /// One concrete target's contract problems and its facts for the checks across clients.
    func inspect(_ id: String, styleFiles: [String], document: JSONNode, style: ResolvedStyle) -> ([Diagnostic], ClientFacts) {
        let problems = check?.diagnostics(for: ContractCheck.Subject(id: id, styleFiles: styleFiles, document: document, style: style)) ?? []
        let facts = ClientFacts(
            id: id, styleFile: styleFiles.first ?? id, document: document, applicationId: style.app.applicationId, gathersTokens: checksUneven
        )
        return (problems, facts)
    }

    /// A fold of every client's facts, to add them as workers finish.
    func fold() -> AcrossClients {
        AcrossClients(checksTokens: checksUneven, contractFile: contractFile)
    }
}
