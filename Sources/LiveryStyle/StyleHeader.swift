/// Reads `extends` and `abstract` from a style.json's top-level object without
/// building the document: enough to place a target in the graph when nothing
/// else about it is needed (`livery diff` on a target whose directory did not change).
public enum StyleHeader {
    /// The parent and abstract flag, or nil when the bytes are anything but a plain
    /// well-formed top-level object with those keys written simply; the caller then
    /// reads the file fully, which reports any problem with its position.
    public static func scan(_ bytes: [UInt8]) -> (extends: String?, abstract: Bool)? {
        var scanner = Scanner(bytes: bytes)
        return scanner.header()
    }

    struct Scanner {
        let bytes: [UInt8]
        var index = 0

        mutating func header() -> (extends: String?, abstract: Bool)? {
            skipSpace()
            guard next() == UInt8(ascii: "{") else { return nil }
            var extends: String?
            var abstract = false
            var seen: Set<String> = []
            skipSpace()
            if peek() == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipSpace()
                    guard peek() == UInt8(ascii: "\""), let key = plainString() else { return nil }
                    // A duplicated key is an error the full reader reports.
                    guard seen.insert(key).inserted else { return nil }
                    skipSpace()
                    guard next() == UInt8(ascii: ":") else { return nil }
                    skipSpace()
                    switch key {
                    case "extends":
                        if peek() == UInt8(ascii: "\"") {
                            guard let parent = plainString() else { return nil }
                            extends = parent
                        } else if literal("null") {
                            extends = nil
                        } else {
                            return nil
                        }
                    case "abstract":
                        if literal("true") {
                            abstract = true
                        } else if literal("false") {
                            abstract = false
                        } else {
                            return nil
                        }
                    default:
                        guard skipValue() else { return nil }
                    }
                    skipSpace()
                    let separator = next()
                    if separator == UInt8(ascii: ",") { continue }
                    if separator == UInt8(ascii: "}") { break }
                    return nil
                }
            }
            skipSpace()
            return index == bytes.count ? (extends, abstract) : nil
        }

        func peek() -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func skipSpace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else { return false }
            index += expected.count
            return true
        }

        /// A string without escapes or control characters; nil otherwise.
        mutating func plainString() -> String? {
            guard next() == UInt8(ascii: "\"") else { return nil }
            let start = index
            while let byte = next() {
                if byte == UInt8(ascii: "\"") { return String(validating: bytes[start..<(index - 1)], as: UTF8.self) }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            }
            return nil
        }

        /// Skips one value, checking only the nesting and the strings.
        mutating func skipValue() -> Bool {
            var depth = 0
            repeat {
                skipSpace()
                guard let byte = peek() else { return false }
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    while true {
                        guard let character = next() else { return false }
                        if character == UInt8(ascii: "\\") {
                            guard next() != nil else { return false }
                        } else if character == UInt8(ascii: "\"") {
                            break
                        }
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard depth > 0 else { return false }
                    depth -= 1
                    index += 1
                case UInt8(ascii: ","), UInt8(ascii: ":"):
                    guard depth > 0 else { return false }
                    index += 1
                default:
                    // A number or literal: up to the next delimiter.
                    let start = index
                    while let character = peek(), ![0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":")].contains(character) {
                        index += 1
                    }
                    if index == start { return false }
                }
            } while depth > 0
            return true
        }
    }
}
