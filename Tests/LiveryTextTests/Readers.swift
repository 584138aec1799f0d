/// Each output language read back as its consumer reads it, written from the
/// languages' rules (not from the escapers), so a property can say "what was
/// written reads back as the text". Each returns nil for output the consumer
/// would refuse or read differently (an unescaped quote, a raw line break).
enum Readers {
    /// XML character data or an attribute value: the five entities and numeric
    /// references; nil for a raw `<`, `"`, `'`, a bare `&` or a raw control.
    static func xml(_ text: String) -> String? {
        var out = ""
        var scalars = Substring(text).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "<", ">", "\"", "'": return nil
            case "&":
                guard let end = scalars.firstIndex(of: ";") else { return nil }
                var name = ""
                name.unicodeScalars.append(contentsOf: scalars[..<end])
                scalars = scalars[scalars.index(after: end)...]
                switch name {
                case "amp": out += "&"
                case "lt": out += "<"
                case "gt": out += ">"
                case "quot": out += "\""
                case "apos": out += "'"
                default:
                    guard let decoded = numericReference(name) else { return nil }
                    out.unicodeScalars.append(decoded)
                }
            default:
                guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else { return nil }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `#65` or `#x41`.
    static func numericReference(_ name: String) -> Unicode.Scalar? {
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }

    /// An Info.plist string as Xcode shows it: XML, then `$$` as `$`; nil for
    /// a lone `$` (a build setting reference).
    static func plist(_ text: String) -> String? {
        guard let xml = xml(text) else { return nil }
        var out = ""
        var scalars = Substring(xml).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "$" {
                guard scalars.popFirst() == "$" else { return nil }
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// An xcconfig value as Xcode reads it: the line ends at a line break, `//`
    /// starts a comment, leading and trailing blanks and a trailing `;` are
    /// dropped, a trailing `\` continues the line; then `$$` is `$`, `$()` is
    /// empty, and any other `$` refers to a setting. Nil when the value would
    /// not read back whole.
    static func xcconfig(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        if scalars.contains(where: { ["\n", "\r", "\u{2028}", "\u{2029}"].contains($0) }) { return nil }
        if zip(scalars, scalars.dropFirst()).contains(where: { $0 == "/" && $1 == "/" }) { return nil }
        var value = ArraySlice(scalars)
        while let first = value.first, first == " " || first == "\t" { value = value.dropFirst() }
        while let last = value.last, last == " " || last == "\t" { value = value.dropLast() }
        if value.last == ";" || value.last == "\\" { return nil }
        var out = ""
        while let scalar = value.popFirst() {
            guard scalar == "$" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            if value.first == "$" {
                value = value.dropFirst()
                out += "$"
            } else if value.starts(with: ["(", ")"]) {
                value = value.dropFirst(2)
            } else {
                return nil
            }
        }
        return out
    }

    /// An Android string value as aapt reads it: XML first, then a value in
    /// double quotes keeps its white space (otherwise it must have no leading,
    /// trailing or doubled spaces, which aapt would change), `\n`, `\t`,
    /// `\uXXXX` and `\` before any other character. Nil for an unescaped quote
    /// or a leading `@` or `?` (a resource reference).
    static func android(_ text: String) -> String? {
        guard var xmlText = androidXML(text) else { return nil }
        // A raw quote can only open a quoted value, which a raw quote closes.
        if xmlText.unicodeScalars.first == "\"" {
            guard xmlText.unicodeScalars.count >= 2, xmlText.unicodeScalars.last == "\"" else { return nil }
            xmlText = String(String.UnicodeScalarView(xmlText.unicodeScalars.dropFirst().dropLast()))
        } else {
            if xmlText.hasPrefix(" ") || xmlText.hasSuffix(" ") || xmlText.contains("  ") { return nil }
            if xmlText.hasPrefix("@") || xmlText.hasPrefix("?") { return nil }
        }
        var out = ""
        var scalars = Substring(xmlText).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"", "'": return nil
            case "\\":
                guard let next = scalars.popFirst() else { return nil }
                switch next {
                case "n": out += "\n"
                case "t": out += "\t"
                case "u":
                    let digits = String(String.UnicodeScalarView(scalars.prefix(4)))
                    guard digits.count == 4, let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                    scalars = scalars.dropFirst(4)
                    out.unicodeScalars.append(decoded)
                default: out.unicodeScalars.append(next)
                }
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// XML as aapt's parser reads a string element's text: quotes may be raw
    /// (they are Android syntax, checked after), markup may not.
    static func androidXML(_ text: String) -> String? {
        let placeholder: [Unicode.Scalar: String] = ["\"": "&quot;", "'": "&apos;"]
        var masked = ""
        for scalar in text.unicodeScalars { masked += placeholder[scalar] ?? String(scalar) }
        return xml(masked)
    }

    /// A CSS string token in double quotes: `\` and 1–6 hex digits and one
    /// optional white space, or `\` and any other character; nil for a raw
    /// quote, line break or control, or text outside the quotes.
    static func css(_ text: String) -> String? {
        var scalars = Substring(text).unicodeScalars[...]
        guard scalars.popFirst() == "\"", scalars.popLast() == "\"" else { return nil }
        var out = ""
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"": return nil
            case "\\":
                let digits = scalars.prefix(6).prefix { $0.properties.isASCIIHexDigit }
                if digits.isEmpty {
                    guard let next = scalars.popFirst(), next != "\n" else { return nil }
                    out.unicodeScalars.append(next)
                } else {
                    scalars = scalars.dropFirst(digits.count)
                    if scalars.first == " " { scalars = scalars.dropFirst() }
                    guard let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16), let decoded = Unicode.Scalar(value)
                    else { return nil }
                    out.unicodeScalars.append(decoded)
                }
            default:
                guard scalar.value >= 0x20, scalar.value != 0x7F else { return nil }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A Swift string literal on one line: `\0 \\ \t \n \r \" \'` and `\u{…}`.
    static func swift(_ text: String) -> String? {
        literal(text, simple: ["0": "\0", "\\": "\\", "t": "\t", "n": "\n", "r": "\r", "\"": "\"", "'": "'"]) { scalars in
            guard scalars.popFirst() == "{", let close = scalars.firstIndex(of: "}") else { return nil }
            let digits = String(String.UnicodeScalarView(scalars[..<close]))
            scalars = scalars[scalars.index(after: close)...]
            guard (1...8).contains(digits.count), let value = UInt32(digits, radix: 16) else { return nil }
            return Unicode.Scalar(value)
        } forbidden: {
            $0 == "\u{2028}" || $0 == "\u{2029}"
        }
    }

    /// A Kotlin string literal: `\t \b \n \r \' \" \\ \$` and `\uXXXX`; nil for
    /// a raw `$` (a template).
    static func kotlin(_ text: String) -> String? {
        literal(text, simple: ["t": "\t", "b": "\u{8}", "n": "\n", "r": "\r", "'": "'", "\"": "\"", "\\": "\\", "$": "$"]) { scalars in
            let digits = String(String.UnicodeScalarView(scalars.prefix(4)))
            scalars = scalars.dropFirst(4)
            guard digits.count == 4, let value = UInt32(digits, radix: 16) else { return nil }
            return Unicode.Scalar(value)
        } forbidden: {
            $0 == "$"
        }
    }

    /// A C-like string literal in double quotes, on one line.
    static func literal(
        _ text: String, simple: [Unicode.Scalar: Unicode.Scalar],
        unicode: (inout Substring.UnicodeScalarView.SubSequence) -> Unicode.Scalar?,
        forbidden: (Unicode.Scalar) -> Bool
    ) -> String? {
        var scalars = Substring(text).unicodeScalars[...]
        guard scalars.popFirst() == "\"", scalars.popLast() == "\"" else { return nil }
        var out = ""
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"", "\n", "\r": return nil
            case "\\":
                guard let next = scalars.popFirst() else { return nil }
                if let decoded = simple[next] {
                    out.unicodeScalars.append(decoded)
                } else if next == "u", let decoded = unicode(&scalars) {
                    out.unicodeScalars.append(decoded)
                } else {
                    return nil
                }
            default:
                guard !forbidden(scalar), scalar.value >= 0x20 || scalar == "\t" else { return nil }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Markdown text as GitHub shows it, when it is inert: nil when a character
    /// with a meaning (markup, emphasis, code, links, strike-through, a cell
    /// break, a line break) is left raw or a `&` starts no reference; else the
    /// text with references decoded and U+0000 as U+FFFD (as CommonMark reads it).
    static func inertMarkdown(_ text: String) -> String? {
        let active: Set<Unicode.Scalar> = ["<", ">", "|", "`", "*", "_", "[", "]", "\\", "~", "\n", "\r"]
        var out = ""
        var scalars = Substring(text).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if active.contains(scalar) { return nil }
            guard scalar == "&" else {
                out.unicodeScalars.append(scalar == "\0" ? "\u{FFFD}" : scalar)
                continue
            }
            guard let end = scalars.firstIndex(of: ";") else { return nil }
            let name = String(String.UnicodeScalarView(scalars[..<end]))
            scalars = scalars[scalars.index(after: end)...]
            switch name {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            default:
                guard let decoded = numericReference(name) else { return nil }
                out.unicodeScalars.append(decoded)
            }
        }
        return out
    }

    /// A workflow command's message or property as the runner decodes it:
    /// `%25`, `%0D`, `%0A`, and in properties `%3A` and `%2C`. Nil for a raw
    /// line break (it would end the command), or in a property a raw `:` or `,`.
    static func workflowCommand(_ text: String, property: Bool) -> String? {
        let codes: [String: String] =
            property ? ["25": "%", "0D": "\r", "0A": "\n", "3A": ":", "2C": ","] : ["25": "%", "0D": "\r", "0A": "\n"]
        var out = ""
        var scalars = Substring(text).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\n" || scalar == "\r" || (property && (scalar == ":" || scalar == ",")) { return nil }
            let code = String(String.UnicodeScalarView(scalars.prefix(2)))
            if scalar == "%", let decoded = codes[code] {
                scalars = scalars.dropFirst(2)
                out += decoded
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
