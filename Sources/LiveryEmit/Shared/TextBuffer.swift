/// The UTF-8 bytes of one generated text file, appended in place.
///
/// A build writes every client's theme files piece by piece, thousands of
/// pieces each; appending to one byte array costs about half of growing a
/// `String`, and the bytes are what the file needs in the end (no copy).
///
/// Fixed text is `buffer += "…"` (a `StaticString`, copied as it is); text
/// made at run time is `buffer.append(text)`. The two have different names
/// because a `String` overload of `+=` would take every literal, on the slower path.
struct TextBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    static func += (buffer: inout TextBuffer, text: StaticString) {
        text.withUTF8Buffer { buffer.bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ other: TextBuffer) {
        bytes.append(contentsOf: other.bytes)
    }

    mutating func append(_ scalar: Unicode.Scalar) {
        UTF8.encode(scalar) { bytes.append($0) }
    }

    /// A whole number as `String(value)` spells it.
    mutating func append(_ value: Int) {
        append(String(value))
    }

    /// A byte as two uppercase hexadecimal digits (`0F`, `D4`).
    mutating func appendHex(_ byte: UInt8) {
        bytes.append(Self.hexDigit(byte >> 4))
        bytes.append(Self.hexDigit(byte & 0xF))
    }

    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    /// The file's text, for tests and the callers that still need a `String`.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
