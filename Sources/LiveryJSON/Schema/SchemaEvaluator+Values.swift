/// Keywords that constrain the whole value whatever its type: `type`, `enum`,
/// `const` and `format`.
extension SchemaEvaluator {
    mutating func checkType(_ types: [SchemaType], _ node: Int, _ instance: JSONNode) -> Bool {
        if types.contains(where: { Self.matches($0, instance.value) }) { return true }
        report(node, "type", instance) { subject in
            let expected = types.map(\.rawValue).joined(separator: " or ")
            return "\(subject) must be \(Self.article(expected)) \(expected), found \(Self.describe(instance.value))"
        }
        return false
    }

    mutating func checkEnum(_ values: [JSONValue], _ node: Int, _ instance: JSONNode) -> Bool {
        if values.contains(where: { $0 == instance.value }) { return true }
        report(node, "enum", instance, ownWords: true) { subject in
            let shown = values.prefix(12).map { JSONWriter.compact($0) }.joined(separator: ", ") + (values.count > 12 ? ", …" : "")
            return "\(subject) must be one of \(shown), found \(Self.quote(instance.value))"
        }
        return false
    }

    mutating func checkConst(_ value: JSONValue, _ node: Int, _ instance: JSONNode) -> Bool {
        if value == instance.value { return true }
        report(node, "const", instance, ownWords: true) {
            "\($0) must be \(JSONWriter.compact(value)), found \(Self.quote(instance.value))"
        }
        return false
    }

    /// Asserts a format only when the schema's vocabulary says formats assert,
    /// and only formats livery knows (others are annotations).
    mutating func checkFormat(_ name: String, _ node: Int, _ instance: JSONNode) -> Bool {
        guard program.formatAssertion, case .string(let text) = instance.value, let ok = SchemaFormats.check(name, text) else {
            return true
        }
        if !ok { report(node, "format", instance, ownWords: true) { "\($0) must be a valid \(name), found \(Self.quote(instance.value))" } }
        return ok
    }

    static func matches(_ type: SchemaType, _ value: JSONValue) -> Bool {
        switch (type, value) {
        case (.null, .null), (.boolean, .bool), (.object, .object), (.array, .array), (.string, .string), (.number, .number):
            true
        case (.integer, .number(let number)):
            number.exact?.isInteger ?? (number.doubleValue == number.doubleValue.rounded())
        default:
            false
        }
    }
}
