import LiveryGit
import LiveryTargets

/// The app's contract of a workspace: `<targetsDir>/contract.json` read from its
/// source (a revision or the working tree), like the schema.
package enum ContractLoader {
    /// What a source says of the contract.
    package enum State: Sendable {
        /// No contract file: the repository works as before, plus the uneven-token warnings.
        case absent
        case loaded(AppContract)
        /// A contract that cannot be read: its problems, and nothing checked against it.
        case broken([Diagnostic])

        package var contract: AppContract? {
            if case .loaded(let contract) = self { return contract }
            return nil
        }

        package var problems: [Diagnostic] {
            if case .broken(let problems) = self { return problems }
            return []
        }
    }

    /// The path of the contract file from the repository root.
    package static func path(targetsDirectory: String) -> String {
        targetsDirectory + "/" + AppContract.fileName
    }

    package static func bytes(in workspace: Workspace) throws -> [UInt8]? {
        try workspace.source.readFile(at: path(targetsDirectory: workspace.configuration.targetsDirectory))
    }

    package static func load(_ workspace: Workspace) throws -> State {
        let file = path(targetsDirectory: workspace.configuration.targetsDirectory)
        return state(of: try workspace.source.readFile(at: file), file: file)
    }

    /// The contract every client of the workspace is built against (`livery list --format json`,
    /// the gallery); nil without a contract file. Only read, not checked: a contract that
    /// cannot be parsed is still named by its digest.
    package static func version(in workspace: Workspace) throws -> ContractVersion? {
        let file = path(targetsDirectory: workspace.configuration.targetsDirectory)
        guard let bytes = try workspace.source.readFile(at: file) else { return nil }
        return ContractVersion.of(bytes, file: file, contract: state(of: bytes, file: file).contract)
    }

    /// What the contract file's bytes, already read (nil: no file), say.
    package static func state(of bytes: [UInt8]?, file: String) -> State {
        guard let bytes else { return .absent }
        do {
            return .loaded(try ContractParser.parse(bytes, file: file))
        } catch {
            return .broken(error.diagnostics)
        }
    }
}
