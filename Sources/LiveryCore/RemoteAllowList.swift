import LiveryJSON

/// The style schema livery ships (`Sources/LiveryCore/Resources/style.schema.json`).
/// It is embedded here, below both the CLI and the app-side runtime, so both
/// read the same file: the CLI checks a target's merged style.json against it
/// and an app checks the result of a remote update against its `bundleStyle`.
public enum BuiltInStyleSchema {
    /// The schema's bytes exactly as in the file.
    public static var bytes: [UInt8] { PackageResources.style_schema_json }
}

/// What a bundle's style.json must be and what a remote update may change in
/// it, read from the schema itself: `#/$defs/bundleStyle` of the built-in
/// schema, and its `x-livery-remote` allow-list.
///
/// A value may change remotely when it, or a value around it, is marked
/// `"x-livery-remote": true` and neither it nor any value around it is marked
/// `false`. Annotations count only on the branches of `anyOf`, `oneOf` and
/// `if` the value is valid against, so the schema can allow a boolean flag
/// and keep a string flag (free text). The rules are the built-in schema's,
/// also for a repository with a schema of its own: an app knows only the
/// schema its runtime was built with.
public struct RemoteAllowList: Sendable {
    /// The compiled `bundleStyle` definition; nil when the schema cannot be
    /// used, and then every check fails with ``problem``.
    private let schema: JSONSchema?
    private let problem: String

    /// The keyword of the allow-list.
    public static let keyword = "x-livery-remote"
    /// The definition a bundle's style.json is checked against.
    public static let definition = "bundleStyle"

    /// The built-in schema's allow-list, compiled once.
    public static let builtIn = RemoteAllowList(schemaBytes: BuiltInStyleSchema.bytes)

    /// The allow-list of the schema in `bytes` (its `#/$defs/bundleStyle`).
    public init(schemaBytes: [UInt8]) {
        do {
            let document = try JSONReader.parse(schemaBytes, file: "style.schema.json")
            let id = document.value.objectValue?["$id"]?.value.stringValue ?? JSONSchema.defaultBaseURI
            guard document.value.objectValue?["$defs"]?.value.objectValue?[Self.definition] != nil else {
                throw SchemaError(location: document.location, schemaPointer: "/$defs", message: "no \(Self.definition) definition")
            }
            let entry = JSONNode(.makeObject([("$ref", .string(id + "#/$defs/" + Self.definition))]), at: .synthesized)
            schema = try JSONSchema(compiling: entry, baseURI: "https://livery.invalid/bundle-style.json") { uri in
                uri == id ? document : nil
            }
            problem = ""
        } catch {
            schema = nil
            problem = "the style schema cannot be used to check a bundle's style.json: \(error)"
        }
    }

    /// How the document breaks the schema, each as "pointer: message"; empty
    /// when it is a valid bundle style.json.
    public func violations(in document: JSONValue, limit: Int = 10) -> [String] {
        guard let schema else { return [problem] }
        return schema.validate(JSONNode(document, at: .synthesized), maxErrors: limit).map { violation in
            let pointer = violation.instancePointer.description
            return (pointer.isEmpty ? "/" : pointer) + ": " + violation.message
        }
    }

    /// Whether the value at `path` in `document` may change remotely.
    public func allowsRemoteChange(_ path: [String], in document: JSONValue) -> Bool {
        guard let schema else { return false }
        let marks = schema.annotations(Self.keyword, along: path, in: JSONNode(document, at: .synthesized)).joined()
        return !marks.contains(.bool(false)) && marks.contains(.bool(true))
    }

    /// The JSON pointers of the innermost values that differ between `before`
    /// and `after` (added, removed or changed) and may not change remotely,
    /// sorted: a value is judged where it is (before, after or both), so a
    /// flag may not become free text nor free text a flag. Empty when the
    /// change is allowed.
    public func refusedChanges(from before: JSONValue, to after: JSONValue) -> [String] {
        var refused = Set<String>()
        func walk(_ old: JSONValue?, _ new: JSONValue?, _ path: [String]) {
            if old == new { return }
            if case .object(let oldObject)? = old, case .object(let newObject)? = new {
                for key in Set(oldObject.keys + newObject.keys) {
                    walk(oldObject[key]?.value, newObject[key]?.value, path + [key])
                }
                return
            }
            // An added or removed object is judged by its leaves: a new font's file
            // is refused even though a new font is allowed.
            for (value, document) in [(old, before), (new, after)] {
                guard let value else { continue }
                for leaf in Self.leaves(of: value, at: path) where !allowsRemoteChange(leaf, in: document) {
                    refused.insert(JSONPointer(tokens: leaf).description)
                }
            }
        }
        walk(before, after, [])
        return refused.sorted()
    }

    /// The paths of the values in `value` that are not objects with members.
    static func leaves(of value: JSONValue, at path: [String]) -> [[String]] {
        guard case .object(let object) = value, !object.members.isEmpty else { return [path] }
        return object.members.flatMap { leaves(of: $0.value.value, at: path + [$0.key]) }
    }
}
