/// Compiles schema documents into a `SchemaProgram`: finds every resource
/// (`$id`), anchor and dynamic anchor first, then compiles nodes on demand,
/// resolving each `$ref` to a node index once.
struct SchemaCompiler {
    struct Location: Hashable {
        var document: String
        var pointer: [String]
        var key: String { document + "#" + JSONPointer(tokens: pointer).description }
    }

    var program = SchemaProgram()
    let resolver: SchemaDocumentResolver?
    let rootDocument: String
    var documents: [String: JSONNode] = [:]
    /// Absolute resource URI → where the resource's schema is.
    var resources: [String: Location] = [:]
    /// `resource#anchor` → location (plain and dynamic anchors).
    var anchors: [String: Location] = [:]
    var dynamicAnchorLocations: [String: Location] = [:]
    /// Location key → (base URI, resource URI) for every schema seen while scanning.
    var bases: [String: (base: URIReference, resource: String)] = [:]
    var compiled: [String: Int] = [:]
    /// Schemas being compiled at once: a `$ref` is compiled where it is met, so a
    /// chain of them recurses, and is cut at `SchemaLimits.maxDepth`.
    var compiling = 0

    /// Keywords whose value is one subschema, an array of them, or a map of them.
    static let singleSubschema: Set<String> = [
        "additionalProperties", "propertyNames", "items", "contains", "not", "if", "then", "else",
        "unevaluatedItems", "unevaluatedProperties", "contentSchema",
    ]
    /// livery's annotation for a person-readable expectation (see `SchemaProgram.messages`).
    static let messageKeyword = "x-livery-message"
    static let arraySubschemas: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
    static let mapSubschemas: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]

    init(root: JSONNode, baseURI: String, options: SchemaOptions, resolver: SchemaDocumentResolver?) throws(SchemaError) {
        self.resolver = resolver
        let base = URIReference(baseURI).withoutFragment
        rootDocument = base.text
        program.formatAssertion = options.formatAssertion
        documents[rootDocument] = root
        try scan(root, at: Location(document: rootDocument, pointer: []), base: base, resource: base.text)
        resources[rootDocument] = resources[rootDocument] ?? Location(document: rootDocument, pointer: [])
        try applyVocabulary(root)
        program.root = try compile(Location(document: rootDocument, pointer: []))
        // Compiling may load documents with dynamic anchors of their own; repeat until none is left.
        while let (name, location) = dynamicAnchorLocations.first(where: { program.dynamicAnchors[$0.key] == nil }) {
            program.dynamicAnchors[name] = try compile(location)
        }
    }

    func fail(_ message: String, _ node: JSONNode?, _ location: Location) -> SchemaError {
        SchemaError(location: node?.location, schemaPointer: JSONPointer(tokens: location.pointer).description, message: message)
    }

    // MARK: Scanning

    mutating func scan(_ node: JSONNode, at location: Location, base: URIReference, resource: String) throws(SchemaError) {
        guard case .object(let object) = node.value else {
            bases[location.key] = (base, resource)
            return
        }
        var base = base
        var resource = resource
        if let id = object["$id"] {
            guard let text = id.value.stringValue else { throw fail("$id must be a string", id, location) }
            let resolved = base.resolving(URIReference(text))
            if let fragment = resolved.fragment, !fragment.isEmpty {
                throw fail("$id must not have a fragment: \(text)", id, location)
            }
            base = resolved.withoutFragment
            resource = base.text
            resources[resource] = location
        }
        bases[location.key] = (base, resource)
        if let anchor = object["$anchor"] {
            guard let name = anchor.value.stringValue, SchemaCompiler.isAnchorName(name) else {
                throw fail("$anchor must be a plain name such as \"node\"", anchor, location)
            }
            anchors[resource + "#" + name] = location
        }
        if let anchor = object["$dynamicAnchor"] {
            guard let name = anchor.value.stringValue, SchemaCompiler.isAnchorName(name) else {
                throw fail("$dynamicAnchor must be a plain name such as \"meta\"", anchor, location)
            }
            anchors[resource + "#" + name] = location
            dynamicAnchorLocations[resource + "#" + name] = location
        }
        for member in object.members {
            let key = member.key
            if SchemaCompiler.singleSubschema.contains(key) {
                try scan(
                    member.value, at: Location(document: location.document, pointer: location.pointer + [key]), base: base,
                    resource: resource)
            } else if SchemaCompiler.arraySubschemas.contains(key), let items = member.value.value.arrayValue {
                for (index, item) in items.enumerated() {
                    try scan(
                        item, at: Location(document: location.document, pointer: location.pointer + [key, String(index)]), base: base,
                        resource: resource)
                }
            } else if SchemaCompiler.mapSubschemas.contains(key), let map = member.value.value.objectValue {
                for entry in map.members {
                    try scan(
                        entry.value, at: Location(document: location.document, pointer: location.pointer + [key, entry.key]), base: base,
                        resource: resource)
                }
            }
        }
    }

    static func isAnchorName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
        }
    }

    /// A custom metaschema (named by `$schema`) may leave out the validation vocabulary.
    mutating func applyVocabulary(_ root: JSONNode) throws(SchemaError) {
        guard let uri = root.value.objectValue?["$schema"]?.value.stringValue,
            !uri.hasPrefix("https://json-schema.org/draft/2020-12/schema"),
            let meta = resolver?(URIReference(uri).withoutFragment.text),
            let vocabulary = meta.value.objectValue?["$vocabulary"]?.value.objectValue
        else { return }
        program.validationVocabulary = vocabulary["https://json-schema.org/draft/2020-12/vocab/validation"] != nil
    }

    // MARK: Resolving references

    func node(at location: Location) -> JSONNode? {
        documents[location.document]?.value(at: JSONPointer(tokens: location.pointer))
    }

    func base(of location: Location) -> (base: URIReference, resource: String) {
        if let known = bases[location.key] { return known }
        // A location reached only through a JSON pointer (e.g. inside an unknown
        // keyword) takes the base of its nearest scanned ancestor.
        var pointer = location.pointer
        while !pointer.isEmpty {
            pointer.removeLast()
            if let known = bases[Location(document: location.document, pointer: pointer).key] { return known }
        }
        return (URIReference(location.document), location.document)
    }

    /// Where a `$ref` written at `from` leads.
    mutating func resolve(_ reference: String, from location: Location, node: JSONNode) throws(SchemaError) -> (Location, URIReference) {
        let target = base(of: location).base.resolving(URIReference(reference))
        let uri = target.withoutFragment.text
        var resourceLocation = resources[uri]
        if resourceLocation == nil {
            if documents[uri] == nil, let fetched = resolver?(uri) {
                documents[uri] = fetched
                try scan(fetched, at: Location(document: uri, pointer: []), base: URIReference(uri), resource: uri)
            }
            if documents[uri] != nil {
                resourceLocation = resources[uri] ?? Location(document: uri, pointer: [])
            }
        }
        guard let resourceLocation else {
            throw fail("$ref '\(reference)' leads nowhere: no schema is known as \(uri)", node, location)
        }
        let fragment = (target.fragment ?? "").percentDecoded
        if fragment.isEmpty { return (resourceLocation, target) }
        if fragment.hasPrefix("/") {
            guard let pointer = JSONPointer(fragment) else {
                throw fail("$ref '\(reference)' has an invalid JSON pointer", node, location)
            }
            let destination = Location(document: resourceLocation.document, pointer: resourceLocation.pointer + pointer.tokens)
            guard self.node(at: destination) != nil else {
                throw fail("$ref '\(reference)' leads nowhere: nothing at \(fragment)", node, location)
            }
            return (destination, target)
        }
        guard let anchored = anchors[uri + "#" + fragment] else {
            throw fail("$ref '\(reference)' leads nowhere: no anchor '\(fragment)' in \(uri)", node, location)
        }
        return (anchored, target)
    }

    // MARK: Compiling

    mutating func compile(_ location: Location) throws(SchemaError) -> Int {
        if let index = compiled[location.key] { return index }
        guard let node = node(at: location) else { throw fail("no schema at this location", nil, location) }
        guard compiling < SchemaLimits.maxDepth else {
            throw fail(
                "schemas nest (inside each other or through $ref) more than \(SchemaLimits.maxDepth) deep, the most livery follows", node,
                location)
        }
        compiling += 1
        defer { compiling -= 1 }
        let index = program.nodes.count
        let (_, resource) = base(of: location)
        let pointerText = "#" + JSONPointer(tokens: location.pointer).description
        let nodeLocation = location.document == rootDocument ? pointerText : location.document + pointerText
        program.nodes.append(SchemaNode(always: nil, keywords: [], resource: resource, location: nodeLocation, raw: nil))
        compiled[location.key] = index
        switch node.value {
        case .bool(let flag):
            program.nodes[index].always = flag
        case .object(let object):
            program.nodes[index].raw = object
            if let message = object[SchemaCompiler.messageKeyword] {
                guard let text = message.value.stringValue, !text.isEmpty else {
                    throw fail("\(SchemaCompiler.messageKeyword) must be a non-empty string", message, location)
                }
                program.messages[index] = text
            }
            program.nodes[index].keywords = try keywords(object, at: location)
        default:
            throw fail("a schema must be an object or a boolean, found \(node.value.typeName)", node, location)
        }
        return index
    }

    mutating func child(_ location: Location, _ tokens: String...) throws(SchemaError) -> Int {
        try compile(Location(document: location.document, pointer: location.pointer + tokens))
    }

    func nonNegative(_ node: JSONNode, _ name: String, _ location: Location) throws(SchemaError) -> Int {
        guard case .number(let number) = node.value, let exact = number.exact, exact.isInteger, !exact.negative || exact.digits.isEmpty
        else {
            throw fail("\(name) must be a non-negative integer", node, location)
        }
        let value = exact.doubleValue
        return value > Double(Int.max / 2) ? Int.max / 2 : Int(value)
    }

    func number(_ node: JSONNode, _ name: String, _ location: Location) throws(SchemaError) -> JSONNumber {
        guard case .number(let number) = node.value else { throw fail("\(name) must be a number", node, location) }
        return number
    }

    func pattern(_ node: JSONNode, _ location: Location) throws(SchemaError) -> CompiledPattern {
        guard let text = node.value.stringValue, let compiled = CompiledPattern(text) else {
            throw fail("invalid regular expression \(node.value.stringValue.map { "'\($0)'" } ?? "")", node, location)
        }
        return compiled
    }

    /// A schema object's keywords in the order they run: references first,
    /// then each member's keyword in the order written, then the property and
    /// item applicators, and the `unevaluated*` keywords last (they need what
    /// every other keyword evaluated).
    mutating func keywords(_ object: JSONObject, at location: Location) throws(SchemaError) -> [Keyword] {
        var list = try references(object, at: location)
        var late: [Keyword] = []
        for member in object.members {
            if program.validationVocabulary, let keyword = try validationKeyword(member.key, member.value, at: location) {
                list.append(keyword)
            } else if member.key == "unevaluatedProperties" || member.key == "unevaluatedItems" {
                program.usesUnevaluated = true
                let schema = try child(location, member.key)
                late.append(member.key == "unevaluatedProperties" ? .unevaluatedProperties(schema) : .unevaluatedItems(schema))
            } else if let keyword = try applicatorKeyword(member.key, member.value, in: object, at: location) {
                list.append(keyword)
            }
        }
        if let keyword = try propertyApplicator(object, at: location) { list.append(keyword) }
        if let keyword = try itemApplicator(object, at: location) { list.append(keyword) }
        return list + late
    }

    /// `$ref` and `$dynamicRef`, resolved and compiled.
    mutating func references(_ object: JSONObject, at location: Location) throws(SchemaError) -> [Keyword] {
        var list: [Keyword] = []
        if let ref = object["$ref"] {
            guard let text = ref.value.stringValue else { throw fail("$ref must be a string", ref, location) }
            let (target, _) = try resolve(text, from: location, node: ref)
            list.append(.ref(try compile(target)))
        }
        if let ref = object["$dynamicRef"] {
            guard let text = ref.value.stringValue else { throw fail("$dynamicRef must be a string", ref, location) }
            let (target, uri) = try resolve(text, from: location, node: ref)
            var anchor: String?
            if let fragment = uri.fragment, !fragment.isEmpty, !fragment.hasPrefix("/"),
                dynamicAnchorLocations[uri.withoutFragment.text + "#" + fragment] != nil
            {
                anchor = fragment
            }
            list.append(.dynamicRef(try compile(target), anchor: anchor))
        }
        return list
    }

    /// A keyword of the validation vocabulary, or nil for any other member
    /// (and for `uniqueItems: false`, which asks for nothing).
    mutating func validationKeyword(_ key: String, _ node: JSONNode, at location: Location) throws(SchemaError) -> Keyword? {
        switch key {
        case "type":
            let names = node.value.stringValue.map { [$0] } ?? node.value.arrayValue?.compactMap { $0.value.stringValue }
            guard let names, !names.isEmpty || node.value.arrayValue != nil else {
                throw fail("type must be a type name or an array of them", node, location)
            }
            var types: [SchemaType] = []
            for name in names {
                guard let type = SchemaType(rawValue: name) else { throw fail("unknown type '\(name)'", node, location) }
                types.append(type)
            }
            return .type(types)
        case "enum":
            guard let items = node.value.arrayValue else { throw fail("enum must be an array", node, location) }
            return .enumeration(items.map(\.value))
        case "const": return .constant(node.value)
        case "multipleOf":
            let divisor = try number(node, key, location)
            guard compareNumbers(divisor, JSONNumber(0)) > 0 else { throw fail("multipleOf must be greater than 0", node, location) }
            return .multipleOf(divisor)
        case "maximum": return .maximum(try number(node, key, location))
        case "exclusiveMaximum": return .exclusiveMaximum(try number(node, key, location))
        case "minimum": return .minimum(try number(node, key, location))
        case "exclusiveMinimum": return .exclusiveMinimum(try number(node, key, location))
        case "maxLength": return .maxLength(try nonNegative(node, key, location))
        case "minLength": return .minLength(try nonNegative(node, key, location))
        case "pattern": return .pattern(try pattern(node, Location(document: location.document, pointer: location.pointer + [key])))
        case "maxItems": return .maxItems(try nonNegative(node, key, location))
        case "minItems": return .minItems(try nonNegative(node, key, location))
        case "uniqueItems": return node.value.boolValue == true ? .uniqueItems : nil
        case "maxProperties": return .maxProperties(try nonNegative(node, key, location))
        case "minProperties": return .minProperties(try nonNegative(node, key, location))
        case "required":
            guard let names = node.value.arrayValue?.compactMap({ $0.value.stringValue }) else {
                throw fail("required must be an array of strings", node, location)
            }
            return .required(names)
        case "dependentRequired":
            guard let map = node.value.objectValue else { throw fail("dependentRequired must be an object", node, location) }
            return .dependentRequired(map.members.map { ($0.key, $0.value.value.arrayValue?.compactMap { $0.value.stringValue } ?? []) })
        default: return nil
        }
    }

    /// An applicator (or `format`), its subschemas compiled; nil for any other
    /// member. `object` is the schema the member is in: `if` reads its `then`
    /// and `else`, `contains` its `minContains` and `maxContains`.
    mutating func applicatorKeyword(_ key: String, _ node: JSONNode, in object: JSONObject, at location: Location) throws(SchemaError)
        -> Keyword?
    {
        switch key {
        case "format":
            return node.value.stringValue.map { .format($0) }
        case "allOf", "anyOf", "oneOf":
            guard let items = node.value.arrayValue, !items.isEmpty else {
                throw fail("\(key) must be a non-empty array of schemas", node, location)
            }
            var indices: [Int] = []
            for index in items.indices { indices.append(try child(location, key, String(index))) }
            return key == "allOf" ? .allOf(indices) : key == "anyOf" ? .anyOf(indices) : .oneOf(indices)
        case "not":
            return .not(try child(location, key))
        case "if":
            let then = object["then"] == nil ? nil : try child(location, "then")
            let otherwise = object["else"] == nil ? nil : try child(location, "else")
            return .conditional(if: try child(location, "if"), then: then, else: otherwise)
        case "propertyNames":
            return .propertyNames(try child(location, key))
        case "dependentSchemas":
            guard let map = node.value.objectValue else { throw fail("dependentSchemas must be an object", node, location) }
            var pairs: [(String, Int)] = []
            for entry in map.members { pairs.append((entry.key, try child(location, key, entry.key))) }
            return .dependentSchemas(pairs)
        case "contains":
            let validation = program.validationVocabulary
            let minimum = try object["minContains"].map { (n) throws(SchemaError) in try nonNegative(n, "minContains", location) } ?? 1
            let maximum = try object["maxContains"].map { (n) throws(SchemaError) in try nonNegative(n, "maxContains", location) }
            return .contains(try child(location, key), min: validation ? minimum : 1, max: validation ? maximum : nil)
        default:
            return nil
        }
    }

    /// `properties`, `patternProperties` and `additionalProperties` as one
    /// keyword (additional means "matched by neither of the others").
    mutating func propertyApplicator(_ object: JSONObject, at location: Location) throws(SchemaError) -> Keyword? {
        guard object["properties"] != nil || object["patternProperties"] != nil || object["additionalProperties"] != nil else { return nil }
        var properties: [String: Int] = [:]
        if let node = object["properties"] {
            guard let map = node.value.objectValue else { throw fail("properties must be an object", node, location) }
            for entry in map.members { properties[entry.key] = try child(location, "properties", entry.key) }
        }
        var patterns: [(CompiledPattern, Int)] = []
        if let node = object["patternProperties"] {
            guard let map = node.value.objectValue else { throw fail("patternProperties must be an object", node, location) }
            let here = Location(document: location.document, pointer: location.pointer + ["patternProperties"])
            for entry in map.members {
                let compiledPattern = try pattern(JSONNode(.string(entry.key), at: entry.keyLocation), here)
                patterns.append((compiledPattern, try child(location, "patternProperties", entry.key)))
            }
        }
        let additional = object["additionalProperties"] == nil ? nil : try child(location, "additionalProperties")
        return .objectApplicator(properties: properties, patterns: patterns, additional: additional)
    }

    /// `prefixItems` and `items` as one keyword (items means "after the prefix").
    mutating func itemApplicator(_ object: JSONObject, at location: Location) throws(SchemaError) -> Keyword? {
        guard object["prefixItems"] != nil || object["items"] != nil else { return nil }
        var prefix: [Int] = []
        if let node = object["prefixItems"] {
            guard let items = node.value.arrayValue else { throw fail("prefixItems must be an array of schemas", node, location) }
            for index in items.indices { prefix.append(try child(location, "prefixItems", String(index))) }
        }
        let items = object["items"] == nil ? nil : try child(location, "items")
        return .arrayApplicator(prefix: prefix, items: items)
    }
}
