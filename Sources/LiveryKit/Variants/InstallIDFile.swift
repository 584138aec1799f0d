import Foundation
import LiveryCore
import LiveryGit

/// `--install-ids FILE`: one install id a line; blank lines and white space
/// around an id are ignored. Read 64 KiB at a time and never held whole: memory
/// is one buffer and one line whatever the file's size, and a line longer than an
/// install id may be is measured, not kept (nor echoed).
struct InstallIDFile: Sendable {
    let path: String

    /// Bytes read at a time.
    static let chunkBytes = 64 << 10

    struct ReadError: UserError {
        let message: String
        var hint: String? { nil }
        var place: String? { nil }
        var exitCode: Int32 { UserErrorExit.usage }
    }

    /// Reads the whole file once, answering nothing: every line UTF-8 and no
    /// longer than an install id. Throws at the first bad line, with its number.
    func check() throws {
        try forEachID { _ in }
    }

    /// Calls `body` with each id, in the file's order.
    func forEachID(_ body: (String) -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ReadError(message: "cannot read the install ids in \(path)\(exists ? "" : ": no such file")")
        }
        defer { try? handle.close() }
        var splitter = LineSplitter(limit: VariantFacts.maximumInstallIDBytes)
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: Self.chunkBytes) ?? Data()
            } catch {
                throw ReadError(message: "cannot read the install ids in \(path)")
            }
            if chunk.isEmpty { break }
            try chunk.withUnsafeBytes { buffer in try splitter.take(buffer) { line in try emit(line, body) } }
        }
        if let line = splitter.finish() { try emit(line, body) }
    }

    private func emit(_ line: LineSplitter.Line, _ body: (String) -> Void) throws(ReadError) {
        guard line.length <= VariantFacts.maximumInstallIDBytes else {
            throw ReadError(
                message:
                    "line \(line.number) of \(path) is \(line.length) bytes long; an install id is at most \(VariantFacts.maximumInstallIDBytes) bytes, one a line"
            )
        }
        guard let text = String(validating: line.bytes, as: UTF8.self) else {
            throw ReadError(message: "line \(line.number) of \(path) is not UTF-8 text")
        }
        // Other line breaks (U+2028, a lone CR) separate ids too, as they always did.
        for piece in text.split(whereSeparator: \.isNewline) {
            let id = piece.trimmingCharacters(in: .whitespaces)
            if !id.isEmpty { body(id) }
        }
    }
}

/// Bytes in, lines out (split at LF), keeping at most `limit` bytes of a line:
/// a longer one is only counted.
struct LineSplitter {
    struct Line {
        let number: Int
        /// The line's bytes; empty when it is longer than the limit.
        let bytes: [UInt8]
        let length: Int
    }

    let limit: Int
    private var bytes: [UInt8] = []
    private var length = 0
    private var number = 0

    init(limit: Int) {
        self.limit = limit
        bytes.reserveCapacity(limit)
    }

    /// Takes a chunk of the file, calling `each` for every line it completes.
    mutating func take(_ chunk: UnsafeRawBufferPointer, _ each: (Line) throws -> Void) rethrows {
        var start = 0
        while start < chunk.count {
            let rest = UnsafeRawBufferPointer(rebasing: chunk[start...])
            let end = rest.firstIndex(of: 0x0A).map { start + $0 } ?? chunk.count
            append(UnsafeRawBufferPointer(rebasing: chunk[start..<end]))
            guard end < chunk.count else { return }
            try each(finishLine())
            start = end + 1
        }
    }

    /// Part of a line: kept while the line is within the limit, else only counted.
    private mutating func append(_ piece: UnsafeRawBufferPointer) {
        length += piece.count
        if length <= limit { bytes.append(contentsOf: piece) } else if !bytes.isEmpty { bytes.removeAll(keepingCapacity: true) }
    }

    /// The last line, when the file does not end with a line break.
    mutating func finish() -> Line? {
        length > 0 ? finishLine() : nil
    }

    private mutating func finishLine() -> Line {
        number += 1
        let line = Line(number: number, bytes: length <= limit ? bytes : [], length: length)
        bytes.removeAll(keepingCapacity: true)
        length = 0
        return line
    }
}
