import LiveryJSON

extension MergePatch {
    /// The RFC 7396 merge patch that turns `base` into `head`: the inverse of
    /// plain `apply` (no replace-whole keys, as an app merging a downloaded
    /// patch does). Returns nil when the two are equal.
    ///
    /// Objects are compared key by key: a key only in `base` becomes `null`, a
    /// key only in `head` or with a different value is written. Arrays and
    /// scalars are written whole. RFC 7396 cannot express a `null` value inside
    /// an object of `head` (null deletes); `unrepresentable` lists the pointers
    /// of such values, which the patch deletes instead.
    public static func diff(from base: JSONValue, to head: JSONValue) -> JSONValue? {
        var ignored: [String] = []
        return diff(from: base, to: head, path: [], unrepresentable: &ignored)
    }

    /// As `diff(from:to:)`, also listing the JSON pointers of `null` values in
    /// `head` that no merge patch can produce.
    public static func diff(from base: JSONValue, to head: JSONValue, unrepresentable: inout [String]) -> JSONValue? {
        diff(from: base, to: head, path: [], unrepresentable: &unrepresentable)
    }

    private static func diff(from base: JSONValue, to head: JSONValue, path: [String], unrepresentable: inout [String]) -> JSONValue? {
        guard case .object(let headObject) = head else {
            if base == head { return nil }
            if head.isNull { unrepresentable.append(JSONPointer(tokens: path).description) }
            return head
        }
        guard case .object(let baseObject) = base else {
            // A fresh object: applying it drops its nulls, so those cannot be expressed.
            collectNulls(in: headObject, path: path, into: &unrepresentable)
            return head
        }
        var patch = JSONObject()
        for member in baseObject.members where headObject[member.key] == nil {
            patch.set(member.key, JSONNode(.null, at: .synthesized))
        }
        for member in headObject.members {
            let childPath = path + [member.key]
            if let old = baseObject[member.key] {
                if member.value.value.isNull {
                    // Present in both, null in head: a patch can only delete it.
                    if !old.value.isNull {
                        unrepresentable.append(JSONPointer(tokens: childPath).description)
                        patch.set(member.key, JSONNode(.null, at: .synthesized))
                    }
                    continue
                }
                if let change = diff(from: old.value, to: member.value.value, path: childPath, unrepresentable: &unrepresentable) {
                    patch.set(member.key, JSONNode(change, at: .synthesized))
                }
            } else {
                if member.value.value.isNull {
                    unrepresentable.append(JSONPointer(tokens: childPath).description)
                    continue
                }
                if case .object(let added) = member.value.value {
                    collectNulls(in: added, path: childPath, into: &unrepresentable)
                }
                patch.set(member.key, member.value)
            }
        }
        return patch.isEmpty ? nil : .object(patch)
    }

    private static func collectNulls(in object: JSONObject, path: [String], into list: inout [String]) {
        for member in object.members {
            switch member.value.value {
            case .null: list.append(JSONPointer(tokens: path + [member.key]).description)
            case .object(let inner): collectNulls(in: inner, path: path + [member.key], into: &list)
            default: break
            }
        }
    }
}
