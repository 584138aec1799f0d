/// A regular expression with JSON Schema's (ECMA-262) meaning, for patterns written
/// outside a schema, such as a template variable's `pattern`.
public struct ECMAPattern: Sendable {
    private let compiled: CompiledPattern

    /// The pattern's source text.
    public var source: String { compiled.source }

    /// Nil when `source` is not a regular expression livery can compile.
    public init?(_ source: String) {
        guard let compiled = CompiledPattern(source) else { return nil }
        self.compiled = compiled
    }

    /// True when the pattern matches anywhere in `text` (anchor it with `^…$` to match all).
    public func matches(_ text: String) -> Bool {
        compiled.matches(text)
    }
}
