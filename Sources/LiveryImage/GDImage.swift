import CGD

/// One libgd image, destroyed with its owner: the only place livery holds a
/// gd object, so every one that is made is freed exactly once.
final class GDImage {
    let pointer: gdImagePtr

    private init(_ pointer: gdImagePtr) {
        self.pointer = pointer
    }

    deinit {
        livery_gdImageDestroy(pointer)
    }

    var size: PixelSize { PixelSize(width: Int(pointer.pointee.sx), height: Int(pointer.pointee.sy)) }

    /// Decodes a PNG into a true-colour image (palette PNGs are converted, so
    /// scaling filters work on real colours rather than palette indexes).
    static func decode(png bytes: [UInt8]) throws(ImageError) -> GDImage {
        try GDErrors.silenced()
        let bytes = PNGInterlace.flattened(bytes, maximumSide: PNGResampler.maximumSide)
        guard bytes.count <= Int(Int32.max) else { throw .undecodable }
        // gd reads the buffer and neither writes nor frees it (its free flag is off).
        let decoded = bytes.withUnsafeBytes { buffer in
            livery_gdImageCreateFromPngPtr(Int32(buffer.count), UnsafeMutableRawPointer(mutating: buffer.baseAddress))
        }
        guard let decoded else { throw .undecodable }
        let image = GDImage(decoded)
        if decoded.pointee.trueColor == 0, livery_gdImagePaletteToTrueColor(decoded) == 0 { throw .failed("convert") }
        return image
    }

    /// This image resampled to `size` with a Lanczos (3-lobe) filter: libgd's
    /// two-pass scaler, which widens the kernel when it shrinks, so every source
    /// pixel contributes.
    func scaled(to size: PixelSize) throws(ImageError) -> GDImage {
        guard livery_gdImageSetInterpolationMethod(pointer, GD_LANCZOS3) != 0 else { throw .failed("set the filter of") }
        guard let scaled = livery_gdImageScale(pointer, UInt32(size.width), UInt32(size.height)) else { throw .failed("scale") }
        return GDImage(scaled)
    }

    /// A new image of `size`, every pixel opaque black.
    static func blank(_ size: PixelSize) throws(ImageError) -> GDImage {
        try GDErrors.silenced()
        guard let made = livery_gdImageCreateTrueColor(Int32(size.width), Int32(size.height)) else { throw .failed("scale") }
        return GDImage(made)
    }

    /// Every pixel set to one opaque colour.
    func fill(red: UInt8, green: UInt8, blue: UInt8) {
        let colour = Int32(red) << 16 | Int32(green) << 8 | Int32(blue)
        livery_gdImageFilledRectangle(pointer, 0, 0, pointer.pointee.sx - 1, pointer.pointee.sy - 1, colour)
    }

    /// This image at half its width and height (rounded down), each pixel the
    /// average of the 2×2 it covers: an area-averaging resampler, a cheap and
    /// alias-free first step for large reductions.
    func halved() throws(ImageError) -> GDImage {
        let size = self.size
        let image = try Self.blank(PixelSize(width: max(1, size.width / 2), height: max(1, size.height / 2)))
        if size.width.isMultiple(of: 2), size.height.isMultiple(of: 2),
            let source = pointer.pointee.tpixels, let target = image.pointer.pointee.tpixels
        {
            Self.averageBlocks(of: source, into: target, size: image.size)
        } else {
            resample(into: image)
        }
        return image
    }

    /// This whole image resampled onto all of `target` by libgd's area-averaging
    /// resampler (`gdImageCopyResampled`).
    func resample(into target: GDImage) {
        // Pixels are replaced, not blended over the new image's black.
        livery_gdImageAlphaBlending(target.pointer, 0)
        livery_gdImageCopyResampled(
            target.pointer, pointer, 0, 0, 0, 0, Int32(target.size.width), Int32(target.size.height), Int32(size.width), Int32(size.height))
    }

    /// An exact halving as libgd's resampler computes it, in integers, for the
    /// same bytes (a test compares the two): each colour the opacity-weighted
    /// mean of the 2×2 block and alpha the plain mean, each rounded to nearest
    /// (halves up). libgd's general loop, with a floating-point weight per source
    /// pixel, was half of the time spent scaling launcher icons.
    static func averageBlocks(
        of source: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>,
        into target: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>, size: PixelSize
    ) {
        for y in 0..<size.height {
            guard let top = source[2 * y], let bottom = source[2 * y + 1], let out = target[y] else { continue }
            for x in 0..<size.width {
                // gd's true colour: 7 bits of alpha (0 opaque, 127 transparent), then red, green, blue.
                var red = 0
                var green = 0
                var blue = 0
                var alpha = 0
                var weight = 0
                for pixel in [top[2 * x], top[2 * x + 1], bottom[2 * x], bottom[2 * x + 1]] {
                    let value = Int(UInt32(bitPattern: pixel))
                    let pixelAlpha = (value >> 24) & 0x7F
                    let opacity = 127 - pixelAlpha
                    red += (value >> 16 & 0xFF) * opacity
                    green += (value >> 8 & 0xFF) * opacity
                    blue += (value & 0xFF) * opacity
                    alpha += pixelAlpha
                    weight += opacity
                }
                // A wholly transparent block is transparent black, as in libgd.
                if weight > 0 {
                    red = (red + weight / 2) / weight
                    green = (green + weight / 2) / weight
                    blue = (blue + weight / 2) / weight
                }
                out[x] = Int32(truncatingIfNeeded: ((alpha + 2) / 4) << 24 | red << 16 | green << 8 | blue)
            }
        }
    }

    /// PNG bytes of this image; with `alpha` false the file is RGB without an alpha channel.
    func png(alpha: Bool) throws(ImageError) -> [UInt8] {
        livery_gdImageSaveAlpha(pointer, alpha ? 1 : 0)
        var length: Int32 = 0
        // zlib's default level: icons are small, and level 9 costs several times
        // the time for a few per cent.
        guard let data = livery_gdImagePngPtrEx(pointer, &length, -1) else { throw .failed("encode") }
        defer { livery_gdFree(data) }
        guard length > 0 else { throw .failed("encode") }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }
}

/// libgd prints what went wrong to stderr before returning NULL; livery reports
/// its own error instead, so gd's handler is replaced once, before the first image
/// is made. On Linux that is also where libgd is opened (Sources/CGD/shim.h): a
/// system without it gets an error that says so, at the first image.
enum GDErrors {
    private static let available: Bool = {
        guard livery_gd_available() != 0 else { return false }
        livery_gd_silence_errors()
        return true
    }()

    static func silenced() throws(ImageError) {
        guard available else { throw .failed("open libgd (libgd.so.3) to read") }
    }
}
