import Foundation

/// What a file's bytes say it is, whatever its name says.
public enum AssetKind: String, Sendable, Hashable {
    case png, jpeg, pdf, svg, truetype, opentype
    /// A Git LFS pointer committed in place of the real file.
    case lfsPointer
    case unknown

    /// The kind a file name's extension promises, or nil for an extension livery does not know.
    public static func expected(forPath path: String) -> Set<AssetKind>? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "png": return [.png]
        case "jpg", "jpeg": return [.jpeg]
        case "pdf": return [.pdf]
        case "svg": return [.svg]
        // Fonts named .ttf sometimes hold CFF outlines and the reverse; both load everywhere.
        case "ttf", "otf": return [.truetype, .opentype]
        default: return nil
        }
    }

    public var displayName: String {
        switch self {
        case .png: "PNG image"
        case .jpeg: "JPEG image"
        case .pdf: "PDF document"
        case .svg: "SVG image"
        case .truetype: "TrueType font"
        case .opentype: "OpenType font"
        case .lfsPointer: "Git LFS pointer"
        case .unknown: "unrecognised data"
        }
    }
}

/// Facts read from an asset's header without decoding it.
public struct AssetInfo: Sendable, Hashable {
    public var kind: AssetKind
    /// Pixel size for PNG and JPEG.
    public var width: Int?
    public var height: Int?
    /// For PNG: whether the image can hold transparency (an alpha channel or a tRNS chunk).
    public var hasAlpha: Bool?
    /// For an LFS pointer: the size it claims for the real file.
    public var lfsSize: Int?
    /// For an SVG of at most ``AssetSniffer/keptSVGSize`` bytes: the file itself, so a
    /// platform that converts vectors (Android's VectorDrawable) needs no second read.
    public var svgText: [UInt8]?
    /// For an SVG: the first thing in it that could run or reach outside the file when a
    /// browser opens it (``SVGActiveContent``); nil for a picture that is only a picture.
    public var activeContent: SVGActiveContent.Finding?
    /// For PNG and JPEG: what is wrong with a file that is cut short or damaged
    /// (``ImageIntegrity``); nil for a whole one.
    public var damage: String?
    /// For a TrueType or OpenType font: what its tables say, or why they cannot be
    /// read (a table outside the file, a required table missing), checked here so
    /// a build never meets a broken font after validation passed.
    public var font: Result<FontFacts, OpenTypeFont.Problem>?

    public init(kind: AssetKind, width: Int? = nil, height: Int? = nil, hasAlpha: Bool? = nil, lfsSize: Int? = nil) {
        self.kind = kind
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.lfsSize = lfsSize
    }
}

/// Reads what kind of file some bytes are (PNG, JPEG, PDF, SVG, TrueType/OpenType,
/// Git LFS pointer) and, for images, their pixel size and whether they are whole.
/// Pure and bounded: it never trusts a length field beyond the data.
public enum AssetSniffer {
    public static func sniff(_ bytes: [UInt8]) -> AssetInfo {
        if var info = png(bytes) {
            info.damage = ImageIntegrity.pngDamage(bytes)
            return info
        }
        if var info = jpeg(bytes) {
            info.damage = ImageIntegrity.jpegDamage(bytes)
            return info
        }
        if bytes.starts(with: Array("%PDF-".utf8)) { return AssetInfo(kind: .pdf) }
        if let info = lfsPointer(bytes) { return info }
        if let kind = font(bytes) {
            var info = AssetInfo(kind: kind)
            info.font = OpenTypeFont.read(bytes)
            return info
        }
        if isSVG(bytes) {
            var info = AssetInfo(kind: .svg)
            if bytes.count <= keptSVGSize { info.svgText = bytes }
            info.activeContent = SVGActiveContent.first(in: bytes)
            return info
        }
        return AssetInfo(kind: .unknown)
    }

    /// SVGs up to this size are kept in ``AssetInfo/svgText``; larger ones are only copied.
    public static let keptSVGSize = 512 * 1024

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func png(_ bytes: [UInt8]) -> AssetInfo? {
        guard bytes.starts(with: pngSignature), bytes.count >= 33,
            bytes[12...15].elementsEqual(Array("IHDR".utf8))
        else { return nil }
        let width = bigEndian32(bytes, 16)
        let height = bigEndian32(bytes, 20)
        let colorType = bytes[25]
        // Colour types 4 and 6 carry alpha; a tRNS chunk adds transparency to the others.
        var alpha = colorType == 4 || colorType == 6
        if !alpha {
            var offset = 8
            while offset + 8 <= bytes.count {
                let length = bigEndian32(bytes, offset)
                let type = bytes[(offset + 4)..<(offset + 8)]
                if type.elementsEqual(Array("tRNS".utf8)) {
                    alpha = true
                    break
                }
                if type.elementsEqual(Array("IDAT".utf8)) || type.elementsEqual(Array("IEND".utf8)) { break }
                guard length <= bytes.count else { break }
                offset += 12 + length
            }
        }
        return AssetInfo(kind: .png, width: width, height: height, hasAlpha: alpha)
    }

    static func jpeg(_ bytes: [UInt8]) -> AssetInfo? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF else { return nil }
        var info = AssetInfo(kind: .jpeg)
        // Walk the segments up to a start-of-frame marker, which holds the size.
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { break }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame, offset + 9 <= bytes.count {
                info.height = Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
                info.width = Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8])
                break
            }
            if marker == 0xDA || length < 2 { break }
            offset += 2 + length
        }
        return info
    }

    static func font(_ bytes: [UInt8]) -> AssetKind? {
        guard bytes.count >= 12 else { return nil }
        let tag = Array(bytes[0..<4])
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        // An sfnt header: version tag, then a table count that fits in the file.
        guard tables > 0, 12 + tables * 16 <= bytes.count else { return nil }
        if tag == [0x00, 0x01, 0x00, 0x00] || tag == Array("true".utf8) { return .truetype }
        if tag == Array("OTTO".utf8) { return .opentype }
        return nil
    }

    static let lfsHeader = Array("version https://git-lfs.github.com/spec/v1\n".utf8)

    static func lfsPointer(_ bytes: [UInt8]) -> AssetInfo? {
        // Pointers are small text files; anything large is real content.
        guard bytes.count < 1024, bytes.starts(with: lfsHeader) else { return nil }
        var info = AssetInfo(kind: .lfsPointer)
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("size ") {
            info.lfsSize = Int(line.dropFirst(5))
        }
        return info
    }

    static func isSVG(_ bytes: [UInt8]) -> Bool {
        // Text that, after an optional BOM, XML declaration, comments and doctype,
        // opens an <svg element.
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        var rest = Substring(text)
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!") {
                let end = rest.hasPrefix("<!--") ? "-->" : ">"
                guard let range = rest.range(of: end) else { return false }
                rest = rest[range.upperBound...]
                continue
            }
            return rest.hasPrefix("<svg") && rest.dropFirst(4).first.map { $0.isWhitespace || $0 == ">" || $0 == "/" } == true
        }
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}
