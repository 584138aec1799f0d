/// Keywords on arrays: the item counts, `uniqueItems`, and the applicators
/// that evaluate items (`prefixItems`/`items`, `contains`, `unevaluatedItems`).
/// Other types pass.
extension SchemaEvaluator {
    mutating func checkMaxItems(_ limit: Int, _ node: Int, _ instance: JSONNode) -> Bool {
        guard case .array(let items) = instance.value, items.count > limit else { return true }
        report(node, "maxItems", instance) { "\($0) must have at most \(limit) items, found \(items.count)" }
        return false
    }

    mutating func checkMinItems(_ limit: Int, _ node: Int, _ instance: JSONNode) -> Bool {
        guard case .array(let items) = instance.value, items.count < limit else { return true }
        report(node, "minItems", instance) { "\($0) must have at least \(limit) items, found \(items.count)" }
        return false
    }

    mutating func checkUniqueItems(_ node: Int, _ instance: JSONNode) -> Bool {
        guard case .array(let items) = instance.value else { return true }
        var seen: [JSONValue: Int] = [:]
        for (position, item) in items.enumerated() {
            if let first = seen[item.value] {
                report(node, "uniqueItems", instance) { "\($0) must not repeat items: items \(first) and \(position) are equal" }
                return false
            }
            seen[item.value] = position
        }
        return true
    }

    /// `prefixItems` and `items` together: item `i` goes to `prefix[i]`, and
    /// those past the prefix to `items` when there is one.
    mutating func applyItems(prefix: [Int], items: Int?, _ instance: JSONNode, _ annotations: inout Annotations) -> Bool {
        guard case .array(let elements) = instance.value else { return true }
        var ok = true
        for (position, element) in elements.enumerated() {
            let schema: Int
            if position < prefix.count {
                schema = prefix[position]
            } else if let items {
                schema = items
            } else {
                break
            }
            if !evaluateChild(schema, element, token: String(position)) { ok = false }
            if !ok && !collecting { return false }
        }
        annotations.prefixItems = max(annotations.prefixItems, min(prefix.count, elements.count))
        if items != nil { annotations.allItems = true }
        return ok
    }

    /// `contains` with `minContains` and `maxContains`. Every item is probed,
    /// because `unevaluatedItems` needs to know all those that match.
    mutating func applyContains(
        _ schema: Int, minimum: Int, maximum: Int?, _ node: Int, _ instance: JSONNode, _ annotations: inout Annotations
    ) -> Bool {
        guard case .array(let elements) = instance.value else { return true }
        var matching: Set<Int> = []
        for (position, element) in elements.enumerated() {
            instancePath.append(String(position))
            let (passed, _) = atNewLocation { $0.probe(schema, element) }
            instancePath.removeLast()
            if passed { matching.insert(position) }
        }
        annotations.containsItems.formUnion(matching)
        if matching.count < minimum {
            report(node, minimum == 1 && maximum == nil ? "contains" : "minContains", instance) { [program] subject in
                minimum == 1
                    ? "\(subject) must contain an item matching the schema at \(program.nodes[schema].location)"
                    : "\(subject) must contain at least \(minimum) matching items, found \(matching.count)"
            }
            return false
        }
        if let maximum, matching.count > maximum {
            report(node, "maxContains", instance) { "\($0) must contain at most \(maximum) matching items, found \(matching.count)" }
            return false
        }
        return true
    }

    /// Items that neither `prefixItems`, `items` nor `contains` evaluated
    /// (here or in a schema applied in place) go to `schema`.
    mutating func applyUnevaluatedItems(_ schema: Int, _ instance: JSONNode, _ annotations: inout Annotations) -> Bool {
        guard case .array(let elements) = instance.value, !annotations.allItems else { return true }
        var ok = true
        for (position, element) in elements.enumerated()
        where position >= annotations.prefixItems && !annotations.containsItems.contains(position) {
            if !evaluateChild(schema, element, token: String(position)) { ok = false }
            if !ok && !collecting { return false }
        }
        if ok { annotations.allItems = true }
        return ok
    }
}
