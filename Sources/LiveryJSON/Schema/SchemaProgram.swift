/// JSON types as JSON Schema names them.
enum SchemaType: String, CaseIterable {
    case null, boolean, object, array, number, string, integer
}

/// One compiled keyword. Subschemas are indices into `SchemaProgram.nodes`.
/// Indirect, so that evaluation copies a keyword with one retain of its box
/// rather than one per array, dictionary and string in its payload.
indirect enum Keyword {
    case type([SchemaType])
    case enumeration([JSONValue])
    case constant(JSONValue)
    case multipleOf(JSONNumber)
    case maximum(JSONNumber)
    case exclusiveMaximum(JSONNumber)
    case minimum(JSONNumber)
    case exclusiveMinimum(JSONNumber)
    case maxLength(Int)
    case minLength(Int)
    case pattern(CompiledPattern)
    case maxItems(Int)
    case minItems(Int)
    case uniqueItems
    case maxProperties(Int)
    case minProperties(Int)
    case required([String])
    case dependentRequired([(String, [String])])
    case format(String)
    case ref(Int)
    /// Statically resolved target, and the anchor name when the reference is dynamic.
    case dynamicRef(Int, anchor: String?)
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)
    case conditional(if: Int, then: Int?, else: Int?)
    /// properties, patternProperties and additionalProperties, evaluated together
    /// because additionalProperties depends on the other two.
    case objectApplicator(properties: [String: Int], patterns: [(CompiledPattern, Int)], additional: Int?)
    case propertyNames(Int)
    case dependentSchemas([(String, Int)])
    /// prefixItems and items, evaluated together for the same reason.
    case arrayApplicator(prefix: [Int], items: Int?)
    case contains(Int, min: Int, max: Int?)
    case unevaluatedProperties(Int)
    case unevaluatedItems(Int)
}

/// A compiled schema object or boolean.
struct SchemaNode {
    /// For boolean schemas.
    var always: Bool?
    var keywords: [Keyword] = []
    /// Absolute URI of the schema resource this node belongs to (its dynamic scope entry).
    var resource: String
    /// Where this node is, for keyword locations: `#/properties/a` (prefixed by the
    /// document URI when it is not the root document).
    var location: String
    /// The raw object, for reading livery's own keywords (such as `x-livery-merge`).
    var raw: JSONObject?
}

/// A schema compiled into an array of nodes with references resolved to indices.
/// A value: the compiler builds it, and once built every copy is read only, so
/// threads share it as they share any `Sendable` value.
struct SchemaProgram: Sendable {
    var nodes: [SchemaNode] = []
    var root = 0
    /// `resource#name` → node, for `$dynamicAnchor`s.
    var dynamicAnchors: [String: Int] = [:]
    var formatAssertion = false
    /// Whether the validation vocabulary is in force (a custom metaschema can turn it off).
    var validationVocabulary = true
    /// Whether any schema uses `unevaluatedProperties` or `unevaluatedItems`:
    /// only then are evaluated property names collected.
    var usesUnevaluated = false
    /// Node → its schema's `x-livery-message`: what a value of this kind should
    /// look like, said instead of the raw pattern, format or list when one
    /// fails. Kept apart from the nodes, which evaluation copies often.
    var messages: [Int: String] = [:]
}
