import LiveryTargets

/// Explains a value that changed although its own source text did not: it names
/// a token (`"link": "{colors.accent}"`, `"background": "primary"`) whose value
/// changed, maybe through further aliases. Pure; built from what the resolver
/// records in `ResolvedStyle.aliases`, and only for values that changed, so
/// unchanged values cost nothing.
struct AliasChains {
    /// Alias links grouped by the item they sit in (`colors.onPrimary` holds
    /// `colors.onPrimary.dark → palettes.brand.dark06`), appearances in order.
    private let byItem: [String: [(pointer: String, target: String)]]
    /// Whether the source text of an item (a provenance key) differs between the revisions.
    private let sourceChanged: (String) -> Bool

    /// `aliases` as `ResolvedStyle.aliases` holds them (dotted pointer → dotted token).
    init(aliases: [String: String], sourceChanged: @escaping (String) -> Bool) {
        var byItem: [String: [(pointer: String, target: String)]] = [:]
        for (pointer, target) in aliases { byItem[String(Self.itemPath(pointer)), default: []].append((pointer, target)) }
        self.byItem = byItem.mapValues { $0.sorted { Self.rank($0.pointer) < Self.rank($1.pointer) } }
        self.sourceChanged = sourceChanged
    }

    /// Appearances in livery's order (light, dark, high contrast), the rest by name.
    static func rank(_ pointer: String) -> (String, Int) {
        let appearances = ["light", "dark", "highContrastLight", "highContrastDark"]
        guard let dot = pointer.lastIndex(of: "."), let index = appearances.firstIndex(of: String(pointer[pointer.index(after: dot)...]))
        else {
            return (pointer, -1)
        }
        return (String(pointer[..<dot]), index)
    }

    /// The provenance key of the item a dotted path is in: `colors.primary.dark` →
    /// `colors/primary`, `animations.easeIn.short` → `animations/easeIn/short`.
    static func itemKey(_ dotted: String) -> String {
        String(itemPath(dotted).map { $0 == "." ? "/" : $0 })
    }

    /// The dotted path of the item a dotted path is in: `colors.primary.dark` →
    /// `colors.primary`. Scans once, without splitting: it runs for every alias of
    /// a target with a derived change.
    static func itemPath(_ dotted: String) -> Substring {
        let bytes = dotted.utf8
        let dot = UInt8(ascii: ".")
        guard let end = bytes.firstIndex(of: dot) else { return dotted[...] }
        let depth = Provenance.depths[String(dotted[..<end])] ?? 1
        var dots = 0
        var index = end
        while index < bytes.endIndex {
            if bytes[index] == dot {
                dots += 1
                if dots == depth + 1 { return dotted[..<index] }
            }
            index = bytes.index(after: index)
        }
        return dotted[...]
    }

    /// The links that decide the value at `pointer`: an alias written there, in one of
    /// its parts (an appearance, a font's size) or for the whole item it is part of.
    private func links(from pointer: String) -> [(pointer: String, target: String)] {
        (byItem[String(Self.itemPath(pointer))] ?? []).filter {
            $0.pointer == pointer || $0.pointer.hasPrefix(pointer + ".") || pointer.hasPrefix($0.pointer + ".")
        }
    }

    /// Each chain from the item at `path` (dotted) to a token whose source changed,
    /// the item's own pointer first: `[["colors.link", "colors.accent", "colors.primary"]]`.
    /// Empty when no alias explains the change.
    func chains(from path: String) -> [[String]] {
        let start = Self.itemKey(path)
        var chains: [[String]] = []
        for link in links(from: path) {
            if let rest = follow(link.target, visited: [start]) { chains.append([link.pointer] + rest) }
        }
        return chains
    }

    /// The chain from `token` to the first token whose source changed, or nil.
    /// Resolved styles have no alias cycles and no chain longer than the
    /// resolver follows (`StyleResolver.maxAliasChain`); `visited` guards both anyway,
    /// so the work per item is bounded whatever the aliases recorded.
    private func follow(_ token: String, visited: [String]) -> [String]? {
        let key = Self.itemKey(token)
        if sourceChanged(key) { return [token] }
        guard !visited.contains(key), visited.count < StyleResolver.maxAliasChain else { return nil }
        for link in links(from: token) {
            if let rest = follow(link.target, visited: visited + [key]) { return [token] + rest }
        }
        return nil
    }
}
