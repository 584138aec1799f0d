extension JSONTextParser {
    // MARK: Strings

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        // Fast path: plain ASCII with no escapes is decoded in one go.
        var scan = index
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[index..<scan], as: UTF8.self)
                index = scan + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            scan += 1
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: String(decoding: bytes[index..<scan], as: UTF8.self).unicodeScalars)
        index = scan
        while true {
            guard index < bytes.count else {
                throw fail("unterminated string (opened at column \(column(at: open)))")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(try parseEscape())
            case 0x00..<0x20:
                if byte == 0x0A || byte == 0x0D {
                    throw fail("unterminated string: a line break inside a string must be written \\n")
                }
                throw fail("control character U+\(hex4(UInt32(byte))) must be escaped in a string")
            case 0x20..<0x80:
                scalars.append(Unicode.Scalar(byte))
                index += 1
            default:
                scalars.append(try decodeUTF8())
            }
        }
    }

    mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw fail("unterminated string: '\\' at end of input") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hexQuad(escapeStart: start)
            if (0xDC00...0xDFFF).contains(high) {
                throw fail("lone low surrogate \\u\(hex4(high)) in string", at: start)
            }
            if (0xD800...0xDBFF).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fail("lone high surrogate \\u\(hex4(high)) in string: it must be followed by a low surrogate", at: start)
                }
                let lowStart = index
                index += 2
                let low = try hexQuad(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail("high surrogate \\u\(hex4(high)) is followed by \\u\(hex4(low)), not a low surrogate", at: start)
                }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(value) else { throw fail("invalid escape", at: start) }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw fail("invalid escape", at: start) }
            return scalar
        default:
            throw fail(
                "invalid escape '\\\(byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "?")' in string", at: start)
        }
    }

    mutating func hexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail("unterminated \\u escape", at: escapeStart) }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("\\u must be followed by four hex digits", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// Decodes one multi-byte UTF-8 sequence at `index`, rejecting overlong forms,
    /// encoded surrogates, values above U+10FFFF and truncated sequences.
    mutating func decodeUTF8() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = index
        let lead = bytes[index]
        let count: Int
        var value: UInt32
        var minimum: UInt32
        switch lead {
        case 0xC2...0xDF:
            count = 2
            value = UInt32(lead & 0x1F)
            minimum = 0x80
        case 0xE0...0xEF:
            count = 3
            value = UInt32(lead & 0x0F)
            minimum = 0x800
        case 0xF0...0xF4:
            count = 4
            value = UInt32(lead & 0x07)
            minimum = 0x10000
        default: throw fail("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))", at: start)
        }
        guard start + count <= bytes.count else { throw fail("truncated UTF-8 sequence", at: start) }
        for offset in 1..<count {
            let byte = bytes[start + offset]
            guard byte & 0xC0 == 0x80 else { throw fail("invalid UTF-8 sequence", at: start) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum else { throw fail("overlong UTF-8 encoding", at: start) }
        guard !(0xD800...0xDFFF).contains(value) else { throw fail("UTF-8 encoded surrogate U+\(hex4(value))", at: start) }
        guard value <= 0x10FFFF, let scalar = Unicode.Scalar(value) else { throw fail("UTF-8 sequence beyond U+10FFFF", at: start) }
        index += count
        return scalar
    }

    func hex4(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
