/// What a schema evaluation learned about which parts of the instance were looked
/// at, for `unevaluatedProperties` and `unevaluatedItems`.
struct Annotations {
    var properties: Set<String> = []
    var allProperties = false
    /// Items `0..<prefixItems` were evaluated.
    var prefixItems = 0
    var allItems = false
    var containsItems: Set<Int> = []

    mutating func merge(_ other: Annotations) {
        properties.formUnion(other.properties)
        allProperties = allProperties || other.allProperties
        prefixItems = max(prefixItems, other.prefixItems)
        allItems = allItems || other.allItems
        containsItems.formUnion(other.containsItems)
    }
}

/// One validation run over one instance.
struct SchemaEvaluator {
    let program: SchemaProgram
    let maxErrors: Int
    var errors: [SchemaViolation] = []
    /// Whether failures are being recorded (false while probing anyOf/oneOf/not branches).
    var collecting = true
    /// The schema resources entered, outermost first: the dynamic scope.
    var scope: [String] = []
    /// Nodes being evaluated, to stop `$ref` loops: those from `activeBase` on
    /// are at the current instance location. A flat stack scanned from its base,
    /// because only a few nodes (a chain of `$ref`s and `allOf`s) are ever active
    /// at one location, and a set per location cost more than the scan.
    var active: [Int] = []
    var activeBase = 0
    var instancePath: [String] = []

    init(program: SchemaProgram, maxErrors: Int) {
        self.program = program
        self.maxErrors = maxErrors
    }

    /// Call sites check `collecting` first, so that a message is built only
    /// when it is kept: most failures happen while probing `if`, `anyOf` and
    /// `oneOf` branches, where it never is.
    mutating func report(_ node: Int, _ keyword: String, _ instance: JSONNode, _ message: String) {
        report(node, keyword, at: instance.location, message)
    }

    /// Reports at a place other than the instance's own, such as an object key.
    mutating func report(_ node: Int, _ keyword: String, at place: JSONLocation, _ message: String) {
        guard collecting, errors.count < maxErrors else { return }
        let location = program.nodes[node].location
        errors.append(SchemaViolation(
            instancePointer: JSONPointer(tokens: instancePath),
            keywordLocation: location + (location.hasSuffix("#") ? "/" : "/") + keyword,
            location: place,
            message: message
        ))
    }

    var subject: String {
        instancePath.isEmpty ? "the document" : "`" + instancePath.joined(separator: ".") + "`"
    }

    // MARK: Evaluation

    mutating func evaluate(_ index: Int, _ instance: JSONNode) -> (Bool, Annotations) {
        let node = program.nodes[index]
        if let always = node.always {
            if !always { report(index, "", instance, "\(subject) is not allowed here") }
            // A boolean schema evaluates nothing, so it produces no annotations.
            return (always, Annotations())
        }
        guard !active[activeBase...].contains(index) else {
            if collecting { report(index, "$ref", instance, "the schema refers to itself without consuming \(subject) (an infinite $ref loop)") }
            return (false, Annotations())
        }
        active.append(index)
        defer { active.removeLast() }
        let enteredScope = scope.last != node.resource
        if enteredScope { scope.append(node.resource) }
        defer { if enteredScope { scope.removeLast() } }

        var valid = true
        var annotations = Annotations()
        for keyword in node.keywords {
            let ok = evaluate(keyword, of: index, instance, &annotations)
            if !ok {
                valid = false
                if !collecting { return (false, Annotations()) }
            }
        }
        return (valid, valid ? annotations : Annotations())
    }

    /// Evaluates `index` against a child of the current instance.
    mutating func evaluateChild(_ index: Int, _ instance: JSONNode, token: String) -> Bool {
        instancePath.append(token)
        let (ok, _) = atNewLocation { $0.evaluate(index, instance) }
        instancePath.removeLast()
        return ok
    }

    /// Runs `body` at a child instance location, where no node is active yet.
    mutating func atNewLocation<T>(_ body: (inout SchemaEvaluator) -> T) -> T {
        let savedBase = activeBase
        activeBase = active.count
        defer { activeBase = savedBase }
        return body(&self)
    }

    /// Evaluates without recording errors: for anyOf/oneOf/not/if branches.
    mutating func probe(_ index: Int, _ instance: JSONNode) -> (Bool, Annotations) {
        let saved = collecting
        collecting = false
        defer { collecting = saved }
        return evaluate(index, instance)
    }

    /// Evaluates a branch and returns its errors without keeping them.
    mutating func branchErrors(_ index: Int, _ instance: JSONNode) -> [SchemaViolation] {
        let saved = errors
        errors = []
        let savedCollecting = collecting
        collecting = true
        _ = evaluate(index, instance)
        let found = errors
        errors = saved
        collecting = savedCollecting
        return found
    }

    mutating func evaluate(_ keyword: Keyword, of node: Int, _ instance: JSONNode, _ annotations: inout Annotations) -> Bool {
        switch keyword {
        case .type(let types):
            if types.contains(where: { matches($0, instance.value) }) { return true }
            if collecting {
                let expected = types.map(\.rawValue).joined(separator: " or ")
                report(node, "type", instance, "\(subject) must be \(article(expected)) \(expected), found \(describe(instance.value))")
            }
            return false

        case .enumeration(let values):
            if values.contains(where: { $0 == instance.value }) { return true }
            if collecting {
                let shown = values.prefix(12).map { JSONWriter.compact($0) }.joined(separator: ", ") + (values.count > 12 ? ", …" : "")
                report(node, "enum", instance, explained(node, instance) ?? "\(subject) must be one of \(shown), found \(quote(instance.value))")
            }
            return false

        case .constant(let value):
            if value == instance.value { return true }
            if collecting { report(node, "const", instance, explained(node, instance) ?? "\(subject) must be \(JSONWriter.compact(value)), found \(quote(instance.value))") }
            return false

        case .multipleOf(let divisor):
            guard case .number(let number) = instance.value else { return true }
            let ok: Bool
            if let value = number.exact, let by = divisor.exact {
                ok = value.isMultiple(of: by)
            } else {
                let quotient = number.doubleValue / divisor.doubleValue
                ok = quotient.isFinite ? quotient == quotient.rounded() : true
            }
            if !ok { report(node, "multipleOf", instance, "\(subject) must be a multiple of \(divisor.literal), found \(number.literal)") }
            return ok

        case .maximum(let limit):
            return compare(instance, limit, node, "maximum", "at most") { $0 <= 0 }
        case .exclusiveMaximum(let limit):
            return compare(instance, limit, node, "exclusiveMaximum", "less than") { $0 < 0 }
        case .minimum(let limit):
            return compare(instance, limit, node, "minimum", "at least") { $0 >= 0 }
        case .exclusiveMinimum(let limit):
            return compare(instance, limit, node, "exclusiveMinimum", "greater than") { $0 > 0 }

        case .maxLength(let limit):
            guard case .string(let text) = instance.value else { return true }
            let length = text.unicodeScalars.count
            if length <= limit { return true }
            if collecting { report(node, "maxLength", instance, "\(subject) must be at most \(limit) characters long, found \(length)") }
            return false
        case .minLength(let limit):
            guard case .string(let text) = instance.value else { return true }
            let length = text.unicodeScalars.count
            if length >= limit { return true }
            if collecting { report(node, "minLength", instance, limit == 1 ? "\(subject) must not be empty" : "\(subject) must be at least \(limit) characters long, found \(length)") }
            return false
        case .pattern(let pattern):
            guard case .string(let text) = instance.value else { return true }
            if pattern.matches(text) { return true }
            if collecting { report(node, "pattern", instance, explained(node, instance) ?? "\(subject) must match `\(pattern.source)`, found \(quote(instance.value))") }
            return false

        case .maxItems(let limit):
            guard case .array(let items) = instance.value, items.count > limit else { return true }
            if collecting { report(node, "maxItems", instance, "\(subject) must have at most \(limit) items, found \(items.count)") }
            return false
        case .minItems(let limit):
            guard case .array(let items) = instance.value, items.count < limit else { return true }
            if collecting { report(node, "minItems", instance, "\(subject) must have at least \(limit) items, found \(items.count)") }
            return false
        case .uniqueItems:
            guard case .array(let items) = instance.value else { return true }
            var seen: [JSONValue: Int] = [:]
            for (position, item) in items.enumerated() {
                if let first = seen[item.value] {
                    if collecting { report(node, "uniqueItems", instance, "\(subject) must not repeat items: items \(first) and \(position) are equal") }
                    return false
                }
                seen[item.value] = position
            }
            return true

        case .maxProperties(let limit):
            guard case .object(let object) = instance.value, object.count > limit else { return true }
            if collecting { report(node, "maxProperties", instance, "\(subject) must have at most \(limit) properties, found \(object.count)") }
            return false
        case .minProperties(let limit):
            guard case .object(let object) = instance.value, object.count < limit else { return true }
            if collecting { report(node, "minProperties", instance, "\(subject) must have at least \(limit) properties, found \(object.count)") }
            return false
        case .required(let names):
            guard case .object(let object) = instance.value else { return true }
            let missing = names.filter { object[$0] == nil }
            if missing.isEmpty { return true }
            if collecting { report(node, "required", instance, "\(subject) is missing required \(missing.count == 1 ? "property" : "properties") \(missing.map { "`\($0)`" }.joined(separator: ", "))") }
            return false
        case .dependentRequired(let pairs):
            guard case .object(let object) = instance.value else { return true }
            var ok = true
            for (trigger, names) in pairs where object[trigger] != nil {
                let missing = names.filter { object[$0] == nil }
                if !missing.isEmpty {
                    if collecting { report(node, "dependentRequired", instance, "\(subject) has `\(trigger)`, so it also needs \(missing.map { "`\($0)`" }.joined(separator: ", "))") }
                    ok = false
                }
            }
            return ok

        case .format(let name):
            guard program.formatAssertion, case .string(let text) = instance.value, let ok = SchemaFormats.check(name, text) else { return true }
            if !ok, collecting { report(node, "format", instance, explained(node, instance) ?? "\(subject) must be a valid \(name), found \(quote(instance.value))") }
            return ok

        case .ref(let target):
            let (ok, found) = evaluate(target, instance)
            if ok { annotations.merge(found) }
            return ok
        case .dynamicRef(let target, let anchor):
            var destination = target
            if let anchor {
                // The outermost resource in the dynamic scope with this dynamic anchor wins.
                for resource in scope {
                    if let index = program.dynamicAnchors[resource + "#" + anchor] {
                        destination = index
                        break
                    }
                }
            }
            let (ok, found) = evaluate(destination, instance)
            if ok { annotations.merge(found) }
            return ok

        case .allOf(let branches):
            var ok = true
            for branch in branches {
                let (passed, found) = evaluate(branch, instance)
                if passed { annotations.merge(found) } else { ok = false }
                if !ok && !collecting { return false }
            }
            return ok
        case .anyOf(let branches):
            var ok = false
            for branch in branches {
                let (passed, found) = probe(branch, instance)
                if passed {
                    ok = true
                    annotations.merge(found)
                }
            }
            if !ok { reportBranches(node, "anyOf", branches, instance) }
            return ok
        case .oneOf(let branches):
            var passing: [Int] = []
            var kept = Annotations()
            for (position, branch) in branches.enumerated() {
                let (passed, found) = probe(branch, instance)
                if passed {
                    passing.append(position)
                    kept = found
                }
            }
            if passing.count == 1 {
                annotations.merge(kept)
                return true
            }
            if passing.isEmpty {
                reportBranches(node, "oneOf", branches, instance)
            } else {
                if collecting { report(node, "oneOf", instance, "\(subject) must match exactly one allowed form, but matches \(passing.count) (alternatives \(passing.map(String.init).joined(separator: " and ")))") }
            }
            return false
        case .not(let branch):
            let (passed, _) = probe(branch, instance)
            if passed { report(node, "not", instance, "\(subject) must not match the schema at \(program.nodes[branch].location)") }
            return !passed
        case .conditional(let condition, let then, let otherwise):
            let (passed, found) = probe(condition, instance)
            if passed {
                annotations.merge(found)
                guard let then else { return true }
                let (ok, more) = evaluate(then, instance)
                if ok { annotations.merge(more) }
                return ok
            }
            guard let otherwise else { return true }
            let (ok, more) = evaluate(otherwise, instance)
            if ok { annotations.merge(more) }
            return ok

        case .objectApplicator(let properties, let patterns, let additional):
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
                    if program.nodes[additional].always == false {
                        if collecting { reportUnknownProperty(member, schema: additional, known: properties.keys.sorted(), listKnown: true) }
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
        case .propertyNames(let schema):
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
                    if collecting, errors.count > saved {
                        // Say it is the name that is wrong, not the value.
                        for position in saved..<errors.count {
                            errors[position].message = "property name `\(member.key)` in \(subject) is not allowed: " + errors[position].message
                        }
                    }
                    if !collecting { return false }
                }
            }
            return ok
        case .dependentSchemas(let pairs):
            guard case .object(let object) = instance.value else { return true }
            var ok = true
            for (trigger, schema) in pairs where object[trigger] != nil {
                let (passed, found) = evaluate(schema, instance)
                if passed { annotations.merge(found) } else { ok = false }
            }
            return ok

        case .arrayApplicator(let prefix, let items):
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
        case .contains(let schema, let minimum, let maximum):
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
                report(node, minimum == 1 && maximum == nil ? "contains" : "minContains", instance,
                       minimum == 1 ? "\(subject) must contain an item matching the schema at \(program.nodes[schema].location)"
                           : "\(subject) must contain at least \(minimum) matching items, found \(matching.count)")
                return false
            }
            if let maximum, matching.count > maximum {
                if collecting { report(node, "maxContains", instance, "\(subject) must contain at most \(maximum) matching items, found \(matching.count)") }
                return false
            }
            return true

        case .unevaluatedProperties(let schema):
            guard case .object(let object) = instance.value, !annotations.allProperties else { return true }
            var ok = true
            for member in object.members where !annotations.properties.contains(member.key) {
                if program.nodes[schema].always == false {
                    if collecting { reportUnknownProperty(member, schema: schema, known: knownProperties(of: node), listKnown: false) }
                    ok = false
                } else if !evaluateChild(schema, member.value, token: member.key) {
                    ok = false
                }
                if ok { annotations.properties.insert(member.key) }
                if !ok && !collecting { return false }
            }
            return ok
        case .unevaluatedItems(let schema):
            guard case .array(let elements) = instance.value, !annotations.allItems else { return true }
            var ok = true
            for (position, element) in elements.enumerated() where position >= annotations.prefixItems && !annotations.containsItems.contains(position) {
                if !evaluateChild(schema, element, token: String(position)) { ok = false }
                if !ok && !collecting { return false }
            }
            if ok { annotations.allItems = true }
            return ok
        }
    }

    mutating func compare(_ instance: JSONNode, _ limit: JSONNumber, _ node: Int, _ keyword: String, _ words: String, _ accept: (Int) -> Bool) -> Bool {
        guard case .number(let number) = instance.value else { return true }
        if accept(compareNumbers(number, limit)) { return true }
        if collecting { report(node, keyword, instance, "\(subject) must be \(words) \(limit.literal), found \(number.literal)") }
        return false
    }

    /// Reports a failed anyOf/oneOf by the most relevant alternative: one whose
    /// type matched and that got furthest, rather than every alternative's complaints.
    mutating func reportBranches(_ node: Int, _ keyword: String, _ branches: [Int], _ instance: JSONNode) {
        guard collecting else { return }
        var best: [SchemaViolation]?
        var bestScore = Int.min
        for branch in branches {
            let found = branchErrors(branch, instance)
            if found.isEmpty { continue }
            let typeMismatchHere = found.contains { $0.keywordLocation.hasSuffix("/type") && $0.instancePointer.tokens.count == instancePath.count }
            let depth = found.map(\.instancePointer.tokens.count).max() ?? 0
            let score = (typeMismatchHere ? -1000 : 0) + depth * 10 - found.count
            if score > bestScore {
                bestScore = score
                best = found
            }
        }
        if let best, bestScore > -1000 {
            for violation in best where errors.count < maxErrors { errors.append(violation) }
        } else {
            if collecting { report(node, keyword, instance, "\(subject) matches none of the allowed forms, found \(quote(instance.value))") }
        }
    }

    func matches(_ type: SchemaType, _ value: JSONValue) -> Bool {
        switch (type, value) {
        case (.null, .null), (.boolean, .bool), (.object, .object), (.array, .array), (.string, .string), (.number, .number):
            true
        case (.integer, .number(let number)):
            number.exact?.isInteger ?? (number.doubleValue == number.doubleValue.rounded())
        default:
            false
        }
    }

    func describe(_ value: JSONValue) -> String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .null: "null"
        default: "\(value.typeName) \(quote(value))"
        }
    }

    func quote(_ value: JSONValue) -> String {
        var text = JSONWriter.compact(value)
        if text.count > 80 { text = String(text.prefix(77)) + "…" }
        return "`" + text + "`"
    }

    func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}
