import LiveryEngine
import LiveryGit
import LiveryTargets

/// What every step of a comparison needs of one side, read once: the targets
/// directory (its tree id decides the fast path, its entries are the targets),
/// the schema in force and the app's contract. `workspace` answers the targets
/// directory from here, so the listing, the schema and the contract do not fetch
/// it again; listing a working tree's directory hashes it, and a commit's costs
/// a tree lookup over every client.
struct SideInputs: Sendable {
    /// The side's workspace, whose targets directory is the one held here.
    let workspace: Workspace
    /// The targets directory, nil when the side has none.
    let targets: SourceDirectory?
    /// The schema file in force and its bytes, not yet parsed.
    let schema: (file: String, bytes: [UInt8])
    /// The contract file's bytes (nil without one) and what they say.
    let contractBytes: [UInt8]?
    let contract: ContractLoader.State

    init(_ workspace: Workspace) throws {
        let path = workspace.configuration.targetsDirectory
        // Beneath the size limits, so the workspace below checks each file once.
        let source = (workspace.source as? SizeLimitedSource)?.base ?? workspace.source
        let targets = try source.directory(at: path)
        self.targets = targets
        self.workspace = Workspace(
            repository: workspace.repository, source: KnownDirectorySource(base: source, path: path, directory: targets),
            configuration: workspace.configuration, diagnostics: workspace.diagnostics
        )
        schema = try SchemaLoader.file(for: self.workspace)
        contractBytes = try ContractLoader.bytes(in: self.workspace)
        contract = ContractLoader.state(of: contractBytes, file: ContractLoader.path(targetsDirectory: path))
    }
}

/// A source that answers one directory, read beforehand, without reading it again.
struct KnownDirectorySource: SourceWrapper {
    let base: any Source
    let path: String
    let directory: SourceDirectory?

    func directory(at path: String) throws(RepositoryError) -> SourceDirectory? {
        path == self.path ? directory : try base.directory(at: path)
    }
}
