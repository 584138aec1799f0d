import CZlib

/// An interlaced (Adam7) PNG rewritten as the same image without interlacing.
///
/// libgd reads interlaced PNGs correctly, but without asking libpng to handle
/// the interlacing first, so libpng prints "libpng warning: Interlace handling
/// should be turned on" to standard error, a line in no one's words in the
/// middle of livery's output. Handing libgd the image's plain form instead keeps
/// its decoding silent and gives the same pixels. Pure: bytes in, bytes out.
enum PNGInterlace {
    /// Adam7's seven passes: first column and row, and the step between them.
    static let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    struct Header {
        var width: Int, height: Int, bitDepth: Int, colorType: UInt8

        init(width: Int, height: Int, bitDepth: Int, colorType: UInt8) {
            (self.width, self.height, self.bitDepth, self.colorType) = (width, height, bitDepth, colorType)
        }

        /// From the 13 bytes of an IHDR chunk (the caller checks the count).
        init(ihdr fields: [UInt8]) {
            self.init(
                width: fields[0..<4].reduce(0) { $0 << 8 | Int($1) }, height: fields[4..<8].reduce(0) { $0 << 8 | Int($1) },
                bitDepth: Int(fields[8]), colorType: fields[9]
            )
        }
        /// Bits one pixel takes: samples per pixel times the bit depth; 0 for a
        /// combination PNG does not allow (a bit depth of 3, 16-bit palettes).
        var bitsPerPixel: Int {
            let allowed: [UInt8: (samples: Int, depths: Set<Int>)] = [
                0: (1, [1, 2, 4, 8, 16]), 2: (3, [8, 16]), 3: (1, [1, 2, 4, 8]), 4: (2, [8, 16]), 6: (4, [8, 16]),
            ]
            guard let format = allowed[colorType], format.depths.contains(bitDepth) else { return 0 }
            return format.samples * bitDepth
        }
        /// The byte distance the Sub, Average and Paeth filters look back.
        var filterStride: Int { max(1, bitsPerPixel / 8) }
        func rowBytes(_ pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }
    }

    struct Chunk {
        var type: [UInt8]
        var data: ArraySlice<UInt8>
    }

    /// `png` without interlacing, or `png` itself when it is not interlaced or
    /// cannot be read here (libgd then reports what is wrong with it).
    static func flattened(_ png: [UInt8], maximumSide: Int) -> [UInt8] {
        guard let chunks = chunks(of: png), let ihdr = chunks.first, ihdr.type == Array("IHDR".utf8), ihdr.data.count == 13 else {
            return png
        }
        let fields = Array(ihdr.data)
        guard fields[12] == 1 else { return png }
        let header = Header(ihdr: fields)
        guard header.width > 0, header.height > 0, header.width <= maximumSide, header.height <= maximumSide,
            header.bitsPerPixel > 0, fields[10] == 0, fields[11] == 0
        else { return png }
        let compressed = chunks.filter { $0.type == Array("IDAT".utf8) }.flatMap(\.data)
        guard let raw = inflate(compressed, size: interlacedSize(header)), let image = deinterlace(raw, header) else { return png }
        return encode(chunks: chunks, ihdr: fields, image: image, header: header) ?? png
    }

    /// The chunks of a PNG whose structure is whole, or nil.
    static func chunks(of png: [UInt8]) -> [Chunk]? {
        guard png.count >= 8, Array(png[0..<8]) == PNGHeader.signature else { return nil }
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= png.count - offset - 12 else { return nil }
            let type = Array(png[offset + 4..<offset + 8])
            chunks.append(Chunk(type: type, data: png[offset + 8..<offset + 8 + length]))
            offset += 12 + length
            if type == Array("IEND".utf8) { return chunks }
        }
        return nil
    }

    /// The size of the filtered rows of every pass together.
    static func interlacedSize(_ header: Header) -> Int {
        passes.reduce(0) { total, pass in
            let (columns, rows) = passSize(pass, header)
            return total + (columns == 0 ? 0 : rows * (1 + header.rowBytes(columns)))
        }
    }

    static func passSize(_ pass: (x: Int, y: Int, dx: Int, dy: Int), _ header: Header) -> (columns: Int, rows: Int) {
        ((header.width - pass.x + pass.dx - 1) / pass.dx, (header.height - pass.y + pass.dy - 1) / pass.dy)
    }

    /// Exactly `size` bytes inflated from a zlib stream, or nil when the stream
    /// is damaged or holds any other amount. The output grows as the stream
    /// delivers, so a small file whose header claims a huge image costs only
    /// what its data really holds.
    static func inflate(_ compressed: [UInt8], size: Int) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        var status = Z_OK
        compressed.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while status == Z_OK, output.count <= size {
                let made: Int = piece.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                output += piece[0..<made]
                // No progress with input left means the stream is cut short.
                if status == Z_OK, made == 0 { return }
            }
        }
        guard status == Z_STREAM_END, output.count == size else { return nil }
        return output
    }

    /// The image's rows (unfiltered, without filter bytes), each pass's pixels
    /// put in their places.
    static func deinterlace(_ raw: [UInt8], _ header: Header) -> [UInt8]? {
        let rowBytes = header.rowBytes(header.width)
        var image = [UInt8](repeating: 0, count: rowBytes * header.height)
        var offset = 0
        for pass in passes {
            let (columns, rows) = passSize(pass, header)
            guard columns > 0, rows > 0 else { continue }
            let passRowBytes = header.rowBytes(columns)
            var previous = [UInt8](repeating: 0, count: passRowBytes)
            for row in 0..<rows {
                let filter = raw[offset]
                var line = Array(raw[offset + 1..<offset + 1 + passRowBytes])
                offset += 1 + passRowBytes
                guard unfilter(&line, previous: previous, filter: filter, stride: header.filterStride) else { return nil }
                place(line, columns: columns, at: (pass.y + row * pass.dy) * rowBytes, pass: pass, into: &image, header)
                previous = line
            }
        }
        return image
    }

    /// Undoes one row's filter (PNG's None, Sub, Up, Average and Paeth).
    static func unfilter(_ line: inout [UInt8], previous: [UInt8], filter: UInt8, stride: Int) -> Bool {
        for index in line.indices {
            let left = index >= stride ? Int(line[index - stride]) : 0
            let up = Int(previous[index])
            let upLeft = index >= stride ? Int(previous[index - stride]) : 0
            let predicted: Int
            switch filter {
            case 0: return true
            case 1: predicted = left
            case 2: predicted = up
            case 3: predicted = (left + up) / 2
            case 4: predicted = paeth(left, up, upLeft)
            default: return false
            }
            line[index] = UInt8(truncatingIfNeeded: Int(line[index]) + predicted)
        }
        return true
    }

    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }

    /// Copies a pass row's pixels to their columns in the image row at `start`;
    /// pixels narrower than a byte are moved bit by bit.
    static func place(
        _ line: [UInt8], columns: Int, at start: Int, pass: (x: Int, y: Int, dx: Int, dy: Int), into image: inout [UInt8], _ header: Header
    ) {
        let bits = header.bitsPerPixel
        if bits >= 8 {
            let bytes = bits / 8
            for column in 0..<columns {
                let target = start + (pass.x + column * pass.dx) * bytes
                image.replaceSubrange(target..<target + bytes, with: line[column * bytes..<(column + 1) * bytes])
            }
            return
        }
        let mask = UInt8((1 << bits) - 1)
        for column in 0..<columns {
            let sourceBit = column * bits
            let value = (line[sourceBit / 8] >> UInt8(8 - bits - sourceBit % 8)) & mask
            let targetBit = (pass.x + column * pass.dx) * bits
            image[start + targetBit / 8] |= value << UInt8(8 - bits - targetBit % 8)
        }
    }

    /// The PNG again: its chunks in their order, IHDR saying "not interlaced",
    /// one IDAT of the rows each with filter None, where the first IDAT was.
    static func encode(chunks: [Chunk], ihdr: [UInt8], image: [UInt8], header: Header) -> [UInt8]? {
        let rowBytes = header.rowBytes(header.width)
        var filtered: [UInt8] = []
        filtered.reserveCapacity(image.count + header.height)
        for row in 0..<header.height {
            filtered.append(0)
            filtered.append(contentsOf: image[row * rowBytes..<(row + 1) * rowBytes])
        }
        guard let data = compress(filtered) else { return nil }
        var plainHeader = ihdr
        plainHeader[12] = 0
        var png = PNGHeader.signature
        var wroteData = false
        for chunk in chunks {
            switch String(decoding: chunk.type, as: UTF8.self) {
            case "IHDR": append(chunk.type, plainHeader[...], to: &png)
            case "IDAT":
                guard !wroteData else { continue }
                append(chunk.type, data[...], to: &png)
                wroteData = true
            default: append(chunk.type, chunk.data, to: &png)
            }
        }
        return png
    }

    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var size = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), 6)
            }
        }
        guard status == Z_OK else { return nil }
        return Array(output[0..<Int(size)])
    }

    static func append(_ type: [UInt8], _ data: ArraySlice<UInt8>, to png: inout [UInt8]) {
        let length = UInt32(data.count)
        png += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        png += type
        png += data
        let checked = type + Array(data)
        let crc = checked.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        png += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}
