import LiveryJSON

extension StyleUpdate {
    /// The update that turns the resolved style `base` into `head` for
    /// `target`, unsigned; nil when the two are equal. What `livery diff
    /// --format update` writes for each changed client.
    ///
    /// The patch writes values that `rules` replaces whole in full, and only
    /// the changed keys elsewhere, so applying it with the same rules gives
    /// exactly `head`; this is checked, and a difference (a `null` value in
    /// `head`, which no merge patch can produce) throws `unrepresentable`.
    /// A change to a value not on the schema's remote allow-list throws
    /// `forbiddenChanges` with every such JSON pointer; a `head` that is not a
    /// valid bundle style.json (the schema's `bundleStyle`, then ``LiveryStyle``,
    /// as the app checks and decodes it) throws `invalidResult`.
    public static func make(
        target: String, from base: JSONValue, to head: JSONValue, sequence: Int64, expires: UpdateTime? = nil, rules: MergeRules = .builtIn
    ) throws(UpdateMakingError) -> StyleUpdate? {
        let baseBytes = CanonicalJSON.bytes(base)
        let headBytes = CanonicalJSON.bytes(head)
        if baseBytes == headBytes { return nil }
        let unknown = rules.unknownSections(from: base, to: head)
        guard unknown.isEmpty else { throw .invalidResult("unknown member \"\(unknown[0])\" at the top level") }
        let forbidden = rules.forbiddenChanges(from: base, to: head)
        guard forbidden.isEmpty else { throw .forbiddenChanges(forbidden) }
        let patch = diff(from: base, to: head, path: [], rules: rules) ?? .makeObject([])
        guard case .object = patch, let applied = rules.apply(patch, to: base), CanonicalJSON.bytes(applied) == headBytes else {
            throw .unrepresentable
        }
        // The same schema and typed model the app checks with: a result the
        // runtime would refuse as invalid is refused here, before anything is written.
        if let violation = rules.remote.violations(in: head, limit: 1).first { throw .invalidResult(violation) }
        do {
            _ = try LiveryStyle(json: head)
        } catch {
            throw .invalidResult(error.description)
        }
        return StyleUpdate(
            target: target, base: CanonicalJSON.digest(baseBytes), result: CanonicalJSON.digest(headBytes), patch: patch,
            sequence: sequence, expires: expires
        )
    }

    /// The places where an app reads a value by name: tokens, palettes and
    /// their steps, components, their variants and properties.
    static let namedValues = [
        "colors/*", "fonts/*", "dimensions/*", "animations/*", "images/*", "flags/*",
        "palettes/*", "palettes/*/*", "components/*", "components/*/*", "components/*/*/*",
    ].map(PathPattern.init)

    /// The JSON pointers of named values (``namedValues``) `base` has and
    /// `head` does not, sorted: removals and the old names of renames. An app
    /// that reads one gets nothing after such an update, so it is breaking.
    public static func removedTokens(from base: JSONValue, to head: JSONValue) -> [String] {
        var removed: [String] = []
        for pattern in namedValues {
            for path in pattern.paths(in: base) where JSONNode(head, at: .synthesized).value(at: JSONPointer(tokens: path)) == nil {
                removed.append(JSONPointer(tokens: path).description)
            }
        }
        // A removed component also removes its variants: name the outermost only.
        let all = Set(removed)
        return removed.filter { pointer in
            !all.contains { $0 != pointer && pointer.hasPrefix($0 + "/") }
        }.sorted()
    }

    /// The merge patch from `base` to `head` at `path`: nil when equal.
    static func diff(from base: JSONValue, to head: JSONValue, path: [String], rules: MergeRules) -> JSONValue? {
        if base == head { return nil }
        guard case .object(let headObject) = head, case .object(let baseObject) = base, !rules.replacesWhole(path) else {
            return head
        }
        var patch: [(String, JSONValue)] = []
        for member in baseObject.members where headObject[member.key] == nil {
            patch.append((member.key, .null))
        }
        for member in headObject.members {
            if let old = baseObject[member.key] {
                if let change = diff(from: old.value, to: member.value.value, path: path + [member.key], rules: rules) {
                    patch.append((member.key, change))
                }
            } else {
                patch.append((member.key, member.value.value))
            }
        }
        return .makeObject(patch)
    }
}

/// Why no update can be made between two styles.
public enum UpdateMakingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Values not on the schema's remote allow-list differ (JSON pointers, sorted).
    case forbiddenChanges([String])
    /// No merge patch turns the base into the head.
    case unrepresentable
    /// The head is not a style an app can decode (pointer and problem).
    case invalidResult(String)

    public var description: String {
        switch self {
        case .forbiddenChanges(let pointers):
            "the change touches values a remote update may not change: \(pointers.joined(separator: ", ")); ship them in a new app version"
        case .unrepresentable:
            "no merge patch turns the old style into the new one (a null value cannot be written by a patch)"
        case .invalidResult(let problem):
            "the new style is not one an app can decode: \(problem)"
        }
    }
}
