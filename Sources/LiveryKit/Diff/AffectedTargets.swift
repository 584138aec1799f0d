import LiveryEngine
import LiveryGit
import LiveryTargets

/// Why a concrete target counts as affected since a base revision.
enum AffectReason: Sendable, Hashable, CustomStringConvertible {
    /// The target did not exist at the base revision.
    case added
    /// Files in the target's own directory changed.
    case changed
    /// It inherits from this target (a group or base), whose files changed, or its chain changed.
    case inherited(from: String)
    /// The schema in force changed: every target is checked again.
    case schema
    /// `livery.json` changed: every target is built again.
    case settings

    var description: String {
        switch self {
        case .added: "added"
        case .changed: "changed"
        case .inherited(let ancestor): "via \(ancestor)"
        case .schema: "schema changed"
        case .settings: "livery.json changed"
        }
    }
}

/// The concrete targets whose inputs differ between a base and a head: decided
/// from tree ids alone, so the cost is one listing of each side, whatever the
/// number of clients. A target's inputs are its own tree, its ancestors' trees
/// (a change to `base` affects all its descendants), the schema and `livery.json`.
struct AffectedTargets: Sendable {
    /// Affected concrete targets of the head, sorted, with the first reason found.
    var affected: [(id: String, reason: AffectReason)]
    /// Concrete targets of the base that are gone from the head, sorted.
    var removed: [String]

    var ids: [String] { affected.map(\.id) }

    /// Compares two listings. `schemaChanged` and `settingsChanged` make every head target affected.
    static func compare(base: TargetGraph, head: TargetGraph, schemaChanged: Bool, settingsChanged: Bool) -> AffectedTargets {
        var affected: [(String, AffectReason)] = []
        for id in head.concrete {
            if settingsChanged {
                affected.append((id, .settings))
            } else if schemaChanged {
                affected.append((id, .schema))
            } else if let reason = reason(for: id, base: base, head: head) {
                affected.append((id, reason))
            }
        }
        let headIDs = Set(head.concrete)
        let removed = base.concrete.filter { !headIDs.contains($0) }
        return AffectedTargets(affected: affected, removed: removed)
    }

    /// Nil when the target's chain and every tree in it are the same on both sides.
    static func reason(for id: String, base: TargetGraph, head: TargetGraph) -> AffectReason? {
        guard let before = base.targets[id], !before.abstract else { return .added }
        // A broken chain cannot be compared: count the target as changed so it is checked.
        guard let headChain = head.chain(of: id), let baseChain = base.chain(of: id) else { return .changed }
        guard before.tree == head.targets[id]?.tree else { return .changed }
        if headChain != baseChain { return .changed }
        for ancestor in headChain.dropFirst() where base.targets[ancestor]?.tree != head.targets[ancestor]?.tree {
            return .inherited(from: ancestor)
        }
        return nil
    }

    /// Lists both sides of `workspace` against `revision` and compares them.
    static func since(_ revision: String, in workspace: Workspace, headGraph known: TargetGraph? = nil) throws -> AffectedTargets {
        guard let repository = workspace.repository else { throw RepositoryError.notARepository(path: ".") }
        let baseSource = try RevisionSource(repository: repository, revision: revision)
        let (baseConfiguration, _) = try Configuration.load(from: baseSource)
        let baseWorkspace = Workspace(repository: repository, source: baseSource, configuration: baseConfiguration)
        let headGraph =
            try known
            ?? TargetGraph(TargetCatalog.list(in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory).targets)
        // Targets whose trees did not change are not read again on the base side.
        let baseGraph = TargetGraph(
            try TargetCatalog.list(in: baseSource, targetsDirectory: baseConfiguration.targetsDirectory, reusing: headGraph.targets).targets
        )
        let schemaChanged = try SchemaLoader.document(for: baseWorkspace).bytes != SchemaLoader.document(for: workspace).bytes
        let settingsChanged = try baseSource.readFile(at: Configuration.fileName) != workspace.source.readFile(at: Configuration.fileName)
        return compare(base: baseGraph, head: headGraph, schemaChanged: schemaChanged, settingsChanged: settingsChanged)
    }
}
