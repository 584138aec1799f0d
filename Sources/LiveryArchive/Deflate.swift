import CZlib

/// Raw deflate (RFC 1951), the stream a zip entry of method 8 holds, from
/// zlib at its best level. The bytes depend on the input and the zlib release
/// alone: no time, no dictionary, one call.
enum Deflate {
    static let level: Int32 = 9
    /// Negative window bits: a raw stream, without zlib's header and checksum.
    static let windowBits: Int32 = -15
    static let memoryLevel: Int32 = 8

    /// The compressed bytes, or nil when they would not be smaller than the
    /// input (a PNG, a font already compressed) or zlib cannot run.
    static func compressedIfSmaller(_ input: [UInt8]) -> [UInt8]? {
        guard input.count > 0, input.count < Int(UInt32.max) else { return nil }
        var stream = z_stream()
        let started = deflateInit2_(
            &stream, level, Z_DEFLATED, windowBits, memoryLevel, Z_DEFAULT_STRATEGY,
            zlibVersion(), Int32(MemoryLayout<z_stream>.size)
        )
        guard started == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        var input = input
        let result = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                // deflateBound leaves room for the whole stream, so one call finishes it.
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        let written = Int(stream.total_out)
        guard written < input.count else { return nil }
        output.removeSubrange(written...)
        return output
    }
}
