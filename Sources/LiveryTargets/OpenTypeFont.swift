/// What a font file says about itself, read from its OpenType tables: the names
/// a platform looks it up by (`name`), its weight and slant (`OS/2`, `head`) and,
/// for a variable font, the range of its weight axis (`fvar`).
public struct FontFacts: Sendable, Hashable {
    /// Name ID 1: the family as legacy (four-style) applications group it ("Liberation Serif").
    public var family: String?
    /// Name ID 2: "Regular", "Bold", "Italic", "Bold Italic".
    public var subfamily: String?
    /// Name ID 4: "Liberation Serif Bold".
    public var fullName: String?
    /// Name ID 6: the name UIKit, CoreText and `fc-match` look the file up by ("LiberationSerif-Bold").
    public var postScriptName: String?
    /// Name ID 16: the family grouping every weight ("Source Sans 3" for "Source Sans 3 Light").
    public var typographicFamily: String?
    /// Name ID 17: the style within the typographic family ("Light Italic").
    public var typographicSubfamily: String?
    /// `OS/2.usWeightClass`, 1…1000 (400 regular, 700 bold).
    public var weightClass: Int
    /// `OS/2.fsSelection` italic or oblique, or `head.macStyle` italic.
    public var italic: Bool
    /// The `wght` axis of a variable font: minimum, default and maximum.
    public var weightAxis: ClosedRange<Double>?
    public var weightAxisDefault: Double?

    public init(
        family: String? = nil, subfamily: String? = nil, fullName: String? = nil, postScriptName: String? = nil,
        typographicFamily: String? = nil, typographicSubfamily: String? = nil, weightClass: Int = 400,
        italic: Bool = false, weightAxis: ClosedRange<Double>? = nil, weightAxisDefault: Double? = nil
    ) {
        self.family = family
        self.subfamily = subfamily
        self.fullName = fullName
        self.postScriptName = postScriptName
        self.typographicFamily = typographicFamily
        self.typographicSubfamily = typographicSubfamily
        self.weightClass = weightClass
        self.italic = italic
        self.weightAxis = weightAxis
        self.weightAxisDefault = weightAxisDefault
    }

    /// The family every weight of the design shares: the typographic family when
    /// the file has one, else the legacy family.
    public var preferredFamily: String? { typographicFamily ?? family }

    /// The names a style's `family` may give for this file: the typographic and
    /// legacy families (a legacy family such as "Source Sans 3 Light" is one too).
    public var familyNames: [String] {
        var names: [String] = []
        for name in [typographicFamily, family] { if let name, !names.contains(name) { names.append(name) } }
        return names
    }

    /// Whether the file draws `weight` (a CSS weight) itself: its weight class,
    /// or any weight its `wght` axis covers.
    public func covers(weight: Int) -> Bool {
        if let axis = weightAxis { return axis.contains(Double(weight)) }
        return weightClass == weight
    }
}

/// Reads and checks an OpenType (TrueType or CFF) font's table directory and the
/// tables livery needs. Pure and bounded: every offset and length is checked
/// against the data before it is read, so any bytes give facts or a problem,
/// never a trap, in time proportional to the tables' sizes.
public enum OpenTypeFont {
    /// Why a file is not a font livery can bundle.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The tables every platform's font loader needs.
    public static let requiredTables = ["head", "name", "cmap", "hhea", "hmtx", "maxp", "OS/2", "post"]

    struct Table {
        var offset: Int
        var length: Int
    }

    /// The facts of a font file, or the first problem that would stop a platform loading it.
    public static func read(_ bytes: [UInt8]) -> Result<FontFacts, Problem> {
        do {
            return .success(try facts(bytes))
        } catch {
            return .failure(error)
        }
    }

    static func facts(_ bytes: [UInt8]) throws(Problem) -> FontFacts {
        let tables = try directory(bytes)
        for tag in requiredTables where tables[tag] == nil {
            throw Problem("it has no '\(tag)' table, which every font needs")
        }
        let outlines = tables["CFF "] != nil || tables["CFF2"] != nil || (tables["glyf"] != nil && tables["loca"] != nil)
        guard outlines else { throw Problem("it has no glyph outlines (neither a 'CFF '/'CFF2' table nor 'glyf' with 'loca')") }

        let reader = Reader(bytes: bytes)
        let head = try table("head", tables, minimumLength: 54)
        guard reader.u32(head.offset + 12) == 0x5F0F_3CF5 else { throw Problem("its 'head' table has the wrong magic number") }
        let unitsPerEm = reader.u16(head.offset + 18)
        guard (16...16_384).contains(unitsPerEm) else {
            throw Problem("its 'head' table gives \(unitsPerEm) units per em (16 to 16384 are valid)")
        }
        _ = try table("hhea", tables, minimumLength: 36)
        let maxp = try table("maxp", tables, minimumLength: 6)
        guard reader.u16(maxp.offset + 4) > 0 else { throw Problem("its 'maxp' table says it has no glyphs") }
        _ = try table("cmap", tables, minimumLength: 4)
        _ = try table("post", tables, minimumLength: 32)
        let os2 = try table("OS/2", tables, minimumLength: 6)

        var facts = FontFacts()
        try readNames(reader, table("name", tables, minimumLength: 6), into: &facts)
        facts.weightClass = reader.u16(os2.offset + 4)
        guard (1...1000).contains(facts.weightClass) else {
            throw Problem("its 'OS/2' table gives weight class \(facts.weightClass) (1 to 1000 are valid)")
        }
        let macStyle = reader.u16(head.offset + 44)
        var italic = macStyle & 0x2 != 0
        if os2.length >= 64 {
            // fsSelection bit 0: italic; bit 9: oblique.
            let selection = reader.u16(os2.offset + 62)
            italic = italic || selection & 0x1 != 0 || selection & 0x200 != 0
        }
        facts.italic = italic
        if let fvar = tables["fvar"] { try readWeightAxis(reader, fvar, into: &facts) }
        return facts
    }

    /// The table records, by tag, each checked to lie inside the file after the directory.
    static func directory(_ bytes: [UInt8]) throws(Problem) -> [String: Table] {
        let reader = Reader(bytes: bytes)
        guard bytes.count >= 12 else { throw Problem("it is too short for a font header (\(bytes.count) bytes)") }
        let version = reader.u32(0)
        guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else {
            throw Problem("it does not start with an OpenType or TrueType version tag")
        }
        let count = reader.u16(4)
        let directoryEnd = 12 + 16 * count
        guard count > 0, directoryEnd <= bytes.count else {
            throw Problem("its table directory (\(count) tables) does not fit in the file's \(bytes.count) bytes")
        }
        var tables: [String: Table] = [:]
        for index in 0..<count {
            let record = 12 + 16 * index
            let tag = String(
                decoding: bytes[record..<(record + 4)].map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            let offset = reader.u32(record + 8)
            let length = reader.u32(record + 12)
            // On 64-bit Int two 32-bit values cannot overflow when added.
            guard offset >= directoryEnd, offset + length <= bytes.count else {
                throw Problem("its '\(tag)' table (offset \(offset), \(length) bytes) lies outside the file's \(bytes.count) bytes")
            }
            guard tables.updateValue(Table(offset: offset, length: length), forKey: tag) == nil else {
                throw Problem("its table directory names '\(tag)' twice")
            }
        }
        return tables
    }

    static func table(_ tag: String, _ tables: [String: Table], minimumLength: Int) throws(Problem) -> Table {
        guard let table = tables[tag] else { throw Problem("it has no '\(tag)' table") }
        guard table.length >= minimumLength else {
            throw Problem("its '\(tag)' table is \(table.length) bytes, shorter than the \(minimumLength) it must have")
        }
        return table
    }

    /// The `name` strings livery uses, preferring Windows English (US), then any
    /// Windows or Unicode record, then Macintosh Roman.
    static func readNames(_ reader: Reader, _ table: Table, into facts: inout FontFacts) throws(Problem) {
        let count = reader.u16(table.offset + 2)
        let storage = table.offset + reader.u16(table.offset + 4)
        guard 6 + 12 * count <= table.length else {
            throw Problem("its 'name' table lists \(count) names but is only \(table.length) bytes")
        }
        let end = table.offset + table.length
        var best: [Int: (rank: Int, text: String)] = [:]
        for index in 0..<count {
            let record = table.offset + 6 + 12 * index
            let platform = reader.u16(record)
            let encoding = reader.u16(record + 2)
            let language = reader.u16(record + 4)
            let nameID = reader.u16(record + 6)
            let length = reader.u16(record + 8)
            let offset = reader.u16(record + 10)
            guard [1, 2, 4, 6, 16, 17].contains(nameID) else { continue }
            let start = storage + offset
            guard start + length <= end else { throw Problem("its 'name' table has a string (name ID \(nameID)) past the table's end") }
            let rank: Int
            let text: String
            switch (platform, encoding) {
            case (3, 1), (3, 10), (0, _):
                rank = platform == 3 && language == 0x409 ? 0 : platform == 3 ? 1 : 2
                text = utf16BigEndian(reader.bytes[start..<(start + length)])
            case (1, 0):
                rank = 3
                // Mac Roman: the ASCII half is the same; other bytes are rare in names and shown as "?".
                text = String(decoding: reader.bytes[start..<(start + length)].map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            default:
                continue
            }
            if best[nameID].map({ rank < $0.rank }) ?? true { best[nameID] = (rank, text) }
        }
        let name = { (id: Int) -> String? in best[id].map(\.text).flatMap { $0.isEmpty ? nil : $0 } }
        facts.family = name(1)
        facts.subfamily = name(2)
        facts.fullName = name(4)
        facts.postScriptName = name(6)
        facts.typographicFamily = name(16)
        facts.typographicSubfamily = name(17)
        guard facts.postScriptName != nil else {
            throw Problem("its 'name' table has no PostScript name (name ID 6), which iOS looks fonts up by")
        }
        guard facts.family != nil || facts.typographicFamily != nil else {
            throw Problem("its 'name' table has no family name (name ID 1 or 16)")
        }
    }

    static func utf16BigEndian(_ bytes: ArraySlice<UInt8>) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The `wght` axis of `fvar`, if the font has one.
    static func readWeightAxis(_ reader: Reader, _ table: Table, into facts: inout FontFacts) throws(Problem) {
        guard table.length >= 16 else { throw Problem("its 'fvar' table is \(table.length) bytes, shorter than its 16-byte header") }
        let axesOffset = reader.u16(table.offset + 4)
        let axisCount = reader.u16(table.offset + 8)
        let axisSize = reader.u16(table.offset + 10)
        guard axisSize >= 20, axesOffset + axisCount * axisSize <= table.length else {
            throw Problem("its 'fvar' table's \(axisCount) axes do not fit in its \(table.length) bytes")
        }
        for index in 0..<axisCount {
            let axis = table.offset + axesOffset + index * axisSize
            guard reader.bytes[axis..<(axis + 4)].elementsEqual("wght".utf8) else { continue }
            let minimum = reader.fixed(axis + 4)
            let value = reader.fixed(axis + 8)
            let maximum = reader.fixed(axis + 12)
            guard minimum <= value, value <= maximum else {
                throw Problem("its 'fvar' weight axis runs from \(minimum) to \(maximum) but defaults to \(value)")
            }
            facts.weightAxis = minimum...maximum
            facts.weightAxisDefault = value
            return
        }
    }

    /// Big-endian reads at offsets the caller has checked.
    struct Reader {
        let bytes: [UInt8]
        func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
        func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
        /// A 16.16 fixed-point number.
        func fixed(_ offset: Int) -> Double { Double(Int32(bitPattern: UInt32(u32(offset)))) / 65_536 }
    }
}
