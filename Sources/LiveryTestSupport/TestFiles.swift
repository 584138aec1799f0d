/// Small, valid binary files for fixtures, made in memory.
public enum TestFiles {
    /// A solid-colour PNG of the given size. `alpha` picks colour type 6 (RGBA)
    /// over 2 (RGB). The image data is stored uncompressed (deflate "stored"
    /// blocks), which every decoder reads.
    public static func png(width: Int, height: Int, alpha: Bool = false, rgb: (UInt8, UInt8, UInt8) = (0x11, 0xA4, 0xD6)) -> [UInt8] {
        let channels = alpha ? 4 : 3
        var raw: [UInt8] = []
        raw.reserveCapacity((width * channels + 1) * height)
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<width {
                raw += [rgb.0, rgb.1, rgb.2]
                if alpha { raw.append(200) }
            }
        }
        var ihdr: [UInt8] = []
        ihdr += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [8, alpha ? 6 : 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// A minimal JPEG: a start-of-frame segment giving the size, a scan header
    /// with a byte of scan data, and the end marker, the parts livery checks.
    public static func jpeg(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
        bytes += [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes += [0xFF, 0xDA, 0x00, 0x0C, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0x00, 0x3F, 0x00, 0x00]
        bytes += [0xFF, 0xD9]
        return bytes
    }

    /// A structurally valid TrueType file holding one `name` table.
    public static func truetype(family: String = "Test Sans") -> [UInt8] {
        let name = family.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        var table: [UInt8] = [0, 0, 0, 1, 0, 18]
        table += [0, 3, 0, 1, 0x04, 0x09, 0, 1] + [UInt8(name.count >> 8), UInt8(name.count & 0xFF), 0, 0]
        table += name
        while table.count % 4 != 0 { table.append(0) }
        var header: [UInt8] = [0x00, 0x01, 0x00, 0x00, 0, 1, 0, 16, 0, 0, 0, 0]
        header += Array("name".utf8) + bigEndian(0) + bigEndian(28) + bigEndian(UInt32(table.count))
        return header + table
    }

    public static let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#.utf8)
    public static let pdf = Array("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n".utf8)

    /// A PNG whose chunks are whole (each CRC right) but whose image data is not
    /// a zlib stream: only a decoder finds what is wrong with it.
    public static func undecodablePNG(width: Int, height: Int) -> [UInt8] {
        var ihdr: [UInt8] = []
        ihdr += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [8, 2, 0, 0, 0]
        let garbage = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x01] + garbage) + chunk("IEND", [])
    }

    public static func lfsPointer(size: Int) -> [UInt8] {
        Array("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize \(size)\n".utf8)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65535, data.count - offset)
            let final: UInt8 = offset + length >= data.count ? 1 : 0
            out += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
