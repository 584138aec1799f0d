/// Makes PNGs of other sizes from one PNG: pure (bytes in, bytes out), and the
/// same bytes on every run for the same input and libgd/zlib.
public enum PNGResampler {
    /// A square PNG of one opaque colour, without an alpha channel (a placeholder app
    /// icon); empty if libgd cannot make it, which the icon's validation then reports.
    public static func solidPNG(side: Int, red: UInt8, green: UInt8, blue: UInt8) -> [UInt8] {
        do {
            let image = try GDImage.blank(PixelSize(width: side, height: side))
            image.fill(red: red, green: green, blue: blue)
            return try image.png(alpha: false)
        } catch {
            return []
        }
    }

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

    /// Why `png` cannot be scaled, or nil when it decodes whole: the checks and
    /// the decode `resize` does first, without making anything. `livery validate`
    /// runs it on the images a build decodes, so the build cannot fail on them.
    public static func problem(decoding png: [UInt8]) -> ImageError? {
        do {
            let header = try PNGHeader(png)
            guard header.size.width > 0, header.size.height > 0 else { return .notPNG }
            guard header.size.width <= maximumSide, header.size.height <= maximumSide else {
                return .tooLarge(width: header.size.width, height: header.size.height, limit: maximumSide)
            }
            _ = try GDImage.decode(png: png)
            return nil
        } catch {
            return error
        }
    }

    /// `png` resampled to each of `sizes`, decoded once. An image without
    /// transparency gives RGB files without an alpha channel.
    ///
    /// The source is first halved by 2×2 averaging as often as the size asked
    /// for allows (1024 → 512 → 256 → 128…), then the smallest of those levels
    /// that is at least as large is resampled with a Lanczos filter (432 from
    /// 512, 192 and 144 from 256, 96, 72 and 48 from 128). A reduction of less
    /// than 2:1 keeps Lanczos cheap and sharp; the levels are shared by every
    /// size. Which level a size comes from depends only on the source size and
    /// the size asked for, never on the other sizes in the call, so a size's
    /// bytes are the same whether it is made alone or in a batch (a cache keyed
    /// by source and size relies on that).
    /// With `forceAlpha`, every file has an alpha channel (32-bit RGBA) whatever the source.
    public static func resize(_ png: [UInt8], to sizes: [PixelSize], forceAlpha: Bool = false) throws(ImageError) -> [PixelSize: [UInt8]] {
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
            result[size] = try pyramid.image(size).png(alpha: forceAlpha || header.hasAlpha)
        }
        return result
    }
}

/// The decoded source, its halvings, and the sizes made from them so far.
private struct Pyramid {
    /// `levels[k]` is the source halved k times; made on demand.
    var levels: [GDImage]
    var made: [PixelSize: GDImage] = [:]

    init(source: GDImage) {
        levels = [source]
    }

    mutating func image(_ size: PixelSize) throws(ImageError) -> GDImage {
        if let image = made[size] { return image }
        var level = levels[0]
        var index = 0
        // Halve while the next level is still at least as large as the size asked for.
        while level.size.width / 2 >= size.width, level.size.height / 2 >= size.height {
            index += 1
            if index == levels.count { levels.append(try level.halved()) }
            level = levels[index]
        }
        let image = level.size == size ? level : try level.scaled(to: size)
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
        var rgba = [UInt8](repeating: 0, count: size.width * size.height * 4)
        guard let rows = image.pointer.pointee.tpixels else { throw .failed("read") }
        for y in 0..<size.height {
            guard let row = rows[y] else { throw .failed("read") }
            var at = y * size.width * 4
            for x in 0..<size.width {
                let pixel = UInt32(bitPattern: row[x])
                let alpha = 127 - Int((pixel >> 24) & 0x7F)
                rgba[at] = UInt8((pixel >> 16) & 0xFF)
                rgba[at + 1] = UInt8((pixel >> 8) & 0xFF)
                rgba[at + 2] = UInt8(pixel & 0xFF)
                rgba[at + 3] = UInt8(alpha == 127 ? 255 : alpha * 2)
                at += 4
            }
        }
        return (size, rgba)
    }

    /// An opaque PNG (RGB, no alpha channel) of 8-bit RGBA rows, top first; alpha is
    /// ignored. The same pixels give the same bytes: libgd and zlib at fixed settings.
    public static func png(rgba: [UInt8], size: PixelSize) throws(ImageError) -> [UInt8] {
        guard size.width > 0, size.height > 0, size.width <= maximumSide, size.height <= maximumSide,
            rgba.count == size.width * size.height * 4
        else { throw .invalidSize(width: size.width, height: size.height) }
        let image = try GDImage.blank(size)
        guard let rows = image.pointer.pointee.tpixels else { throw .failed("make") }
        for y in 0..<size.height {
            guard let row = rows[y] else { throw .failed("make") }
            var at = y * size.width * 4
            for x in 0..<size.width {
                row[x] = Int32(bitPattern: UInt32(rgba[at]) << 16 | UInt32(rgba[at + 1]) << 8 | UInt32(rgba[at + 2]))
                at += 4
            }
        }
        return try image.png(alpha: false)
    }
}
