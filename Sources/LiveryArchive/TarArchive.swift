/// POSIX ustar archives (`tar -xf` on any system): 512-byte headers, regular
/// files and directories, and a pax `path` record for a path that does not fit
/// ustar's 100 + 155 bytes.
public enum TarArchive {
    static let block = 512

    public static func bytes(_ entries: [ArchiveEntry]) throws(ArchiveError) -> [UInt8] {
        let layout = try ArchiveLayout(entries)
        var out: [UInt8] = []
        out.reserveCapacity(entries.reduce(2 * block) { $0 + 2 * block + $1.bytes.count })
        for item in layout.items {
            switch item {
            case .directory:
                append(name: item.name, type: "5", mode: ArchiveLayout.directoryMode, contents: [], to: &out)
            case .file(_, let bytes):
                append(name: item.name, type: "0", mode: ArchiveLayout.fileMode, contents: bytes, to: &out)
            }
        }
        out += [UInt8](repeating: 0, count: 2 * block)
        return out
    }

    private static func append(name: String, type: Character, mode: Int, contents: [UInt8], to out: inout [UInt8]) {
        let split = ustarName(name)
        if split == nil {
            // A pax extended header carries the full path; the ustar name is a shortened stand-in.
            let record = paxRecord("path", name)
            out += header(name: "././@PaxHeader", prefix: "", type: "x", mode: 0o644, size: record.count)
            appendPadded(record, to: &out)
        }
        // Without a split, the last 99 bytes (from a character boundary) stand in for readers without pax.
        let (prefix, short) = split ?? ("", String(decoding: name.utf8.suffix(99).drop { $0 & 0xC0 == 0x80 }, as: UTF8.self))
        out += header(name: short, prefix: prefix, type: type, mode: mode, size: contents.count)
        appendPadded(contents, to: &out)
    }

    /// ustar's prefix and name for a path, split at a `/`; nil when it does not fit.
    static func ustarName(_ path: String) -> (prefix: String, name: String)? {
        let utf8 = Array(path.utf8)
        if utf8.count <= 100 { return ("", path) }
        for index in utf8.indices.reversed() where utf8[index] == UInt8(ascii: "/") {
            let prefix = utf8[..<index], name = utf8[(index + 1)...]
            if name.count > 100 || name.isEmpty { break }
            if prefix.count <= 155 { return (String(decoding: prefix, as: UTF8.self), String(decoding: name, as: UTF8.self)) }
        }
        return nil
    }

    /// `"<length> key=value\n"`, where the length counts the whole record, itself included.
    static func paxRecord(_ key: String, _ value: String) -> [UInt8] {
        let body = " \(key)=\(value)\n"
        var length = body.utf8.count + 1
        while String(length).utf8.count + body.utf8.count != length { length += 1 }
        return Array("\(length)\(body)".utf8)
    }

    static func header(name: String, prefix: String, type: Character, mode: Int, size: Int) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: block)
        func put(_ text: String, at offset: Int, width: Int) {
            for (index, byte) in text.utf8.prefix(width).enumerated() { header[offset + index] = byte }
        }
        func octal(_ value: Int, at offset: Int, width: Int) {
            let digits = String(value, radix: 8)
            put(String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits, at: offset, width: width - 1)
        }
        put(name, at: 0, width: 100)
        octal(mode, at: 100, width: 8)
        octal(0, at: 108, width: 8)  // uid
        octal(0, at: 116, width: 8)  // gid
        octal(size, at: 124, width: 12)
        octal(ArchiveLayout.timestamp, at: 136, width: 12)
        header[156] = type.asciiValue ?? UInt8(ascii: "0")
        put("ustar", at: 257, width: 6)
        put("00", at: 263, width: 2)
        octal(0, at: 329, width: 8)  // devmajor
        octal(0, at: 337, width: 8)  // devminor
        put(prefix, at: 345, width: 155)
        // The checksum is summed with its own field as eight spaces.
        for index in 148..<156 { header[index] = UInt8(ascii: " ") }
        let sum = header.reduce(0) { $0 + Int($1) }
        octal(sum, at: 148, width: 7)
        header[154] = 0
        header[155] = UInt8(ascii: " ")
        return header
    }

    private static func appendPadded(_ bytes: [UInt8], to out: inout [UInt8]) {
        out += bytes
        let remainder = bytes.count % block
        if remainder != 0 { out += [UInt8](repeating: 0, count: block - remainder) }
    }
}
