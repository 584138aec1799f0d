/// Makes PNGs of other sizes from one PNG: pure (bytes in, bytes out), and the
/// same bytes on every run for the same input and libgd/zlib.
public enum PNGResampler {
    /// The largest side livery decodes: a 1024 px icon is the usual input, and a
    /// bound keeps a hostile file from asking for gigabytes of pixels.
    public static let maximumSide = 8192

    /// The size of a PNG, read from its header, or nil when the bytes are not a PNG.
    public static func size(ofPNG bytes: [UInt8]) -> PixelSize? {
        try? PNGHeader(bytes).size
    }

    /// True when `bytes` look like a whole PNG (signature first, IEND last).
    public static func isComplete(_ bytes: [UInt8]) -> Bool {
        PNGHeader.isComplete(bytes)
    }

    /// `png` resampled to each of `sizes`, decoded once. An image without
    /// transparency gives RGB files without an alpha channel.
    ///
    /// A small size is made by halving a larger one (`48` from `96` from `192`
    /// from `384`, itself from the source) whenever the source is at least four
    /// times as large: 2:1 steps keep a Lanczos filter sharp and cost far less
    /// than one wide filter per size. The steps depend only on the source size and
    /// the size asked for, never on which other sizes are in the same call, so a
    /// size's bytes are the same whether it is made alone or in a batch (a cache
    /// keyed by source and size relies on that).
    public static func resize(_ png: [UInt8], to sizes: [PixelSize]) throws(ImageError) -> [PixelSize: [UInt8]] {
        let header = try PNGHeader(png)
        guard header.size.width > 0, header.size.height > 0 else { throw .notPNG }
        guard header.size.width <= maximumSide, header.size.height <= maximumSide else {
            throw .tooLarge(width: header.size.width, height: header.size.height, limit: maximumSide)
        }
        for size in sizes where size.width < 1 || size.height < 1 || size.width > maximumSide || size.height > maximumSide {
            throw .invalidSize(width: size.width, height: size.height)
        }
        var pyramid = Pyramid(source: try GDImage.decode(png: png))
        var result: [PixelSize: [UInt8]] = [:]
        for size in Set(sizes).sorted(by: >) {
            result[size] = try pyramid.image(size).png(alpha: header.hasAlpha)
        }
        return result
    }
}

/// The decoded source and the sizes made from it so far.
private struct Pyramid {
    let source: GDImage
    var made: [PixelSize: GDImage] = [:]

    mutating func image(_ size: PixelSize) throws(ImageError) -> GDImage {
        if size == source.size { return source }
        if let image = made[size] { return image }
        let double = PixelSize(width: size.width * 2, height: size.height * 2)
        let from = double.width * 2 <= source.size.width && double.height * 2 <= source.size.height ? try image(double) : source
        let image = try from.scaled(to: size)
        made[size] = image
        return image
    }
}

extension PNGResampler {
    /// The pixels of a PNG as 8-bit RGBA rows, top first: for checking what was
    /// made. libgd keeps 7 bits of alpha, so alpha reads back in steps of two.
    public static func pixels(ofPNG png: [UInt8]) throws(ImageError) -> (size: PixelSize, rgba: [UInt8]) {
        _ = try PNGHeader(png)
        let image = try GDImage.decode(png: png)
        let size = image.size
        var rgba: [UInt8] = []
        rgba.reserveCapacity(size.width * size.height * 4)
        guard let rows = image.pointer.pointee.tpixels else { throw .failed("read") }
        for y in 0..<size.height {
            guard let row = rows[y] else { throw .failed("read") }
            for x in 0..<size.width {
                let pixel = UInt32(bitPattern: row[x])
                let alpha = 127 - Int((pixel >> 24) & 0x7F)
                rgba += [UInt8((pixel >> 16) & 0xFF), UInt8((pixel >> 8) & 0xFF), UInt8(pixel & 0xFF), UInt8(alpha == 127 ? 255 : alpha * 2)]
            }
        }
        return (size, rgba)
    }
}
