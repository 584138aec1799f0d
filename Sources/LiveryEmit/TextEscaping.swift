/// The one place each output language's text escaping is decided. Every free
/// text a style carries (display name, bundle id, font families, flag and
/// component strings, file names) reaches an output file through one of these:
///
/// | Output | Escaper |
/// | --- | --- |
/// | `Info.plist` | ``plistString(_:)`` |
/// | `Target.xcconfig` | ``xcconfigValue(_:)`` |
/// | XML outside string resources | ``xml(_:)`` |
/// | `strings.xml` and other Android string values | ``androidString(_:)`` |
/// | `theme.css` | ``cssString(_:)`` |
/// | `Theme.swift` | ``swiftString(_:)`` |
/// | `LiveryTheme.kt` | ``kotlinString(_:)`` |
///
/// Validation refuses the characters some of these cannot hold (the
/// `control-character` rule: C0 controls, DEL, U+FFFE and U+FFFF everywhere;
/// line and paragraph separators in the app's identity). Each escaper still
/// writes a well-formed file for them, so a style that skipped validation
/// cannot break a consumer's parser: such a character becomes U+FFFD (XML) or
/// a space (xcconfig) where the format has no way to write it.
///
/// Text that needs no escape, which is nearly all of it, is returned as it is.
public enum TextEscaping {
    // MARK: XML and property lists

    /// XML character data or a double-quoted attribute value: markup characters
    /// as entities, tab, line feed and carriage return as character references
    /// (so attribute and line-end normalisation keep them), and characters XML
    /// 1.0 cannot hold at all as U+FFFD.
    public static func xml(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 != 0x22 && $0 != 0xEF }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(isXMLCharacter(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// XML 1.0's `Char` production, for the scalars that are not escaped above.
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF
    }

    /// A `<string>` of an `Info.plist`: XML, and `$` doubled. Xcode expands build
    /// settings (`$(NAME)`, `${NAME}`, `$NAME`) in every Info.plist string
    /// unless `INFOPLIST_EXPAND_BUILD_SETTINGS` is off, and reads `$$` as one `$`,
    /// so a display name such as `Pay$Day` is shown as written.
    public static func plistString(_ text: String) -> String {
        let escaped = xml(text)
        return escaped.utf8.contains(UInt8(ascii: "$")) ? escaped.replacingAll("$", with: "$$") : escaped
    }

    // MARK: xcconfig

    /// The value of an xcconfig assignment, read back by Xcode as `text`:
    /// - `$` is doubled: `$$` is Xcode's escape for a literal `$`.
    /// - `//` starts a comment anywhere on the line, so an empty expansion `$()`
    ///   goes between the two slashes: `/$()/` (the form Xcode users write URLs
    ///   with). Xcode defines no setting that expands to a slash.
    /// - Xcode drops a value's leading and trailing spaces and tabs and a
    ///   trailing `;`, and reads a trailing `\` as a line continuation; an empty
    ///   `$()` before or after the value keeps them.
    /// - A line ends at LF, CR, U+2028 and U+2029 and nothing escapes them;
    ///   validation refuses them, and here they (and other controls) become spaces.
    public static func xcconfigValue(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
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
                let breaksLine = scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}"
                out.unicodeScalars.append(breaksLine && scalar != "\t" ? " " : scalar)
            }
        }
        if let last = scalars.last, [" ", "\t", ";", "\\"].contains(last) { out += "$()" }
        return out
    }

    // MARK: Android

    /// An Android string resource's text (`strings.xml`, and string values of
    /// style items). aapt reads it as XML first and then applies its own rules,
    /// so it gets both escapes:
    /// - XML: `&`, `<` and `>` as entities;
    /// - Android: `"`, `'` and `\` after a backslash, a leading `@` or `?` (a
    ///   resource reference) after a backslash, line feeds and tabs as `\n` and
    ///   `\t`, and other controls and U+FFFE/U+FFFF as `\uXXXX`;
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
                if scalar.value < 0x20 || scalar.value == 0x7F || !isXMLCharacter(scalar) {
                    out += "\\u" + hex(scalar.value, width: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            first = false
        }
        let scalars = text.unicodeScalars
        let spaced = scalars.first.map(isAndroidSpace) == true || scalars.last.map(isAndroidSpace) == true
            || zip(scalars, scalars.dropFirst()).contains { isAndroidSpace($0) && isAndroidSpace($1) }
        return spaced ? "\"" + out + "\"" : out
    }

    /// White space aapt trims and collapses outside quotes and that is written
    /// as it is (tabs and line feeds are escaped above, which keeps them).
    static func isAndroidSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " "
    }

    // MARK: CSS

    /// A CSS string literal in double quotes: `"` and `\` after a backslash,
    /// and every control character as a hex escape (a raw line feed would end
    /// the string; CSS reads U+0000 as U+FFFD, so it is written as that). The
    /// space after a hex escape ends it, so a following hex digit stays text.
    public static func cssString(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 != 0x22 && $0 != 0x5C && $0 >= 0x20 && $0 != 0x7F }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\" + hex(scalar.value == 0 ? 0xFFFD : scalar.value) + " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: Swift and Kotlin

    /// A Swift string literal: `"` and `\` after a backslash, `\n`, `\r`, `\t`,
    /// and other controls, DEL and the line and paragraph separators as
    /// `\u{…}`, so the literal stays on one line. (Swift refuses a `\u{}` of a
    /// noncharacter such as U+FDD0 but accepts it written as it is.)
    public static func swiftString(_ text: String) -> String {
        // Most strings (names, ids, paths) need no escape: copy them whole.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 != 0x22 && $0 != 0x5C && $0 != 0xE2 }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    out += "\\u{" + hex(scalar.value) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A Kotlin string literal: `$` after a backslash (it starts a template),
    /// as are `"` and `\`; `\n`, `\r`, `\t`; other C0 and C1 controls, DEL and
    /// the line and paragraph separators as `\uXXXX`. Kotlin 1.3 and later.
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
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    out += "\\u" + hex(scalar.value, width: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Upper-case hex digits, zero-padded to `width`.
    static func hex(_ value: UInt32, width: Int = 1) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
