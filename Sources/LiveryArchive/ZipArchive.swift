/// Zip archives of stored (uncompressed) entries: what `unzip`, Finder,
/// Windows Explorer and every zip library read. Bundles are small text files
/// and PNGs that are already compressed, so deflate would buy little and cost
/// a codec. Names are UTF-8 (general-purpose flag bit 11); modes are recorded
/// as Unix permissions.
public enum ZipArchive {
    static let version: UInt16 = 20        // 2.0: directories and stored entries
    static let madeByUnix: UInt16 = 3 << 8 | 20
    static let utf8Names: UInt16 = 1 << 11
    /// 1980-01-01 00:00 in MS-DOS date and time fields.
    static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1
    static let dosTime: UInt16 = 0
    static let localHeaderSize = 30
    static let centralRecordSize = 46
    static let endRecordSize = 22

    public static func bytes(_ entries: [ArchiveEntry]) throws(ArchiveError) -> [UInt8] {
        let layout = try ArchiveLayout(entries)
        guard layout.items.count <= Int(UInt16.max) else { throw .tooLarge("\(layout.items.count) entries (at most 65,535)") }
        let localSize = layout.items.reduce(0) { $0 + localHeaderSize + $1.name.count + ($1.contents?.count ?? 0) }
        let centralSize = layout.items.reduce(0) { $0 + centralRecordSize + $1.name.count }
        guard localSize + centralSize < Int(UInt32.max) else {
            // The offset of the first entry that would not fit, for the message.
            var end = 0
            for item in layout.items {
                end += localHeaderSize + item.name.count + (item.contents?.count ?? 0)
                if end >= Int(UInt32.max) { throw .tooLarge("more than 4 GiB (\(String(decoding: item.name, as: UTF8.self)))") }
            }
            throw .tooLarge("more than 4 GiB in all")
        }
        // Every entry's local header and contents, then the central directory that
        // lists them: the sizes are known, so both are written into one buffer.
        var out: [UInt8] = []
        out.reserveCapacity(localSize + centralSize + endRecordSize)
        var central: [(crc: UInt32, offset: UInt32)] = []
        central.reserveCapacity(layout.items.count)
        for item in layout.items {
            let contents = item.contents ?? []
            let crc = CRC32.checksum(contents)
            central.append((crc, UInt32(out.count)))
            out.append(littleEndian: UInt32(0x0403_4B50))
            out.append(littleEndian: version)
            out.append(littleEndian: utf8Names)
            out.append(littleEndian: UInt16(0))  // stored
            out.append(littleEndian: dosTime)
            out.append(littleEndian: dosDate)
            out.append(littleEndian: crc)
            out.append(littleEndian: UInt32(contents.count))
            out.append(littleEndian: UInt32(contents.count))
            out.append(littleEndian: UInt16(item.name.count))
            out.append(littleEndian: UInt16(0))  // extra field
            out += item.name
            out += contents
        }
        let centralOffset = UInt32(out.count)
        for (item, record) in zip(layout.items, central) {
            let attributes = item.isDirectory
                ? UInt32(0o040000 | ArchiveLayout.directoryMode) << 16 | 0x10
                : UInt32(0o100000 | ArchiveLayout.fileMode) << 16
            let size = UInt32(item.contents?.count ?? 0)
            out.append(littleEndian: UInt32(0x0201_4B50))
            out.append(littleEndian: madeByUnix)
            out.append(littleEndian: version)
            out.append(littleEndian: utf8Names)
            out.append(littleEndian: UInt16(0))  // stored
            out.append(littleEndian: dosTime)
            out.append(littleEndian: dosDate)
            out.append(littleEndian: record.crc)
            out.append(littleEndian: size)
            out.append(littleEndian: size)
            out.append(littleEndian: UInt16(item.name.count))
            out.append(littleEndian: UInt16(0))  // extra field
            out.append(littleEndian: UInt16(0))  // comment
            out.append(littleEndian: UInt16(0))  // disk
            out.append(littleEndian: UInt16(0))  // internal attributes
            out.append(littleEndian: attributes)
            out.append(littleEndian: record.offset)
            out += item.name
        }
        // End of central directory.
        out.append(littleEndian: UInt32(0x0605_4B50))
        out.append(littleEndian: UInt16(0))
        out.append(littleEndian: UInt16(0))
        out.append(littleEndian: UInt16(layout.items.count))
        out.append(littleEndian: UInt16(layout.items.count))
        out.append(littleEndian: UInt32(centralSize))
        out.append(littleEndian: centralOffset)
        out.append(littleEndian: UInt16(0))
        return out
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
                    let low = crc ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                        | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
                    crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
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
