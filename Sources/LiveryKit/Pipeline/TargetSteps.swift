import LiveryGit
import LiveryJSON
import LiveryStyle

/// The stages one target goes through after listing, each charged to its `Phase` for
/// `--timings`: load (its style.json parsed and merged over its ancestors'), validate
/// (the JSON Schema on the merged document) and resolve (aliases, palettes, assets and the
/// semantic rules, into a `ResolvedStyle`). Pure over a `Source`: `TargetPipeline` runs
/// them for `validate` and `build`, `SideResolver` for `diff` and `gallery`.
struct TargetSteps: Sendable {
    let loader: StyleLoader
    let locator: SourceAssetLocator
    let store: StoreListingReader
    let resolver: StyleResolver
    let schema: any StyleSchema
    let timings: PhaseTimings

    init(
        source: any Source, graph: TargetGraph, schema: any StyleSchema, targetsDirectory: String, contrastMinimum: Double, rules: RuleSettings,
        timings: PhaseTimings = .off
    ) {
        self.schema = schema
        self.timings = timings
        loader = StyleLoader(source: source, graph: graph, timings: timings, replacesWhole: { [schema] in schema.replacesWhole($0) })
        locator = SourceAssetLocator(source: source, graph: graph, targetsDirectory: targetsDirectory)
        store = StoreListingReader(source: source, targetsDirectory: targetsDirectory)
        resolver = StyleResolver(contrastMinimum: contrastMinimum, rules: rules)
    }

    /// Load: the target's document merged over its ancestors', or the problems that stopped it.
    func load(_ id: String) -> StyleLoader.MergeResult {
        timings.measure(.merge) { loader.merged(id) }
    }

    /// Validate: what the schema finds in the merged document.
    func validate(_ document: JSONNode, target id: String) -> [Diagnostic] {
        timings.measure(.schema) { schema.violations(in: document, target: id) }
    }

    /// Resolve: the typed style, with what the resolver's rules find, and the
    /// store listing read from `store/` through the chain and checked.
    func resolve(_ id: String, chain: [String], document: JSONNode) -> (style: ResolvedStyle, problems: [Diagnostic]) {
        timings.measure(.resolve) {
            var (style, problems) = resolver.resolve(id: id, chain: chain, document: document, assets: locator)
            let (files, unread) = store.files(id: id, chain: chain)
            guard !files.isEmpty || !unread.isEmpty else { return (style, problems) }
            let (listing, found) = StoreListingCheck.check(files, id: id)
            style.store = listing
            problems = (problems + resolver.rules.apply(unread + found)).sorted()
            return (style, problems)
        }
    }
}
