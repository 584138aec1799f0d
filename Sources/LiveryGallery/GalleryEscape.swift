/// Escaping for the JSON data block inside a `<script>` element; HTML text and
/// attributes go through `TextEscaping.html`.
enum GalleryEscape {
    /// JSON text made safe inside `<script type="application/json">`: `<`, `>`
    /// and `&` can only occur inside JSON strings, where `\u003c` means the same
    /// character, so no `</script>` or `<!--` can end or change the element.
    /// The line and paragraph separators are escaped too, for older parsers.
    static func scriptJSON(_ json: String) -> String {
        if json.utf8.allSatisfy({ $0 != 0x3C && $0 != 0x3E && $0 != 0x26 && $0 != 0xE2 }) { return json }
        var out = ""
        out.reserveCapacity(json.utf8.count + 64)
        for character in json.unicodeScalars {
            switch character {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
