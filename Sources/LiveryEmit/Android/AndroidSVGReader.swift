/// A small, safe reader for the XML of SVG files, enough to decide whether an
/// image can become a VectorDrawable. It reads no external entities, no DTD
/// declarations and nothing from the network; input, nesting and element count
/// are bounded, and malformed input is an error value, never a crash.
enum AndroidSVGReader {
    struct Element {
        var name: String
        var attributes: [(name: String, value: String)]
        var children: [Element]
        /// Non-blank character data directly inside this element.
        var hasText: Bool

        func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }
    }

    static let maximumDepth = 64
    static let maximumElements = 20_000

    /// The root element, or why the bytes are not XML this reader accepts.
    static func read(_ bytes: [UInt8]) -> Result<Element, ReadError> {
        var parser = Parser(bytes: bytes)
        return parser.document()
    }

    struct ReadError: Error, Equatable {
        var reason: String
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var elements = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func document() -> Result<Element, ReadError> {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else {
                return .failure(ReadError(reason: "it is not UTF-8 text"))
            }
            do {
                try skipProlog()
                guard peek() == UInt8(ascii: "<") else { throw ReadError(reason: "it has no root element") }
                let root = try element(depth: 0)
                try skipMisc()
                guard index == bytes.count else { throw ReadError(reason: "it has content after the root element") }
                return .success(root)
            } catch let error as ReadError {
                return .failure(error)
            } catch {
                return .failure(ReadError(reason: "it is not well-formed XML"))
            }
        }

        func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        func starts(with text: String) -> Bool {
            var i = index
            for byte in text.utf8 {
                guard i < bytes.count, bytes[i] == byte else { return false }
                i += 1
            }
            return true
        }

        mutating func skipSpace() {
            while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        /// Moves past `terminator`, or fails at the end of input.
        mutating func skip(past terminator: String) throws {
            let end = Array(terminator.utf8)
            while index < bytes.count {
                if bytes[index] == end[0], bytes[index...].starts(with: end) {
                    index += end.count
                    return
                }
                index += 1
            }
            throw ReadError(reason: "it is not well-formed XML (no '\(terminator)')")
        }

        mutating func skipProlog() throws {
            while true {
                skipSpace()
                if starts(with: "<?") {
                    try skip(past: "?>")
                } else if starts(with: "<!--") {
                    try skip(past: "-->")
                } else if starts(with: "<!DOCTYPE") {
                    // A doctype may declare entities, which this reader never expands.
                    var i = index
                    while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
                        if bytes[i] == UInt8(ascii: "[") { throw ReadError(reason: "it declares a DTD (entities are not read)") }
                        i += 1
                    }
                    try skip(past: ">")
                } else {
                    return
                }
            }
        }

        mutating func skipMisc() throws {
            while true {
                skipSpace()
                if starts(with: "<!--") {
                    try skip(past: "-->")
                } else if starts(with: "<?") {
                    try skip(past: "?>")
                } else {
                    return
                }
            }
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "."): true
            default: byte >= 0x80
            }
        }

        mutating func name() throws -> String {
            let start = index
            while let byte = peek(), Self.isNameByte(byte) { index += 1 }
            guard index > start else { throw ReadError(reason: "it is not well-formed XML (a name is missing)") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// `name="value"` (or in single quotes), its entities expanded.
        mutating func attribute() throws -> (name: String, value: String) {
            let attributeName = try name()
            skipSpace()
            guard peek() == UInt8(ascii: "=") else {
                throw ReadError(reason: "it is not well-formed XML (attribute \(attributeName) has no value)")
            }
            index += 1
            skipSpace()
            guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw ReadError(reason: "it is not well-formed XML (attribute \(attributeName) is not quoted)")
            }
            index += 1
            let start = index
            while let next = peek(), next != quote {
                guard next != UInt8(ascii: "<") else { throw ReadError(reason: "it is not well-formed XML ('<' in an attribute)") }
                index += 1
            }
            guard peek() == quote else { throw ReadError(reason: "it is not well-formed XML (attribute \(attributeName) is not closed)") }
            let value = try Self.decodeEntities(bytes[start..<index])
            index += 1
            return (attributeName, value)
        }

        mutating func element(depth: Int) throws -> Element {
            guard depth < AndroidSVGReader.maximumDepth else {
                throw ReadError(reason: "it nests elements deeper than \(AndroidSVGReader.maximumDepth)")
            }
            elements += 1
            guard elements <= AndroidSVGReader.maximumElements else {
                throw ReadError(reason: "it has more than \(AndroidSVGReader.maximumElements) elements")
            }
            index += 1  // <
            var element = Element(name: try name(), attributes: [], children: [], hasText: false)
            while true {
                skipSpace()
                guard let byte = peek() else { throw ReadError(reason: "it is not well-formed XML (<\(element.name)> is not closed)") }
                if byte == UInt8(ascii: "/") {
                    guard peek(1) == UInt8(ascii: ">") else { throw ReadError(reason: "it is not well-formed XML") }
                    index += 2
                    return element
                }
                if byte == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                let attribute = try self.attribute()
                guard !element.attributes.contains(where: { $0.name == attribute.name }) else {
                    throw ReadError(reason: "it is not well-formed XML (attribute \(attribute.name) twice)")
                }
                element.attributes.append(attribute)
            }
            // Content up to the matching end tag.
            while true {
                guard let byte = peek() else { throw ReadError(reason: "it is not well-formed XML (<\(element.name)> is not closed)") }
                if byte == UInt8(ascii: "<") {
                    if starts(with: "</") {
                        index += 2
                        let closing = try name()
                        skipSpace()
                        guard closing == element.name, peek() == UInt8(ascii: ">") else {
                            throw ReadError(reason: "it is not well-formed XML (</\(closing)> closes <\(element.name)>)")
                        }
                        index += 1
                        return element
                    } else if starts(with: "<!--") {
                        try skip(past: "-->")
                    } else if starts(with: "<![CDATA[") {
                        try skip(past: "]]>")
                        element.hasText = true
                    } else if starts(with: "<?") {
                        try skip(past: "?>")
                    } else if starts(with: "<!") {
                        throw ReadError(reason: "it is not well-formed XML (a declaration inside <\(element.name)>)")
                    } else {
                        element.children.append(try self.element(depth: depth + 1))
                    }
                } else {
                    if byte == UInt8(ascii: "&") {
                        // Checked like attribute entities, so an undeclared one is refused.
                        let start = index
                        while let next = peek(), next != UInt8(ascii: ";"), index - start < 12 { index += 1 }
                        guard peek() == UInt8(ascii: ";") else { throw ReadError(reason: "it is not well-formed XML (a bare '&')") }
                        index += 1
                        _ = try Self.decodeEntities(bytes[start..<index])
                        element.hasText = true
                        continue
                    }
                    if !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) { element.hasText = true }
                    index += 1
                }
            }
        }

        /// Attribute text with the five predefined entities and character references
        /// expanded; any other entity is refused (nothing declares one).
        static func decodeEntities(_ raw: ArraySlice<UInt8>) throws -> String {
            guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
            var out = ""
            var i = raw.startIndex
            while i < raw.endIndex {
                guard raw[i] == UInt8(ascii: "&") else {
                    let start = i
                    while i < raw.endIndex, raw[i] != UInt8(ascii: "&") { i += 1 }
                    out += String(decoding: raw[start..<i], as: UTF8.self)
                    continue
                }
                guard let semicolon = raw[i...].firstIndex(of: UInt8(ascii: ";")), semicolon - i <= 10 else {
                    throw ReadError(reason: "it is not well-formed XML (a bare '&')")
                }
                let entity = String(decoding: raw[(i + 1)..<semicolon], as: UTF8.self)
                switch entity {
                case "amp": out += "&"
                case "lt": out += "<"
                case "gt": out += ">"
                case "quot": out += "\""
                case "apos": out += "'"
                default:
                    var code: UInt32?
                    if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                        code = UInt32(entity.dropFirst(2), radix: 16)
                    } else if entity.hasPrefix("#") {
                        code = UInt32(entity.dropFirst(1))
                    }
                    guard let code, let scalar = Unicode.Scalar(code), code != 0 else {
                        throw ReadError(reason: "it uses the entity &\(entity); (entities are not read)")
                    }
                    out.unicodeScalars.append(scalar)
                }
                i = semicolon + 1
            }
            return out
        }
    }
}
