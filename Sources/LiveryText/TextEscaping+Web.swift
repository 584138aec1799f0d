extension TextEscaping {
    /// A CSS string literal in double quotes: `"` and `\` after a backslash,
    /// and every control character and bidirectional control as a hex escape (a raw line feed would end
    /// the string; CSS reads U+0000 as U+FFFD, so it is written as that). The
    /// space after a hex escape ends it, so a following hex digit stays text.
    public static func cssString(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 != 0x22 && $0 != 0x5C && $0 >= 0x20 && $0 != 0x7F && !mayLeadBidirectionalControl($0) }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || isBidirectionalControl(scalar):
                out += "\\" + hex(scalar.value == 0 ? 0xFFFD : scalar.value) + " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Text from a repository as inert GitHub-flavoured Markdown, safe anywhere
    /// in a line and in a table cell: no HTML, links, images, emphasis, code,
    /// strike-through or cell breaks. Every character with a meaning there
    /// (`& < > | \` * _ [ ] \ ~`) becomes a numeric character reference, which
    /// Markdown shows as the character; line breaks become spaces, so the text
    /// stays on its line (and in its cell). Controls a terminal or a reader
    /// would not see (C0 but tab, DEL, C1, bidirectional controls) are written
    /// as `&#92;uXXXX`, which Markdown shows as the `\uXXXX` ``TerminalText``
    /// writes.
    public static func markdown(_ text: String) -> String {
        if text.utf8.allSatisfy({
            !isMarkdownByte($0) && ($0 >= 0x20 || $0 == 0x09) && $0 != 0x7F && $0 != 0xC2 && !mayLeadBidirectionalControl($0)
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
            case "\n", "\r": out += " "
            case _ where scalar.isASCII && isMarkdownByte(UInt8(scalar.value)):
                out += "&#\(scalar.value);"
            case _ where TerminalText.needsEscape(scalar): out += "&#92;u" + hex(scalar.value, width: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Bytes ``markdown(_:)`` replaces. `~` because GitHub strikes through text
    /// between tildes (`v1~1 → main~3`); `|` because it ends a table cell.
    static func isMarkdownByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "`"),
            UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\\"),
            UInt8(ascii: "~"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return true
        default:
            return false
        }
    }

    /// The message of a GitHub Actions workflow command (`::error …::message`):
    /// `%`, CR and LF percent-encoded, as the runner decodes them, so a message
    /// cannot end the command and start another.
    public static func workflowCommandData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value of a workflow command (`file=…,title=…`): as the
    /// message, and `:` and `,` percent-encoded too, since they end a property.
    public static func workflowCommandProperty(_ text: String) -> String {
        var out = ""
        for scalar in workflowCommandData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension TextEscaping {
    /// JSON text made safe inside `<script type="application/json">`: `<`, `>`
    /// and `&` can only occur inside JSON strings, where `\u003c` means the same
    /// character, so no `</script>` or `<!--` can end or change the element.
    /// The line and paragraph separators are escaped too, for older parsers.
    public static func scriptJSON(_ json: String) -> String {
        if json.utf8.allSatisfy({ $0 != 0x3C && $0 != 0x3E && $0 != 0x26 && $0 != 0xE2 }) { return json }
        var out = ""
        out.reserveCapacity(json.utf8.count + 64)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
