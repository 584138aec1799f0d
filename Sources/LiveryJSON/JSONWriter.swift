/// Writes JSON deterministically: the same value always gives the same bytes.
/// Used for every file and report livery writes.
public enum JSONWriter {
    /// Pretty-printed JSON with a trailing newline. Keys are sorted by Unicode
    /// scalar values when `sortedKeys`, else kept in their order.
    public static func write(_ value: JSONValue, sortedKeys: Bool = true, indent: Int = 2) -> String {
        var out = ""
        write(value, into: &out, sortedKeys: sortedKeys, indent: indent, level: 0)
        out += "\n"
        return out
    }

    /// JSON as Xcode writes asset catalog `Contents.json` files: sorted keys,
    /// two-space indent, and `"key" : value`, so generated catalogs do not
    /// change when someone opens and saves them in Xcode.
    public static func xcode(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, sortedKeys: true, indent: 2, level: 0, separator: " : ")
        out += "\n"
        return out
    }

    /// One line, no trailing newline: for messages and compact output such as CI matrices.
    public static func compact(_ value: JSONValue, sortedKeys: Bool = false) -> String {
        var out = ""
        write(value, into: &out, sortedKeys: sortedKeys, indent: 0, level: 0)
        return out
    }

    static func write(_ value: JSONValue, into out: inout String, sortedKeys: Bool, indent: Int, level: Int, separator: String? = nil) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += number.canonicalLiteral
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (position, item) in items.enumerated() {
                if position > 0 { out += "," }
                newline(&out, indent: indent, level: level + 1)
                write(item.value, into: &out, sortedKeys: sortedKeys, indent: indent, level: level + 1, separator: separator)
            }
            newline(&out, indent: indent, level: level)
            out += "]"
        case .object(let object):
            if object.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            var members = object.members
            if sortedKeys {
                members.sort { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            }
            for (position, member) in members.enumerated() {
                if position > 0 { out += "," }
                newline(&out, indent: indent, level: level + 1)
                writeString(member.key, into: &out)
                out += separator ?? (indent > 0 ? ": " : ":")
                write(member.value.value, into: &out, sortedKeys: sortedKeys, indent: indent, level: level + 1, separator: separator)
            }
            newline(&out, indent: indent, level: level)
            out += "}"
        }
    }

    static func newline(_ out: inout String, indent: Int, level: Int) {
        guard indent > 0 else { return }
        out += "\n"
        out += String(repeating: " ", count: indent * level)
    }

    static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    // U+2028/2029 are valid JSON but break JavaScript string literals.
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSONNumber {
    /// A stable spelling of the number's exact value: no exponent for ordinary
    /// magnitudes, no trailing zeros, no `+`, `-0` as `0` (`1.50` → `1.5`,
    /// `1e2` → `100`, `1.0` → `1`). Never rounds.
    public var canonicalLiteral: String {
        guard let decimal = ExactDecimal(literal) else { return literal }
        return decimal.canonical
    }
}

/// A decimal number as sign, digits and a power of ten, read from a JSON literal.
struct ExactDecimal: Equatable {
    var negative: Bool
    /// Significant digits without leading or trailing zeros; empty for zero.
    var digits: [UInt8]
    /// The value is `digits × 10^exponent`.
    var exponent: Int

    init?(_ literal: String) {
        var bytes = Array(literal.utf8)[...]
        negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        var mantissa: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false
        var exponentPart = 0
        while let byte = bytes.first {
            if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                guard let value = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)) else {
                    // An exponent too large for Int: keep the literal as written.
                    return nil
                }
                exponentPart = value
                break
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                mantissa.append(byte - UInt8(ascii: "0"))
                if seenPoint { fractionDigits += 1 }
            } else {
                return nil
            }
            bytes = bytes.dropFirst()
        }
        while mantissa.first == 0 { mantissa.removeFirst() }
        var trailing = 0
        while mantissa.last == 0 {
            mantissa.removeLast()
            trailing += 1
        }
        digits = mantissa
        let (shifted, overflow) = exponentPart.subtractingReportingOverflow(fractionDigits)
        guard !overflow else { return nil }
        exponent = shifted + trailing
        if digits.isEmpty {
            negative = false
            exponent = 0
        }
    }

    var canonical: String {
        if digits.isEmpty { return "0" }
        let text = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        let sign = negative ? "-" : ""
        // Plain notation while it stays short (like JavaScript's number printing up to 21 digits).
        let magnitude = digits.count + exponent
        if exponent >= 0 && magnitude <= 21 {
            return sign + text + String(repeating: "0", count: exponent)
        }
        if exponent < 0 && magnitude > 0 {
            let point = text.index(text.startIndex, offsetBy: magnitude)
            return sign + text[..<point] + "." + text[point...]
        }
        if exponent < 0 && magnitude > -6 {
            return sign + "0." + String(repeating: "0", count: -magnitude) + text
        }
        let head = text.prefix(1), tail = text.dropFirst()
        let power = magnitude - 1
        return sign + head + (tail.isEmpty ? "" : "." + tail) + "e" + (power < 0 ? "-" : "") + String(abs(power))
    }
}
