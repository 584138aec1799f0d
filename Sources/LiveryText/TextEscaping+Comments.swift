extension TextEscaping {
    /// Text inside a comment of Swift, Kotlin, CSS or an xcconfig (`//`, `///`,
    /// `/** … */`, `/* … */`): it stays on its line and inside its comment.
    /// - Every character that ends a line in any of these languages or in an
    ///   editor (LF, CR, VT, FF, NEL, U+2028, U+2029), every other control
    ///   character and DEL become `U+XXXX` written out, so nothing after them
    ///   reaches a line of code of its own.
    /// - The bidirectional controls become `U+XXXX` too, so a reader sees the
    ///   comment in the order the compiler reads it.
    /// - A space goes between `*` and `/` and between `/` and `*`, so the text
    ///   cannot close a block comment or open a nested one (Swift and Kotlin
    ///   nest them, so an unmatched `/*` would swallow the rest of the file).
    public static func codeComment(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x2A && $0 != 0x2F }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if (previous == "*" && scalar == "/") || (previous == "/" && scalar == "*") { out += " " }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
                || isBidirectionalControl(scalar)
            {
                out += "U+" + hex(scalar.value, width: 4)
                previous = "+"
            } else {
                out.unicodeScalars.append(scalar)
                previous = scalar
            }
        }
        return out
    }

    /// Text inside an XML comment (`<!-- … -->`): a space after every `-` that
    /// follows another and after a final `-` (XML forbids `--` in a comment and
    /// a comment ending `--->`), and what XML 1.0 cannot hold as U+FFFD.
    public static func xmlComment(_ text: String) -> String {
        var out = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "-", previous == "-" { out += " " }
            out.unicodeScalars.append(
                scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" || !isXMLCharacter(scalar) && scalar.value >= 0x20
                    ? "\u{FFFD}" : scalar)
            previous = scalar
        }
        if previous == "-" { out += " " }
        return out
    }
}
