import Foundation
import LiveryConcurrency

/// Options for compiling a schema.
public struct SchemaOptions: Sendable {
    /// Whether `format` fails validation (for the formats livery knows) instead of
    /// being only an annotation, as JSON Schema 2020-12 makes it by default.
    public var formatAssertion: Bool

    public init(formatAssertion: Bool = false) {
        self.formatAssertion = formatAssertion
    }
}

/// How much work one validation may do. A schema is untrusted input too (a
/// repository's own `style.schema.json`): applicators that each apply the next
/// schema twice make 2^40 evaluations out of 40 small schemas, and a chain of
/// `$ref`s 50,000 long would recurse 50,000 deep. Past the depth limit the
/// schema cannot be compiled (a `SchemaError`); past either limit while
/// validating, the validation ends with one violation saying so.
public enum SchemaLimits {
    /// The most schemas evaluated for one instance, each application counted again.
    /// The built-in schema takes about 2,100 for this repository's styles and
    /// 290,000 for a style of 650 KB (9,000 colours, 3,000 dimensions, 2,500
    /// button variants), so a style under `maxStyleBytes` (1 MiB) stays well inside.
    public static let maxSteps = 2_000_000
    /// The most schemas compiled or evaluated at once (nested inside each other,
    /// by `$ref` and applicators, and by the instance's own nesting). Both recurse
    /// on a worker thread, whose stack (512 KiB) held about 300 levels of `$ref` in
    /// a debug build; real schemas nest a dozen deep.
    public static let maxDepth = 128
}

/// A schema that cannot be used: not a schema, a `$ref` that leads nowhere, an invalid pattern.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// Where in the schema file, when known.
    public var location: JSONLocation?
    /// The JSON pointer of the offending keyword within its schema document.
    public var schemaPointer: String
    public var message: String

    public init(location: JSONLocation?, schemaPointer: String, message: String) {
        self.location = location
        self.schemaPointer = schemaPointer
        self.message = message
    }

    public var description: String {
        (location.map { "\($0): " } ?? "") + message + (schemaPointer.isEmpty ? "" : " (at \(schemaPointer))")
    }

    public var errorDescription: String? { description }
}

/// One way an instance breaks its schema.
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// Where in the instance.
    public var instancePointer: JSONPointer
    /// The keyword that failed, as a JSON pointer into its schema document (`#/properties/a/type`),
    /// prefixed by the document's URI when it is not the root schema's.
    public var keywordLocation: String
    /// The file, line and column that wrote the offending value.
    public var location: JSONLocation
    /// A sentence a person understands.
    public var message: String

    public var description: String {
        "\(location): \(message) [\(instancePointer)] (\(keywordLocation))"
    }
}

/// Maps an absolute URI (without fragment) to the schema document it names, for
/// `$ref`s to other documents. livery itself never fetches anything over a network.
public typealias SchemaDocumentResolver = @Sendable (_ uri: String) -> JSONNode?

/// A compiled pattern, safe to share between tasks.
final class CompiledPattern: Sendable {
    let source: String
    /// livery's own matcher, for the patterns it covers (nearly all in practice).
    private let matcher: PatternMatcher?
    /// ICU's, for the rest and as the judge of any pattern that is invalid.
    private let expression: NSRegularExpression

    init?(_ source: String) {
        guard let translated = CompiledPattern.translate(source),
            let expression = try? NSRegularExpression(pattern: translated, options: [])
        else { return nil }
        self.source = source
        self.expression = expression
        self.matcher = PatternMatcher(source)
    }

    /// Answers of the costlier patterns (the asset path checks, with
    /// lookaheads or no anchor) for texts seen before: every client of a
    /// repository names the same asset paths. Bounded; cleared when full.
    /// It pays: removing it costs 3 % on build, 3-15 % on validate and 9 % on schema check (CPU time, 2026-11-25).
    private let remembered = Memo<String, Bool>(limit: 4_096)

    /// ECMA-262 semantics: a match anywhere in the string.
    func matches(_ text: String) -> Bool {
        // Only ASCII texts are remembered: String's == and hash treat
        // canonically equivalent spellings as one, which a pattern may not.
        guard let matcher, matcher.mayRescan, Self.isASCII(text) else { return evaluate(text) }
        return remembered.value(for: text) { evaluate(text) }
    }

    private static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.allSatisfy { $0 < 0x80 } }
    }

    private func evaluate(_ text: String) -> Bool {
        if let matcher, let found = matcher.matches(text) { return found }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }

    /// Rewrites the ECMA-262 classes whose meaning differs in ICU: `\d`, `\w` and
    /// their negations are ASCII-only in ECMA-262.
    static func translate(_ pattern: String) -> String? {
        var out = ""
        var iterator = pattern.makeIterator()
        var inClass = false
        while let c = iterator.next() {
            if c == "\\" {
                guard let next = iterator.next() else { return nil }
                switch next {
                case "d": out += inClass ? "0-9" : "[0-9]"
                case "D": out += inClass ? "\\D" : "[^0-9]"
                case "w": out += inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]"
                case "W": out += inClass ? "\\W" : "[^a-zA-Z0-9_]"
                default: out += "\\" + String(next)
                }
                continue
            }
            if c == "[" { inClass = true } else if c == "]" { inClass = false }
            out.append(c)
        }
        return out
    }
}
