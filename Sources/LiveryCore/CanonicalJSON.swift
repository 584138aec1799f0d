import Crypto
import LiveryJSON

/// The one byte form livery gives a JSON document whose bytes matter: a
/// bundle's `style.json`, the digests an update is tied to, and the bytes an
/// update's signature covers.
///
/// It is `JSONWriter.write(_:)`: keys sorted by UTF-8 bytes, numbers in their
/// canonical spelling (`1.50` → `1.5`, `1e2` → `100`), two-space indent and a
/// trailing newline. Any two equal documents give the same bytes, so the CLI
/// and an app compute the same digest for the same style.
public enum CanonicalJSON {
    /// The canonical bytes of `value`.
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        Array(JSONWriter.write(value, sortedKeys: true, indent: 2).utf8)
    }

    /// Reads `bytes` as JSON (strict: duplicate keys and trailing garbage are
    /// errors) and returns the document.
    public static func parse(_ bytes: [UInt8], file: String = "") throws(JSONSyntaxError) -> JSONValue {
        try JSONReader.parse(bytes, file: file).value
    }

    /// The lower-case hex SHA-256 of `bytes`: the digest of a style (of its
    /// canonical bytes) that updates name as their `base` and `result`.
    public static func digest(_ bytes: [UInt8]) -> String {
        hex(Array(SHA256.hash(data: bytes)))
    }

    /// The digest of `value`'s canonical bytes.
    public static func digest(of value: JSONValue) -> String {
        digest(bytes(value))
    }

    /// Whether `text` looks like a digest: 64 lower-case hex digits.
    public static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
