import LiveryCore
import LiveryEngine
import LiveryGit
import LiveryTargets

/// The variant sets of the clients that have variants, on both sides of a
/// diff, which `--format update` carries in the updates (docs/variants.md).
struct VariantSides: Sendable {
    var base: [String: VariantSet] = [:]
    var head: [String: VariantSet] = [:]

    init(base: [String: VariantSet] = [:], head: [String: VariantSet] = [:]) {
        self.base = base
        self.head = head
    }

    /// The set an update of `id` to `result` carries: HEAD's, or an empty one
    /// when BASE had variants and HEAD has none (so apps drop them); nil when
    /// neither side has variants.
    func carried(for id: String, result: String) -> VariantSet? {
        if let set = head[id] { return set }
        return base[id] != nil ? VariantSet(client: result, entries: []) : nil
    }

    /// Updates for clients whose style did not change (not in `excluding`)
    /// but whose variants did: base and result are the client's digest, the
    /// patch is empty and the update carries the new set.
    func variantOnlyUpdates(excluding made: Set<String>, sequence: Int64, expires: UpdateTime?) -> [(String, StyleUpdate)] {
        var updates: [(String, StyleUpdate)] = []
        for id in Set(base.keys).union(head.keys).sorted() where !made.contains(id) {
            let before = base[id]
            let after = head[id]
            guard before != after, let client = (after ?? before)?.client else { continue }
            // A style that changed has its own update (or was refused): only a same style is carried here.
            if let before, let after, before.client != after.client { continue }
            let set = after ?? VariantSet(client: client, entries: [])
            updates.append(
                (
                    id,
                    StyleUpdate(
                        target: id, base: client, result: client, patch: .makeObject([]), sequence: sequence, expires: expires,
                        variants: set)
                ))
        }
        return updates
    }

    /// Every selected client's resolved variant set on one side: the clients
    /// with a `variants` directory run through the `TargetPipeline`; a client
    /// whose variants have errors has no set (validate reports them).
    static func sets(of workspace: Workspace, selected: [String]) throws -> [String: VariantSet] {
        let configuration = workspace.configuration
        let listing = try TargetCatalog.list(in: workspace.source, targetsDirectory: configuration.targetsDirectory)
        let chosen = Set(selected)
        var withVariants: [String] = []
        for summary in listing.targets where !summary.abstract && (chosen.isEmpty || chosen.contains(summary.id)) {
            if try workspace.source.directory(at: configuration.targetsDirectory + "/" + summary.id + "/variants") != nil {
                withVariants.append(summary.id)
            }
        }
        guard !withVariants.isEmpty else { return [:] }
        let pipeline = try PipelineRun(
            workspace: workspace, schema: try SchemaLoader.styleSchema(for: workspace), platforms: configuration.platforms, timings: .off,
            selected: withVariants, listing: listing
        )
        let capture = VariantCapture()
        _ = try pipeline.reportInOrder(last: capture)
        return capture.variants.withLock { $0 }
    }
}
