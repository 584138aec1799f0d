import LiveryCore
import LiveryJSON

/// Finds the files a style refers to. The loader implements it over a `Source`;
/// tests implement it in memory, so resolution stays free of I/O.
public protocol AssetLocator: Sendable {
    /// Looks `path` (relative to a target directory) up in the target whose file
    /// `declaringFile` is, then in that target's ancestors.
    func locate(_ path: String, declaredIn declaringFile: String) -> AssetLookup
}

public enum AssetLookup: Sendable {
    case found(AssetReference)
    /// Not found; the repository paths that were tried.
    case missing(searched: [String])
    /// The path itself is unsafe (absolute, `..`, `.git`…) or names a refused entry.
    case refused(reason: String)
    /// The file is larger than livery reads (`maxAssetBytes`); the message says by how much.
    case tooLarge(message: String)
}

/// Turns a merged style document into a `ResolvedStyle`: palettes expanded,
/// aliases and component references resolved with their kinds checked, assets
/// found and checked, contrast measured. Pure; every problem becomes a
/// diagnostic at the file, line and column that wrote the value.
public struct StyleResolver: Sendable {
    public var contrastMinimum = 4.5
    /// livery.json's rule severities, applied to every problem found (`contrast`
    /// made an error, `font-family` turned off) before anyone decides on them.
    public var rules = RuleSettings()

    /// The most tokens an alias chain may hold (`{colors.a}` → `{colors.b}` → …),
    /// the token written literally included. Aliases are followed by recursion,
    /// so a hostile chain tens of thousands long is cut here, with an error,
    /// long before the stack could run out.
    public static let maxAliasChain = 64

    public init(contrastMinimum: Double = 4.5, rules: RuleSettings = RuleSettings()) {
        self.contrastMinimum = contrastMinimum
        self.rules = rules
    }

    public func resolve(id: String, chain: [String], document: JSONNode, assets: some AssetLocator) -> (ResolvedStyle, [Diagnostic]) {
        var run = Resolution(
            id: id, chain: chain, root: document.value.objectValue ?? JSONObject(), assets: assets, contrastMinimum: contrastMinimum)
        run.resolveAll()
        return (run.style, rules.apply(run.diagnostics).sorted())
    }
}

/// One resolution in progress: the token tables, what is resolved so far, and the
/// alias chain being followed (to report cycles).
struct Resolution<Locator: AssetLocator> {
    let id: String
    let root: JSONObject
    let assets: Locator
    let contrastMinimum: Double
    var style: ResolvedStyle
    var diagnostics: [Diagnostic] = []

    var colorMemo: [String: ColorToken?] = [:]
    var dimensionMemo: [String: Double?] = [:]
    var fontMemo: [String: ResolvedFont?] = [:]
    var timingMemo: [String: Double?] = [:]
    /// Tokens being resolved, outermost first, as `group.name` with their nodes.
    var stack: [(name: String, node: JSONNode)] = []
    var reportedCycles: Set<Set<String>> = []
    /// Whether a chain longer than `maxAliasChain` was reported: once per target is enough.
    var reportedLongChain = false
    /// Tokens that start a chain longer than `maxAliasChain` (measured on the
    /// alias graph before resolving): they stay unresolved.
    var tooLong: Set<String> = []

    init(id: String, chain: [String], root: JSONObject, assets: Locator, contrastMinimum: Double) {
        self.id = id
        self.root = root
        self.assets = assets
        self.contrastMinimum = contrastMinimum
        self.style = ResolvedStyle(id: id, chain: chain)
    }

    func group(_ name: String) -> JSONObject {
        root[name]?.value.objectValue ?? JSONObject()
    }

    mutating func error(_ rule: Rule, _ message: String, _ node: JSONNode, _ pointer: [String]) {
        diagnostics.append(Diagnostic(.error, rule: rule, message, at: node.location, pointer: JSONPointer(tokens: pointer), target: id))
    }

    mutating func warning(_ rule: Rule, _ message: String, _ node: JSONNode, _ pointer: [String]) {
        diagnostics.append(Diagnostic(.warning, rule: rule, message, at: node.location, pointer: JSONPointer(tokens: pointer), target: id))
    }

    mutating func resolveAll() {
        checkText()
        checkAliasDepth()
        resolvePalettes()
        for member in group("colors").members { style.colors[member.key] = color(named: member.key) ?? nil }
        for member in group("dimensions").members { style.dimensions[member.key] = dimension(named: member.key) ?? nil }
        for member in group("animations").members {
            var timings: [String: Double] = [:]
            for timing in member.value.value.objectValue?.members ?? [] {
                timings[timing.key] = self.timing(member.key, timing.key) ?? nil
            }
            style.animations[member.key] = timings
        }
        for member in group("fonts").members { style.fonts[member.key] = font(named: member.key) ?? nil }
        resolveComponents()
        resolveImages()
        resolveApp()
        for member in group("flags").members { style.flags[member.key] = member.value.value }
    }

    /// Measures every alias chain on the graph and reports the longest one past
    /// the limit: the same error whatever order the tokens are written in.
    mutating func checkAliasDepth() {
        let graph = AliasGraph(root: root)
        let over = graph.chainLengths().filter { $0.value > StyleResolver.maxAliasChain }
        guard !over.isEmpty else { return }
        tooLong = Set(over.keys)
        // The start of the longest chain; of chains as long, the first by name.
        guard let (key, length) = over.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), let token = graph.tokens[key] else { return }
        reportedLongChain = true
        error(
            .aliasDepth,
            "`\(key)` starts an alias chain of \(length) tokens; livery follows at most \(StyleResolver.maxAliasChain): point an alias nearer the end of the chain",
            token.node, token.pointer
        )
    }

    /// Enters a token for cycle detection; false (after reporting the cycle) when it is already being resolved.
    mutating func enter(_ name: String, _ node: JSONNode, pointer: [String]) -> Bool {
        if tooLong.contains(name) { return false }
        if let start = stack.firstIndex(where: { $0.name == name }) {
            let members = stack[start...].map(\.name)
            if reportedCycles.insert(Set(members)).inserted {
                let path = (members + [name]).joined(separator: " → ")
                error(.aliasCycle, "alias cycle: \(path); every token in it is unresolved", stack[start].node, pointer)
            }
            return false
        }
        guard stack.count < StyleResolver.maxAliasChain else {
            if !reportedLongChain, let first = stack.first {
                reportedLongChain = true
                error(
                    .aliasDepth,
                    "`\(name)` is alias \(stack.count + 1) of a chain that starts at `\(first.name)`; livery follows at most \(StyleResolver.maxAliasChain): point the alias nearer the end of the chain",
                    node, pointer)
            }
            return false
        }
        stack.append((name, node))
        return true
    }

    mutating func leave() {
        stack.removeLast()
    }

    /// Records that the value at `pointer` was written as a reference to `target`
    /// (dotted), for formats that keep aliases; the value itself is already resolved.
    mutating func noteAlias(_ pointer: [String], _ target: String) {
        style.aliases[pointer.joined(separator: ".")] = target
    }
}
