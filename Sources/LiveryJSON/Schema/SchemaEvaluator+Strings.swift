/// Keywords on strings: `maxLength`, `minLength` and `pattern`. Other types
/// pass. Lengths count Unicode scalars, as JSON Schema does.
extension SchemaEvaluator {
    mutating func checkMaxLength(_ limit: Int, _ node: Int, _ instance: JSONNode) -> Bool {
        guard case .string(let text) = instance.value else { return true }
        let length = text.unicodeScalars.count
        if length <= limit { return true }
        report(node, "maxLength", instance) { "\($0) must be at most \(limit) characters long, found \(length)" }
        return false
    }

    mutating func checkMinLength(_ limit: Int, _ node: Int, _ instance: JSONNode) -> Bool {
        guard case .string(let text) = instance.value else { return true }
        let length = text.unicodeScalars.count
        if length >= limit { return true }
        report(node, "minLength", instance) { subject in
            limit == 1 ? "\(subject) must not be empty" : "\(subject) must be at least \(limit) characters long, found \(length)"
        }
        return false
    }

    mutating func checkPattern(_ pattern: CompiledPattern, _ node: Int, _ instance: JSONNode) -> Bool {
        guard case .string(let text) = instance.value else { return true }
        if pattern.matches(text) { return true }
        report(node, "pattern", instance, ownWords: true) { "\($0) must match `\(pattern.source)`, found \(Self.quote(instance.value))" }
        return false
    }
}
