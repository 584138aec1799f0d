/// Keywords on objects: the property counts, `required`, `dependentRequired`,
/// and the applicators that evaluate members (`properties` with
/// `patternProperties` and `additionalProperties`, `propertyNames`,
/// `dependentSchemas`, `unevaluatedProperties`). Other types pass.
extension SchemaEvaluator {
    mutating func checkMaxProperties(_ limit: Int, _ node: Int, _ instance: JSONNode) -> Bool {
        guard case .object(let object) = instance.value, object.count > limit else { return true }
        report(node, "maxProperties", instance) { "\($0) must have at most \(limit) properties, found \(object.count)" }
        return false
    }

    mutating func checkMinProperties(_ limit: Int, _ node: Int, _ instance: JSONNode) -> Bool {
        guard case .object(let object) = instance.value, object.count < limit else { return true }
        report(node, "minProperties", instance) { "\($0) must have at least \(limit) properties, found \(object.count)" }
        return false
    }

    mutating func checkRequired(_ names: [String], _ node: Int, _ instance: JSONNode) -> Bool {
        guard case .object(let object) = instance.value else { return true }
        let missing = names.filter { object[$0] == nil }
        if missing.isEmpty { return true }
        report(node, "required", instance) { subject in
            "\(subject) is missing required \(missing.count == 1 ? "property" : "properties") \(missing.map { "`\($0)`" }.joined(separator: ", "))"
        }
        return false
    }

    mutating func checkDependentRequired(_ pairs: [(String, [String])], _ node: Int, _ instance: JSONNode) -> Bool {
        guard case .object(let object) = instance.value else { return true }
        var ok = true
        for (trigger, names) in pairs where object[trigger] != nil {
            let missing = names.filter { object[$0] == nil }
            if !missing.isEmpty {
                report(node, "dependentRequired", instance) {
                    "\($0) has `\(trigger)`, so it also needs \(missing.map { "`\($0)`" }.joined(separator: ", "))"
                }
                ok = false
            }
        }
        return ok
    }

    /// `properties`, `patternProperties` and `additionalProperties` together,
    /// because a member is additional only when neither of the others matched it.
    mutating func applyProperties(
        _ properties: [String: Int], patterns: [(CompiledPattern, Int)], additional: Int?, _ instance: JSONNode,
        _ annotations: inout Annotations
    ) -> Bool {
        guard case .object(let object) = instance.value else { return true }
        var ok = true
        for member in object.members {
            var matched = false
            if let schema = properties[member.key] {
                matched = true
                if !evaluateChild(schema, member.value, token: member.key) { ok = false }
            }
            for (pattern, schema) in patterns where pattern.matches(member.key) {
                matched = true
                if !evaluateChild(schema, member.value, token: member.key) { ok = false }
            }
            if !matched, let additional {
                if nodes[additional].always == false {
                    reportUnknownProperty(member, schema: additional, known: { _ in properties.keys.sorted() }, listKnown: true)
                    ok = false
                } else if !evaluateChild(additional, member.value, token: member.key) {
                    ok = false
                }
                matched = true
            }
            // Property names are only needed by unevaluatedProperties.
            if matched && program.usesUnevaluated { annotations.properties.insert(member.key) }
            if !ok && !collecting { return false }
        }
        return ok
    }

    /// Evaluates each member's name as a string instance at the member's key.
    mutating func applyPropertyNames(_ schema: Int, _ instance: JSONNode) -> Bool {
        guard case .object(let object) = instance.value else { return true }
        var ok = true
        for member in object.members {
            let name = JSONNode(.string(member.key), at: member.keyLocation)
            instancePath.append(member.key)
            let saved = errors.count
            let (passed, _) = atNewLocation { $0.evaluate(schema, name) }
            instancePath.removeLast()
            if !passed {
                ok = false
                // Say it is the name that is wrong, not the value. (Errors are
                // only added while collecting, so while probing this loop is empty.)
                for position in saved..<errors.count {
                    errors[position].message = "property name `\(member.key)` in \(subject) is not allowed: " + errors[position].message
                }
                if !collecting { return false }
            }
        }
        return ok
    }

    mutating func applyDependentSchemas(_ pairs: [(String, Int)], _ instance: JSONNode, _ annotations: inout Annotations) -> Bool {
        guard case .object(let object) = instance.value else { return true }
        var ok = true
        for (trigger, schema) in pairs where object[trigger] != nil {
            let (passed, found) = evaluate(schema, instance)
            if passed { annotations.merge(found) } else { ok = false }
        }
        return ok
    }

    /// Members that no `properties`, `patternProperties` or
    /// `additionalProperties` evaluated (here or in a schema applied in place)
    /// go to `schema`.
    mutating func applyUnevaluatedProperties(_ schema: Int, _ node: Int, _ instance: JSONNode, _ annotations: inout Annotations) -> Bool {
        guard case .object(let object) = instance.value, !annotations.allProperties else { return true }
        var ok = true
        for member in object.members where !annotations.properties.contains(member.key) {
            if nodes[schema].always == false {
                reportUnknownProperty(member, schema: schema, known: { $0.knownProperties(of: node) }, listKnown: false)
                ok = false
            } else if !evaluateChild(schema, member.value, token: member.key) {
                ok = false
            }
            if ok { annotations.properties.insert(member.key) }
            if !ok && !collecting { return false }
        }
        return ok
    }
}
