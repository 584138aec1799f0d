extension TextEscaping {
    /// The value of an xcconfig assignment, read back by Xcode as `text`:
    /// - `$` is doubled: `$$` is Xcode's escape for a literal `$`.
    /// - `//` starts a comment anywhere on the line, so an empty expansion `$()`
    ///   goes between the two slashes: `/$()/` (the form Xcode users write URLs
    ///   with). Xcode defines no setting that expands to a slash.
    /// - Xcode drops a value's leading and trailing spaces and tabs and a
    ///   trailing `;`, and reads a trailing `\` as a line continuation; an empty
    ///   `$()` before or after the value keeps them.
    /// - A line ends at LF, CR, U+2028 and U+2029 and nothing escapes them;
    ///   validation refuses them, and here they (and other controls, and the
    ///   bidirectional controls, which xcconfig cannot escape) become spaces.
    public static func xcconfigValue(_ text: String) -> String {
        // Line breaks and controls first, so a value that starts or ends with one
        // (now a space) is guarded like any other leading or trailing space.
        let scalars = text.unicodeScalars.map { scalar -> Unicode.Scalar in
            let breaksLine = scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}"
            return (breaksLine && scalar != "\t") || isBidirectionalControl(scalar) ? " " : scalar
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        if let first = scalars.first, first == " " || first == "\t" { out += "$()" }
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "$": out += "$$"
            case "/":
                out += "/"
                if index + 1 < scalars.count, scalars[index + 1] == "/" { out += "$()" }
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        if let last = scalars.last, [" ", "\t", ";", "\\"].contains(last) { out += "$()" }
        return out
    }

    /// A Swift string literal: `"` and `\` after a backslash, `\n`, `\r`, `\t`,
    /// and other controls, DEL, the line and paragraph separators and the
    /// bidirectional controls as `\u{…}`, so the literal stays on one line and
    /// reads as it runs. (Swift refuses a `\u{}` of a
    /// noncharacter such as U+FDD0 but accepts it written as it is.)
    public static func swiftString(_ text: String) -> String {
        // Most strings (names, ids, paths) need no escape: copy them whole.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 != 0x22 && $0 != 0x5C && !mayLeadBidirectionalControl($0) }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}"
                    || isBidirectionalControl(scalar)
                {
                    out += "\\u{" + hex(scalar.value) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
