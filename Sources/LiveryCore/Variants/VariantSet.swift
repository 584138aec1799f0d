import LiveryJSON

/// A client's variants as a bundle's `variants.json` and an update's
/// `variants` member carry them (`livery-variants/1`):
///
/// ```json
/// {"client": "<sha-256 of the client's style.json>", "format": "livery-variants/1",
///  "variants": {"holiday": {"order": 10, "when": {…}, "patch": {…}, "result": "<sha-256>"}}}
/// ```
///
/// Each variant is its definition (``VariantDefinition``) with `patch`, the
/// RFC 7396 merge patch that turns the client's style into the variant's, and
/// `result`, the digest of the variant's style: a runtime applies the patch,
/// checks the digest and the remote rules, and falls back to the client's
/// style for a variant that fails.
public struct VariantSet: Sendable, Hashable {
    public static let format = "livery-variants/1"

    public struct Entry: Sendable, Hashable {
        public let definition: VariantDefinition
        public let patch: JSONValue
        public let result: String

        public init(definition: VariantDefinition, patch: JSONValue, result: String) {
            self.definition = definition
            self.patch = patch
            self.result = result
        }

        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.definition == rhs.definition && CanonicalJSON.bytes(lhs.patch) == CanonicalJSON.bytes(rhs.patch) && lhs.result == rhs.result
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(definition)
            hasher.combine(result)
        }
    }

    /// The digest of the client's style.json the patches apply to.
    public let client: String
    /// In the order they are tried (``VariantDefinition/triedBefore(_:_:)``).
    public let entries: [Entry]
    /// Where each experiment's arms start, made once from the entries.
    private let ranges: ExperimentRanges

    public init(client: String, entries: [Entry]) {
        self.client = client
        self.entries = entries.sorted { VariantDefinition.triedBefore($0.definition, $1.definition) }
        ranges = ExperimentRanges(entries.map(\.definition))
    }

    /// The set for a client's resolved style and its variants' resolved
    /// styles; nil when a variant's style cannot be reached by a merge patch.
    public static func make(client: JSONValue, variants: [(VariantDefinition, JSONValue)], rules: MergeRules = .builtIn) -> VariantSet? {
        var entries: [Entry] = []
        for (definition, style) in variants {
            let patch = StyleUpdate.diff(from: client, to: style, path: [], rules: rules) ?? .makeObject([])
            guard case .object = patch, let applied = rules.apply(patch, to: client),
                CanonicalJSON.bytes(applied) == CanonicalJSON.bytes(style)
            else { return nil }
            entries.append(Entry(definition: definition, patch: patch, result: CanonicalJSON.digest(of: style)))
        }
        return VariantSet(client: CanonicalJSON.digest(of: client), entries: entries)
    }

    public var json: JSONValue {
        .makeObject([
            ("format", .string(Self.format)),
            ("client", .string(client)),
            (
                "variants",
                .makeObject(
                    entries.map { entry in
                        var object = entry.definition.json.objectValue ?? JSONObject()
                        object.set("patch", JSONNode(entry.patch, at: .synthesized))
                        object.set("result", JSONNode(.string(entry.result), at: .synthesized))
                        return (entry.definition.name, .object(object))
                    })
            ),
        ])
    }

    /// The file a bundle carries: canonical JSON.
    public var bytes: [UInt8] { CanonicalJSON.bytes(json) }

    /// Reads a set (a bundle's `variants.json`); throws the first problem.
    public init(parsing bytes: [UInt8], file: String = "variants.json") throws(VariantProblem) {
        let node: JSONNode
        do {
            node = try JSONReader.parse(bytes, file: file)
        } catch {
            throw VariantProblem(error.message, at: error.location, pointer: error.pointer)
        }
        try self.init(node: node)
    }

    /// A set from its JSON (with positions, for messages).
    public init(node: JSONNode) throws(VariantProblem) {
        let object = try VariantParser.members(of: node, at: .root, allowed: ["client", "format", "variants"], what: "a variant set")
        guard object["format"]?.value.stringValue == Self.format else {
            throw VariantProblem(
                "\"format\" must be \"\(Self.format)\"", at: object["format"]?.location ?? node.location,
                pointer: JSONPointer(tokens: ["format"]))
        }
        guard let client = object["client"]?.value.stringValue, CanonicalJSON.isDigest(client) else {
            throw VariantProblem(
                "\"client\" must be a SHA-256 digest in lower-case hex", at: object["client"]?.location ?? node.location,
                pointer: JSONPointer(tokens: ["client"]))
        }
        guard let variantsNode = object["variants"], case .object(let variants) = variantsNode.value else {
            throw VariantProblem(
                "\"variants\" must be an object", at: object["variants"]?.location ?? node.location,
                pointer: JSONPointer(tokens: ["variants"]))
        }
        var entries: [Entry] = []
        for member in variants.members {
            entries.append(try Self.entry(member, at: JSONPointer(tokens: ["variants", member.key])))
        }
        self.init(client: client, entries: entries)
    }

    private static func entry(_ member: JSONObject.Member, at pointer: JSONPointer) throws(VariantProblem) -> Entry {
        guard VariantParser.isValidName(member.key) else {
            throw VariantProblem(
                "\"\(member.key)\" is not a variant name: use \(VariantParser.nameRule)", at: member.keyLocation, pointer: pointer)
        }
        let object = try VariantParser.members(
            of: member.value, at: pointer, allowed: ["experiment", "order", "patch", "result", "when"], what: "a variant")
        guard let patch = object["patch"], case .object = patch.value else {
            throw VariantProblem(
                "a variant needs \"patch\", an object", at: object["patch"]?.location ?? member.value.location,
                pointer: pointer.appending("patch"))
        }
        guard let result = object["result"]?.value.stringValue, CanonicalJSON.isDigest(result) else {
            throw VariantProblem(
                "a variant needs \"result\", a SHA-256 digest in lower-case hex", at: object["result"]?.location ?? member.value.location,
                pointer: pointer.appending("result"))
        }
        // The definition's own members, read by the same parser as variant.json.
        var definitionObject = JSONObject()
        for key in ["experiment", "order", "when"] { if let node = object[key] { definitionObject.set(key, node) } }
        let definition: VariantDefinition
        do {
            definition = try VariantParser.definition(JSONNode(.object(definitionObject), at: member.value.location), name: member.key)
        } catch {
            throw VariantProblem(error.message, at: error.location, pointer: JSONPointer(tokens: pointer.tokens + error.pointer.tokens))
        }
        return Entry(definition: definition, patch: VariantParser.stripped(patch.value), result: result)
    }

    /// The variant `context` gets: the first, in order, whose condition holds
    /// and, for an experiment's arm, whose range holds the install; nil for none.
    public func choose(for context: VariantContext) -> VariantChoice? {
        var buckets: [String: Int64] = [:]
        for entry in entries {
            let definition = entry.definition
            guard definition.condition.holds(for: context) else { continue }
            if let arm = definition.experiment {
                let bucket = buckets[arm.id] ?? InstallBucket.bucket(seed: arm.id, installID: context.installID)
                buckets[arm.id] = bucket
                guard ranges.holds(definition.name, of: arm, bucket: bucket) else { continue }
                return VariantChoice(variant: definition.name, experiment: arm.id)
            }
            return VariantChoice(variant: definition.name, experiment: nil)
        }
        return nil
    }

    /// The variant's whole style: its patch over `client` (the client's
    /// current style), checked as an update's result is — the digest, the
    /// remote allow-list (a variant changes only what an update may), the
    /// schema's `bundleStyle` and decoding. The reason when it fails.
    public func style(of name: String, over client: JSONValue, rules: MergeRules = .builtIn) -> Result<JSONValue, VariantRefusal> {
        guard let entry = entries.first(where: { $0.definition.name == name }) else {
            return .failure(VariantRefusal("no variant \"\(name)\""))
        }
        guard CanonicalJSON.digest(of: client) == self.client else {
            return .failure(VariantRefusal("the variant was made for another style of the client"))
        }
        guard let merged = rules.apply(entry.patch, to: client) else { return .failure(VariantRefusal("the patch deletes the style")) }
        guard CanonicalJSON.digest(of: merged) == entry.result else {
            return .failure(VariantRefusal("the variant's style is not its result"))
        }
        let unknown = rules.unknownSections(from: client, to: merged)
        guard unknown.isEmpty else { return .failure(VariantRefusal("unknown member \"\(unknown[0])\" at the top level")) }
        let forbidden = rules.forbiddenChanges(from: client, to: merged)
        guard forbidden.isEmpty else {
            return .failure(VariantRefusal("it changes values only an app release may change: \(forbidden.joined(separator: ", "))"))
        }
        if let violation = rules.remote.violations(in: merged, limit: 1).first { return .failure(VariantRefusal(violation)) }
        do {
            _ = try LiveryStyle(json: merged)
        } catch {
            return .failure(VariantRefusal(error.description))
        }
        return .success(merged)
    }
}

/// Which variant an install gets, and the experiment it is an arm of.
public struct VariantChoice: Sendable, Hashable {
    public let variant: String
    public let experiment: String?

    public init(variant: String, experiment: String?) {
        self.variant = variant
        self.experiment = experiment
    }
}

/// Why a variant's style was not used.
public struct VariantRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// The bucket ranges of every experiment's arms (see ``ExperimentArm``).
struct ExperimentRanges: Sendable, Hashable {
    /// Per experiment id: each arm's name and the start of its share, arms in name order.
    private var starts: [String: [String: Int64]] = [:]

    init(_ definitions: [VariantDefinition]) {
        var arms: [String: [(String, Int64)]] = [:]
        for definition in definitions {
            if let arm = definition.experiment { arms[arm.id, default: []].append((definition.name, arm.weight)) }
        }
        for (id, list) in arms {
            var start: Int64 = 0
            var table: [String: Int64] = [:]
            for (name, weight) in list.sorted(by: { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }) {
                table[name] = start
                start += weight
            }
            starts[id] = table
        }
    }

    /// Whether an install whose bucket for the experiment is `bucket` falls in the arm `name`: from its start, the arm's
    /// weight times the coverage (whole millionths, rounded down).
    func holds(_ name: String, of arm: ExperimentArm, bucket: Int64) -> Bool {
        guard let start = starts[arm.id]?[name] else { return false }
        let length = arm.weight * arm.coverage / InstallBucket.range
        return bucket >= start && bucket < start + length
    }
}
