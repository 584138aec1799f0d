/// Writes JSON deterministically: the same value always gives the same bytes.
/// Used for every file and report livery writes.
public enum JSONWriter {
    /// Pretty-printed JSON with a trailing newline. Keys are sorted by Unicode
    /// scalar values when `sortedKeys`, else kept in their order.
    public static func write(_ value: JSONValue, sortedKeys: Bool = true, indent: Int = 2) -> String {
        var out = Output(indent: indent, separator: indent > 0 ? ": " : ":", sortedKeys: sortedKeys)
        out.value(value, level: 0)
        out.bytes.append(0x0A)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// JSON as Xcode writes asset catalog `Contents.json` files: sorted keys,
    /// two-space indent, and `"key" : value`, so generated catalogs do not
    /// change when someone opens and saves them in Xcode.
    public static func xcode(_ value: JSONValue) -> String {
        var out = Output(indent: 2, separator: " : ", sortedKeys: true)
        out.value(value, level: 0)
        out.bytes.append(0x0A)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// `text` as a JSON string literal, quotes included, escaped as every writer here escapes.
    public static func quoted(_ text: String) -> String {
        var out = Output(indent: 0, separator: ":", sortedKeys: false)
        out.string(text)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// One line, no trailing newline: for messages and compact output such as CI matrices.
    public static func compact(_ value: JSONValue, sortedKeys: Bool = false) -> String {
        var out = Output(indent: 0, separator: ":", sortedKeys: sortedKeys)
        out.value(value, level: 0)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Whether `left` sorts before `right` by their UTF-8 bytes, which is
    /// Unicode scalar order: the order of every object's keys livery writes.
    /// Compared over the strings' contiguous bytes; the generic
    /// `utf8.lexicographicallyPrecedes` was most of the cost of writing a style.
    public static func utf8Precedes(_ left: String, _ right: String) -> Bool {
        var left = left
        var right = right
        return left.withUTF8 { a in
            right.withUTF8 { b in
                let common = min(a.count, b.count)
                var index = 0
                while index < common {
                    if a[index] != b[index] { return a[index] < b[index] }
                    index += 1
                }
                return a.count < b.count
            }
        }
    }

    /// Writes a document member by member, without building a `JSONValue` tree
    /// first: the same bytes `write(_:sortedKeys:indent:)` gives for the same
    /// document, as long as the caller gives each object's keys in sorted order
    /// (UTF-8 byte order; `sortedUTF8` sorts them so). For the files a build
    /// writes for every client, where making the tree cost more than writing it.
    public struct Stream {
        var out = Output(indent: 2, separator: ": ", sortedKeys: true)
        /// For each open object: whether it has a member yet.
        var open: [Bool] = []

        public init() {}

        /// A stream that keeps each object's keys in the order given when not
        /// `sortedKeys`, as `write(_:sortedKeys: false)` does.
        public init(sortedKeys: Bool) {
            out = Output(indent: 2, separator: ": ", sortedKeys: sortedKeys)
        }

        public mutating func beginObject() {
            out.bytes.append(0x7B)
            open.append(false)
        }

        /// The next member's key; its value follows.
        public mutating func key(_ name: String) {
            separateFromPrevious()
            out.string(name)
            out.bytes += out.separator
        }

        /// A comma after the open container's previous member or element, then the new line.
        private mutating func separateFromPrevious() {
            if let last = open.indices.last {
                if open[last] { out.bytes.append(0x2C) }
                open[last] = true
            }
            out.newline(open.count)
        }

        public mutating func endObject() {
            guard let hadMembers = open.popLast() else { return }
            if hadMembers { out.newline(open.count) }
            out.bytes.append(0x7D)
        }

        public mutating func string(_ text: String) {
            out.string(text)
        }

        /// Opens an object as the next element of the array opened last.
        public mutating func beginElementObject() {
            separateFromPrevious()
            beginObject()
        }

        /// Opens an array (as a member's value, after `key`); `element` adds to it.
        public mutating func beginArray() {
            out.bytes.append(0x5B)
            open.append(false)
        }

        /// The next element of the array opened last.
        public mutating func element(_ value: JSONValue) {
            separateFromPrevious()
            out.value(value, level: open.count)
        }

        public mutating func endArray() {
            guard let hadElements = open.popLast() else { return }
            if hadElements { out.newline(open.count) }
            out.bytes.append(0x5D)
        }

        /// How many bytes `take` would hand over now.
        public var pending: Int { out.bytes.count }

        /// The bytes written since the last call, handed over so that a long
        /// document can be written out as it is made instead of held whole.
        public mutating func take() -> [UInt8] {
            defer { out.bytes.removeAll(keepingCapacity: true) }
            return out.bytes
        }

        /// Any value, nested at the current depth, keys sorted.
        public mutating func value(_ value: JSONValue) {
            out.value(value, level: open.count)
        }

        /// The finished document, with a trailing newline.
        public mutating func finish() -> [UInt8] {
            out.bytes.append(0x0A)
            return out.bytes
        }

        /// Keys in the order `write` puts them: by UTF-8 bytes.
        public static func sortedUTF8(_ keys: [String]) -> [String] {
            keys.sorted(by: JSONWriter.utf8Precedes)
        }
    }

    /// The bytes being written; UTF-8 throughout, so plain text is copied in bulk.
    struct Output {
        var bytes: [UInt8] = []
        let indent: Int
        let separator: [UInt8]
        let sortedKeys: Bool

        init(indent: Int, separator: String, sortedKeys: Bool) {
            self.indent = indent
            self.separator = Array(separator.utf8)
            self.sortedKeys = sortedKeys
            bytes.reserveCapacity(1024)
        }

        mutating func value(_ value: JSONValue, level: Int) {
            switch value {
            case .null: bytes.append(contentsOf: "null".utf8)
            case .bool(let flag): bytes += flag ? Array("true".utf8) : Array("false".utf8)
            case .number(let number): bytes += Array(number.canonicalLiteral.utf8)
            case .string(let text): string(text)
            case .array(let items):
                if items.isEmpty {
                    bytes += [0x5B, 0x5D]
                    return
                }
                bytes.append(0x5B)
                for (position, item) in items.enumerated() {
                    if position > 0 { bytes.append(0x2C) }
                    newline(level + 1)
                    self.value(item.value, level: level + 1)
                }
                newline(level)
                bytes.append(0x5D)
            case .object(let object):
                if object.isEmpty {
                    bytes += [0x7B, 0x7D]
                    return
                }
                bytes.append(0x7B)
                var members = object.members
                if sortedKeys {
                    // UTF-8 byte order is Unicode scalar order, and cheaper to compare.
                    members.sort { JSONWriter.utf8Precedes($0.key, $1.key) }
                }
                for (position, member) in members.enumerated() {
                    if position > 0 { bytes.append(0x2C) }
                    newline(level + 1)
                    string(member.key)
                    bytes += separator
                    self.value(member.value.value, level: level + 1)
                }
                newline(level)
                bytes.append(0x7D)
            }
        }

        mutating func newline(_ level: Int) {
            guard indent > 0 else { return }
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(0x20, count: indent * level))
        }

        mutating func string(_ text: String) {
            bytes.append(0x22)
            // Most keys and values need no escaping: copy them whole. (0xE2 leads
            // U+2028 and U+2029, which are escaped below.)
            let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { utf8 in
                guard utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0xE2 }) else { return false }
                bytes.append(contentsOf: utf8)
                return true
            }
            if copied == true {
                bytes.append(0x22)
                return
            }
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": bytes += [0x5C, 0x22]
                case "\\": bytes += [0x5C, 0x5C]
                case "\n": bytes += [0x5C, 0x6E]
                case "\r": bytes += [0x5C, 0x72]
                case "\t": bytes += [0x5C, 0x74]
                case "\u{08}": bytes += [0x5C, 0x62]
                case "\u{0C}": bytes += [0x5C, 0x66]
                default:
                    if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                        // U+2028/2029 are valid JSON but break JavaScript string literals.
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        bytes += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                    } else {
                        bytes += Array(String(scalar).utf8)
                    }
                }
            }
            bytes.append(0x22)
        }
    }
}

extension JSONNumber {
    /// A stable spelling of the number's exact value: no exponent for ordinary
    /// magnitudes, no trailing zeros, no `+`, `-0` as `0` (`1.50` → `1.5`,
    /// `1e2` → `100`, `1.0` → `1`). Never rounds.
    public var canonicalLiteral: String {
        // A plain integer (`0`, `16`, `-3`) is already canonical; `-0` and
        // leading zeros are not, and take the general path.
        let utf8 = literal.utf8
        let digits = utf8.first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
        if !digits.isEmpty, digits.count <= 20, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            digits.first != UInt8(ascii: "0") || literal == "0"
        {
            return literal
        }
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
        let head = text.prefix(1)
        let tail = text.dropFirst()
        let power = magnitude - 1
        return sign + head + (tail.isEmpty ? "" : "." + tail) + "e" + (power < 0 ? "-" : "") + String(abs(power))
    }
}
