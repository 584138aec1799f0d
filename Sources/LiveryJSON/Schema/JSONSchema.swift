/// A JSON Schema (draft 2020-12), compiled once and reused for every instance.
/// Compiling resolves every `$ref` to a node, compiles every pattern, and
/// checks the schema's own shape; validating walks the compiled nodes only.
public struct JSONSchema: Sendable {
    let program: SchemaProgram

    /// The default base URI of a schema without `$id`.
    public static let defaultBaseURI = "https://livery.invalid/schema.json"

    /// Compiles `root`. `resolver` supplies other documents that `$ref`s name;
    /// the 2020-12 metaschema is built in.
    public init(
        compiling root: JSONNode, baseURI: String = JSONSchema.defaultBaseURI,
        options: SchemaOptions = SchemaOptions(), resolver: SchemaDocumentResolver? = nil
    ) throws(SchemaError) {
        let combined: SchemaDocumentResolver = { uri in
            if let document = resolver?(uri) { return document }
            return MetaSchema.document(for: uri)
        }
        let compiler = try SchemaCompiler(root: root, baseURI: baseURI, options: options, resolver: combined)
        program = compiler.program
    }

    /// Every way `instance` breaks the schema (at most `maxErrors`).
    public func validate(_ instance: JSONNode, maxErrors: Int = 1000) -> [SchemaViolation] {
        var evaluator = SchemaEvaluator(program: program, maxErrors: maxErrors)
        _ = evaluator.evaluate(program.root, instance)
        // Past a limit, other failures may only be schemas cut short: the limit is the one problem.
        if let stopped = evaluator.stopped { return [stopped] }
        return evaluator.errors
    }

    /// Whether `instance` is valid, stopping at the first failure.
    public func isValid(_ instance: JSONNode) -> Bool {
        var evaluator = SchemaEvaluator(program: program, maxErrors: 0)
        evaluator.collecting = false
        return evaluator.evaluate(program.root, instance).0
    }

    /// The values of `keyword` (any keyword, including unknown ones such as
    /// livery's `x-livery-merge`) on every schema that can apply to the instance
    /// location `tokens`, found statically by following properties,
    /// patternProperties, additionalProperties, prefixItems, items, $ref,
    /// $dynamicRef (to its static target), allOf, anyOf, oneOf and if/then/else.
    public func keywordValues(_ keyword: String, atInstancePath tokens: [String]) -> [JSONValue] {
        var found: [JSONValue] = []
        walkSchemas(along: tokens, applies: nil) { node, depth in
            if depth == tokens.count, let value = node.raw?[keyword]?.value { found.append(value) }
        }
        return found
    }

    /// The values of `keyword` on the schemas that apply to each value along
    /// `tokens` in `instance`, the root's first (`result[0]`) and those of the
    /// value at `tokens` last: as ``keywordValues(_:atInstancePath:)``, but a
    /// branch of `anyOf`/`oneOf` counts only when the value there is valid
    /// against it, and of `if` only `then` or `else`, as the value decides, so
    /// an annotation can depend on the kind of value (a string flag or a
    /// number flag). Empty when `tokens` leaves the instance.
    public func annotations(_ keyword: String, along tokens: [String], in instance: JSONNode) -> [[JSONValue]] {
        var values: [JSONNode] = [instance]
        for token in tokens {
            guard let last = values.last else { return [] }
            switch last.value {
            case .object(let object):
                guard let child = object[token] else { return [] }
                values.append(child)
            case .array(let items):
                guard let position = Int(token), items.indices.contains(position) else { return [] }
                values.append(items[position])
            default:
                return []
            }
        }
        func isValid(_ node: Int, _ depth: Int) -> Bool {
            var evaluator = SchemaEvaluator(program: program, maxErrors: 0)
            evaluator.collecting = false
            return evaluator.evaluate(node, values[depth]).0
        }
        var found = Array(repeating: [JSONValue](), count: tokens.count + 1)
        walkSchemas(along: tokens, applies: isValid) { node, depth in
            if let value = node.raw?[keyword]?.value { found[depth].append(value) }
        }
        return found
    }

    /// Calls `visit` once for each schema that can apply at each depth along `tokens`, from the
    /// root (depth 0) to the value at `tokens` (depth `tokens.count`), following $ref, $dynamicRef
    /// (to its static target), allOf, anyOf, oneOf, if/then/else and the object and array
    /// applicators. With `applies` (is the value at a depth valid against a schema?), a branch of
    /// anyOf/oneOf is followed only when it holds and of `if` only `then` or `else`, as it decides;
    /// without it, every branch is followed: the schemas that can apply, whatever the value.
    private func walkSchemas(along tokens: [String], applies: ((Int, Int) -> Bool)?, visit: (SchemaNode, Int) -> Void) {
        var seen: Set<[Int]> = []
        var frontier: [(node: Int, depth: Int)] = [(program.root, 0)]
        while let (index, depth) = frontier.popLast() {
            guard seen.insert([index, depth]).inserted else { continue }
            let node = program.nodes[index]
            visit(node, depth)
            for key in node.keywords {
                switch key {
                case .ref(let target), .dynamicRef(let target, _):
                    frontier.append((target, depth))
                case .allOf(let branches):
                    frontier += branches.map { ($0, depth) }
                case .anyOf(let branches), .oneOf(let branches):
                    frontier += branches.filter { applies?($0, depth) ?? true }.map { ($0, depth) }
                case .conditional(let condition, let then, let otherwise):
                    if let applies {
                        if let next = applies(condition, depth) ? then : otherwise { frontier.append((next, depth)) }
                    } else {
                        frontier += [condition, then, otherwise].compactMap { $0 }.map { ($0, depth) }
                    }
                case .objectApplicator(let properties, let patterns, let additional) where depth < tokens.count:
                    let name = tokens[depth]
                    var matched = false
                    if let schema = properties[name] {
                        frontier.append((schema, depth + 1))
                        matched = true
                    }
                    for (pattern, schema) in patterns where pattern.matches(name) {
                        frontier.append((schema, depth + 1))
                        matched = true
                    }
                    if !matched, let additional { frontier.append((additional, depth + 1)) }
                case .arrayApplicator(let prefix, let items) where depth < tokens.count:
                    if let position = Int(tokens[depth]) {
                        if position < prefix.count {
                            frontier.append((prefix[position], depth + 1))
                        } else if let items {
                            frontier.append((items, depth + 1))
                        }
                    }
                default:
                    break
                }
            }
        }
    }
}
