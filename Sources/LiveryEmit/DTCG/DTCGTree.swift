import LiveryJSON

/// A DTCG token document being built: groups by name, tokens at the leaves,
/// an optional `$description` per group. Written with sorted keys.
struct DTCGTree {
    enum Node {
        case token(JSONValue)
        case group(DTCGTree)
    }

    var children: [String: Node] = [:]
    var description: String?
    /// `$extensions` of the group (at the root: the document's).
    var extensions: JSONValue?
    /// `$deprecated` of the group: why, and what replaces it (a palette, an animation).
    var deprecated: String?

    var isEmpty: Bool { children.isEmpty }

    /// Puts `token` at `path` (groups created as needed). A path a token already
    /// holds, or one that runs through a token, is left as it is: livery's names
    /// never nest that way, and the first value written wins.
    mutating func insert(_ token: JSONValue, at path: some Collection<String>) {
        guard let name = path.first else { return }
        let rest = path.dropFirst()
        if rest.isEmpty {
            if children[name] == nil { children[name] = .token(token) }
            return
        }
        // The group is taken out while it changes: a copy left in `children`
        // would make every insert copy the whole group.
        var child: DTCGTree
        switch children.removeValue(forKey: name) {
        case .token(let existing)?:
            children[name] = .token(existing)
            return
        case .group(let existing)?: child = existing
        case nil: child = DTCGTree()
        }
        child.insert(token, at: rest)
        children[name] = .group(child)
    }

    /// Sets the `$description` of the group at `path`, if that group exists.
    mutating func describe(_ text: String, at path: some Collection<String>) {
        guard let name = path.first else {
            description = text
            return
        }
        guard case .group(var child)? = children[name] else { return }
        child.describe(text, at: path.dropFirst())
        children[name] = .group(child)
    }

    /// Marks the token or group at `path` `$deprecated` with `text`, if it exists.
    mutating func deprecate(_ text: String, at path: some Collection<String>) {
        guard let name = path.first else {
            deprecated = text
            return
        }
        switch children[name] {
        case .group(var child)?:
            child.deprecate(text, at: path.dropFirst())
            children[name] = .group(child)
        case .token(.object(var token))? where path.count == 1:
            token.set("$deprecated", JSONNode(.string(text), at: .synthesized))
            children[name] = .token(.object(token))
        default: return
        }
    }

    /// The document's bytes: what `JSONWriter.write(document(schema:))` gives,
    /// written member by member instead of as one `JSONValue` (for a build of
    /// many clients, making that tree cost more than writing it).
    func bytes(schema: String? = nil) -> [UInt8] {
        var stream = JSONWriter.Stream()
        write(to: &stream, schema: schema)
        return stream.finish()
    }

    /// This group as an object at the stream's current place, keys in the
    /// writer's order (UTF-8 bytes), as `document(schema:)` would be written.
    func write(to stream: inout JSONWriter.Stream, schema: String? = nil) {
        enum Member {
            case text(String)
            case value(JSONValue)
            case node(Node)
        }
        var members: [(key: String, member: Member)] = []
        members.reserveCapacity(children.count + 3)
        if let schema { members.append(("$schema", .text(schema))) }
        if let description { members.append(("$description", .text(description))) }
        if let extensions { members.append(("$extensions", .value(extensions))) }
        if let deprecated { members.append(("$deprecated", .text(deprecated))) }
        for (name, node) in children { members.append((name, .node(node))) }
        members.sort { JSONWriter.utf8Precedes($0.key, $1.key) }
        stream.beginObject()
        for (key, member) in members {
            stream.key(key)
            switch member {
            case .text(let text): stream.string(text)
            case .value(let value): stream.value(value)
            case .node(.token(let token)): stream.value(token)
            case .node(.group(let group)): group.write(to: &stream)
            }
        }
        stream.endObject()
    }

    /// The document: `$schema`, `$description` and `$extensions` first by sort order, then the groups.
    func document(schema: String? = nil) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if let schema { pairs.append(("$schema", .string(schema))) }
        if let description { pairs.append(("$description", .string(description))) }
        if let extensions { pairs.append(("$extensions", extensions)) }
        if let deprecated { pairs.append(("$deprecated", .string(deprecated))) }
        for (name, node) in children {
            switch node {
            case .token(let token): pairs.append((name, token))
            case .group(let group): pairs.append((name, group.document()))
            }
        }
        return .makeObject(pairs)
    }

    /// Whether DTCG allows `name` for a token or group: no leading `$`, no `{`, `}` or `.`.
    /// livery's own names always qualify; this keeps a file valid if one did not.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("$") && !name.contains(where: { $0 == "{" || $0 == "}" || $0 == "." })
    }
}
