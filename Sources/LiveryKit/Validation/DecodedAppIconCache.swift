import Foundation
import LiveryEngine
import LiveryGit

/// The text form of `validate`'s cache of app icons that decode, one blob id a line:
///
///     livery decoded app icons 1
///     <blob id>
///
/// Pure, so it is tested without a repository. A file that is not exactly this
/// (damaged, cut short, written by another version) decodes to nothing.
enum DecodedAppIconCacheFormat {
    static let magic = "livery decoded app icons 1\n"

    static func encode(_ ids: [ObjectID]) -> [UInt8] {
        Array((magic + ids.map { $0.hex + "\n" }.joined()).utf8)
    }

    static func decode(_ bytes: [UInt8]) -> [ObjectID]? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix(magic), text.hasSuffix("\n") else { return nil }
        var ids: [ObjectID] = []
        for line in text.dropFirst(magic.count).dropLast().split(separator: "\n", omittingEmptySubsequences: false) {
            guard let id = ObjectID(hex: String(line)) else { return nil }
            ids.append(id)
        }
        return ids
    }
}

/// Remembers, between runs of `livery validate`, which app icons decoded, by blob id:
/// an id names the bytes, so an entry never goes stale, and `validate` decodes each
/// icon once, as a build scales each once into its output's icon cache. It sits with
/// `diff`'s cache (`TargetHeaderCache`: `<cache>/<name>-<hash>/decoded-app-icons`), is
/// only a shortcut, safe to delete at any time, and `LIVERY_NO_CACHE=1` turns it off.
struct DecodedAppIconCache: Sendable {
    let file: String

    /// The most ids kept (about 2.7 MB), the newest: ten thousand clients, many icons each.
    static let limit = 65_536
    static let maxFileBytes = 4 << 20

    init(directory: String) {
        file = directory + "/decoded-app-icons"
    }

    init?(repository: Repository, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let headers = TargetHeaderCache(repository: repository, environment: environment) else { return nil }
        self.init(directory: headers.directory)
    }

    /// The ids the file holds, in order; empty when there is no usable file.
    func load() -> [ObjectID] {
        guard let bytes = UserCacheFile.read(file, maxBytes: Self.maxFileBytes) else { return [] }
        return DecodedAppIconCacheFormat.decode(bytes) ?? []
    }

    /// Writes `previous` and then `added`, keeping the newest `limit`; nothing when nothing was added.
    func save(previous: [ObjectID], adding added: [ObjectID]) {
        guard !added.isEmpty else { return }
        let addedSet = Set(added)
        let merged = Array((previous.filter { !addedSet.contains($0) } + added).suffix(Self.limit))
        UserCacheFile.write(DecodedAppIconCacheFormat.encode(merged), to: file)
    }
}

/// Reading and replacing a file of livery's user cache. A cache is only a shortcut:
/// a file that is missing, too large or unreadable reads as nothing, and any failure
/// to write leaves the old file as it was.
enum UserCacheFile {
    /// The file's bytes, when it is a regular file (not a link) of at most `maxBytes`.
    static func read(_ path: String, maxBytes: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            status.st_size > 0, Int(status.st_size) <= maxBytes
        else { return nil }
        let size = Int(status.st_size)
        guard let bytes = try? FileDescriptorIO.read(descriptor, upTo: size), bytes.count == size else { return nil }
        return bytes
    }

    /// Replaces `path` with `bytes` atomically (a temporary file renamed over it), so a
    /// reader sees the old file or the new one, making its directory when missing but
    /// never writing through a link put in place of the directory.
    static func write(_ bytes: [UInt8], to path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return }
        var status = stat()
        guard lstat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return }
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let written = (try? FileDescriptorIO.write(descriptor, bytes)) != nil
        let closed = close(descriptor) == 0
        if !written || !closed || rename(temporary, path) != 0 {
            unlink(temporary)
        }
    }
}
