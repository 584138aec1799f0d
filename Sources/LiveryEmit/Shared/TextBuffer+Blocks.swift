/// The block every typed theme file is made of: `keyword Name {`, a member per key of a
/// dictionary in name order, and `}`, at a depth of four spaces a level (Swift's
/// `public enum Colors { … }`, Kotlin's `object Colors { … }`). Written once, so the
/// indentation, the order and the braces cannot drift between the files and their parts.
extension TextBuffer {
    /// The block with one line per key: `member` writes the line's text, and its indentation
    /// (one level deeper than the block) and line end are added. `doc` is a comment line above.
    mutating func appendBlock<Value>(
        _ keyword: StaticString, _ name: String, doc: StaticString? = nil, depth: Int, lines entries: [String: Value],
        member: (String, Value, inout TextBuffer) -> Void
    ) {
        appendBlock(keyword, name, doc: doc, depth: depth, blocks: entries) { key, value, out in
            out.appendIndent(depth + 1)
            member(key, value, &out)
            out += "\n"
        }
    }

    /// The block where `member` writes whole lines for each key, indentation and line ends
    /// included: a nested block of its own, most often.
    mutating func appendBlock<Value>(
        _ keyword: StaticString, _ name: String, doc: StaticString? = nil, depth: Int, blocks entries: [String: Value],
        member: (String, Value, inout TextBuffer) -> Void
    ) {
        if let doc {
            appendIndent(depth)
            self += doc
            self += "\n"
        }
        appendIndent(depth)
        self += keyword
        append(name)
        self += " {\n"
        for key in entries.keys.sorted() {
            guard let value = entries[key] else { continue }
            member(key, value, &self)
        }
        appendIndent(depth)
        self += "}\n"
    }

    /// `depth` levels of four spaces.
    mutating func appendIndent(_ depth: Int) {
        for _ in 0..<max(depth, 0) { self += "    " }
    }
}
