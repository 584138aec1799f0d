import Foundation
import LiveryTestSupport
import Testing

@testable import LiveryArchive

/// The edges of the archive writers: names ordered by their bytes, the
/// directories each file needs, ustar's 100- and 155-byte name fields, pax
/// records whose length gains a digit, and the CRC-32 eight bytes at a time.
@Suite("Archive bundles: name order, ustar fields, pax records and CRC")
struct ArchiveEdgeTests {
    // MARK: Order

    /// `e\u{301}` and `é` are equal Strings but different bytes: both are kept,
    /// and everything sorts by bytes ("-" and "." before "/", "Z" before "a",
    /// two-byte characters last), directories just before their contents.
    @Test func namesSortByTheirBytesWithEachDirectoryBeforeItsFiles() throws {
        let paths = ["z.txt", "e\u{301}.txt", "é.txt", "a/b.txt", "a.txt", "a-b/c.txt", "Z.txt", "a/c/d.txt"]
        let expected = ["Z.txt", "a-b/", "a-b/c.txt", "a.txt", "a/", "a/b.txt", "a/c/", "a/c/d.txt", "e\u{301}.txt", "z.txt", "é.txt"]
        let entries = paths.map { ArchiveEntry(path: $0, bytes: Array($0.utf8)) }
        let tar = try TarReader.members(try ArchiveFormat.tar.archive(entries))
        #expect(tar.map(\.path) == expected.map { Array($0.utf8) })
        let zip = try ZipReader.names(try ArchiveFormat.zip.archive(entries))
        #expect(zip == expected.map { Array($0.utf8) })
    }

    /// "a-x" sorts between "a" and "a/b", so the file "a" and the directory
    /// "a/" are not neighbours; the clash is still found.
    @Test(arguments: ArchiveFormat.allCases)
    func aFileWhereADirectoryGoesIsFoundPastItsNeighbours(format: ArchiveFormat) {
        #expect(throws: ArchiveError.duplicatePath("a")) {
            try format.archive([
                ArchiveEntry(path: "a-x", bytes: []), ArchiveEntry(path: "a/b", bytes: []), ArchiveEntry(path: "a", bytes: []),
            ])
        }
        #expect(throws: ArchiveError.duplicatePath("d/e")) {
            try format.archive([
                ArchiveEntry(path: "d/e/f", bytes: []), ArchiveEntry(path: "d/e.txt", bytes: []), ArchiveEntry(path: "d/e", bytes: []),
            ])
        }
    }

    @Test(arguments: ArchiveFormat.allCases)
    func componentsOfDotsOnlyAreRefusedUpToTwo(format: ArchiveFormat) throws {
        #expect(throws: ArchiveError.unsafePath("a/./b")) { try format.archive([ArchiveEntry(path: "a/./b", bytes: [])]) }
        #expect(throws: ArchiveError.unsafePath("..")) { try format.archive([ArchiveEntry(path: "..", bytes: [])]) }
        _ = try format.archive([ArchiveEntry(path: ".../.a/b..", bytes: [])])
    }

    // MARK: ustar names

    static let p60 = String(repeating: "p", count: 60)

    /// Path, then the ustar prefix and name it gets, or nil when only a pax record holds it.
    static let ustarCases: [(path: String, prefix: String, name: String)?] = [
        ("d/" + String(repeating: "n", count: 98), "", "d/" + String(repeating: "n", count: 98)),  // exactly 100 bytes
        (p60 + "/" + String(repeating: "n", count: 40), p60, String(repeating: "n", count: 40)),  // 101 bytes, split
        (String(repeating: "p", count: 155) + "/name.txt", String(repeating: "p", count: 155), "name.txt"),  // a 155-byte prefix
        ("dir/" + String(repeating: "n", count: 100), "dir", String(repeating: "n", count: 100)),  // a 100-byte name
        ("a/" + p60 + "/" + p60 + "/n", "a/" + p60 + "/" + p60, "n"),  // the shortest name that fits
    ]

    @Test func pathsThatFitUstarUseItsPrefixAndNameFields() throws {
        for case (let path, let prefix, let name)? in Self.ustarCases {
            let members = try TarReader.members(try ArchiveFormat.tar.archive([ArchiveEntry(path: path, bytes: [1])]))
            let file = try #require(members.last, "\(path.utf8.count) bytes")
            #expect(file.pax == nil, "\(path.utf8.count) bytes: no pax record")
            #expect(file.prefix == Array(prefix.utf8), "\(path.utf8.count) bytes")
            #expect(file.name == Array(name.utf8), "\(path.utf8.count) bytes")
            #expect(file.path == Array(path.utf8))
        }
    }

    /// A 156-byte prefix, a 101-byte last component, or a long name without a
    /// `/` take a pax record; the ustar name keeps the path's last 99 bytes,
    /// from a character boundary.
    @Test func pathsBeyondUstarTakeAPaxRecordAndAShortenedName() throws {
        let cases: [(path: String, standIn: String)] = [
            (String(repeating: "p", count: 156) + "/name.txt", String(repeating: "p", count: 90) + "/name.txt"),
            ("dir/" + String(repeating: "n", count: 101), String(repeating: "n", count: 99)),
            (String(repeating: "é", count: 60), String(repeating: "é", count: 49)),  // 99 bytes would start mid-character
        ]
        for (path, standIn) in cases {
            let members = try TarReader.members(try ArchiveFormat.tar.archive([ArchiveEntry(path: path, bytes: [1])]))
            let file = try #require(members.last)
            #expect(file.pax == Array(path.utf8), "\(path.utf8.count) bytes")
            #expect(file.name == Array(standIn.utf8))
            #expect(file.prefix.isEmpty)
        }
    }

    /// GNU tar lists every name, directories included, as they were given.
    @Test func gnuTarListsUstarAndPaxNames() throws {
        let tar = try #require(which("tar"), "tar is on every system livery supports")
        let paths =
            Self.ustarCases.compactMap { $0?.path } + ["dir/" + String(repeating: "n", count: 101), String(repeating: "é", count: 60)]
        let directory = try TemporaryDirectory()
        let archive = directory.path + "/edges.tar"
        try Data(try ArchiveFormat.tar.archive(paths.map { ArchiveEntry(path: $0, bytes: [1]) })).write(to: URL(fileURLWithPath: archive))
        let listing = try runProcess(tar, ["-tf", archive])
        #expect(listing.status == 0, "\(listing.stderr)")
        let files = Set(listing.stdout.split(separator: "\n").filter { !$0.hasSuffix("/") }.map(String.init))
        #expect(files == Set(paths))
    }

    // MARK: pax records

    /// The length counts itself: 99 fits two digits, one byte more needs three
    /// and so makes 101; likewise 999 and 1001.
    @Test(arguments: [(90, 99), (91, 101), (989, 999), (990, 1001)])
    func aPaxRecordsLengthCountsItsOwnDigits(valueCount: Int, length: Int) {
        let record = TarArchive.paxRecord("path", Array(repeating: UInt8(ascii: "v"), count: valueCount))
        #expect(record.count == length)
        #expect(record.starts(with: Array("\(length) path=v".utf8)))
        #expect(record.last == UInt8(ascii: "\n"))
    }

    /// In an archive, the pax header's size is the record's length, and the record reads back whole.
    @Test(arguments: [989, 990])
    func aPaxRecordAtADigitBoundaryReadsBack(count: Int) throws {
        let path = String(repeating: "x", count: count)
        let members = try TarReader.members(try ArchiveFormat.tar.archive([ArchiveEntry(path: path, bytes: [7])]))
        #expect(members.count == 1)
        #expect(members.first?.pax == Array(path.utf8))
        #expect(members.first?.contents == [7])
    }

    // MARK: CRC-32

    /// Eight bytes a step and the bytes left over give the CRC of the definition, bit by bit.
    @Test func crcOfEveryLengthMatchesTheBitwiseDefinition() {
        var random = SeededRandom(seed: 11)
        let bytes = (0..<80).map { _ in UInt8.random(in: 0...255, using: &random) }
        for count in 0...bytes.count {
            let prefix = Array(bytes.prefix(count))
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in prefix {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            #expect(CRC32.checksum(prefix) == ~crc, "\(count) bytes")
        }
    }
}

/// Reads back the ustar headers livery writes, checking each header's checksum.
enum TarReader {
    struct Member {
        var name: [UInt8]
        var prefix: [UInt8]
        var type: UInt8
        var contents: [UInt8]
        /// The `path` of the pax record before this member, if any.
        var pax: [UInt8]?

        var path: [UInt8] { pax ?? (prefix.isEmpty ? name : prefix + [UInt8(ascii: "/")] + name) }
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static func members(_ tar: [UInt8]) throws -> [Member] {
        var members: [Member] = []
        var offset = 0
        var pax: [UInt8]?
        while offset + 512 <= tar.count {
            let header = Array(tar[offset..<(offset + 512)])
            if header.allSatisfy({ $0 == 0 }) { break }
            var summed = header
            for index in 148..<156 { summed[index] = UInt8(ascii: " ") }
            guard octal(header[148..<156]) == summed.reduce(0, { $0 + Int($1) }) else {
                throw Malformed(description: "checksum at \(offset)")
            }
            let size = octal(header[124..<136])
            let contents = Array(tar[(offset + 512)..<(offset + 512 + size)])
            offset += 512 + (size + 511) / 512 * 512
            if header[156] == UInt8(ascii: "x") {
                pax = try paxPath(contents)
                continue
            }
            members.append(
                Member(name: field(header[0..<100]), prefix: field(header[345..<500]), type: header[156], contents: contents, pax: pax))
            pax = nil
        }
        return members
    }

    static func field(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        Array(bytes.prefix { $0 != 0 })
    }

    static func octal(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }.reduce(0) { $0 * 8 + Int($1 - UInt8(ascii: "0")) }
    }

    /// The value of a record `"<length> path=<value>\n"` whose length is its byte count.
    static func paxPath(_ record: [UInt8]) throws -> [UInt8] {
        guard let space = record.firstIndex(of: UInt8(ascii: " ")),
            Int(String(decoding: record[..<space], as: UTF8.self)) == record.count,
            record[(space + 1)...].starts(with: Array("path=".utf8)), record.last == UInt8(ascii: "\n")
        else { throw Malformed(description: "pax record \(String(decoding: record, as: UTF8.self))") }
        return Array(record[(space + 6)..<(record.count - 1)])
    }
}

/// The names of a zip's local headers, in order.
enum ZipReader {
    static func names(_ zip: [UInt8]) throws -> [[UInt8]] {
        func value(_ offset: Int, _ width: Int) -> Int {
            (0..<width).reduce(0) { $0 | Int(zip[offset + $1]) << (8 * $1) }
        }
        var names: [[UInt8]] = []
        var offset = 0
        while offset + 30 <= zip.count, value(offset, 4) == 0x0403_4B50 {
            let size = value(offset + 18, 4)
            let nameCount = value(offset + 26, 2)
            let extraCount = value(offset + 28, 2)
            names.append(Array(zip[(offset + 30)..<(offset + 30 + nameCount)]))
            offset += 30 + nameCount + extraCount + size
        }
        return names
    }
}
