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
    /// character). Every ESC in `text` is escaped, whatever follows it: livery's
    /// own colour is written with ``colour(_:)``, a mark no repository text can
    /// hold, and becomes `ESC [ code m` here only with `keepingColour` (else it
    /// is dropped). So a folder named `ev\e[31mil` never turns a line red, even on
    /// a colour terminal: text is made visible before livery's colour is added.
    public static func visible(_ text: String, keepingColour: Bool = false) -> String {
        let escaped = escapingControls(text)
        guard escaped.contains(colourMark) else { return escaped }
        let pieces = escaped.split(separator: colourMark, omittingEmptySubsequences: false)
        var out = String(pieces[0])
        for piece in pieces.dropFirst() {
            // Each piece after a mark starts with the mark's `code m`.
            guard let end = piece.firstIndex(of: "m") else {
                out += piece
                continue
            }
            out += keepingColour ? "\u{1B}[" + piece[...end] : ""
            out += piece[piece.index(after: end)...]
        }
        return out
    }

    /// What livery's colour layer writes for the SGR `code` (`"1;31"`, `"0"`):
    /// a mark ``visible(_:keepingColour:)`` turns into `ESC [ code m`. The mark
    /// holds private-use characters around a number drawn when livery starts,
    /// so no text from a repository can forge it.
    public static func colour(_ code: String) -> String {
        colourMark + code + "m"
    }

    static let colourMark = "\u{E000}" + String(UInt64.random(in: .min ... .max), radix: 16) + "\u{E001}"

    /// `text` with every control ``needsEscape(_:)`` names as `\uXXXX`.
    static func escapingControls(_ text: String) -> String {
        if text.utf8.allSatisfy({
            ($0 >= 0x20 || $0 == 0x0A || $0 == 0x09) && $0 != 0x7F && $0 != 0xC2 && !TextEscaping.mayLeadBidirectionalControl($0)
        }) {
            return text
        }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
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
}
