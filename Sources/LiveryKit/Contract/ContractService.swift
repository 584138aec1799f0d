import Foundation
import LiveryConcurrency
import LiveryEngine
import LiveryGit
import LiveryJSON
import LiveryTargets

/// What `livery contract init` made.
package struct ContractInitResult: Sendable {
    /// The contract file from the repository root.
    var file: String
    var contract: AppContract
    /// The file's text.
    package var text: String
    /// The tokens not every client defines (written optional), in path order.
    var uneven: [ContractInference.Uneven]
    /// How many concrete targets it was made from.
    var clients: Int
    /// Whether the file was written (not with `--stdout`).
    var written: Bool
}

enum ContractServiceError: UserError, LocalizedError, Sendable, Equatable {
    case exists(path: String)
    case bareRepository
    case noClients(targetsDirectory: String)
    case cannotWrite(path: String, reason: String)

    var errorDescription: String? {
        switch self {
        case .exists(let path):
            "\(path) exists; livery contract init never overwrites a contract. Edit it, or pass --force to replace it with the targets as they are."
        case .bareRepository:
            "this repository has no working tree to write the contract to. Use --stdout to print it."
        case .noClients(let directory):
            "no concrete target under '\(directory)/' to make a contract from: add a client first (livery new <id> --template starter)."
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason)."
        }
    }
}

/// `livery contract init`: a contract made from every concrete target as it is, read
/// through the pipeline's load and resolve steps (`ContractInference`).
package struct ContractService: Sendable {
    let workspace: Workspace

    init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The contract of the targets as they are; written to `<targetsDir>/contract.json`
    /// unless `write` is false. An existing contract is replaced only with `force`.
    func initialize(write: Bool, force: Bool, jobs: Int) async throws -> ContractInitResult {
        let configuration = workspace.configuration
        let file = ContractLoader.path(targetsDirectory: configuration.targetsDirectory)
        var destination: String?
        if write {
            guard let root = workspace.repository?.workingDirectory else { throw ContractServiceError.bareRepository }
            let directory = URL(fileURLWithPath: root).appendingPathComponent(configuration.targetsDirectory).path
            if !force,
                try workspace.source.readFile(at: file) != nil
                    || FileManager.default.fileExists(atPath: directory + "/" + AppContract.fileName)
            {
                throw ContractServiceError.exists(path: file)
            }
            destination = directory
        }
        let listing = try await TargetCatalog.list(in: workspace.source, targetsDirectory: configuration.targetsDirectory, jobs: jobs)
        let graph = TargetGraph(listing.targets)
        let concrete = graph.ids.filter { graph.targets[$0]?.abstract == false }
        guard !concrete.isEmpty else { throw ContractServiceError.noClients(targetsDirectory: configuration.targetsDirectory) }
        // Each client loaded and resolved through the pipeline's stages, with whatever it has:
        // the contract is made from the clients as they are.
        let pipeline = TargetPipeline(
            source: workspace.source, graph: graph, schema: try SchemaLoader.styleSchema(for: workspace), configuration: configuration)
        var inference = ContractInference()
        await Parallel.forEach(
            concrete, width: jobs,
            { id -> ClientTokens? in
                guard let chain = graph.chain(of: id), case .merged(let document) = pipeline.load(id) else { return nil }
                return ClientTokens(id: id, document: document, style: pipeline.resolve(id, chain: chain, document: document).style)
            }
        ) { _, client in
            if let client { inference.add(client) }
        }
        var (contract, uneven) = inference.contract(file: file)
        // A new contract is its first release; each change to it then says its own step (docs/contract.md, "Version").
        contract.version = AppContract.firstVersion
        let text = ContractWriter.text(contract)
        if let destination {
            // As every file livery writes into a place: relative to the folder, never through
            // a link below it, whole or not at all (`OutputFolder`).
            do {
                try OutputFolder(destination, create: false).replaceFile(AppContract.fileName, Array(text.utf8))
            } catch {
                throw ContractServiceError.cannotWrite(path: file, reason: error.reason)
            }
        }
        return ContractInitResult(
            file: file, contract: contract, text: text, uneven: uneven, clients: concrete.count, written: destination != nil)
    }
}
