import LiveryTargets

/// What a bundle is built from: the tree ids of the target and its ancestors, the schema,
/// the platforms and livery's version. A bundle whose manifest records the same is up to date.
/// Made from the graph when asked rather than held for every target (at 50,000 clients a
/// table of them was 20 MB).
package struct BundleInputs: Sendable {
    let graph: TargetGraph
    let schemaSHA256: String
    let platforms: [String]
    let version: String

    package init(graph: TargetGraph, schemaSHA256: String, platforms: [String], version: String) {
        self.graph = graph
        self.schemaSHA256 = schemaSHA256
        self.platforms = platforms
        self.version = version
    }

    package func of(_ id: String) -> BundleManifest.Inputs? {
        guard let chain = graph.chain(of: id) else { return nil }
        let trees = chain.compactMap { ancestor in graph.targets[ancestor].map { (id: ancestor, tree: $0.tree) } }
        return BundleManifest.Inputs(trees: trees, schemaSHA256: schemaSHA256, platforms: platforms, version: version)
    }
}
