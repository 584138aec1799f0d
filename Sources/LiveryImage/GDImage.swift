import CGD

/// One libgd image, destroyed with its owner: the only place livery holds a
/// gd object, so every one that is made is freed exactly once.
final class GDImage {
    let pointer: gdImagePtr

    private init(_ pointer: gdImagePtr) {
        self.pointer = pointer
    }

    deinit {
        gdImageDestroy(pointer)
    }

    var size: PixelSize { PixelSize(width: Int(pointer.pointee.sx), height: Int(pointer.pointee.sy)) }

    /// Decodes a PNG into a true-colour image (palette PNGs are converted, so
    /// scaling filters work on real colours rather than palette indexes).
    static func decode(png bytes: [UInt8]) throws(ImageError) -> GDImage {
        GDErrors.silenced()
        guard bytes.count <= Int(Int32.max) else { throw .undecodable }
        // gd reads the buffer and neither writes nor frees it (its free flag is off).
        let decoded = bytes.withUnsafeBytes { buffer in
            gdImageCreateFromPngPtr(Int32(buffer.count), UnsafeMutableRawPointer(mutating: buffer.baseAddress))
        }
        guard let decoded else { throw .undecodable }
        let image = GDImage(decoded)
        if decoded.pointee.trueColor == 0, gdImagePaletteToTrueColor(decoded) == 0 { throw .failed("convert") }
        return image
    }

    /// This image resampled to `size` with a Lanczos (3-lobe) filter: libgd's
    /// two-pass scaler, which widens the kernel when it shrinks, so every source
    /// pixel contributes.
    func scaled(to size: PixelSize) throws(ImageError) -> GDImage {
        guard gdImageSetInterpolationMethod(pointer, GD_LANCZOS3) != 0 else { throw .failed("set the filter of") }
        guard let scaled = gdImageScale(pointer, UInt32(size.width), UInt32(size.height)) else { throw .failed("scale") }
        return GDImage(scaled)
    }

    /// This image at half its width and height (rounded down), each pixel the
    /// average of the 2×2 it covers: libgd's area-averaging resampler, a cheap
    /// and alias-free first step for large reductions.
    func halved() throws(ImageError) -> GDImage {
        let size = self.size
        let half = PixelSize(width: max(1, size.width / 2), height: max(1, size.height / 2))
        guard let made = gdImageCreateTrueColor(Int32(half.width), Int32(half.height)) else { throw .failed("scale") }
        let image = GDImage(made)
        // Pixels are replaced, not blended over the new image's black.
        gdImageAlphaBlending(made, 0)
        gdImageCopyResampled(made, pointer, 0, 0, 0, 0, Int32(half.width), Int32(half.height), Int32(size.width), Int32(size.height))
        return image
    }

    /// PNG bytes of this image; with `alpha` false the file is RGB without an alpha channel.
    func png(alpha: Bool) throws(ImageError) -> [UInt8] {
        gdImageSaveAlpha(pointer, alpha ? 1 : 0)
        var length: Int32 = 0
        // zlib's default level: icons are small, and level 9 costs several times
        // the time for a few per cent.
        guard let data = gdImagePngPtrEx(pointer, &length, -1) else { throw .failed("encode") }
        defer { gdFree(data) }
        guard length > 0 else { throw .failed("encode") }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }
}

/// libgd prints what went wrong to stderr before returning NULL; livery reports
/// its own error instead, so gd's handler is replaced once, before the first decode.
enum GDErrors {
    private static let silence: Void = livery_gd_silence_errors()

    static func silenced() {
        _ = silence
    }
}
