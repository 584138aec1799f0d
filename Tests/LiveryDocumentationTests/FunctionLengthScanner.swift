/// Finds the functions of a Swift or Kotlin file and how many lines each spans, for
/// `FunctionLengthTests`. Not a parser: it matches braces after taking out comments and
/// string literals (multi-line, raw and interpolated ones too), then names each block by
/// the words before its `{`. What it counts: functions, initializers, accessors and
/// computed properties (`var name: Type { … }`); closures count towards the function
/// they are in.
enum FunctionLengthScanner {
    enum Language: Sendable {
        case swift, kotlin
    }

    /// A block that counts as a function, from the line of its keyword to the line of its `}`.
    struct Function: Equatable, Sendable, CustomStringConvertible {
        var kind: String
        var name: String
        var line: Int
        var length: Int
        /// Its body is one string literal and nothing else (`return` aside): generated text.
        var isOneLiteral: Bool

        var description: String { "\(kind) \(name) at line \(line), \(length) lines" }
    }

    /// Code without comments and string literals: each literal is one `"`, each comment one
    /// space; `lines[i]` is the line (from 1) of `bytes[i]`.
    struct StrippedCode {
        var bytes: [UInt8] = []
        var lines: [Int] = []
    }

    static func functions(in text: String, language: Language) -> [Function] {
        functions(in: strip(Array(text.utf8), language: language), language: language)
    }

    /// Every `{` closed by a `}` and every `(` by a `)`, none before it opened: what the
    /// stripped code of a file that compiles has, unless a literal or comment was misread.
    static func isBalanced(_ code: StrippedCode) -> Bool {
        var braces = 0
        var parentheses = 0
        for byte in code.bytes {
            switch byte {
            case UInt8(ascii: "{"): braces += 1
            case UInt8(ascii: "}"): braces -= 1
            case UInt8(ascii: "("): parentheses += 1
            case UInt8(ascii: ")"): parentheses -= 1
            default: continue
            }
            if braces < 0 || parentheses < 0 { return false }
        }
        return braces == 0 && parentheses == 0
    }

    // MARK: Taking out comments and literals

    /// Where the lexer is: code (at the top, or inside an interpolation that ends at the
    /// `closer` that brings `depth` to 0) or a string literal.
    enum Context {
        case code(closer: UInt8?, depth: Int)
        case string(hashes: Int, multiline: Bool)
    }

    static func strip(_ source: [UInt8], language: Language) -> StrippedCode {
        var lexer = Lexer(source: source, language: language)
        lexer.run()
        return lexer.out
    }

    struct Lexer {
        let source: [UInt8]
        let language: Language
        var lineOf: [Int] = []
        var stack: [Context] = [.code(closer: nil, depth: 0)]
        var out = StrippedCode()
        var index = 0

        init(source: [UInt8], language: Language) {
            self.source = source
            self.language = language
            var line = 1
            lineOf.reserveCapacity(source.count)
            for byte in source {
                lineOf.append(line)
                if byte == UInt8(ascii: "\n") { line += 1 }
            }
        }

        func byte(_ at: Int) -> UInt8 { at < source.count ? source[at] : 0 }

        func repeats(_ byte: UInt8, from start: Int) -> Int {
            var end = start
            while end < source.count, source[end] == byte { end += 1 }
            return end - start
        }

        /// What the top level sees: code bytes, and one `"` or space for a literal or comment.
        mutating func emit(_ byte: UInt8, at position: Int) {
            guard stack.count == 1 else { return }
            out.bytes.append(byte)
            out.lines.append(lineOf[position])
        }

        mutating func run() {
            while index < source.count {
                switch stack[stack.count - 1] {
                case .code(let closer, let depth): code(closer: closer, depth: depth)
                case .string(let hashes, let multiline):
                    if language == .swift { swiftString(hashes: hashes, multiline: multiline) } else { kotlinString(multiline: multiline) }
                }
            }
        }

        mutating func code(closer: UInt8?, depth: Int) {
            let byte = source[index]
            let next = self.byte(index + 1)
            switch byte {
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                while index < source.count, source[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                emit(UInt8(ascii: " "), at: index)
                skipBlockComment()
            case UInt8(ascii: "#") where language == .swift && self.byte(index + repeats(byte, from: index)) == UInt8(ascii: "\""):
                let hashes = repeats(byte, from: index)
                openString(at: index, quote: index + hashes, hashes: hashes)
            case UInt8(ascii: "\""):
                openString(at: index, quote: index, hashes: 0)
            case UInt8(ascii: "'") where language == .kotlin:
                emit(UInt8(ascii: "\""), at: index)
                // 'x', '\'' or '\u0041': to the next quote after the first character.
                var end = index + (next == UInt8(ascii: "\\") ? 3 : 2)
                while end < source.count, source[end] != UInt8(ascii: "'"), source[end] != UInt8(ascii: "\n") { end += 1 }
                index = end + 1
            default:
                if let closer {
                    let opener = closer == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "{")
                    if byte == opener { stack[stack.count - 1] = .code(closer: closer, depth: depth + 1) }
                    if byte == closer {
                        if depth == 1 { stack.removeLast() } else { stack[stack.count - 1] = .code(closer: closer, depth: depth - 1) }
                    }
                }
                emit(byte, at: index)
                index += 1
            }
        }

        /// Block comments nest in Swift and in Kotlin.
        mutating func skipBlockComment() {
            var depth = 0
            while index < source.count {
                if source[index] == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if source[index] == UInt8(ascii: "*"), byte(index + 1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    index += 1
                }
            }
        }

        mutating func openString(at start: Int, quote: Int, hashes: Int) {
            emit(UInt8(ascii: "\""), at: start)
            var multiline = repeats(UInt8(ascii: "\""), from: quote) >= 3
            if multiline, language == .swift {
                // Swift's `"""` opens a multi-line literal only at the end of its line:
                // `#""""#` is the two quotes `""`.
                var end = quote + 3
                while byte(end) == UInt8(ascii: " ") || byte(end) == UInt8(ascii: "\t") { end += 1 }
                multiline = byte(end) == UInt8(ascii: "\n") || byte(end) == UInt8(ascii: "\r")
            }
            stack.append(.string(hashes: hashes, multiline: multiline))
            index = quote + (multiline ? 3 : 1)
        }

        /// Swift: `\(` (or `\#(` in a raw string) opens code; the literal ends at its quote(s)
        /// followed by as many `#` as it began with.
        mutating func swiftString(hashes: Int, multiline: Bool) {
            let byte = source[index]
            if byte == UInt8(ascii: "\\") {
                guard repeats(UInt8(ascii: "#"), from: index + 1) >= hashes else {
                    index += 1
                    return
                }
                let after = index + 1 + hashes
                if self.byte(after) == UInt8(ascii: "(") {
                    stack.append(.code(closer: UInt8(ascii: ")"), depth: 1))
                    index = after + 1
                } else {
                    index = after + 1
                }
            } else if byte == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                if repeats(byte, from: index) >= quotes, repeats(UInt8(ascii: "#"), from: index + quotes) >= hashes {
                    stack.removeLast()
                    index += quotes + hashes
                } else {
                    index += 1
                }
            } else if byte == UInt8(ascii: "\n"), !multiline {
                stack.removeLast()
            } else {
                index += 1
            }
        }

        /// Kotlin: `${` opens code in either kind of literal; only `"…"` has escapes, and
        /// `"""…"""` ends at its last run of quotes.
        mutating func kotlinString(multiline: Bool) {
            let byte = source[index]
            if byte == UInt8(ascii: "\\"), !multiline {
                index += 2
            } else if byte == UInt8(ascii: "$"), self.byte(index + 1) == UInt8(ascii: "{") {
                stack.append(.code(closer: UInt8(ascii: "}"), depth: 1))
                index += 2
            } else if byte == UInt8(ascii: "\"") {
                let run = repeats(byte, from: index)
                if !multiline || run >= 3 {
                    stack.removeLast()
                    index += multiline ? run : 1
                } else {
                    index += run
                }
            } else if byte == UInt8(ascii: "\n"), !multiline {
                stack.removeLast()
            } else {
                index += 1
            }
        }
    }
}

// MARK: Naming the blocks

extension FunctionLengthScanner {
    /// An open `{`: where it is, and the function it begins, if it begins one. An inner
    /// brace (a closure in a signature's default value) keeps the words before it.
    struct Frame {
        var open: Int
        var function: (kind: String, name: String, line: Int)?
        var inner: Bool
    }

    static func functions(in code: StrippedCode, language: Language) -> [Function] {
        var found: [Function] = []
        var stack: [Frame] = []
        var headStart = 0
        for (position, byte) in code.bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "{"):
                let head = Array(code.bytes[headStart..<position])
                if openBrackets(head) > 0 {
                    stack.append(Frame(open: position, function: nil, inner: true))
                    continue
                }
                let enclosing = stack.last { $0.function != nil }?.function?.name
                let function = declaration(head, language: language, enclosing: enclosing).map { kind, name, offset in
                    (kind: kind, name: name, line: code.lines[headStart + offset])
                }
                stack.append(Frame(open: position, function: function, inner: false))
                headStart = position + 1
            case UInt8(ascii: "}"):
                guard let frame = stack.popLast() else { continue }
                if frame.inner { continue }
                if let function = frame.function {
                    let body = code.bytes[(frame.open + 1)..<position]
                    found.append(
                        Function(
                            kind: function.kind, name: function.name, line: function.line,
                            length: code.lines[position] - function.line + 1, isOneLiteral: isOneLiteral(body)
                        ))
                }
                headStart = position + 1
            case UInt8(ascii: ";"):
                headStart = position + 1
            default:
                continue
            }
        }
        return found
    }

    /// Parentheses and brackets opened and not closed.
    static func openBrackets(_ head: [UInt8]) -> Int {
        head.reduce(0) { depth, byte in
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["): depth + 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth - 1
            default: depth
            }
        }
    }

    static func isOneLiteral(_ body: ArraySlice<UInt8>) -> Bool {
        var words = String(decoding: body, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        if words.first == "return" { words.removeFirst() }
        return words == ["\""]
    }

    /// A word of a declaration's head at the top level of its brackets (a bracketed group is
    /// one word, `()`), with its offset in the head.
    struct Word {
        var text: String
        var offset: Int
        /// A new line comes before it.
        var startsLine: Bool
    }

    static func words(_ head: [UInt8]) -> [Word] {
        var words: [Word] = []
        var depth = 0
        var index = 0
        var newline = false
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "@")
                || byte == UInt8(ascii: "`") || byte >= 0x80
        }
        while index < head.count {
            let byte = head[index]
            if byte == UInt8(ascii: "(") {
                if depth == 0 { words.append(Word(text: "()", offset: index, startsLine: newline)) }
                depth += 1
            } else if byte == UInt8(ascii: "[") {
                if depth == 0 { words.append(Word(text: "[]", offset: index, startsLine: newline)) }
                depth += 1
            } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                depth -= 1
            } else if depth == 0, byte == UInt8(ascii: "\n") {
                newline = true
                index += 1
                continue
            } else if depth == 0, isWordByte(byte) {
                var end = index
                while end < head.count, isWordByte(head[end]) { end += 1 }
                words.append(Word(text: String(decoding: head[index..<end], as: UTF8.self), offset: index, startsLine: newline))
                newline = false
                index = end
                continue
            } else if depth == 0, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\r") {
                words.append(Word(text: String(UnicodeScalar(byte)), offset: index, startsLine: newline))
            }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") { newline = false }
            index += 1
        }
        return words
    }

    /// Words that go on with the line before when a line starts with them.
    static let continuations: Set<String> = ["where", "throws", "rethrows", "async", "-", ".", ":", "&", "|", "?", "=", ",", ">"]

    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "static", "class", "final", "override", "lazy",
        "weak", "unowned", "nonisolated", "mutating", "nonmutating", "dynamic", "convenience", "required", "optional",
        "protected", "abstract", "inline", "operator", "infix", "suspend", "tailrec", "external", "actual", "expect",
    ]

    static let swiftAccessors: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify"]

    /// The function a `{` begins, from the last statement before it: its kind, its name and
    /// the offset of its keyword in the head; nil for any other block.
    static func declaration(_ head: [UInt8], language: Language, enclosing: String?) -> (String, String, Int)? {
        let all = words(head)
        // The last statement: from the last line that does not go on with the one before.
        let start = all.lastIndex { $0.startsLine && !continuations.contains($0.text) } ?? 0
        let statement = Array(all[start...])
        let plain = statement.drop { modifiers.contains($0.text) || $0.text.hasPrefix("@") || $0.text == "()" }
        func after(_ index: Int) -> String { index + 1 < statement.count ? statement[index + 1].text : "" }
        func afterDot(_ index: Int) -> Bool { index > 0 && statement[index - 1].text == "." }
        switch language {
        case .swift:
            if let at = statement.firstIndex(where: { $0.text == "func" }) {
                return ("function", after(at), statement[at].offset)
            }
            for (at, word) in statement.enumerated() where ["init", "deinit", "subscript"].contains(word.text) && !afterDot(at) {
                return (word.text == "subscript" ? "subscript" : "initializer", word.text, word.offset)
            }
            guard let first = plain.first else { return nil }
            if first.text == "var", !statement.contains(where: { $0.text == "=" }), statement.contains(where: { $0.text == ":" }) {
                let name = plain.dropFirst().first?.text ?? "?"
                return ("computed property", name, first.offset)
            }
            let rest = plain.dropFirst().map(\.text)
            if swiftAccessors.contains(first.text), rest.allSatisfy({ ["()", "async", "throws"].contains($0) }) {
                return ("accessor", (enclosing.map { $0 + "." } ?? "") + first.text, first.offset)
            }
            return nil
        case .kotlin:
            if let at = statement.firstIndex(where: { $0.text == "fun" }) {
                let name = statement[at...].prefix { $0.text != "()" }.last { $0.text.first?.isLetter == true || $0.text.first == "`" }
                return ("function", name?.text ?? "?", statement[at].offset)
            }
            // `class A private constructor(…) {` opens the class, not a constructor.
            let isTypeHead = statement.contains { ["class", "object", "interface"].contains($0.text) }
            if !isTypeHead, let at = statement.firstIndex(where: { $0.text == "constructor" }) {
                return ("constructor", "constructor", statement[at].offset)
            }
            if let first = plain.first, first.text == "init", plain.count == 1 {
                return ("initializer", "init", first.offset)
            }
            for (at, word) in statement.enumerated() where ["get", "set"].contains(word.text) && after(at) == "()" && !afterDot(at) {
                guard !statement[..<at].contains(where: { $0.text == "=" }) else { return nil }
                // The property is declared before, on this line or the one above.
                let before = all.prefix { $0.offset < word.offset }
                let property = before.lastIndex { $0.text == "val" || $0.text == "var" }.flatMap { at in
                    at + 1 < before.count ? before[at + 1].text : nil
                }
                return ("accessor", ((property ?? enclosing).map { $0 + "." } ?? "") + word.text, word.offset)
            }
            return nil
        }
    }
}
