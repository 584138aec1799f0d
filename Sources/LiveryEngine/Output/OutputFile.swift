import Foundation
import LiveryGit

/// One file a command writes where the user said (`diff --output FILE`), after
/// ``OutputPlace`` allowed the place: written to a temporary file beside it,
/// created new (`O_EXCL`, never through a link), then renamed over the path, so
/// a reader sees the old file or the whole new one and a link at the path is
/// replaced, never followed. Failures are the system's words, never a
/// Foundation error code.
package enum OutputFile {
    package static func write(_ bytes: [UInt8], to path: String) throws(OutputWriteError) {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let directory = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            throw OutputWriteError(
                path: url.path, reason: errno == ENOENT ? "its directory \(directory) does not exist" : String(cString: strerror(errno)))
        }
        defer { close(folder) }
        let temporary = ".\(name).livery-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputWriteError(path: url.path, reason: String(cString: strerror(errno))) }
        do {
            defer { close(descriptor) }
            try FileDescriptorIO.write(descriptor, bytes)
        } catch {
            unlinkat(folder, temporary, 0)
            throw OutputWriteError(path: url.path, reason: error.description)
        }
        if renameat(folder, temporary, folder, name) != 0 {
            let reason = errno == EISDIR ? "it is a directory" : String(cString: strerror(errno))
            unlinkat(folder, temporary, 0)
            throw OutputWriteError(path: url.path, reason: reason)
        }
    }

    /// `mkdir -p`, failing with the system's words ("Not a directory", "Permission denied").
    package static func makeDirectories(_ path: String) throws(OutputWriteError) {
        var current = ""
        for component in URL(fileURLWithPath: path).standardizedFileURL.path.split(separator: "/") {
            current += "/" + component
            var info = stat()
            if stat(current, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw OutputWriteError(path: path, reason: "\(current) is not a directory")
                }
                continue
            }
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw OutputWriteError(path: path, reason: String(cString: strerror(errno)))
            }
        }
    }
}

/// An output could not be written; nothing of it was left half-written.
package struct OutputWriteError: UserError, LocalizedError, Sendable, Hashable {
    let path: String
    package let reason: String
    package var errorDescription: String? { "cannot write '\(path)': \(reason)" }
}
