import LiveryJSON

/// Which targets' files wrote each item of a merged style document: merging keeps
/// the file of every value, so a value a client inherits names its ancestor's file.
public struct Provenance: Sendable, Hashable {
    /// Item path (`colors/primary`, `components/button/primary/background`) → writer
    /// target → what that target's file wrote for the item (its leaves, compactly).
    public var contributions: [String: [String: String]]

    public init(contributions: [String: [String: String]] = [:]) {
        self.contributions = contributions
    }

    /// The targets whose files wrote part of the item, sorted.
    public func writers(of item: String) -> [String] {
        (contributions[item] ?? [:]).keys.sorted()
    }

    /// How deep items sit in each top-level group: `colors.primary` is 1 deep,
    /// `animations.easeIn.short` 2, `components.button.primary.background` 3.
    static let depths: [String: Int] = [
        "app": 1, "palettes": 1, "colors": 1, "fonts": 1, "dimensions": 1, "animations": 2,
        "components": 3, "images": 1, "flags": 1, "appIcon": 0,
    ]

    /// Reads the writers of every item in a merged document whose values carry
    /// the file that wrote them (`<targetsDirectory>/<id>/style.json`).
    public static func of(_ document: JSONNode, targetsDirectory: String) -> Provenance {
        var contributions: [String: [String: String]] = [:]
        let prefix = targetsDirectory + "/"
        func target(of file: String) -> String? {
            guard file.hasPrefix(prefix) else { return nil }
            let rest = file.dropFirst(prefix.count)
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            return String(rest[..<slash])
        }
        func leaves(_ node: JSONNode, path: String, into parts: inout [String: [String]]) {
            if case .object(let object) = node.value, !object.isEmpty {
                for member in object.members { leaves(member.value, path: path + "/" + member.key, into: &parts) }
            } else if let id = target(of: node.location.file) {
                parts[id, default: []].append(path + "=" + JSONWriter.compact(node.value, sortedKeys: true))
            }
        }
        func walk(_ node: JSONNode, path: [String], depth: Int) {
            if depth == 0 {
                var parts: [String: [String]] = [:]
                leaves(node, path: "", into: &parts)
                contributions[path.joined(separator: "/")] = parts.mapValues { $0.sorted().joined(separator: ";") }
                return
            }
            guard case .object(let object) = node.value else { return }
            for member in object.members { walk(member.value, path: path + [member.key], depth: depth - 1) }
        }
        guard case .object(let root) = document.value else { return Provenance() }
        for member in root.members {
            guard let depth = depths[member.key] else { continue }
            walk(member.value, path: [member.key], depth: depth)
        }
        return Provenance(contributions: contributions)
    }
}
