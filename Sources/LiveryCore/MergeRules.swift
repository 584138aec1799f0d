import LiveryJSON

/// A set of places in a resolved style document, such as `colors/*`: object
/// keys, with `*` standing for any one key.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    public var segments: [String]

    /// A pattern from `/`-separated segments, e.g. `"components/*/*/shape"`.
    public init(_ text: String) {
        segments = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Whether `path` is exactly one of the places this pattern names.
    public func matches(_ path: [String]) -> Bool {
        path.count == segments.count && zip(segments, path).allSatisfy { $0 == "*" || $0 == $1 }
    }

    /// Every place in `document` this pattern names and the document has.
    func paths(in document: JSONValue) -> [[String]] {
        var found: [[String]] = []
        func walk(_ value: JSONValue, _ depth: Int, _ path: [String]) {
            if depth == segments.count {
                found.append(path)
                return
            }
            guard case .object(let object) = value else { return }
            let segment = segments[depth]
            if segment == "*" {
                for member in object.members { walk(member.value.value, depth + 1, path + [member.key]) }
            } else if let child = object[segment] {
                walk(child.value, depth + 1, path + [segment])
            }
        }
        walk(document, 0, [])
        return found
    }

    public var description: String { segments.joined(separator: "/") }
}

/// How a remote update may change a resolved style: which values a patch
/// replaces whole instead of merging (`"x-livery-merge": "replace"` in the
/// schema) and which it may never change (`"x-livery-remote": false`).
///
/// The built-in rules are written out here rather than read from the schema
/// at run time, so an app does not carry a JSON Schema evaluator; a test
/// (`SharedModelTests.theBuiltInRulesAreTheSchemasAnnotations`) holds them equal to the built-in schema's
/// annotations on every value of a resolved style. A repository with its own
/// schema passes its own rules to the CLI and to `StyleStore`.
public struct MergeRules: Sendable, Hashable {
    /// Values replaced whole by a patch.
    public var replaced: [PathPattern]
    /// Values a remote update may not add, change or remove.
    public var remoteForbidden: [PathPattern]

    public init(replaced: [PathPattern], remoteForbidden: [PathPattern]) {
        self.replaced = replaced
        self.remoteForbidden = remoteForbidden
    }

    /// The built-in schema's rules, on a resolved style's layout:
    /// colours, images and component shapes are replaced whole; the target id,
    /// the app identity, the app icon, font files and images never change
    /// remotely (an app has only the files it was built with).
    /// (`id` is not in the schema: livery adds it when it resolves a target,
    /// and an update for one client must not turn a style into another's.)
    public static let builtIn = MergeRules(
        replaced: ["colors/*", "images/*", "components/*/*/shape"].map(PathPattern.init),
        remoteForbidden: ["id", "app", "appIcon", "fonts/*/file", "images/*"].map(PathPattern.init)
    )

    /// Whether the value at `path` is replaced whole by a patch (the root never is).
    public func replacesWhole(_ path: [String]) -> Bool {
        !path.isEmpty && replaced.contains { $0.matches(path) }
    }

    /// Whether a remote update may never change the value at `path`.
    public func forbidsRemoteChange(_ path: [String]) -> Bool {
        remoteForbidden.contains { $0.matches(path) }
    }

    /// The JSON pointers of forbidden values that differ between `before` and
    /// `after` (added, removed or changed), sorted. Empty when the change is allowed.
    public func forbiddenChanges(from before: JSONValue, to after: JSONValue) -> [String] {
        var changed = Set<String>()
        for pattern in remoteForbidden {
            let places = Set(pattern.paths(in: before) + pattern.paths(in: after))
            for path in places {
                let pointer = JSONPointer(tokens: path)
                let old = JSONNode(before, at: .synthesized).value(at: pointer)?.value
                let new = JSONNode(after, at: .synthesized).value(at: pointer)?.value
                Self.differences(old, new, path, into: &changed)
            }
        }
        return changed.sorted()
    }

    /// The pointers of the innermost values that differ, so a message can
    /// name `/app/bundleId` rather than all of `/app`.
    static func differences(_ old: JSONValue?, _ new: JSONValue?, _ path: [String], into changed: inout Set<String>) {
        if old == new { return }
        guard case .object(let oldObject)? = old, case .object(let newObject)? = new else {
            changed.insert(JSONPointer(tokens: path).description)
            return
        }
        for key in Set(oldObject.keys + newObject.keys) {
            differences(oldObject[key]?.value, newObject[key]?.value, path + [key], into: &changed)
        }
    }

    /// The top-level members a resolved style has (`ResolvedStyleJSON`).
    public static let knownSections: Set<String> = [
        "animations", "app", "appIcon", "colors", "components", "dimensions", "flags", "fonts", "id", "images", "palettes",
    ]

    /// Top-level members of `after` that no resolved style has and `before`
    /// did not have either, sorted: a remote update may not add a section an
    /// app knows nothing of. (A bundle from a newer livery may carry one; it
    /// stays as it was built.)
    public func unknownSections(from before: JSONValue, to after: JSONValue) -> [String] {
        guard case .object(let new) = after else { return [] }
        let old = Set(before.objectValue?.keys ?? [])
        return new.keys.filter { !Self.knownSections.contains($0) && !old.contains($0) }.sorted()
    }

    /// `patch` applied to `document` (RFC 7396, these rules' replace keys), or
    /// nil when the patch deletes the document.
    public func apply(_ patch: JSONValue, to document: JSONValue) -> JSONValue? {
        MergePatch.apply(JSONNode(patch, at: .synthesized), to: JSONNode(document, at: .synthesized), replacesWhole: replacesWhole)?.value
    }
}
