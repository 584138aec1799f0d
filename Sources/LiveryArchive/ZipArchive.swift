/// Zip archives: what `unzip`, Finder, Windows Explorer and every zip library
/// read. Each file is deflated when that makes it smaller (text, JSON, SVG,
/// fonts) and stored as it is otherwise (PNGs, already compressed), so the
/// archive holds no entry larger than its file. Names are UTF-8
/// (general-purpose flag bit 11); modes are recorded as Unix permissions.
public enum ZipArchive {
    static let version: UInt16 = 20  // 2.0: directories, stored and deflated entries
    static let madeByUnix: UInt16 = 3 << 8 | 20
    static let utf8Names: UInt16 = 1 << 11
    static let stored: UInt16 = 0
    static let deflated: UInt16 = 8
    /// 1980-01-01 00:00 in MS-DOS date and time fields.
    static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1
    static let dosTime: UInt16 = 0
    static let localHeaderSize = 30
    static let centralRecordSize = 46
    static let endRecordSize = 22

    /// One entry as the archive holds it: its name, how its bytes are held,
    /// and the file's CRC and size before compression.
    struct Record {
        let name: [UInt8]
        let isDirectory: Bool
        let method: UInt16
        let payload: [UInt8]
        let crc: UInt32
        let size: Int
    }

    public static func bytes(_ entries: [ArchiveEntry]) throws(ArchiveError) -> [UInt8] {
        let layout = try ArchiveLayout(entries)
        guard layout.items.count <= Int(UInt16.max) else { throw .tooLarge("\(layout.items.count) entries (at most 65,535)") }
        let records = layout.items.map(record)
        let localSize = records.reduce(0) { $0 + localHeaderSize + $1.name.count + $1.payload.count }
        let centralSize = records.reduce(0) { $0 + centralRecordSize + $1.name.count }
        guard localSize + centralSize < Int(UInt32.max), records.allSatisfy({ $0.size < Int(UInt32.max) }) else {
            throw .tooLarge(firstOversized(records))
        }
        // Every entry's local header and bytes, then the central directory that
        // lists them: the sizes are known, so both are written into one buffer.
        var out: [UInt8] = []
        out.reserveCapacity(localSize + centralSize + endRecordSize)
        var offsets: [UInt32] = []
        offsets.reserveCapacity(records.count)
        for record in records {
            offsets.append(UInt32(out.count))
            out.append(littleEndian: UInt32(0x0403_4B50))
            out.append(littleEndian: version)
            out.append(littleEndian: utf8Names)
            appendCommonFields(record, to: &out)
            out.append(littleEndian: UInt16(0))  // extra field
            out += record.name
            out += record.payload
        }
        let centralOffset = UInt32(out.count)
        for (record, offset) in zip(records, offsets) {
            let attributes =
                record.isDirectory
                ? UInt32(0o040000 | ArchiveLayout.directoryMode) << 16 | 0x10
                : UInt32(0o100000 | ArchiveLayout.fileMode) << 16
            out.append(littleEndian: UInt32(0x0201_4B50))
            out.append(littleEndian: madeByUnix)
            out.append(littleEndian: version)
            out.append(littleEndian: utf8Names)
            appendCommonFields(record, to: &out)
            out.append(littleEndian: UInt16(0))  // extra field
            out.append(littleEndian: UInt16(0))  // comment
            out.append(littleEndian: UInt16(0))  // disk
            out.append(littleEndian: UInt16(0))  // internal attributes
            out.append(littleEndian: attributes)
            out.append(littleEndian: offset)
            out += record.name
        }
        // End of central directory.
        out.append(littleEndian: UInt32(0x0605_4B50))
        out.append(littleEndian: UInt16(0))
        out.append(littleEndian: UInt16(0))
        out.append(littleEndian: UInt16(records.count))
        out.append(littleEndian: UInt16(records.count))
        out.append(littleEndian: UInt32(centralSize))
        out.append(littleEndian: centralOffset)
        out.append(littleEndian: UInt16(0))
        return out
    }

    /// An item deflated when that shrinks it, stored otherwise.
    static func record(_ item: ArchiveLayout.Item) -> Record {
        let contents = item.contents ?? []
        let crc = CRC32.checksum(contents)
        if let compressed = Deflate.compressedIfSmaller(contents) {
            return Record(
                name: item.name, isDirectory: item.isDirectory, method: deflated, payload: compressed, crc: crc, size: contents.count)
        }
        return Record(name: item.name, isDirectory: item.isDirectory, method: stored, payload: contents, crc: crc, size: contents.count)
    }

    /// Method, time, date, CRC, both sizes and the name's length: the fields a
    /// local header and a central record share, in the same order.
    static func appendCommonFields(_ record: Record, to out: inout [UInt8]) {
        out.append(littleEndian: record.method)
        out.append(littleEndian: dosTime)
        out.append(littleEndian: dosDate)
        out.append(littleEndian: record.crc)
        out.append(littleEndian: UInt32(record.payload.count))
        out.append(littleEndian: UInt32(record.size))
        out.append(littleEndian: UInt16(record.name.count))
    }

    /// What does not fit zip's 32-bit sizes and offsets, for the message.
    static func firstOversized(_ records: [Record]) -> String {
        var end = 0
        for record in records {
            end += localHeaderSize + record.name.count + record.payload.count
            if end >= Int(UInt32.max) || record.size >= Int(UInt32.max) {
                return "more than 4 GiB (\(String(decoding: record.name, as: UTF8.self)))"
            }
        }
        return "more than 4 GiB in all"
    }
}

extension [UInt8] {
    mutating func append<T: FixedWidthInteger>(littleEndian value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}

/// The CRC-32 zip uses (IEEE 802.3, reflected polynomial 0xEDB88320), eight
/// bytes a step ("slicing by 8"): table `k` holds the CRC of a byte followed by
/// `k` zero bytes, so eight lookups advance the CRC by eight bytes at once.
/// Byte by byte, it was a third of writing a zip.
enum CRC32 {
    static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                var crc: UInt32 = 0xFFFF_FFFF
                var index = 0
                while index + 8 <= bytes.count {
                    let low =
                        crc
                        ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                            | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
                    crc =
                        table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                        ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                        ^ table[3 * 256 + Int(bytes[index + 4])] ^ table[2 * 256 + Int(bytes[index + 5])]
                        ^ table[1 * 256 + Int(bytes[index + 6])] ^ table[Int(bytes[index + 7])]
                    index += 8
                }
                while index < bytes.count {
                    crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                    index += 1
                }
                return crc ^ 0xFFFF_FFFF
            }
        }
    }
}
