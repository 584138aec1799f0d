/// Whether a PNG or JPEG file is whole: every part the format has is there, in
/// order, and (for PNG) every chunk's CRC matches. A file cut short or damaged in
/// transit keeps a good header, so the sniffer alone would take it for an image,
/// and the first program to decode it (livery's icon scaler, Xcode, aapt2) would
/// fail later, far from the style that names it. Pure and bounded: one pass over
/// the bytes, no allocation.
public enum ImageIntegrity {
    /// A chunk's four-byte type as a message may show it: letters as they are
    /// (every valid type is four ASCII letters), any other byte as `\xNN`, so a
    /// damaged name never puts control characters or broken UTF-8 in a message.
    static func chunkName(_ type: ArraySlice<UInt8>) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var shown: [UInt8] = []
        for byte in type {
            if (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) {
                shown.append(byte)
            } else {
                shown += Array("\\x".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: shown, as: UTF8.self)
    }

    /// What is wrong with a PNG, or nil when its chunks are whole.
    public static func pngDamage(_ bytes: [UInt8]) -> String? {
        let signature = 8
        var offset = signature
        var index = 0
        var sawData = false
        var dataEnded = false
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else {
                return "it ends inside a chunk header at byte \(offset) (the file is cut short)"
            }
            let length = Int(bigEndian32(bytes, offset))
            let typeStart = offset + 4
            let type = chunkName(bytes[typeStart..<typeStart + 4])
            let dataStart = offset + 8
            guard length <= Int(Int32.max), dataStart + length + 4 <= bytes.count else {
                return "chunk \(type) at byte \(offset) needs \(length) bytes of data, but the file ends first (it is cut short)"
            }
            let stored = bigEndian32(bytes, dataStart + length)
            guard CRC32.checksum(bytes, from: typeStart, count: length + 4) == stored else {
                return "chunk \(type) at byte \(offset) fails its CRC check (the file is damaged)"
            }
            if index == 0, type != "IHDR" || length != 13 {
                return "the first chunk is \(type), not a 13-byte IHDR"
            }
            switch type {
            case "IDAT":
                if dataEnded { return "its image data (IDAT) is split by other chunks" }
                sawData = true
            case "IEND":
                guard sawData else { return "it has no image data (IDAT)" }
                // Bytes after IEND are ignored by every decoder.
                return nil
            default:
                if sawData { dataEnded = true }
            }
            offset = dataStart + length + 4
            index += 1
        }
        return sawData
            ? "it ends without an IEND chunk (the file is cut short)"
            : "it has no image data (IDAT) and no IEND chunk (the file is cut short)"
    }

    /// What is wrong with a JPEG, or nil when its segments run from the start
    /// marker through a frame header and at least one scan to the end marker.
    public static func jpegDamage(_ bytes: [UInt8]) -> String? {
        var offset = 2
        var sawFrame = false
        var sawScan = false
        while offset + 2 <= bytes.count {
            guard bytes[offset] == 0xFF else { return "a segment at byte \(offset) does not start with a marker (the file is damaged)" }
            let marker = bytes[offset + 1]
            switch marker {
            case 0xFF:
                offset += 1  // fill byte
                continue
            case 0xD9:
                guard sawFrame, sawScan else { return "it ends before any image data" }
                return nil
            case 0x01, 0xD0...0xD8:
                offset += 2
                continue
            default:
                break
            }
            guard offset + 4 <= bytes.count else { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else {
                return "segment 0xFF\(hex(marker)) at byte \(offset) runs past the end of the file (it is cut short)"
            }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC { sawFrame = true }
            offset += 2 + length
            guard marker == 0xDA else { continue }
            guard sawFrame else { return "image data comes before the frame header" }
            sawScan = true
            // Entropy-coded data runs to the next marker that is not a stuffed
            // zero byte or a restart marker.
            while offset + 1 < bytes.count {
                if bytes[offset] == 0xFF, bytes[offset + 1] != 0x00, !(0xD0...0xD7).contains(bytes[offset + 1]), bytes[offset + 1] != 0xFF {
                    break
                }
                offset += 1
            }
            if offset + 1 >= bytes.count { break }
        }
        return "it ends without an end-of-image marker (the file is cut short)"
    }

    /// The CRC-32 of `bytes`, as PNG chunks carry it.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        CRC32.checksum(bytes, from: 0, count: bytes.count)
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

/// CRC-32 as PNG (and zlib) define it: reflected, polynomial 0xEDB88320, eight
/// bytes at a time through eight tables, since every PNG a build reads is checked.
enum CRC32 {
    static let tables: [[UInt32]] = {
        var tables = Array(repeating: Array(repeating: UInt32(0), count: 256), count: 8)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[0][n] = c
        }
        for n in 0..<256 {
            for k in 1..<8 {
                let previous = tables[k - 1][n]
                tables[k][n] = (previous >> 8) ^ tables[0][Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    static func checksum(_ bytes: [UInt8], from start: Int, count: Int) -> UInt32 {
        let t = tables
        var crc: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buffer in
            var i = start
            let end = start + count
            t[0].withUnsafeBufferPointer { t0 in
                t[1].withUnsafeBufferPointer { t1 in
                    t[2].withUnsafeBufferPointer { t2 in
                        t[3].withUnsafeBufferPointer { t3 in
                            t[4].withUnsafeBufferPointer { t4 in
                                t[5].withUnsafeBufferPointer { t5 in
                                    t[6].withUnsafeBufferPointer { t6 in
                                        t[7].withUnsafeBufferPointer { t7 in
                                            while i + 8 <= end {
                                                let low =
                                                    crc
                                                    ^ (UInt32(buffer[i]) | UInt32(buffer[i + 1]) << 8 | UInt32(buffer[i + 2]) << 16
                                                        | UInt32(buffer[i + 3]) << 24)
                                                let high =
                                                    UInt32(buffer[i + 4]) | UInt32(buffer[i + 5]) << 8 | UInt32(buffer[i + 6]) << 16
                                                    | UInt32(buffer[i + 7]) << 24
                                                crc =
                                                    t7[Int(low & 0xFF)] ^ t6[Int((low >> 8) & 0xFF)] ^ t5[Int((low >> 16) & 0xFF)]
                                                    ^ t4[Int(low >> 24)]
                                                    ^ t3[Int(high & 0xFF)] ^ t2[Int((high >> 8) & 0xFF)] ^ t1[Int((high >> 16) & 0xFF)]
                                                    ^ t0[Int(high >> 24)]
                                                i += 8
                                            }
                                            while i < end {
                                                crc = t0[Int((crc ^ UInt32(buffer[i])) & 0xFF)] ^ (crc >> 8)
                                                i += 1
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
