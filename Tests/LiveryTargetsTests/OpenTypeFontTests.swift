import Foundation
import LiveryTargets
import LiveryTestSupport
import Testing

/// The OpenType reader on real files (Debian's DejaVu and Liberation fonts) and
/// on broken ones: what each file says of itself, and every way a file that is
/// not a usable font is refused before build.
@Suite("OpenType fonts: names, weight and slant from the tables; broken files refused")
struct OpenTypeFontTests {
    static func font(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: ExternalTool.fontDirectory + "/" + path)))
    }

    static func facts(_ path: String) throws -> FontFacts {
        try OpenTypeFont.read(font(path)).get()
    }

    @Test(
        .enabled(
            if: ExternalTool.systemFonts.isInstalled,
            "DejaVu and Liberation fonts are not installed: the reader is not checked on real files"))
    func liberationAndDejaVuSayWhatTheyAre() throws {
        let bold = try Self.facts("liberation/LiberationSerif-Bold.ttf")
        #expect(bold.family == "Liberation Serif")
        #expect(bold.subfamily == "Bold")
        #expect(bold.fullName == "Liberation Serif Bold")
        #expect(bold.postScriptName == "LiberationSerif-Bold")
        #expect(bold.weightClass == 700)
        #expect(!bold.italic)
        #expect(bold.weightAxis == nil)

        let italic = try Self.facts("liberation/LiberationSans-BoldItalic.ttf")
        #expect(italic.postScriptName == "LiberationSans-BoldItalic")
        #expect(italic.weightClass == 700 && italic.italic)

        let regular = try Self.facts("dejavu/DejaVuSans.ttf")
        #expect(regular.family == "DejaVu Sans" && regular.postScriptName == "DejaVuSans" && regular.weightClass == 400 && !regular.italic)

        let oblique = try Self.facts("dejavu/DejaVuSans-BoldOblique.ttf")
        #expect(oblique.postScriptName == "DejaVuSans-BoldOblique" && oblique.weightClass == 700 && oblique.italic)

        // ExtraLight is a legacy family of its own ("DejaVu Sans Light") inside the typographic "DejaVu Sans".
        let light = try Self.facts("dejavu/DejaVuSans-ExtraLight.ttf")
        #expect(light.postScriptName == "DejaVuSans-ExtraLight")
        #expect(light.weightClass == 200)
        #expect(light.familyNames.contains("DejaVu Sans"))
        #expect(light.covers(weight: 200) && !light.covers(weight: 400))
    }

    /// The CFF (`OTTO`) fonts the demo repository bundles.
    @Test func demoOpenTypeFonts() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let karla = try OpenTypeFont.read(Array(Data(contentsOf: root.appendingPathComponent("targets/base/assets/fonts/Karla-Bold.otf"))))
            .get()
        #expect(karla.preferredFamily == "Karla")
        #expect(karla.weightClass == 700)
        #expect(karla.postScriptName?.hasPrefix("Karla") == true)
    }

    /// A minimal font: the given tables, each its bytes, laid out after the directory.
    static func sfnt(_ tables: [(String, [UInt8])], version: [UInt8] = Array("OTTO".utf8)) -> [UInt8] {
        var bytes = version + be16(tables.count) + [0, 0, 0, 0, 0, 0]
        var offset = 12 + 16 * tables.count
        var body: [UInt8] = []
        for (tag, data) in tables {
            bytes += Array(tag.utf8) + [0, 0, 0, 0] + be32(offset) + be32(data.count)
            body += data
            offset += data.count
        }
        return bytes + body
    }

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }

    static var head: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 54)
        bytes[12...15] = [0x5F, 0x0F, 0x3C, 0xF5]
        bytes[18...19] = [0x03, 0xE8]
        return bytes
    }

    static func name(_ strings: [(Int, String)]) -> [UInt8] {
        let encoded = strings.map { ($0.0, $0.1.utf16.flatMap { be16(Int($0)) }) }
        var bytes = be16(0) + be16(encoded.count) + be16(6 + 12 * encoded.count)
        var offset = 0
        for (id, text) in encoded {
            bytes += be16(3) + be16(1) + be16(0x409) + be16(id) + be16(text.count) + be16(offset)
            offset += text.count
        }
        return bytes + encoded.flatMap(\.1)
    }

    static func os2(weight: Int, italic: Bool) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 96)
        bytes[4...5] = ArraySlice(be16(weight))
        bytes[62...63] = ArraySlice(be16(italic ? 1 : 0x40))
        return bytes
    }

    static func minimal(
        weight: Int = 400, italic: Bool = false,
        names: [(Int, String)] = [(1, "Test Sans"), (2, "Regular"), (4, "Test Sans Regular"), (6, "TestSans-Regular")],
        extra: [(String, [UInt8])] = []
    ) -> [UInt8] {
        sfnt(
            [
                ("CFF ", [1, 0, 4, 4]), ("OS/2", os2(weight: weight, italic: italic)), ("cmap", [0, 0, 0, 0]), ("head", head),
                ("hhea", [UInt8](repeating: 0, count: 36)), ("hmtx", [0, 0, 0, 0]), ("maxp", [0, 0, 0x50, 0, 0, 1]),
                ("name", name(names)), ("post", [UInt8](repeating: 0, count: 32)),
            ] + extra)
    }

    @Test func aMinimalFontIsRead() throws {
        let facts = try OpenTypeFont.read(Self.minimal(weight: 600, italic: true)).get()
        #expect(facts.family == "Test Sans" && facts.postScriptName == "TestSans-Regular" && facts.weightClass == 600 && facts.italic)
        #expect(AssetSniffer.sniff(Self.minimal()).font == .success(try OpenTypeFont.read(Self.minimal()).get()))
    }

    @Test func aVariableFontCoversItsWeightAxis() throws {
        var fvar = Self.be16(1) + Self.be16(0) + Self.be16(16) + Self.be16(2) + Self.be16(1) + Self.be16(20) + Self.be16(0) + Self.be16(0)
        fvar += Array("wght".utf8) + Self.be32(100 << 16) + Self.be32(400 << 16) + Self.be32(900 << 16) + Self.be16(0) + Self.be16(256)
        let facts = try OpenTypeFont.read(Self.minimal(extra: [("fvar", fvar)])).get()
        #expect(facts.weightAxis == 100...900 && facts.weightAxisDefault == 400)
        #expect(facts.covers(weight: 700) && facts.covers(weight: 100) && !facts.covers(weight: 950))
    }

    /// `OTTO` and a table count, then junk: sniffed as a font by its first bytes, refused by its tables.
    @Test func ottoFollowedByJunkIsRefused() {
        var junk = Array("OTTO".utf8) + [0, 9, 0, 0x80, 0, 3, 0, 0x10]
        var random = SeededRandom(seed: 33)
        for _ in 0..<200_000 { junk.append(UInt8(truncatingIfNeeded: random.next())) }
        let info = AssetSniffer.sniff(junk)
        #expect(info.kind == .opentype)
        guard case .failure(let problem)? = info.font else {
            Issue.record("OTTO and junk was read as a font: \(String(describing: info.font))")
            return
        }
        #expect(problem.description.contains("outside the file") || problem.description.contains("twice"), "\(problem)")
    }

    @Test func everyBrokenPartIsNamed() {
        let cases: [([UInt8], String)] = [
            (Array(Self.minimal().prefix(40)), "does not fit"),
            (Self.sfnt([("head", Self.head)]), "no 'name' table"),
            (Self.minimal(names: [(1, "Test Sans")]), "no PostScript name"),
            (Self.minimal(weight: 0), "weight class 0"),
            (
                Self.sfnt([
                    ("OS/2", Self.os2(weight: 400, italic: false)), ("cmap", [0, 0, 0, 0]), ("head", Self.head),
                    ("hhea", [UInt8](repeating: 0, count: 36)), ("hmtx", [0]), ("maxp", [0, 0, 0x50, 0, 0, 1]),
                    ("name", Self.name([(1, "A"), (6, "A")])), ("post", [UInt8](repeating: 0, count: 32)),
                ]), "no glyph outlines"
            ),
        ]
        for (bytes, expected) in cases {
            switch OpenTypeFont.read(bytes) {
            case .success: Issue.record("accepted a font with \(expected)")
            case .failure(let problem): #expect(problem.description.contains(expected), "\(problem)")
            }
        }
        // A table whose end lies past the file.
        var truncated = Self.minimal()
        truncated.removeLast(8)
        #expect(throws: OpenTypeFont.Problem.self) { try OpenTypeFont.read(truncated).get() }
    }

    /// Every prefix and a spread of single-byte changes of a real font give facts or a problem, never a trap.
    @Test func damagedFontsNeverTrap() throws {
        let font = Self.minimal()
        for length in 0..<font.count { _ = OpenTypeFont.read(Array(font.prefix(length))) }
        var random = SeededRandom(seed: 32)
        for _ in 0..<5_000 {
            var damaged = font
            let index = Int(random.next() % UInt64(damaged.count))
            damaged[index] = UInt8(truncatingIfNeeded: random.next())
            _ = OpenTypeFont.read(damaged)
        }
    }
}
