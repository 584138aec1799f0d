import LiveryJSON

/// Which targets' files wrote each item of a merged style document: merging keeps
/// the file of every value, so a value a client inherits names its ancestor's file.
public struct Provenance: Sendable, Hashable {
    /// Item path (`colors/primary`, `components/button/primary/background`) → writers, sorted.
    public var writers: [String: [String]]

    public init(writers: [String: [String]] = [:]) {
        self.writers = writers
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
        var writers: [String: [String]] = [:]
        let prefix = targetsDirectory + "/"
        func target(of file: String) -> String? {
            guard file.hasPrefix(prefix) else { return nil }
            let rest = file.dropFirst(prefix.count)
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            return String(rest[..<slash])
        }
        func leaves(_ node: JSONNode, into set: inout Set<String>) {
            if case .object(let object) = node.value, !object.isEmpty {
                for member in object.members { leaves(member.value, into: &set) }
            } else if let id = target(of: node.location.file) {
                set.insert(id)
            }
        }
        func walk(_ node: JSONNode, path: [String], depth: Int) {
            if depth == 0 {
                var set: Set<String> = []
                leaves(node, into: &set)
                writers[path.joined(separator: "/")] = set.sorted()
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
        return Provenance(writers: writers)
    }
}
