extension TestFiles {
    /// A PNG whose every pixel `pixel(x, y)` gives (red, green, blue, alpha);
    /// with `alpha` false the file is RGB and the fourth value is ignored.
    public static func png(width: Int, height: Int, alpha: Bool, pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * (alpha ? 4 : 3) + 1) * height)
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                raw += [r, g, b]
                if alpha { raw.append(a) }
            }
        }
        let ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, alpha ? 6 : 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }
}
