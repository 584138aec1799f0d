/// Keywords on numbers: `multipleOf` and the four limits. Other types pass.
extension SchemaEvaluator {
    mutating func checkMultipleOf(_ divisor: JSONNumber, _ node: Int, _ instance: JSONNode) -> Bool {
        guard case .number(let number) = instance.value else { return true }
        let ok: Bool
        if let value = number.exact, let by = divisor.exact {
            ok = value.isMultiple(of: by)
        } else {
            let quotient = number.doubleValue / divisor.doubleValue
            // A quotient too large for a double says nothing, so it passes.
            ok = quotient.isFinite ? quotient == quotient.rounded() : true
        }
        if !ok { report(node, "multipleOf", instance) { "\($0) must be a multiple of \(divisor.literal), found \(number.literal)" } }
        return ok
    }

    /// `maximum`, `exclusiveMaximum`, `minimum` and `exclusiveMinimum`: `accept`
    /// reads the sign of the instance compared with `limit`, and `words` says
    /// the limit in a message ("at most").
    mutating func checkLimit(
        _ limit: JSONNumber, _ node: Int, _ instance: JSONNode, _ keyword: String, _ words: String, _ accept: (Int) -> Bool
    ) -> Bool {
        guard case .number(let number) = instance.value else { return true }
        if accept(compareNumbers(number, limit)) { return true }
        report(node, keyword, instance) { "\($0) must be \(words) \(limit.literal), found \(number.literal)" }
        return false
    }
}
