import LiveryJSON

/// Values every brand shares go once into a parent; each brand keeps what differs.
///
/// Sharing is decided per token, a whole value at a time: a palette, a colour, a
/// font, a dimension, an image or a flag (`section.name`), an animation timing
/// (`animations.name.timing`), a component property (`components.kind.variant.property`),
/// and any other top-level key whole. A token goes to the parent when every brand
/// has it with an equal value; each child keeps the rest. So no token is ever in
/// both a parent and a child, and merging a child over the parent as a JSON merge
/// patch (RFC 7396) gives back the brand's document exactly, also for values a
/// child replaces whole (colours, shapes). Objects left empty are left out; an
/// object that was empty in the input (a component variant without properties)
/// is a token of its own. The documents hold no `null` (in a merge patch it deletes).
public enum BrandSharing {
    /// `documents` by target id → the parent's document and each child's, such that
    /// merging a child over the parent (RFC 7396) gives back its document exactly.
    public static func split(_ documents: [String: JSONValue]) -> (parent: JSONValue, children: [String: JSONValue]) {
        let ids = documents.keys.sorted()
        guard let first = ids.first, let firstDocument = documents[first] else {
            return (.makeObject([]), [:])
        }
        var unitsByID: [String: [[String]: JSONValue]] = [:]
        for id in ids {
            unitsByID[id] = Dictionary(units(of: documents[id] ?? .makeObject([])), uniquingKeysWith: { first, _ in first })
        }
        let shared = units(of: firstDocument).filter { path, value in
            ids.allSatisfy { unitsByID[$0]?[path] == value }
        }
        let sharedPaths = Set(shared.map(\.path))
        var children: [String: JSONValue] = [:]
        for id in ids {
            let own = units(of: documents[id] ?? .makeObject([])).filter { !sharedPaths.contains($0.path) }
            children[id] = document(of: own)
        }
        return (document(of: shared), children)
    }

    /// How deep a token lies under each top-level key: `colors.primary` is 2 deep,
    /// `animations.fade.short` 3, `components.button.primary.background` 4.
    static func depth(of section: String) -> Int {
        switch section {
        case "animations": 3
        case "components": 4
        case "palettes", "colors", "fonts", "dimensions", "images", "flags": 2
        default: 1
        }
    }

    /// The tokens of a document, each with its path, in document order. A value
    /// that is not an object before its token depth, or an empty object, is one token.
    static func units(of document: JSONValue) -> [(path: [String], value: JSONValue)] {
        guard case .object(let root) = document else { return [] }
        var found: [(path: [String], value: JSONValue)] = []
        for member in root.members {
            collect(member.value.value, path: [member.key], depth: depth(of: member.key), into: &found)
        }
        return found
    }

    static func collect(_ value: JSONValue, path: [String], depth: Int, into found: inout [(path: [String], value: JSONValue)]) {
        guard path.count < depth, case .object(let object) = value, !object.isEmpty else {
            found.append((path, value))
            return
        }
        for member in object.members {
            collect(member.value.value, path: path + [member.key], depth: depth, into: &found)
        }
    }

    /// A document holding `units`, objects made as needed, keys sorted.
    static func document(of units: [(path: [String], value: JSONValue)]) -> JSONValue {
        var tree = Tree()
        for unit in units { tree.insert(unit.value, at: unit.path[...]) }
        return tree.value
    }

    /// Nested objects being built from paths.
    struct Tree {
        var leaf: JSONValue?
        var children: [String: Tree] = [:]

        mutating func insert(_ value: JSONValue, at path: ArraySlice<String>) {
            guard let key = path.first else {
                leaf = value
                return
            }
            children[key, default: Tree()].insert(value, at: path.dropFirst())
        }

        var value: JSONValue {
            if let leaf { return leaf }
            return .makeObject(children.keys.sorted().compactMap { key in children[key].map { (key, $0.value) } })
        }
    }
}
