import LiveryCore
import LiveryJSON
import LiveryText

/// The Kotlin runtime's copy of what the built-in style schema says a bundle's style.json
/// is and what a remote update may change (`BundleSchema.kt` in runtime/android): every
/// pattern, member list and `x-livery-remote` mark its `BundleRules` checks, written from
/// the schema, not by hand. The Kotlin runtime carries no JSON Schema evaluator, so it
/// checks the schema's rules in code over these tables. `KotlinRuntimeSchemaTests` fails
/// while the file in the repository differs from what this makes, and
/// `LIVERY_WRITE_KOTLIN_SCHEMA=1 swift test --skip-build --filter KotlinRuntimeSchemaTests`
/// writes it again (docs/architecture.md, "Generated files").
public enum KotlinRuntimeSchema {
    /// Where the file lives, from the repository root.
    public static let path = "runtime/android/src/main/kotlin/dev/livery/runtime/BundleSchema.kt"

    /// A value the generator needs is not where it looks in the schema.
    public struct MissingValue: Error, CustomStringConvertible {
        public let pointer: String
        public let expected: String
        public var description: String { "style.schema.json has no \(expected) at \(pointer)" }
    }

    /// One constant of the file: its Kotlin name and what it is made from.
    struct Entry {
        enum Kind {
            /// The string at the pointer, as a `Regex`.
            case pattern
            /// The `pattern` of each item of the array at the pointer, as a list of `Regex`.
            case patterns
            /// The whole number at the pointer.
            case integer
            /// The number at the pointer, as a `Double`.
            case double
            /// The member names of the object at the pointer.
            case keys
            /// The strings of the array at the pointer.
            case strings
            /// The member names of the object at the pointer whose `x-livery-remote` is the value.
            case marked(Bool)
            /// The `x-livery-remote` mark (a boolean) at the pointer.
            case mark
        }

        let name: String
        let pointer: String
        let kind: Kind
        let doc: String
    }

    static let entries: [Entry] = [
        Entry(
            name: "TOKEN_NAME", pointer: "/$defs/tokenName/pattern", kind: .pattern,
            doc: "A token, component, variant, property, image or flag name."),
        Entry(name: "TOKEN_NAME_MAX_LENGTH", pointer: "/$defs/tokenName/maxLength", kind: .integer, doc: "The longest name."),
        Entry(name: "TARGET_ID", pointer: "/$defs/targetId/pattern", kind: .pattern, doc: "A target's id."),
        Entry(name: "BUNDLE_ID", pointer: "/$defs/app/properties/bundleId/pattern", kind: .pattern, doc: "A bundle id."),
        Entry(
            name: "BUNDLE_ID_MAX_LENGTH", pointer: "/$defs/app/properties/bundleId/maxLength", kind: .integer, doc: "The longest bundle id."
        ),
        Entry(
            name: "ANDROID_PACKAGE", pointer: "/$defs/app/properties/androidPackage/pattern", kind: .pattern,
            doc: "An Android application id."),
        Entry(name: "HEX_COLOR", pointer: "/$defs/hexColor/pattern", kind: .pattern, doc: "A hex sRGB colour."),
        Entry(name: "WIDE_COLOR", pointer: "/$defs/wideColor/pattern", kind: .pattern, doc: "A wide-gamut colour."),
        Entry(
            name: "WIDE_COLOR_START", pointer: "/$defs/colorLiteral/if/pattern", kind: .pattern,
            doc: "How a colour that is read as a wide-gamut one starts."),
        Entry(
            name: "ALIAS_START", pointer: "/$defs/colorString/if/pattern", kind: .pattern,
            doc: "How a colour that is read as an alias starts."),
        Entry(name: "COLOR_ALIAS", pointer: "/$defs/colorAlias/pattern", kind: .pattern, doc: "A colour alias."),
        Entry(name: "DIMENSION_ALIAS", pointer: "/$defs/dimensionAlias/pattern", kind: .pattern, doc: "A dimension alias."),
        Entry(name: "TIMING_ALIAS", pointer: "/$defs/timingAlias/pattern", kind: .pattern, doc: "A timing alias."),
        Entry(name: "TIMING_MAXIMUM", pointer: "/$defs/timing/oneOf/0/maximum", kind: .double, doc: "The longest timing, in seconds."),
        Entry(
            name: "RELATIVE_PATH", pointer: "/$defs/relativePath/allOf", kind: .patterns, doc: "What every path inside a bundle matches."),
        Entry(name: "IMAGE_FILE", pointer: "/$defs/imagePath/allOf/1/pattern", kind: .pattern, doc: "An image file's name."),
        Entry(name: "FONT_FILE", pointer: "/$defs/fontPath/allOf/1/pattern", kind: .pattern, doc: "A font file's name."),
        Entry(name: "PNG_FILE", pointer: "/$defs/pngPath/allOf/1/pattern", kind: .pattern, doc: "A PNG file's name."),
        Entry(name: "SECTIONS", pointer: "/$defs/bundleStyle/properties", kind: .keys, doc: "The members of a bundle's style.json."),
        Entry(
            name: "REQUIRED_SECTIONS", pointer: "/$defs/bundleStyle/required", kind: .strings,
            doc: "The members every bundle's style.json has."),
        Entry(name: "APP_KEYS", pointer: "/$defs/bundleApp/properties", kind: .keys, doc: "The members of `app`."),
        Entry(name: "APP_REQUIRED", pointer: "/$defs/bundleApp/required", kind: .strings, doc: "The members `app` must have."),
        Entry(
            name: "LOCALIZED_KEYS", pointer: "/$defs/bundleApp/properties/localized/additionalProperties/properties", kind: .keys,
            doc: "The texts of one language under `app.localized`."),
        Entry(name: "APPEARANCES", pointer: "/$defs/appearanceColor/properties", kind: .keys, doc: "A colour's appearances."),
        Entry(
            name: "APPEARANCES_REQUIRED", pointer: "/$defs/appearanceColor/required", kind: .strings,
            doc: "The appearances every colour has."),
        Entry(name: "FONT_KEYS", pointer: "/$defs/bundleFont/properties", kind: .keys, doc: "The members of a font."),
        Entry(name: "FONT_REQUIRED", pointer: "/$defs/bundleFont/required", kind: .strings, doc: "The members every font has."),
        Entry(name: "WEIGHTS", pointer: "/$defs/fontWeight/enum", kind: .strings, doc: "Font weights."),
        Entry(name: "SHAPES", pointer: "/$defs/shape/oneOf/0/enum", kind: .strings, doc: "The shapes written as a name."),
        Entry(name: "IMAGE_KEYS", pointer: "/$defs/bundleImage/properties", kind: .keys, doc: "The members of an image."),
        Entry(name: "IMAGE_REQUIRED", pointer: "/$defs/bundleImage/required", kind: .strings, doc: "The members every image has."),
        Entry(
            name: "APP_ICON_KEYS", pointer: "/properties/appIcon/oneOf/1/properties", kind: .keys,
            doc: "The members of an app icon written as an object."),
        Entry(
            name: "APP_ICON_REQUIRED", pointer: "/properties/appIcon/oneOf/1/required", kind: .strings,
            doc: "The members such an app icon must have."),
        Entry(
            name: "REMOTE_SECTIONS", pointer: "/$defs/bundleStyle/properties", kind: .marked(true),
            doc: "The members of a bundle's style.json marked `\"x-livery-remote\": true`: what an update may change."),
        Entry(
            name: "FONT_FILE_KEYS", pointer: "/$defs/bundleFont/properties", kind: .marked(false),
            doc: "A font's members marked `\"x-livery-remote\": false`: they follow the file an app is built with."),
        Entry(
            name: "COMPONENT_OWN_PROPERTIES", pointer: "/$defs/bundleComponentVariant/properties", kind: .keys,
            doc: "Component properties with a definition of their own (never free text)."),
        Entry(
            name: "COMPONENT_TEXT_REMOTE", pointer: "/$defs/bundleComponentVariant/additionalProperties/anyOf/3/x-livery-remote",
            kind: .mark, doc: "Whether a component's free text (a string property) may change remotely."),
        Entry(
            name: "FLAG_TEXT_REMOTE", pointer: "/$defs/flagValue/then/x-livery-remote", kind: .mark,
            doc: "Whether a string flag (free text) may change remotely."),
        Entry(
            name: "FLAG_VALUE_REMOTE", pointer: "/$defs/flagValue/else/x-livery-remote", kind: .mark,
            doc: "Whether a boolean or number flag may change remotely."),
    ]

    /// The whole file for the schema in `bytes` (the built-in one by default).
    public static func source(schema bytes: [UInt8] = BuiltInStyleSchema.bytes) throws -> String {
        let schema = try JSONReader.parse(bytes, file: "style.schema.json")
        try checkShape(of: schema)
        var out = """
            // Generated by livery from Sources/LiveryCore/Resources/style.schema.json: do not edit.
            // KotlinRuntimeSchemaTests fails while this file and the schema differ; write it again with
            // LIVERY_WRITE_KOTLIN_SCHEMA=1 swift test --skip-build --filter KotlinRuntimeSchemaTests
            package dev.livery.runtime

            /**
             * The built-in style schema's patterns, member lists and remote allow-list
             * (`x-livery-remote`), as [BundleRules] checks a bundle's style.json and
             * what an update may change in it. Each constant names the place in the
             * schema it comes from.
             */
            internal object BundleSchema {

            """
        for entry in entries {
            out += "    /** \(entry.doc) `\(entry.pointer)` */\n"
            out += "    \(try declaration(entry, in: schema))\n"
        }
        return out + "}\n"
    }

    /// The branches the marks are read from are the ones they should be: the string branch of
    /// a component property, and a flag's `if` on strings.
    static func checkShape(of schema: JSONNode) throws {
        let text = try node(schema, "/$defs/bundleComponentVariant/additionalProperties/anyOf/3/type", "the free-text branch (type string)")
        guard text.value.stringValue == "string" else {
            throw MissingValue(pointer: "/$defs/bundleComponentVariant/additionalProperties/anyOf/3/type", expected: "\"string\"")
        }
        let flag = try node(schema, "/$defs/flagValue/if/type", "a flag's test on strings")
        guard flag.value.stringValue == "string" else { throw MissingValue(pointer: "/$defs/flagValue/if/type", expected: "\"string\"") }
    }

    static func declaration(_ entry: Entry, in schema: JSONNode) throws -> String {
        let found = try node(schema, entry.pointer, "value")
        switch entry.kind {
        case .pattern:
            return "val \(entry.name) = Regex(\(TextEscaping.kotlinString(try string(found, entry.pointer))))"
        case .patterns:
            guard case .array(let items) = found.value else { throw MissingValue(pointer: entry.pointer, expected: "an array") }
            let patterns = try items.enumerated().map { index, item in
                let pointer = entry.pointer + "/\(index)/pattern"
                return "Regex(\(TextEscaping.kotlinString(try string(node(item, "/pattern", "a pattern", at: pointer), pointer))))"
            }
            return "val \(entry.name) = listOf(\(patterns.joined(separator: ", ")))"
        case .integer:
            guard let number = found.value.numberValue, let whole = InputInteger(number).flatMap({ Int(exactly: $0.value) }) else {
                throw MissingValue(pointer: entry.pointer, expected: "a whole number")
            }
            return "const val \(entry.name) = \(whole)"
        case .double:
            // A Kotlin Double literal: digits and a point (`60.0`), never an exponent.
            guard let number = found.value.numberValue, number.literal.allSatisfy({ $0.isNumber || $0 == "." }) else {
                throw MissingValue(pointer: entry.pointer, expected: "a plain decimal number")
            }
            return "const val \(entry.name) = \(number.literal.contains(".") ? number.literal : number.literal + ".0")"
        case .keys:
            return "val \(entry.name) = " + set(try members(found, entry.pointer).map(\.key))
        case .strings:
            guard case .array(let items) = found.value else { throw MissingValue(pointer: entry.pointer, expected: "an array of strings") }
            return "val \(entry.name) = " + set(try items.map { try string($0, entry.pointer) })
        case .marked(let mark):
            let marked = try members(found, entry.pointer).filter {
                $0.value.value.objectValue?[RemoteAllowList.keyword]?.value == .bool(mark)
            }
            return "val \(entry.name) = " + set(marked.map(\.key))
        case .mark:
            guard case .bool(let mark) = found.value else { throw MissingValue(pointer: entry.pointer, expected: "true or false") }
            return "const val \(entry.name) = \(mark)"
        }
    }

    /// A Kotlin set of strings in UTF-8 order, so the file does not follow the schema's member order.
    static func set(_ names: [String]) -> String {
        "setOf("
            + names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map(TextEscaping.kotlinString).joined(
                separator: ", ") + ")"
    }

    static func node(_ root: JSONNode, _ pointer: String, _ expected: String, at shown: String? = nil) throws -> JSONNode {
        guard let parsed = JSONPointer(pointer), let found = root.value(at: parsed) else {
            throw MissingValue(pointer: shown ?? pointer, expected: expected)
        }
        return found
    }

    static func string(_ node: JSONNode, _ pointer: String) throws -> String {
        guard let text = node.value.stringValue else { throw MissingValue(pointer: pointer, expected: "a string") }
        return text
    }

    static func members(_ node: JSONNode, _ pointer: String) throws -> [JSONObject.Member] {
        guard case .object(let object) = node.value else { throw MissingValue(pointer: pointer, expected: "an object") }
        return object.members
    }
}
