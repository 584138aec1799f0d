/// The JSON Schema 2020-12 metaschema, as livery states it, so a schema can
/// `$ref` it without any network access. It checks the shape of every keyword
/// livery evaluates and lets other keywords through.
enum MetaSchema {
    static let uri = "https://json-schema.org/draft/2020-12/schema"

    static func document(for uri: String) -> JSONNode? {
        if uri == MetaSchema.uri {
            return try? JSONReader.parse(Array(text.utf8), file: "metaschema")
        }
        // The vocabulary metaschemas: accepted as known, checking nothing more.
        if uri.hasPrefix("https://json-schema.org/draft/2020-12/meta/") {
            let vocabulary = "{\"$id\": \"\(uri)\", \"$dynamicAnchor\": \"meta\"}"
            return try? JSONReader.parse(Array(vocabulary.utf8), file: "metaschema")
        }
        return nil
    }

    static let text = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://json-schema.org/draft/2020-12/schema",
          "$dynamicAnchor": "meta",
          "type": ["object", "boolean"],
          "properties": {
            "$id": {"type": "string"},
            "$schema": {"type": "string"},
            "$ref": {"type": "string"},
            "$anchor": {"$ref": "#/$defs/anchorName"},
            "$dynamicRef": {"type": "string"},
            "$dynamicAnchor": {"$ref": "#/$defs/anchorName"},
            "$vocabulary": {"type": "object", "additionalProperties": {"type": "boolean"}},
            "$comment": {"type": "string"},
            "$defs": {"type": "object", "additionalProperties": {"$dynamicRef": "#meta"}},
            "prefixItems": {"$ref": "#/$defs/schemaArray"},
            "items": {"$dynamicRef": "#meta"},
            "contains": {"$dynamicRef": "#meta"},
            "additionalProperties": {"$dynamicRef": "#meta"},
            "properties": {"type": "object", "additionalProperties": {"$dynamicRef": "#meta"}},
            "patternProperties": {"type": "object", "additionalProperties": {"$dynamicRef": "#meta"}, "propertyNames": {"format": "regex"}},
            "dependentSchemas": {"type": "object", "additionalProperties": {"$dynamicRef": "#meta"}},
            "propertyNames": {"$dynamicRef": "#meta"},
            "if": {"$dynamicRef": "#meta"},
            "then": {"$dynamicRef": "#meta"},
            "else": {"$dynamicRef": "#meta"},
            "allOf": {"$ref": "#/$defs/schemaArray"},
            "anyOf": {"$ref": "#/$defs/schemaArray"},
            "oneOf": {"$ref": "#/$defs/schemaArray"},
            "not": {"$dynamicRef": "#meta"},
            "unevaluatedItems": {"$dynamicRef": "#meta"},
            "unevaluatedProperties": {"$dynamicRef": "#meta"},
            "type": {
              "anyOf": [
                {"$ref": "#/$defs/simpleTypes"},
                {"type": "array", "items": {"$ref": "#/$defs/simpleTypes"}, "minItems": 1, "uniqueItems": true}
              ]
            },
            "const": true,
            "enum": {"type": "array", "items": true},
            "multipleOf": {"type": "number", "exclusiveMinimum": 0},
            "maximum": {"type": "number"},
            "exclusiveMaximum": {"type": "number"},
            "minimum": {"type": "number"},
            "exclusiveMinimum": {"type": "number"},
            "maxLength": {"$ref": "#/$defs/nonNegativeInteger"},
            "minLength": {"$ref": "#/$defs/nonNegativeInteger"},
            "pattern": {"type": "string", "format": "regex"},
            "maxItems": {"$ref": "#/$defs/nonNegativeInteger"},
            "minItems": {"$ref": "#/$defs/nonNegativeInteger"},
            "uniqueItems": {"type": "boolean"},
            "maxContains": {"$ref": "#/$defs/nonNegativeInteger"},
            "minContains": {"$ref": "#/$defs/nonNegativeInteger"},
            "maxProperties": {"$ref": "#/$defs/nonNegativeInteger"},
            "minProperties": {"$ref": "#/$defs/nonNegativeInteger"},
            "required": {"$ref": "#/$defs/stringArray"},
            "dependentRequired": {"type": "object", "additionalProperties": {"$ref": "#/$defs/stringArray"}},
            "format": {"type": "string"},
            "contentEncoding": {"type": "string"},
            "contentMediaType": {"type": "string"},
            "contentSchema": {"$dynamicRef": "#meta"},
            "title": {"type": "string"},
            "description": {"type": "string"},
            "default": true,
            "deprecated": {"type": "boolean"},
            "readOnly": {"type": "boolean"},
            "writeOnly": {"type": "boolean"},
            "examples": {"type": "array", "items": true}
          },
          "$defs": {
            "anchorName": {"type": "string", "pattern": "^[A-Za-z_][-A-Za-z0-9._]*$"},
            "schemaArray": {"type": "array", "minItems": 1, "items": {"$dynamicRef": "#meta"}},
            "nonNegativeInteger": {"type": "integer", "minimum": 0},
            "simpleTypes": {"enum": ["array", "boolean", "integer", "null", "number", "object", "string"]},
            "stringArray": {"type": "array", "items": {"type": "string"}, "uniqueItems": true, "default": []}
          }
        }
        """#
}
