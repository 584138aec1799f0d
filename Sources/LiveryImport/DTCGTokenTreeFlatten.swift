import LiveryJSON

/// A token found in the merged tree, before its references are followed.
struct DTCGRawToken: Sendable {
    var path: [String]
    var object: JSONObject
    /// Where the token object starts (for messages about the token as a whole).
    var location: JSONLocation
    /// The token's own `$type`.
    var ownType: String?
    /// The nearest enclosing group's `$type`.
    var groupType: String?
    /// The type of the inherited token this one replaces in an `$extends` group, when
    /// this one has no `$type` of its own.
    var overriddenType: String?

    var dotted: String { path.joined(separator: ".") }
}

/// Walks the merged tree in document order and lists its tokens with the types their
/// groups give them. Checks names and structure on the way: a name with `{`, `}` or
/// `.`, an object that is both a token and a group, a `$type` that is not a string.
struct DTCGTokenFlattener {
    /// Far above any design system (the largest public ones hold a few thousand tokens);
    /// it stops a tree whose `$extends` copies multiply from taking all memory.
    static let maxTokens = 200_000

    var tokens: [DTCGRawToken] = []
    var diagnostics: DTCGReaderDiagnostics
    private var visited = 0
    private var stopped = false

    init(diagnostics: DTCGReaderDiagnostics) {
        self.diagnostics = diagnostics
    }

    mutating func flatten(_ root: JSONObject, at location: JSONLocation) {
        if DTCGTokenTree.isToken(root) {
            diagnostics.error(
                .dtcgStructure,
                "a token document's root is a token (it has `$value` or `$ref`): a token needs a name, so put it inside a group",
                at: (root["$value"] ?? root["$ref"])?.location ?? location)
            return
        }
        walk(root, path: [], inheritedType: nil)
    }

    /// Groups copied by `$extends` into groups that are themselves copied can nest
    /// deeper than any file does; past this the walk stops, keeping its recursion small.
    static let maxDepth = 128

    private mutating func walk(_ group: JSONObject, path: [String], inheritedType: String?) {
        let groupType = type(of: group, owner: path) ?? inheritedType
        for member in group.members {
            if stopped { return }
            let key = member.key
            // `$type`, `$description`, `$extends`… are the group's properties, read where they
            // apply; a `$` name the format does not define is not a token name either: ignored.
            if key.hasPrefix("$") && key != "$root" { continue }
            if key != "$root", let problem = DTCGName.problem(key) {
                diagnostics.error(.dtcgName, problem, at: member.keyLocation)
                continue
            }
            let childPath = path + [key]
            guard let child = member.value.value.objectValue else {
                diagnostics.warn(
                    .dtcgStructure,
                    "`\(childPath.joined(separator: "."))` is \(member.value.value.typeName), neither a token nor a group; ignored",
                    at: member.value.location)
                continue
            }
            visited += 1
            if visited > Self.maxTokens {
                diagnostics.error(
                    .dtcgStructure,
                    "more than \(Self.maxTokens) tokens and groups (does `$extends` copy groups into each other?); stopped reading",
                    at: member.value.location)
                stopped = true
                return
            }
            if DTCGTokenTree.isToken(child) {
                checkNoChildren(of: child, at: childPath, location: member.value.location)
                tokens.append(
                    DTCGRawToken(
                        path: childPath, object: child, location: member.value.location,
                        ownType: type(of: child, owner: childPath), groupType: groupType,
                        overriddenType: child[DTCGExtendsExpander.overriddenTypeKey]?.value.stringValue))
            } else if key == "$root" {
                diagnostics.error(
                    .dtcgStructure, "`\(childPath.joined(separator: "."))` has no `$value`; `$root` must be a token",
                    at: member.value.location)
            } else if childPath.count > Self.maxDepth {
                diagnostics.error(
                    .dtcgStructure,
                    "`\(childPath.prefix(4).joined(separator: "."))…` nests groups more than \(Self.maxDepth) deep; stopped reading there",
                    at: member.value.location)
                stopped = true
                return
            } else {
                walk(child, path: childPath, inheritedType: groupType)
            }
        }
    }

    /// A token may not hold tokens or groups (format 6.1: it cannot be both). Other
    /// keys without tokens inside — a tool's data written beside `$value` instead of
    /// in `$extensions` — are ignored with a warning: the token itself is clear.
    private mutating func checkNoChildren(of token: JSONObject, at path: [String], location: JSONLocation) {
        let others = token.members.filter { !$0.key.hasPrefix("$") }
        guard !others.isEmpty else { return }
        let nested = others.filter { member in member.value.value.objectValue.map { Self.holdsTokens($0, depth: 0) } ?? false }
        let name = path.joined(separator: ".")
        if nested.isEmpty {
            diagnostics.warn(
                .dtcgStructure,
                "`\(name)` has \(others.map { "`\($0.key)`" }.joined(separator: ", ")) beside `$value`; ignored (a tool's own data belongs in `$extensions`)",
                at: others[0].keyLocation)
            return
        }
        diagnostics.error(
            .dtcgStructure,
            "`\(name)` is both a token (it has `$value`) and a group (it has \(nested.map { "`\($0.key)`" }.joined(separator: ", "))); "
                + "move the value into a `$root` token or the children into a group of their own",
            at: location)
    }

    /// Whether a token (`$value` or `$ref`) is anywhere below `object`; bounded by the reader's depth.
    private static func holdsTokens(_ object: JSONObject, depth: Int) -> Bool {
        if DTCGTokenTree.isToken(object) { return true }
        guard depth < DTCGFileCache.maxDepth else { return false }
        return object.members.contains { member in
            !member.key.hasPrefix("$") && (member.value.value.objectValue.map { holdsTokens($0, depth: depth + 1) } ?? false)
        }
    }

    /// A `$type` written on `object`, if it is a string; an error when it is something else.
    private mutating func type(of object: JSONObject, owner: [String]) -> String? {
        guard let node = object["$type"] else { return nil }
        guard let text = node.value.stringValue, !text.isEmpty else {
            let name = owner.isEmpty ? "the root group" : "`\(owner.joined(separator: "."))`"
            let written = node.value.stringValue == nil ? node.value.typeName : "an empty string"
            diagnostics.error(.dtcgType, "`$type` of \(name) must be a type name such as \"color\", not \(written)", at: node.location)
            return nil
        }
        return text
    }
}
