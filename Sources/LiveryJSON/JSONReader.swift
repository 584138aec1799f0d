/// A JSON syntax error: where it is, the pointer of the value being read, and why.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: JSONLocation
    public var pointer: JSONPointer
    public var message: String

    public init(location: JSONLocation, pointer: JSONPointer, message: String) {
        self.location = location
        self.pointer = pointer
        self.message = message
    }

    public var description: String {
        "\(location): \(message)" + (pointer.tokens.isEmpty ? "" : " (at \(pointer))")
    }
}

/// A strict RFC 8259 reader that keeps every value's line and column.
///
/// Duplicate keys, invalid UTF-8, lone surrogates, comments, trailing commas and
/// leading zeros are errors; a UTF-8 byte-order mark is skipped; nesting is
/// bounded so hostile input cannot exhaust the stack; number literals are kept
/// exactly as written.
public enum JSONReader {
    /// Parses one JSON document; every node keeps file, line and column.
    public static func parse(_ bytes: [UInt8], file: String, maxDepth: Int = 512) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONTextParser(bytes: bytes, file: file, maxDepth: maxDepth)
        return try parser.parseDocument()
    }
}

/// The reader's state over one document: where it is, its line and column, and the path of the value
/// it is reading.
struct JSONTextParser {
    let bytes: [UInt8]
    let file: String
    let maxDepth: Int
    var index = 0
    var line = 1
    /// Byte offset where the current line starts; columns count scalars from there.
    var lineStart = 0
    /// Path of the value being read, for error pointers.
    var path: [String] = []
    /// The last column computed on the current line, so locating the next value
    /// scans only the bytes since (a long minified line stays linear).
    var columnMarkOffset = 0
    var columnMarkValue = 1

    init(bytes: [UInt8], file: String, maxDepth: Int) {
        self.bytes = bytes
        self.file = file
        self.maxDepth = maxDepth
    }

    // MARK: Positions

    /// The column of byte `offset` on the current line, counting Unicode scalars
    /// (continuation bytes do not start a column).
    func column(at offset: Int) -> Int {
        var column = 1
        var i = lineStart
        while i < offset && i < bytes.count {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return column
    }

    func location(at offset: Int) -> JSONLocation {
        JSONLocation(file: file, line: line, column: column(at: offset))
    }

    /// The location of `offset`, which must not be before the previous call's on this line.
    mutating func advancingLocation(at offset: Int) -> JSONLocation {
        if columnMarkOffset < lineStart || columnMarkOffset > offset {
            columnMarkOffset = lineStart
            columnMarkValue = 1
        }
        var i = columnMarkOffset
        var column = columnMarkValue
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        columnMarkOffset = offset
        columnMarkValue = column
        return JSONLocation(file: file, line: line, column: column)
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(location: location(at: offset ?? index), pointer: JSONPointer(tokens: path), message: message)
    }

    // MARK: Document

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        guard index < bytes.count else { throw fail("empty document: expected a JSON value") }
        let root = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw fail("unexpected \(describe(at: index)) after the JSON value")
        }
        return root
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            case 0x0D:
                index += 1
                if index < bytes.count && bytes[index] == 0x0A { index += 1 }
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    /// A short description of the byte at `offset` for messages.
    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "/") && offset + 1 < bytes.count
            && (bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*"))
        {
            return "comment (JSON has no comments)"
        }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x20 { return "control character U+\(hex4(UInt32(byte)))" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: Values

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw fail("unexpected end of input: expected a value") }
        let start = index
        let here = advancingLocation(at: start)
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return JSONNode(.object(try parseObject(depth: depth + 1)), at: here)
        case UInt8(ascii: "["):
            return JSONNode(.array(try parseArray(depth: depth + 1)), at: here)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), at: here)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONNode(.bool(true), at: here)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONNode(.bool(false), at: here)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONNode(.null, at: here)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: here)
        case UInt8(ascii: "'"):
            throw fail("strings must use double quotes, not single quotes")
        default:
            let word = bareWord(at: index)
            if ["NaN", "Infinity", "undefined"].contains(word) {
                throw fail("\(word) is not a JSON value")
            }
            throw fail("unexpected \(describe(at: index)): expected a value")
        }
    }

    func bareWord(at offset: Int) -> String {
        var end = offset
        while end < bytes.count, end - offset < 16, (bytes[end] >= 0x41 && bytes[end] <= 0x5A) || (bytes[end] >= 0x61 && bytes[end] <= 0x7A)
        {
            end += 1
        }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            index + count <= bytes.count && bytes[index..<(index + count)].elementsEqual(expected)
        }
        guard matches else {
            throw fail("unexpected '\(bareWord(at: index).isEmpty ? describe(at: index) : bareWord(at: index))': expected a value")
        }
        index += count
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONObject {
        if depth > maxDepth { throw fail("nesting deeper than \(maxDepth) levels") }
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return object
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated object: expected a key or '}'") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}") { throw fail("trailing comma before '}'") }
                throw fail("unexpected \(describe(at: index)): expected a key in double quotes")
            }
            let keyLocation = advancingLocation(at: index)
            let key = try parseString()
            // The object's own index finds duplicates; no second dictionary is needed.
            if let first = object.member(key)?.keyLocation {
                path.append(key)
                let error = JSONSyntaxError(
                    location: keyLocation, pointer: JSONPointer(tokens: path),
                    message: "duplicate key \"\(key)\" (first written at line \(first.line), column \(first.column))")
                throw error
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail(
                    index < bytes.count
                        ? "unexpected \(describe(at: index)): expected ':' after key \"\(key)\"" : "unterminated object: expected ':'")
            }
            index += 1
            skipWhitespace()
            path.append(key)
            let value = try parseValue(depth: depth)
            path.removeLast()
            object.set(key, value, keyLocation: keyLocation)
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated object: expected ',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                return object
            default:
                throw fail("unexpected \(describe(at: index)): expected ',' or '}'")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        if depth > maxDepth { throw fail("nesting deeper than \(maxDepth) levels") }
        index += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return items
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated array: expected a value or ']'") }
            if bytes[index] == UInt8(ascii: "]") { throw fail("trailing comma before ']'") }
            path.append(String(items.count))
            items.append(try parseValue(depth: depth))
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated array: expected ',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                return items
            default:
                throw fail("unexpected \(describe(at: index)): expected ',' or ']'")
            }
        }
    }

    // MARK: Numbers

    mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw fail("invalid number: expected a digit after '-'")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && isDigit(bytes[index]) {
                throw fail("invalid number: leading zeros are not allowed", at: start)
            }
        } else {
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("invalid number: expected a digit after '.'")
            }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("invalid number: expected a digit in the exponent")
            }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        return JSONNumber(literal: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
