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

    public static func bytes(_ entries: [ArchiveEntry]) throws(ArchiveError) -> [UInt8] {
        let layout = try ArchiveLayout(entries)
        guard layout.items.count <= Int(UInt16.max) else { throw .tooLarge("\(layout.items.count) entries (at most 65,535)") }
        var out: [UInt8] = []
        var central: [UInt8] = []
        for item in layout.items {
            let name = Array(item.name.utf8)
            let (contents, attributes): ([UInt8], UInt32) = switch item {
            case .directory: ([], UInt32(0o040000 | ArchiveLayout.directoryMode) << 16 | 0x10)
            case .file(_, let bytes): (bytes, UInt32(0o100000 | ArchiveLayout.fileMode) << 16)
            }
            guard out.count < Int(UInt32.max) - contents.count - name.count - 30, contents.count < Int(UInt32.max) else {
                throw .tooLarge("more than 4 GiB (\(item.name))")
            }
            let offset = UInt32(out.count)
            let crc = CRC32.checksum(contents)
            let size = UInt32(contents.count)
            // Local file header.
            out.append(littleEndian: UInt32(0x0403_4B50))
            out.append(littleEndian: version)
            out.append(littleEndian: utf8Names)
            out.append(littleEndian: UInt16(0))  // stored
            out.append(littleEndian: dosTime)
            out.append(littleEndian: dosDate)
            out.append(littleEndian: crc)
            out.append(littleEndian: size)
            out.append(littleEndian: size)
            out.append(littleEndian: UInt16(name.count))
            out.append(littleEndian: UInt16(0))
            out += name
            out += contents
            // Its central directory record.
            central.append(littleEndian: UInt32(0x0201_4B50))
            central.append(littleEndian: madeByUnix)
            central.append(littleEndian: version)
            central.append(littleEndian: utf8Names)
            central.append(littleEndian: UInt16(0))
            central.append(littleEndian: dosTime)
            central.append(littleEndian: dosDate)
            central.append(littleEndian: crc)
            central.append(littleEndian: size)
            central.append(littleEndian: size)
            central.append(littleEndian: UInt16(name.count))
            central.append(littleEndian: UInt16(0))  // extra field
            central.append(littleEndian: UInt16(0))  // comment
            central.append(littleEndian: UInt16(0))  // disk
            central.append(littleEndian: UInt16(0))  // internal attributes
            central.append(littleEndian: attributes)
            central.append(littleEndian: offset)
            central += name
        }
        guard out.count + central.count < Int(UInt32.max) else { throw .tooLarge("more than 4 GiB in all") }
        let centralOffset = UInt32(out.count)
        out += central
        // End of central directory.
        out.append(littleEndian: UInt32(0x0605_4B50))
        out.append(littleEndian: UInt16(0))
        out.append(littleEndian: UInt16(0))
        out.append(littleEndian: UInt16(layout.items.count))
        out.append(littleEndian: UInt16(layout.items.count))
        out.append(littleEndian: UInt32(central.count))
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

/// The CRC-32 zip uses (IEEE 802.3, reflected polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
