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
    /// `program.nodes`, held here so that reading a node is a plain array read:
    /// through the class, every read was checked for exclusive access.
    let nodes: [SchemaNode]
    let maxErrors: Int
    var errors: [SchemaViolation] = []
    /// Whether failures are being recorded: false while probing `if`, `anyOf`,
    /// `oneOf`, `not` and `contains` branches, where only pass or fail is wanted,
    /// so evaluation also stops at the first failure.
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
    /// Schemas evaluated so far, counted against `SchemaLimits.maxSteps`.
    var steps = 0
    /// Set when the work or depth limit is passed: from then on every schema
    /// fails at once, so the run unwinds quickly, and this one problem is its result.
    var stopped: SchemaViolation?

    init(program: SchemaProgram, maxErrors: Int) {
        self.program = program
        nodes = program.nodes
        self.maxErrors = maxErrors
    }

    /// Whether a failure reported now is kept: not while probing branches,
    /// and not once `maxErrors` are kept.
    var keepsFailures: Bool { collecting && errors.count < maxErrors }

    /// Records that `keyword` of `node` failed for `instance`. `message` builds
    /// the words from the subject (`` `colors.fg` ``) and is called only when the
    /// failure is kept: most failures happen while probing `if`, `anyOf` and
    /// `oneOf` branches, where none is. With `ownWords`, a schema that says what
    /// it expects (`x-livery-message`) is quoted instead of `message`.
    mutating func report(
        _ node: Int, _ keyword: String, _ instance: JSONNode, ownWords: Bool = false, _ message: (_ subject: String) -> String
    ) {
        guard keepsFailures else { return }
        let text = (ownWords ? explained(node, instance) : nil) ?? message(subject)
        report(node, keyword, at: instance.location, text)
    }

    /// Reports at a place other than the instance's own, such as an object key.
    mutating func report(_ node: Int, _ keyword: String, at place: JSONLocation, _ message: String) {
        guard keepsFailures else { return }
        let location = nodes[node].location
        errors.append(
            SchemaViolation(
                instancePointer: JSONPointer(tokens: instancePath),
                keywordLocation: location + "/" + keyword,
                location: place,
                message: message
            ))
    }

    // MARK: Evaluation

    mutating func evaluate(_ index: Int, _ instance: JSONNode) -> (Bool, Annotations) {
        // The node's fields are read where they are, not copied out as one
        // `SchemaNode`, and keywords are passed by position: copying a node and
        // each keyword's payload retained and released all of them at every
        // node evaluated (about a tenth of `schema check`'s CPU time, 2026-11-25).
        guard stopped == nil else { return (false, Annotations()) }
        steps += 1
        if steps > SchemaLimits.maxSteps || active.count >= SchemaLimits.maxDepth {
            stop(at: index, instance)
            return (false, Annotations())
        }
        if let always = nodes[index].always {
            if !always { report(index, "", instance) { "\($0) is not allowed here" } }
            // A boolean schema evaluates nothing, so it produces no annotations.
            return (always, Annotations())
        }
        guard !active[activeBase...].contains(index) else {
            report(index, "$ref", instance) { "the schema refers to itself without consuming \($0) (an infinite $ref loop)" }
            return (false, Annotations())
        }
        active.append(index)
        defer { active.removeLast() }
        let enteredScope = scope.last != nodes[index].resource
        if enteredScope { scope.append(nodes[index].resource) }
        defer { if enteredScope { scope.removeLast() } }

        var valid = true
        var annotations = Annotations()
        let keywords = nodes[index].keywords
        for position in keywords.indices {
            let ok = evaluate(keywords[position], of: index, instance, &annotations)
            if !ok {
                valid = false
                if !collecting { return (false, Annotations()) }
            }
        }
        return (valid, valid ? annotations : Annotations())
    }

    /// Records why the run stops: the limit passed, at the instance value and schema where it was.
    mutating func stop(at index: Int, _ instance: JSONNode) {
        let message =
            steps > SchemaLimits.maxSteps
            ? "checking \(subject) against the schema takes more than \(SchemaLimits.maxSteps) steps, the most livery takes for one document: the schema's applicators (allOf, anyOf, oneOf, $ref) multiply; simplify them"
            : "checking \(subject) against the schema nests schemas more than \(SchemaLimits.maxDepth) deep, the most livery follows: the schema's $refs chain too far"
        stopped = SchemaViolation(
            instancePointer: JSONPointer(tokens: instancePath),
            keywordLocation: nodes[index].location,
            location: instance.location,
            message: message
        )
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

    /// Evaluates one keyword; each has its own function, grouped by what it
    /// looks at in the files beside this one.
    mutating func evaluate(_ keyword: Keyword, of node: Int, _ instance: JSONNode, _ annotations: inout Annotations) -> Bool {
        switch keyword {
        case .type(let types): checkType(types, node, instance)
        case .enumeration(let values): checkEnum(values, node, instance)
        case .constant(let value): checkConst(value, node, instance)
        case .format(let name): checkFormat(name, node, instance)

        case .multipleOf(let divisor): checkMultipleOf(divisor, node, instance)
        case .maximum(let limit): checkLimit(limit, node, instance, "maximum", "at most") { $0 <= 0 }
        case .exclusiveMaximum(let limit): checkLimit(limit, node, instance, "exclusiveMaximum", "less than") { $0 < 0 }
        case .minimum(let limit): checkLimit(limit, node, instance, "minimum", "at least") { $0 >= 0 }
        case .exclusiveMinimum(let limit): checkLimit(limit, node, instance, "exclusiveMinimum", "greater than") { $0 > 0 }

        case .maxLength(let limit): checkMaxLength(limit, node, instance)
        case .minLength(let limit): checkMinLength(limit, node, instance)
        case .pattern(let pattern): checkPattern(pattern, node, instance)

        case .maxItems(let limit): checkMaxItems(limit, node, instance)
        case .minItems(let limit): checkMinItems(limit, node, instance)
        case .uniqueItems: checkUniqueItems(node, instance)
        case .arrayApplicator(let prefix, let items): applyItems(prefix: prefix, items: items, instance, &annotations)
        case .contains(let schema, let minimum, let maximum):
            applyContains(schema, minimum: minimum, maximum: maximum, node, instance, &annotations)
        case .unevaluatedItems(let schema): applyUnevaluatedItems(schema, instance, &annotations)

        case .maxProperties(let limit): checkMaxProperties(limit, node, instance)
        case .minProperties(let limit): checkMinProperties(limit, node, instance)
        case .required(let names): checkRequired(names, node, instance)
        case .dependentRequired(let pairs): checkDependentRequired(pairs, node, instance)
        case .objectApplicator(let properties, let patterns, let additional):
            applyProperties(properties, patterns: patterns, additional: additional, instance, &annotations)
        case .propertyNames(let schema): applyPropertyNames(schema, instance)
        case .dependentSchemas(let pairs): applyDependentSchemas(pairs, instance, &annotations)
        case .unevaluatedProperties(let schema): applyUnevaluatedProperties(schema, node, instance, &annotations)

        case .ref(let target): applyInPlace(target, instance, &annotations)
        case .dynamicRef(let target, let anchor): applyDynamicRef(target, anchor: anchor, instance, &annotations)
        case .allOf(let branches): applyAllOf(branches, instance, &annotations)
        case .anyOf(let branches): applyAnyOf(branches, node, instance, &annotations)
        case .oneOf(let branches): applyOneOf(branches, node, instance, &annotations)
        case .not(let branch): applyNot(branch, node, instance)
        case .conditional(let condition, let then, let otherwise):
            applyConditional(condition, then: then, else: otherwise, instance, &annotations)
        }
    }
}
