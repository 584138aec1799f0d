/// The one place each output language's text escaping is decided. Every free
/// text that reaches a file or a report livery writes goes through one of these:
///
/// | Output | Escaper |
/// | --- | --- |
/// | XML (SVG, Android XML outside string values, templates' `.xml`) | ``xml(_:)`` |
/// | HTML (`diff --format html`, templates' `.html`) | ``html(_:)`` |
/// | `Info.plist` | ``plistString(_:)`` |
/// | `Target.xcconfig` | ``xcconfigValue(_:)`` |
/// | `strings.xml` and other Android string values | ``androidString(_:percentEscaped:)`` |
/// | `theme.css` | ``cssString(_:)`` |
/// | `Theme.swift` | ``swiftString(_:)`` |
/// | `LiveryTheme.kt` | ``kotlinString(_:)`` |
/// | Markdown (pull-request comments, `$GITHUB_STEP_SUMMARY`) | ``markdown(_:)`` |
/// | GitHub Actions workflow commands | ``workflowCommandData(_:)``, ``workflowCommandProperty(_:)`` |
///
/// JSON strings are written by `JSONWriter.quoted` in LiveryJSON, with the JSON writer.
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
    // MARK: XML, HTML and property lists

    /// XML character data or an attribute value in either quotes: markup
    /// characters as entities (`'` as `&#39;`, which HTML 4 reads too, unlike
    /// `&apos;`), tab, line feed and carriage return as character references
    /// (so attribute and line-end normalisation keep them), and characters XML
    /// 1.0 cannot hold at all as U+FFFD.
    public static func xml(_ text: String) -> String {
        if text.utf8.allSatisfy({
            $0 >= 0x20 && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 != 0x22 && $0 != 0x27 && $0 != 0xEF
                && !mayLeadBidirectionalControl($0)
        }) {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case _ where isBidirectionalControl(scalar): out += "&#x" + hex(scalar.value) + ";"
            default: out.unicodeScalars.append(isXMLCharacter(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// HTML text or an attribute value in either quotes. HTML reads every
    /// escape ``xml(_:)`` writes the same way; the controls a reader would not
    /// see (C0 but tab, line feed and carriage return, DEL, C1), which XML
    /// turns into U+FFFD, are written as visible `\uXXXX` text instead, as
    /// ``TerminalText`` shows them, so a report says what the file holds.
    public static func html(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isInvisibleControl) else { return xml(text) }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isInvisibleControl(scalar) {
                out.append(contentsOf: ("\\u" + hex(scalar.value, width: 4)).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return xml(String(out))
    }

    /// C0 controls but tab, line feed and carriage return, DEL and C1.
    static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// Bidirectional controls: embeddings and overrides (U+202A–U+202E),
    /// isolates (U+2066–U+2069), the marks (U+200E, U+200F, U+061C). Invisible,
    /// they reorder what a reader of the generated file sees ("Trojan source"),
    /// so every escaper writes them as escapes where its language has one.
    /// Validation refuses them in a style; this keeps any that reach an
    /// escaper another way visible.
    public static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// Whether a UTF-8 byte can start a bidirectional control (0xE2 for
    /// U+2xxx, 0xD8 for U+061C): text without such bytes skips the scalar loop.
    static func mayLeadBidirectionalControl(_ byte: UInt8) -> Bool {
        byte == 0xE2 || byte == 0xD8
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
        guard escaped.utf8.contains(UInt8(ascii: "$")) else { return escaped }
        var out = ""
        out.reserveCapacity(escaped.utf8.count + 4)
        for scalar in escaped.unicodeScalars {
            out += scalar == "$" ? "$$" : String(scalar)
        }
        return out
    }

    /// Upper-case hex digits, zero-padded to `width`.
    static func hex(_ value: UInt32, width: Int = 1) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
