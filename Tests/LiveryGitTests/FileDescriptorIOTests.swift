import Foundation
import LiveryGit
import LiveryTestSupport
import Testing

@Suite("Whole-file reads for livery's own files")
struct FileDescriptorIOTests {
    /// A regular file within the limit gives its bytes; a missing path, a
    /// directory and a file past the limit give nil.
    @Test func onlyARegularFileWithinTheLimitIsRead() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url("manifest.json")
        try Data([1, 2, 3, 4]).write(to: file)
        #expect(FileDescriptorIO.readRegularFile(atPath: file.path, limit: 4) == [1, 2, 3, 4])
        #expect(FileDescriptorIO.readRegularFile(atPath: file.path, limit: 3) == nil)
        #expect(FileDescriptorIO.readRegularFile(atPath: directory.url("missing").path, limit: 4) == nil)
        #expect(FileDescriptorIO.readRegularFile(atPath: directory.path, limit: 1 << 20) == nil)
        let empty = directory.url("empty")
        try Data().write(to: empty)
        #expect(FileDescriptorIO.readRegularFile(atPath: empty.path, limit: 0) == [])
    }
}
