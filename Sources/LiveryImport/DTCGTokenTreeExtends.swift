import LiveryJSON

/// Applies `$extends` on groups: a group starts from a deep copy of the group it
/// names, and its own tokens and properties win (format 6.4). Cycles — through
/// `$extends`, or a group extending its own ancestor or descendant — are errors
/// naming every group in them.
struct DTCGExtendsExpander {
    private let root: JSONObject
    private var expanded: [[String]: JSONObject] = [:]
    /// Groups being expanded, outermost first: the chain a cycle is reported from.
    private var inProgress: [[String]] = []
    private var reportedCycles: Set<[String]> = []
    private var reportedDepth = false
    private var groupNames: [String]?
    private var hintsGiven = 0
    var diagnostics: DTCGReaderDiagnostics

    init(root: JSONObject, diagnostics: DTCGReaderDiagnostics) {
        self.root = root
        self.diagnostics = diagnostics
    }

    /// The tree with every `$extends` applied (and removed).
    mutating func expandTree() -> JSONObject {
        expand(root, at: [])
    }

    /// Nesting plus `$extends` hops being expanded at once; far beyond real files, it
    /// keeps the recursion's stack small on hostile ones.
    static let maxInProgress = 256

    private mutating func expand(_ group: JSONObject, at path: [String]) -> JSONObject {
        if let done = expanded[path] { return done }
        if inProgress.count >= Self.maxInProgress {
            if !reportedDepth {
                reportedDepth = true
                diagnostics.error(
                    .dtcgStructure,
                    "`$extends` chains and nested groups go more than \(Self.maxInProgress) deep at `\(path.joined(separator: "."))`; stopped there",
                    at: DTCGTokenTree.extends(of: group)?.location)
            }
            return group
        }
        // Nesting is bounded by the reader's depth; an `$extends` chain adds at most one
        // frame per group, and a group already in progress ends the chain as a cycle.
        inProgress.append(path)
        defer { inProgress.removeLast() }
        var result = group
        var ownChildren = group.members.filter { !$0.key.hasPrefix("$") }.map(\.key)
        if let extendsNode = DTCGTokenTree.extends(of: group) {
            result.remove("$extends")
            result.remove("$ref")
            if let target = targetPath(of: extendsNode, in: path), var base = expandTarget(target, from: path, at: extendsNode) {
                // The copied tokens keep the type the groups around the target gave them;
                // the extending group's own tokens still take theirs from its own groups.
                if base["$type"] == nil, let inherited = Self.inheritedType(of: target, in: root) {
                    base = Self.typingUntypedTokens(in: base, as: inherited, depth: 0)
                }
                result = DTCGTokenTree.deepMerge(base, Self.noteOverriddenTypes(in: result, over: base, baseType: nil, depth: 0))
                // Inherited children were expanded with the base; local ones may merge into them.
                ownChildren = ownChildren.filter {
                    base[$0] == nil || group[$0]?.value.objectValue.map { !DTCGTokenTree.isToken($0) } == true
                }
            }
        }
        for key in ownChildren {
            guard let member = result.member(key), let child = member.value.value.objectValue, !DTCGTokenTree.isToken(child) else {
                continue
            }
            let expandedChild = expand(child, at: path + [key])
            result.set(key, JSONNode(.object(expandedChild), at: member.value.location), keyLocation: member.keyLocation)
        }
        if !inProgress.dropLast().contains(path) { expanded[path] = result }
        return result
    }

    /// The key a local token without `$type` gets when it replaces an inherited token
    /// that has one: the type the reader takes for it when nothing else gives one.
    static let overriddenTypeKey = "$livery.overriddenType"

    /// `local` with every token that overrides an inherited, typed token without saying
    /// its own type marked with the inherited type. Recursion follows the JSON nesting.
    private static func noteOverriddenTypes(in local: JSONObject, over base: JSONObject, baseType: String?, depth: Int) -> JSONObject {
        guard depth < DTCGFileCache.maxDepth else { return local }
        let groupType = base["$type"]?.value.stringValue ?? baseType
        var result = local
        for member in local.members where !member.key.hasPrefix("$") || member.key == "$root" {
            guard var own = member.value.value.objectValue, let inherited = base[member.key]?.value.objectValue else { continue }
            switch (DTCGTokenTree.isToken(own), DTCGTokenTree.isToken(inherited)) {
            case (true, true):
                guard own["$type"] == nil, let type = inherited["$type"] ?? groupType.map({ JSONNode(.string($0), at: .synthesized) })
                else { continue }
                own.set(overriddenTypeKey, type)
            case (false, false):
                own = noteOverriddenTypes(in: own, over: inherited, baseType: groupType, depth: depth + 1)
            default:
                continue
            }
            result.set(member.key, JSONNode(.object(own), at: member.value.location), keyLocation: member.keyLocation)
        }
        return result
    }

    /// `group` with `type` written on each token that has no `$type` and no group
    /// inside `group` to give it one. Recursion follows the JSON nesting.
    private static func typingUntypedTokens(in group: JSONObject, as type: JSONNode, depth: Int) -> JSONObject {
        guard depth < DTCGFileCache.maxDepth else { return group }
        var result = group
        for member in group.members where !member.key.hasPrefix("$") || member.key == "$root" {
            guard var child = member.value.value.objectValue else { continue }
            if DTCGTokenTree.isToken(child) {
                guard child["$type"] == nil else { continue }
                child.set("$type", type)
            } else {
                guard child["$type"] == nil else { continue }
                child = typingUntypedTokens(in: child, as: type, depth: depth + 1)
            }
            result.set(member.key, JSONNode(.object(child), at: member.value.location), keyLocation: member.keyLocation)
        }
        return result
    }

    /// The `$type` the groups around `path` give it (not its own).
    private static func inheritedType(of path: [String], in root: JSONObject) -> JSONNode? {
        var group = root
        var type = root["$type"]
        for segment in path.dropLast() {
            guard let next = group[segment]?.value.objectValue else { break }
            group = next
            type = group["$type"] ?? type
        }
        return type
    }

    /// The expanded group `target`, or nil after reporting why it cannot be extended.
    private mutating func expandTarget(_ target: [String], from path: [String], at node: JSONNode) -> JSONObject? {
        let dotted = target.joined(separator: ".")
        // Extending an ancestor (or itself) or a descendant would include the group in itself.
        let related = target.starts(with: path) || path.starts(with: target)
        if let start = inProgress.firstIndex(of: target) ?? (related ? inProgress.firstIndex(of: path) : nil) {
            let chain = Array(inProgress[start...]) + [target]
            let names = chain.map { $0.isEmpty ? "(root)" : $0.joined(separator: ".") }
            let key = chain.map { $0.joined(separator: ".") }.sorted()
            if reportedCycles.insert(key).inserted {
                diagnostics.error(
                    .dtcgCycle, "`$extends` goes round in a circle: \(names.joined(separator: " → ")); a group cannot inherit itself",
                    at: node.location)
            }
            return nil
        }
        guard let targetObject = DTCGTokenTree.object(at: target, in: root) else {
            var near = ""
            // Each hint compares with every group's name: the first few errors get one.
            if hintsGiven < 50 {
                hintsGiven += 1
                if groupNames == nil { groupNames = DTCGExtendsExpander.groupPaths(in: root) }
                near = NearestName.closest(to: dotted, in: groupNames ?? []).map { "; did you mean `{\($0)}`?" } ?? ""
            }
            diagnostics.error(.dtcgReference, "`$extends` names `{\(dotted)}`, which is not a group\(near)", at: node.location)
            return nil
        }
        if DTCGTokenTree.isToken(targetObject) {
            diagnostics.error(.dtcgReference, "`$extends` names `{\(dotted)}`, a token; it takes a group", at: node.location)
            return nil
        }
        return expand(targetObject, at: target)
    }

    /// The group path an `$extends` value names: `"{a.b}"`, `"#/a/b"` or `{"$ref": "#/a/b"}`.
    private mutating func targetPath(of node: JSONNode, in path: [String]) -> [String]? {
        var text = node.value.stringValue
        if text == nil, let reference = node.value.objectValue?["$ref"]?.value.stringValue { text = reference }
        guard let text else {
            diagnostics.error(
                .dtcgReference, "`$extends` must be a reference such as `\"{group}\"`, not \(node.value.typeName)", at: node.location)
            return nil
        }
        if let curly = DTCGName.curlyReference(text) {
            if let segments = curly { return segments }
        } else if let pointer = DTCGName.localPointer(text) {
            return pointer.tokens
        }
        diagnostics.error(.dtcgReference, "`$extends` value `\(text)` is not a reference; write `\"{group.name}\"`", at: node.location)
        return nil
    }

    /// Dotted paths of every group, for "did you mean" hints; bounded by the reader's depth.
    static func groupPaths(in root: JSONObject, prefix: [String] = [], into out: inout [String]) {
        for member in root.members where !member.key.hasPrefix("$") {
            guard let child = member.value.value.objectValue, !DTCGTokenTree.isToken(child) else { continue }
            out.append((prefix + [member.key]).joined(separator: "."))
            groupPaths(in: child, prefix: prefix + [member.key], into: &out)
        }
    }

    static func groupPaths(in root: JSONObject) -> [String] {
        var out: [String] = []
        groupPaths(in: root, into: &out)
        return out
    }
}
