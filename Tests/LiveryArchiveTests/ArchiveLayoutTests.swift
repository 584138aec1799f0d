import LiveryArchive
import LiveryTestSupport
import Testing

/// What makes an archive bundle safe to publish: the same bytes for the same
/// files in any order, and no path that unpacks outside the bundle.
@Suite("Archive bundles: determinism and safe paths")
struct ArchiveLayoutTests {
    static let files = [
        ArchiveEntry(path: "b/2.txt", bytes: [2]),
        ArchiveEntry(path: "a.txt", bytes: [1]),
        ArchiveEntry(path: "b/c/3.txt", bytes: [3, 3]),
        ArchiveEntry(path: "B.txt", bytes: []),
    ]

    @Test(arguments: ArchiveFormat.allCases)
    func theSameFilesInAnyOrderGiveTheSameBytes(format: ArchiveFormat) throws {
        let first = try format.archive(Self.files)
        var random = SeededRandom(seed: 42)
        for _ in 0..<10 {
            #expect(try format.archive(Self.files.shuffled(using: &random)) == first)
        }
        var changed = Self.files
        changed[0].bytes = [9]
        #expect(try format.archive(changed) != first, "the bytes depend on the contents")
    }

    @Test(arguments: ArchiveFormat.allCases)
    func pathsThatLeaveTheBundleAreRefused(format: ArchiveFormat) {
        for path in ["/etc/passwd", "../up.txt", "a/../../up.txt", "a//b", "./a", "", "a/", "a\u{0}b"] {
            #expect(throws: ArchiveError.unsafePath(path), "\(path.debugDescription)") {
                try format.archive([ArchiveEntry(path: path, bytes: [1])])
            }
        }
    }

    @Test(arguments: ArchiveFormat.allCases)
    func aPathTwiceOrAFileWhereADirectoryGoesIsRefused(format: ArchiveFormat) {
        #expect(throws: ArchiveError.duplicatePath("a.txt")) {
            try format.archive([ArchiveEntry(path: "a.txt", bytes: [1]), ArchiveEntry(path: "a.txt", bytes: [2])])
        }
        #expect(throws: ArchiveError.duplicatePath("a")) {
            try format.archive([ArchiveEntry(path: "a", bytes: [1]), ArchiveEntry(path: "a/b", bytes: [2])])
        }
    }

    @Test func aTarIsWholeBlocksEndingInTwoEmptyOnes() throws {
        let tar = try ArchiveFormat.tar.archive(Self.files)
        #expect(tar.count % 512 == 0)
        #expect(tar.suffix(1024).allSatisfy { $0 == 0 })
        // Directories b/ and b/c/ and four files: six headers, each file's data in one block.
        #expect(tar.count == (6 + 3) * 512 + 1024)
    }

    @Test func zipKnowsTheCRCOfAKnownText() throws {
        // "123456789" is the check value of every CRC-32 description: 0xCBF43926.
        let zip = try ArchiveFormat.zip.archive([ArchiveEntry(path: "check.txt", bytes: Array("123456789".utf8))])
        #expect(Array(zip[14..<18]) == [0x26, 0x39, 0xF4, 0xCB])
    }

    /// Little-endian fields of the first local header: method, compressed and plain size.
    static func firstEntry(_ zip: [UInt8]) -> (method: Int, compressed: Int, size: Int) {
        func field(_ at: Int, _ width: Int) -> Int { (0..<width).reduce(0) { $0 | Int(zip[at + $1]) << (8 * $1) } }
        return (field(8, 2), field(18, 4), field(22, 4))
    }

    @Test func zipDeflatesTextThatShrinks() throws {
        let text = Array(String(repeating: ":root { --primary: #0A3D91; --on-primary: #FFFFFF; }\n", count: 100).utf8)
        let zip = try ArchiveFormat.zip.archive([ArchiveEntry(path: "theme.css", bytes: text)])
        let entry = Self.firstEntry(zip)
        #expect(entry.method == 8)
        #expect(entry.size == text.count)
        #expect(entry.compressed < text.count / 10, "\(entry.compressed) bytes for \(text.count)")
        #expect(zip.count < text.count / 5)
    }

    @Test func zipStoresWhatDeflateWouldNotShrink() throws {
        var random = SeededRandom(seed: 3)
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        for bytes in [noise, [7]] {
            let zip = try ArchiveFormat.zip.archive([ArchiveEntry(path: "icon.png", bytes: bytes)])
            let entry = Self.firstEntry(zip)
            #expect(entry.method == 0)
            #expect(entry.compressed == bytes.count && entry.size == bytes.count)
        }
    }
}
