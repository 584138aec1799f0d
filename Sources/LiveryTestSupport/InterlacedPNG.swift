extension TestFiles {
    /// The PNG formats an interlaced file can take: colour type and bit depth.
    public struct PNGFormat: Sendable, CustomStringConvertible {
        public var colorType: UInt8
        public var bitDepth: Int
        public init(colorType: UInt8, bitDepth: Int) {
            self.colorType = colorType
            self.bitDepth = bitDepth
        }
        var samples: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1 }
        var bitsPerPixel: Int { samples * bitDepth }
        public var description: String { "colour type \(colorType), \(bitDepth)-bit" }
    }

    /// The same pseudo-random image of `format`, as a PNG with Adam7
    /// interlacing (each pass row filtered with None, Sub, Up, Average and Paeth
    /// in turn, so every filter is undone) or without it (every row None).
    /// Palette images get a 16-entry palette, and pixels narrower than a byte
    /// are packed as PNG packs them.
    public static func png(width: Int, height: Int, format: PNGFormat, interlaced: Bool, seed: UInt32 = 7) -> [UInt8] {
        var state = seed
        let maximum = format.colorType == 3 ? min(15, (1 << format.bitDepth) - 1) : (1 << format.bitDepth) - 1
        let pixels: [[Int]] = (0..<width * height).map { _ in
            (0..<format.samples).map { _ in
                state = state &* 1_103_515_245 &+ 12_345
                return Int(state >> 8) % (maximum + 1)
            }
        }
        func row(_ columns: [Int], y: Int) -> [UInt8] {
            var bits: [Bool] = []
            for x in columns {
                for sample in pixels[y * width + x] {
                    for bit in stride(from: format.bitDepth - 1, through: 0, by: -1) { bits.append(sample >> bit & 1 == 1) }
                }
            }
            while bits.count % 8 != 0 { bits.append(false) }
            return stride(from: 0, to: bits.count, by: 8).map { start in bits[start..<start + 8].reduce(0) { $0 << 1 | ($1 ? 1 : 0) } }
        }
        var raw: [UInt8] = []
        if interlaced {
            let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            for (x0, y0, dx, dy) in passes {
                let columns = Array(stride(from: x0, to: width, by: dx))
                guard !columns.isEmpty else { continue }
                var previous: [UInt8]?
                for (index, y) in stride(from: y0, to: height, by: dy).enumerated() {
                    let line = row(columns, y: y)
                    let filter = UInt8(index % 5)
                    raw.append(filter)
                    raw += filtered(
                        line, previous: previous ?? [UInt8](repeating: 0, count: line.count), filter: filter,
                        stride: max(1, format.bitsPerPixel / 8))
                    previous = line
                }
            }
        } else {
            for y in 0..<height { raw += [0] + row(Array(0..<width), y: y) }
        }
        let ihdr =
            bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [UInt8(format.bitDepth), format.colorType, 0, 0, interlaced ? 1 : 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", ihdr)
        if format.colorType == 3 {
            var palette: [UInt8] = []
            for entry in 0..<16 { palette += [UInt8(entry * 16), UInt8(255 - entry * 16), UInt8(entry * 7)] }
            png += chunk("PLTE", palette)
        }
        return png + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// A row filtered as an encoder would: the byte minus its prediction.
    static func filtered(_ line: [UInt8], previous: [UInt8], filter: UInt8, stride: Int) -> [UInt8] {
        line.indices.map { index in
            let left = index >= stride ? Int(line[index - stride]) : 0
            let up = Int(previous[index])
            let upLeft = index >= stride ? Int(previous[index - stride]) : 0
            let prediction: Int
            switch filter {
            case 1: prediction = left
            case 2: prediction = up
            case 3: prediction = (left + up) / 2
            case 4:
                let p = left + up - upLeft
                let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                prediction = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
            default: prediction = 0
            }
            return UInt8(truncatingIfNeeded: Int(line[index]) - prediction)
        }
    }
}
