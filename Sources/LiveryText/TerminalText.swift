/// What livery writes to a terminal: every command's output and messages pass
/// through ``visible(_:keepingColour:)``, so text from a repository (a folder's
/// name, a store text, a value) cannot move the cursor, erase lines, set the
/// window title or the clipboard (OSC 52), or reorder what is shown.
public enum TerminalText {
    /// `text` with C0 controls but line feed and tab, DEL, C1 controls and the
    /// bidirectional controls written as `\uXXXX`. The escape is JSON's own, so
    /// a JSON document written to the terminal stays valid and means the same (a
    /// JSON writer has already escaped every backslash and C0 control in a string,
    /// so what is left there is DEL, C1 or bidi, whose `\uXXXX` reads back as the
    /// character). With `keepingColour`, the SGR sequences livery's styler writes
    /// (`ESC [ digits;… m`: colour and weight only) stay as they are.
    public static func visible(_ text: String, keepingColour: Bool = false) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x20 || $0 == 0x0A || $0 == 0x09) && $0 != 0x7F && $0 != 0xC2 && !TextEscaping.mayLeadBidirectionalControl($0) }) {
            return text
        }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if keepingColour, scalar == "\u{1B}", let end = sgrEnd(scalars, from: index) {
                out.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if needsEscape(scalar) {
                out.append(contentsOf: ("\\u" + TextEscaping.hex(scalar.value, width: 4)).unicodeScalars)
            } else {
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// Whether `scalar` is shown as an escape.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: TextEscaping.isBidirectionalControl(scalar)
        }
    }

    /// The index of the `m` ending an SGR sequence at `start`, or nil.
    static func sgrEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start < 32 {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
            index += 1
        }
        return nil
    }
}
