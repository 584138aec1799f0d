extension TextEscaping {
    /// An Android string resource's text (`strings.xml`, and string values of
    /// style items). aapt reads it as XML first and then applies its own rules,
    /// so it gets both escapes:
    /// - XML: `&`, `<` and `>` as entities;
    /// - Android: `"`, `'` and `\` after a backslash, a leading `@` or `?` (a
    ///   resource reference) after a backslash, line feeds and tabs as `\n` and
    ///   `\t`, and other controls, U+FFFE/U+FFFF and the bidirectional controls
    ///   as `\uXXXX`;
    /// - aapt drops leading and trailing white space and collapses runs of it
    ///   unless the text is in double quotes, so such text is quoted.
    ///
    /// aapt refuses text with two or more `%` specifiers such as `%s` unless the
    /// element says `formatted="false"`, checking before it reads escapes. A
    /// `<string>` says so and keeps `%` as it is; a style's `<item>` cannot, so
    /// there (`percentEscaped`) `%` is written `\u0025`.
    public static func androidString(_ text: String, percentEscaped: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var first = true
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "\\\""
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            case "@" where first, "?" where first: out += "\\" + String(scalar)
            case "%" where percentEscaped: out += "\\u0025"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || !isXMLCharacter(scalar) || isBidirectionalControl(scalar) {
                    out += "\\u" + hex(scalar.value, width: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            first = false
        }
        let scalars = text.unicodeScalars
        let spaced =
            scalars.first.map(isAndroidSpace) == true || scalars.last.map(isAndroidSpace) == true
            || zip(scalars, scalars.dropFirst()).contains { isAndroidSpace($0) && isAndroidSpace($1) }
        return spaced ? "\"" + out + "\"" : out
    }

    /// White space aapt trims and collapses outside quotes and that is written
    /// as it is (tabs and line feeds are escaped above, which keeps them).
    static func isAndroidSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " "
    }

    /// A Kotlin string literal: `$` after a backslash (it starts a template),
    /// as are `"` and `\`; `\n`, `\r`, `\t`; other C0 and C1 controls, DEL and
    /// the line and paragraph separators and the bidirectional controls as
    /// `\uXXXX`. Kotlin 1.3 and later.
    public static func kotlinString(_ text: String) -> String {
        // Most strings (names, ids, resource names) need no escape: copy them whole.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x24 && $0 != 0x5C }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "$": out += "\\$"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
                    || isBidirectionalControl(scalar)
                {
                    out += "\\u" + hex(scalar.value, width: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
