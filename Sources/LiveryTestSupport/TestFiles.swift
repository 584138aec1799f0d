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

    /// A small TrueType file every font loader accepts the structure of: the tables
    /// livery checks (`head`, `name`, `cmap`, `hhea`, `hmtx`, `maxp`, `OS/2`, `post`,
    /// `glyf`, `loca`), with the names and weight given. The PostScript name is the
    /// family without spaces, `-`, and the style ("TestSans-Bold").
    public static func truetype(family: String = "Test Sans", weight: Int = 400, italic: Bool = false) -> [UInt8] {
        let style = (weight >= 700 ? "Bold" : weight <= 300 ? "Light" : "Regular") + (italic ? " Italic" : "")
        let compact = style == "Regular" ? "Regular" : style.replacingOccurrences(of: " ", with: "")
        let names: [(UInt16, String)] = [
            (1, family), (2, style), (4, family + " " + style),
            (6, family.replacingOccurrences(of: " ", with: "") + "-" + compact),
        ]
        let encoded = names.map { ($0.0, $0.1.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) }
        var name = bigEndian16(0) + bigEndian16(UInt16(encoded.count)) + bigEndian16(UInt16(6 + 12 * encoded.count))
        var offset = 0
        for (id, text) in encoded {
            name +=
                bigEndian16(3) + bigEndian16(1) + bigEndian16(0x409) + bigEndian16(id) + bigEndian16(UInt16(text.count))
                + bigEndian16(UInt16(offset))
            offset += text.count
        }
        name += encoded.flatMap(\.1)
        var head = [UInt8](repeating: 0, count: 54)
        head[12...15] = [0x5F, 0x0F, 0x3C, 0xF5]
        head[18...19] = [0x03, 0xE8]
        head[45] = italic ? 0x02 : 0x00
        var os2 = [UInt8](repeating: 0, count: 96)
        os2[4...5] = ArraySlice(bigEndian16(UInt16(weight)))
        os2[62...63] = ArraySlice(bigEndian16(italic ? 0x01 : 0x40))
        let tables: [(String, [UInt8])] = [
            ("OS/2", os2), ("cmap", [0, 0, 0, 0]), ("glyf", [0, 0, 0, 0]), ("head", head),
            ("hhea", [UInt8](repeating: 0, count: 36)), ("hmtx", [0, 0, 0, 0]), ("loca", [0, 0, 0, 0]),
            ("maxp", [0, 0, 0x50, 0, 0, 1]), ("name", name), ("post", [UInt8](repeating: 0, count: 32)),
        ]
        var bytes: [UInt8] = [0x00, 0x01, 0x00, 0x00] + bigEndian16(UInt16(tables.count)) + [0, 0, 0, 0, 0, 0]
        var body: [UInt8] = []
        var tableOffset = 12 + 16 * tables.count
        for (tag, data) in tables {
            var padded = data
            while padded.count % 4 != 0 { padded.append(0) }
            bytes += Array(tag.utf8) + bigEndian(0) + bigEndian(UInt32(tableOffset)) + bigEndian(UInt32(data.count))
            body += padded
            tableOffset += padded.count
        }
        return bytes + body
    }

    /// The same font as ``truetype(family:weight:italic:)`` under the `OTTO` tag of a CFF-flavoured file.
    public static func opentype(family: String = "Test Sans", weight: Int = 400, italic: Bool = false) -> [UInt8] {
        Array("OTTO".utf8) + truetype(family: family, weight: weight, italic: italic).dropFirst(4)
    }

    static func bigEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    public static let svg = Array(
        #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#.utf8)
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
        Array(
            "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize \(size)\n"
                .utf8)
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
        var a: UInt32 = 1
        var b: UInt32 = 0
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
