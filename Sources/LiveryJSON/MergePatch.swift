/// RFC 7396 JSON merge patch, as livery applies a child's style.json over its
/// parent's merged document, and as an app applies a remote update to its
/// style (LiveryRuntime): one implementation for both. Objects merge key by key, everything
/// else replaces, `null` deletes. Values the schema marks `"x-livery-merge": "replace"`
/// are replaced whole instead of merged.
///
/// Every value keeps the location of the file that wrote it, so a problem found
/// after merging points at the parent's or the child's file, whichever wrote it.
public enum MergePatch {
    /// Applies `patch` to `target` (nil: absent). `path` is the position of both in
    /// the document; `replacesWhole(path)` says whether the value there must be
    /// replaced rather than merged. Returns nil when the patch deletes the value.
    public static func apply(
        _ patch: JSONNode, to target: JSONNode?, path: [String] = [],
        replacesWhole: (_ path: [String]) -> Bool = { _ in false }
    ) -> JSONNode? {
        guard case .object(let patchObject) = patch.value else {
            return patch.value.isNull ? nil : patch
        }
        var result: JSONObject
        if let target, case .object(let targetObject) = target.value, path.isEmpty || !replacesWhole(path) {
            result = targetObject
        } else {
            // A non-object (or a replace-whole value) is replaced by the patch
            // object with its nulls removed, as RFC 7396 does for a fresh target.
            result = JSONObject()
        }
        for member in patchObject.members {
            let childPath = path + [member.key]
            if let merged = apply(member.value, to: result[member.key], path: childPath, replacesWhole: replacesWhole) {
                result.set(member.key, merged, keyLocation: member.keyLocation)
            } else {
                result.remove(member.key)
            }
        }
        return JSONNode(.object(result), at: patch.location)
    }
}

extension JSONValue {
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
