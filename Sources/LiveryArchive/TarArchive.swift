/// POSIX ustar archives (`tar -xf` on any system): 512-byte headers, regular
/// files and directories, and a pax `path` record for a path that does not fit
/// ustar's 100 + 155 bytes.
///
/// Headers are written straight into the output, field by field as bytes: a
/// build writes hundreds of thousands of them.
public enum TarArchive {
    static let block = 512
    static let paxHeaderName = Array("././@PaxHeader".utf8)
    /// An octal size field holds 11 digits: files of 8 GiB and more need extensions livery does not write.
    static let sizeLimit = 1 << 33

    public static func bytes(_ entries: [ArchiveEntry]) throws(ArchiveError) -> [UInt8] {
        let layout = try ArchiveLayout(entries)
        var out: [UInt8] = []
        out.reserveCapacity(layout.items.reduce(2 * block) { $0 + reservation(for: $1) })
        for item in layout.items {
            let contents = item.contents ?? []
            guard contents.count < sizeLimit else { throw .tooLarge("8 GiB or more (\(String(decoding: item.name, as: UTF8.self)))") }
            let (type, mode) =
                item.isDirectory ? (UInt8(ascii: "5"), ArchiveLayout.directoryMode) : (UInt8(ascii: "0"), ArchiveLayout.fileMode)
            append(name: item.name, type: type, mode: mode, contents: contents, to: &out)
        }
        out.append(contentsOf: repeatElement(0, count: 2 * block))
        return out
    }

    /// Room for an item's blocks: its header and contents, and a pax header and
    /// record when the name may need one (a record is its name and 30 bytes at most).
    private static func reservation(for item: ArchiveLayout.Item) -> Int {
        let own = block + padded(item.contents?.count ?? 0)
        return item.name.count > 100 ? own + block + padded(item.name.count + 30) : own
    }

    private static func append(name: [UInt8], type: UInt8, mode: Int, contents: [UInt8], to out: inout [UInt8]) {
        let split = ustarName(name)
        if split == nil {
            // A pax extended header carries the full path; the ustar name is a shortened stand-in.
            let record = paxRecord("path", name)
            appendHeader(name: paxHeaderName[...], prefix: [], type: UInt8(ascii: "x"), mode: 0o644, size: record.count, to: &out)
            appendPadded(record, to: &out)
        }
        // Without a split, the last 99 bytes (from a character boundary) stand in for readers without pax.
        let (prefix, short) = split ?? ([], name.suffix(99).drop { $0 & 0xC0 == 0x80 })
        appendHeader(name: short, prefix: prefix, type: type, mode: mode, size: contents.count, to: &out)
        appendPadded(contents, to: &out)
    }

    /// ustar's prefix and name for a path, split at a `/`; nil when it does not fit.
    static func ustarName(_ path: [UInt8]) -> (prefix: ArraySlice<UInt8>, name: ArraySlice<UInt8>)? {
        if path.count <= 100 { return ([], path[...]) }
        for index in path.indices.reversed() where path[index] == UInt8(ascii: "/") {
            let prefix = path[..<index]
            let name = path[(index + 1)...]
            if name.count > 100 || name.isEmpty { break }
            if prefix.count <= 155 { return (prefix, name) }
        }
        return nil
    }

    /// `"<length> key=value\n"`, where the length counts the whole record, itself included.
    static func paxRecord(_ key: String, _ value: [UInt8]) -> [UInt8] {
        let bodyCount = 1 + key.utf8.count + 1 + value.count + 1
        var length = bodyCount + 1
        while decimalDigits(length) + bodyCount != length { length += 1 }
        var record: [UInt8] = []
        record.reserveCapacity(length)
        record += String(length).utf8
        record.append(UInt8(ascii: " "))
        record += key.utf8
        record.append(UInt8(ascii: "="))
        record += value
        record.append(UInt8(ascii: "\n"))
        return record
    }

    static func decimalDigits(_ value: Int) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// Appends one 512-byte ustar header. `name` and `prefix` fit their fields (100 and 155 bytes).
    static func appendHeader(name: ArraySlice<UInt8>, prefix: ArraySlice<UInt8>, type: UInt8, mode: Int, size: Int, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: block))
        out.withUnsafeMutableBufferPointer { buffer in
            let header = UnsafeMutableBufferPointer(rebasing: buffer[start..<(start + block)])
            func put(_ bytes: some Collection<UInt8>, at offset: Int, width: Int) {
                for (index, byte) in bytes.prefix(width).enumerated() { header[offset + index] = byte }
            }
            /// Zero-padded octal digits filling all but the field's last byte, which stays NUL.
            func octal(_ value: Int, at offset: Int, width: Int) {
                var rest = value
                for index in stride(from: offset + width - 2, through: offset, by: -1) {
                    header[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest & 7)
                    rest >>= 3
                }
            }
            put(name, at: 0, width: 100)
            octal(mode, at: 100, width: 8)
            octal(0, at: 108, width: 8)  // uid
            octal(0, at: 116, width: 8)  // gid
            octal(size, at: 124, width: 12)
            octal(ArchiveLayout.timestamp, at: 136, width: 12)
            header[156] = type
            put("ustar".utf8, at: 257, width: 6)
            put("00".utf8, at: 263, width: 2)
            octal(0, at: 329, width: 8)  // devmajor
            octal(0, at: 337, width: 8)  // devminor
            put(prefix, at: 345, width: 155)
            // The checksum is summed with its own field as eight spaces.
            for index in 148..<156 { header[index] = UInt8(ascii: " ") }
            var sum = 0
            for byte in header { sum += Int(byte) }
            octal(sum, at: 148, width: 7)
            header[154] = 0
            header[155] = UInt8(ascii: " ")
        }
    }

    private static func padded(_ count: Int) -> Int {
        (count + block - 1) / block * block
    }

    private static func appendPadded(_ bytes: [UInt8], to out: inout [UInt8]) {
        out += bytes
        out.append(contentsOf: repeatElement(0, count: padded(bytes.count) - bytes.count))
    }
}
