import Foundation

/// A failed system call, by its errno, worded by the system.
public struct SystemCallError: Error, Sendable, CustomStringConvertible {
    public let code: Int32

    public var description: String { String(cString: strerror(code)) }
}

/// Whole reads and writes on a file descriptor, retried when a signal interrupts
/// them: the loop every file livery reads or writes through POSIX needs.
public enum FileDescriptorIO {
    /// Up to `count` bytes from `descriptor`; fewer when the file ends sooner.
    public static func read(_ descriptor: Int32, upTo count: Int) throws(SystemCallError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress.map { $0 + filled }, $0.count - filled) }
            if result < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(code: errno)
            }
            if result == 0 { break }
            filled += result
        }
        return filled == count ? bytes : Array(bytes.prefix(filled))
    }

    /// The bytes of the regular file at `path`, or nil when it cannot be opened,
    /// is not a regular file, or holds more than `limit` bytes. For files livery
    /// wrote itself and only needs if intact (caches, manifests): why a read
    /// failed does not matter, only that it did.
    public static func readRegularFile(atPath path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readRegularFile(descriptor, limit: limit)
    }

    /// The same for a file already open (opened relative to a directory, without following links).
    public static func readRegularFile(_ descriptor: Int32, limit: Int) -> [UInt8]? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= limit else { return nil }
        return try? read(descriptor, upTo: Int(info.st_size))
    }

    /// Writes all of `bytes` to `descriptor`.
    public static func write(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemCallError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress.map { $0 + written }, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(code: errno)
            }
            // A regular file never takes nothing; were it to, retrying would spin forever.
            if result == 0 { throw SystemCallError(code: EIO) }
            written += result
        }
    }
}
