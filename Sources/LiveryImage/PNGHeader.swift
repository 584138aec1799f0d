/// The facts livery needs from a PNG before decoding it: its size, and whether
/// it can be transparent (an alpha channel or a tRNS chunk). Reads chunk
/// headers only; decoding is libgd's.
struct PNGHeader: Sendable, Equatable {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var size: PixelSize
    var hasAlpha: Bool

    init(_ bytes: [UInt8]) throws(ImageError) {
        guard bytes.count >= 33, Array(bytes[0..<8]) == Self.signature, Self.type(at: 8, in: bytes) == "IHDR" else { throw .notPNG }
        size = PixelSize(width: Self.uint32(at: 16, in: bytes), height: Self.uint32(at: 20, in: bytes))
        let colorType = bytes[25]
        var alpha = colorType == 4 || colorType == 6
        // A tRNS chunk before the image data makes any colour type transparent.
        var offset = 8
        while !alpha, offset + 8 <= bytes.count {
            let length = Self.uint32(at: offset, in: bytes)
            let type = Self.type(at: offset, in: bytes)
            if type == "tRNS" { alpha = true }
            if type == "IDAT" || type == "IEND" { break }
            offset += 12 + length
        }
        hasAlpha = alpha
    }

    /// True when the bytes start with the PNG signature and end with an IEND chunk:
    /// what a file cut short or overwritten in the middle of a write lacks.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return bytes.count >= signature.count + iend.count
            && bytes[0..<8].elementsEqual(signature)
            && bytes[(bytes.count - iend.count)...].elementsEqual(iend)
    }

    private static func uint32(at offset: Int, in bytes: [UInt8]) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func type(at offset: Int, in bytes: [UInt8]) -> String {
        guard offset + 8 <= bytes.count else { return "" }
        return String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
    }
}
