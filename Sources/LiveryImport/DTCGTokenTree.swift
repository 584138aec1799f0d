import LiveryJSON

/// How token documents combine into one tree: the resolver's "ordering" step.
/// Groups merge deeply; a token (an object with `$value`, or a `$ref` alias) written
/// later replaces the earlier one whole, as the format's override rule says.
enum DTCGTokenTree {
    /// Whether a tree object is a token rather than a group: it has `$value`, or it is
    /// an alias written as `{"$ref": "#/a/b/$value"}`. A `$ref` with tokens or groups
    /// beside it, or naming a group, is a group written the JSON Schema way: the
    /// format defines `$extends` as that `$ref`, and it is read as one.
    static func isToken(_ object: JSONObject) -> Bool {
        if object["$value"] != nil { return true }
        guard let reference = object["$ref"] else { return false }
        if reference.value.stringValue?.contains("/$value") == true { return true }
        return !object.members.contains { !$0.key.hasPrefix("$") }
    }

    /// The `$extends` of a group, or its `$ref` (the same thing, JSON Schema's spelling).
    static func extends(of group: JSONObject) -> JSONNode? {
        group["$extends"] ?? group["$ref"]
    }

    /// The merged tree of `sources` in order, and their root `$extensions` merged key by key.
    static func merge(_ sources: [DTCGSource]) -> (root: JSONObject, extensions: JSONObject?) {
        var root = JSONObject()
        var extensions: JSONObject?
        for source in sources {
            guard let document = source.node.value.objectValue else { continue }
            if let rootExtensions = document["$extensions"]?.value.objectValue {
                var merged = extensions ?? JSONObject()
                for member in rootExtensions.members { merged.set(member.key, member.value, keyLocation: member.keyLocation) }
                extensions = merged
            }
            root = deepMerge(root, document)
        }
        return (root, extensions)
    }

    /// `over` written on top of `base`: child groups merge, everything else replaces.
    /// Recursion follows the JSON's nesting, which the reader bounds.
    static func deepMerge(_ base: JSONObject, _ over: JSONObject) -> JSONObject {
        if base.isEmpty { return over }
        var result = base
        for member in over.members {
            if !member.key.hasPrefix("$"),
                let earlier = base[member.key]?.value.objectValue, !isToken(earlier),
                let later = member.value.value.objectValue, !isToken(later)
            {
                let merged = deepMerge(earlier, later)
                result.set(member.key, JSONNode(.object(merged), at: member.value.location), keyLocation: member.keyLocation)
            } else {
                result.set(member.key, member.value, keyLocation: member.keyLocation)
            }
        }
        return result
    }

    /// The object at `path` below `root`, following group names only.
    static func object(at path: [String], in root: JSONObject) -> JSONObject? {
        var current = root
        for segment in path {
            guard let next = current[segment]?.value.objectValue else { return nil }
            current = next
        }
        return current
    }
}
