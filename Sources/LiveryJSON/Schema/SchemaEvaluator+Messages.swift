/// Failure messages that need more than the failing keyword: a schema's own
/// words (`x-livery-message`) and the known name an unknown property most
/// likely meant; and the words every message uses for values. Only called
/// once a failure is being kept, never on the success path or while probing
/// branches.
extension SchemaEvaluator {
    /// `` `colors.fg` = `"#12"` is invalid, <message> `` when the schema at
    /// `node` says in its own words what it expects; nil when it does not.
    func explained(_ node: Int, _ instance: JSONNode) -> String? {
        guard let message = program.messages[node] else { return nil }
        return "\(subject) = \(Self.quote(instance.value)) is invalid, \(message)"
    }

    /// Reports `member` as a property the object may not have, at its key
    /// (the value may be a whole object lines long), with the nearest of the
    /// `known` names when one is close, else (when `listKnown`) the known names.
    /// `known` is asked only when the failure is kept.
    mutating func reportUnknownProperty(_ member: JSONObject.Member, schema: Int, known: (SchemaEvaluator) -> [String], listKnown: Bool) {
        guard keepsFailures else { return }
        let known = known(self)
        let parent = instancePath.isEmpty ? "" : " in `\(instancePath.joined(separator: "."))`"
        let hint: String
        if let nearest = NearestName.closest(to: member.key, in: known) {
            hint = " (did you mean `\(nearest)`?)"
        } else if !listKnown {
            hint = " (not allowed by unevaluatedProperties)"
        } else if known.isEmpty {
            hint = ""
        } else {
            hint = " (allowed: \(known.prefix(20).joined(separator: ", "))\(known.count > 20 ? ", …" : ""))"
        }
        instancePath.append(member.key)
        report(schema, "", at: member.keyLocation, "unknown property `\(member.key)`" + parent + hint)
        instancePath.removeLast()
    }

    /// The property names the schema at `node` knows at its own instance
    /// location: its `properties` and those of the schemas it applies in place
    /// (`$ref`, `allOf`, `anyOf`, `oneOf`, `if`/`then`/`else`, `dependentSchemas`),
    /// sorted so that the nearest of equally near names is always the same.
    func knownProperties(of node: Int) -> [String] {
        var names: Set<String> = []
        var seen: Set<Int> = []
        var frontier = [node]
        while let index = frontier.popLast() {
            guard seen.insert(index).inserted else { continue }
            for keyword in program.nodes[index].keywords {
                switch keyword {
                case .objectApplicator(let properties, _, _): names.formUnion(properties.keys)
                case .ref(let target), .dynamicRef(let target, _): frontier.append(target)
                case .allOf(let branches), .anyOf(let branches), .oneOf(let branches): frontier += branches
                case .conditional(let condition, let then, let otherwise): frontier += [condition, then, otherwise].compactMap { $0 }
                case .dependentSchemas(let pairs): frontier += pairs.map(\.1)
                default: break
                }
            }
        }
        return names.sorted()
    }

    var subject: String {
        instancePath.isEmpty ? "the document" : "`" + instancePath.joined(separator: ".") + "`"
    }

    /// A value's type, and the value itself when it is short enough to read.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .null: "null"
        default: "\(value.typeName) \(quote(value))"
        }
    }

    /// The value as compact JSON in backticks, cut at 80 characters.
    static func quote(_ value: JSONValue) -> String {
        var text = JSONWriter.compact(value)
        if text.count > 80 { text = String(text.prefix(77)) + "…" }
        return "`" + text + "`"
    }

    static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}
