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
/// schema) and which it may change at all (the schema's `x-livery-remote`
/// allow-list, ``RemoteAllowList``).
///
/// The replace keys are written out here, so merging needs no schema
/// evaluation; a test (`SharedModelTests.theBuiltInRulesAreTheSchemasAnnotations`)
/// holds them equal to the built-in schema's annotations on every value of a
/// resolved style. What may change remotely is read from the schema itself.
public struct MergeRules: Sendable {
    /// Values replaced whole by a patch.
    public var replaced: [PathPattern]
    /// What a bundle's style.json must be and what an update may change in it.
    public var remote: RemoteAllowList

    public init(replaced: [PathPattern], remote: RemoteAllowList = .builtIn) {
        self.replaced = replaced
        self.remote = remote
    }

    /// The built-in schema's rules, on a resolved style's layout: colours,
    /// images and component shapes are replaced whole; what may change
    /// remotely is the built-in schema's allow-list.
    public static let builtIn = MergeRules(
        replaced: ["colors/*", "images/*", "components/*/*/shape"].map(PathPattern.init),
        remote: .builtIn
    )

    /// Whether the value at `path` is replaced whole by a patch (the root never is).
    public func replacesWhole(_ path: [String]) -> Bool {
        !path.isEmpty && replaced.contains { $0.matches(path) }
    }

    /// The JSON pointers of the innermost values that differ between `before`
    /// and `after` (added, removed or changed) and are not on the schema's
    /// allow-list, sorted. Empty when the change is allowed.
    public func forbiddenChanges(from before: JSONValue, to after: JSONValue) -> [String] {
        remote.refusedChanges(from: before, to: after)
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
