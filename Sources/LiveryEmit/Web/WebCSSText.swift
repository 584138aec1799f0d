import LiveryText

/// The pieces of CSS syntax `theme.css` is written with: custom property names,
/// string literals and `url()`s, each escaped so any token name or file name
/// gives valid CSS. Names and paths that need nothing (all of them under the
/// built-in schema) are appended as they are, without a copy.
enum WebCSSText {
    /// Appends `name` as the rest of a custom property name (after `--color-`).
    /// Letters, digits, `_`, `-` and every non-ASCII character are name
    /// characters in CSS; anything else is escaped as a hex code point.
    static func appendName(_ name: String, to css: inout TextBuffer) {
        if name.utf8.allSatisfy(isNameByte) {
            css.append(name)
            return
        }
        for scalar in name.unicodeScalars {
            if scalar.value >= 0x80 || isNameByte(UInt8(scalar.value)) {
                css.append(scalar)
            } else {
                // CSS reads U+0000 as U+FFFD; the space ends the hex escape.
                css += "\\"
                css.append(hex(scalar.value == 0 ? 0xFFFD : scalar.value))
                css += " "
            }
        }
    }

    /// `name` as a custom property name part, for callers that need a value.
    static func name(_ name: String) -> String {
        var out = TextBuffer(capacity: name.utf8.count)
        appendName(name, to: &out)
        return out.text
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return byte >= 0x80
        }
    }

    /// A CSS string literal, escaped by ``TextEscaping/cssString(_:)``.
    static func quoted(_ text: String) -> String {
        TextEscaping.cssString(text)
    }

    /// `url("…")` of a path relative to `theme.css`. Bytes that mean something
    /// in a URL (`#`, `?`, `%`, space) or that need encoding are percent-encoded,
    /// so a font file named `Sans #2.otf` is fetched as such.
    /// A plain path (every one livery names) is appended as it is.
    static func appendURL(_ relativePath: String, to css: inout TextBuffer) {
        css += "url("
        if relativePath.utf8.allSatisfy(isURLByte) {
            css += "\""
            css.append(relativePath)
            css += "\""
        } else {
            css.append(quoted(percentEncoded(relativePath)))
        }
        css += ")"
    }

    static func percentEncoded(_ path: String) -> String {
        if path.utf8.allSatisfy(isURLByte) { return path }
        var out = ""
        for byte in path.utf8 {
            if isURLByte(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%"
                out += hex(UInt32(byte), width: 2)
            }
        }
        return out
    }

    /// URL path characters that need no encoding: RFC 3986 unreserved, `/` and `@` (for `@2x`).
    static func isURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }

    static func hex(_ value: UInt32, width: Int = 1) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
