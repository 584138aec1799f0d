import Foundation
import LiveryEngine
import LiveryGit
import LiveryTargets
import LiveryText

/// What a target directory's style.json says about the target's place in the
/// graph, and the file's size (so a smaller `maxStyleBytes` still applies).
struct TargetHeader: Sendable, Hashable {
    var styleSize: Int
    var abstract: Bool
    var extends: String?

    init(styleSize: Int, abstract: Bool, extends: String?) {
        self.styleSize = styleSize
        self.abstract = abstract
        self.extends = extends
    }
}

/// The text form of the header cache, one directory per line:
///
///     livery target headers 1
///     <tree id> <style.json size> <a|c> <extends, or ->
///
/// Pure, so it is tested without a repository. A file that is not exactly this
/// (damaged, written by another version) decodes to nothing and is rebuilt.
enum TargetHeaderCacheFormat {
    static let magic = Array("livery target headers 1\n".utf8)

    static func encode(_ entries: [(tree: ObjectID, header: TargetHeader)]) -> [UInt8] {
        var out = magic
        out.reserveCapacity(magic.count + entries.count * 64)
        for (tree, header) in entries {
            out += Array(tree.hex.utf8)
            out += Array(" \(header.styleSize) \(header.abstract ? "a" : "c") \(header.extends ?? "-")\n".utf8)
        }
        return out
    }

    /// The entries in file order, or nil when the bytes are not a cache file.
    /// Read on every `livery diff`, so it scans the bytes once without splitting.
    static func decode(_ bytes: [UInt8]) -> [(tree: ObjectID, header: TargetHeader)]? {
        guard bytes.count >= magic.count, bytes[0..<magic.count].elementsEqual(magic) else { return nil }
        // The last line must be complete: a file cut short by a crash is not trusted.
        guard bytes.last == UInt8(ascii: "\n") else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> [(tree: ObjectID, header: TargetHeader)]? in
            var entries: [(tree: ObjectID, header: TargetHeader)] = []
            entries.reserveCapacity(buffer.count / 60)
            var index = magic.count
            let space = UInt8(ascii: " ")
            let newline = UInt8(ascii: "\n")
            /// The field from `index` up to `terminator`, moving past it.
            func field(until terminator: UInt8) -> UnsafeBufferPointer<UInt8>? {
                let start = index
                while index < buffer.count, buffer[index] != terminator {
                    if buffer[index] == space || buffer[index] == newline { return nil }
                    index += 1
                }
                guard index < buffer.count, index > start else { return nil }
                defer { index += 1 }
                return UnsafeBufferPointer(rebasing: buffer[start..<index])
            }
            while index < buffer.count {
                guard let treeField = field(until: space), let tree = ObjectID(hexDigits: treeField),
                    let sizeField = field(until: space), sizeField.count <= 12
                else { return nil }
                var size = 0
                for digit in sizeField {
                    guard digit >= 0x30 && digit <= 0x39 else { return nil }
                    size = size * 10 + Int(digit - 0x30)
                }
                guard let kindField = field(until: space), kindField.count == 1,
                    kindField[0] == UInt8(ascii: "a") || kindField[0] == UInt8(ascii: "c"),
                    let parentField = field(until: newline)
                else { return nil }
                let parent = String(decoding: parentField, as: UTF8.self)
                let extends: String? = parent == "-" ? nil : parent
                if let extends, !TargetID.isValid(extends) { return nil }
                entries.append((tree, TargetHeader(styleSize: size, abstract: kindField[0] == UInt8(ascii: "a"), extends: extends)))
            }
            return entries
        }
    }

    /// `previous` with `added` appended (a directory seen again moves to the end),
    /// keeping the newest `limit` entries, so the file stays small however long
    /// the history it has seen.
    static func merge(
        _ previous: [(tree: ObjectID, header: TargetHeader)],
        adding added: [(tree: ObjectID, header: TargetHeader)],
        limit: Int
    ) -> [(tree: ObjectID, header: TargetHeader)] {
        let addedTrees = Set(added.map(\.tree))
        let merged = previous.filter { !addedTrees.contains($0.tree) } + added
        return Array(merged.suffix(limit))
    }
}

/// Remembers, between runs, the header of each target directory livery has
/// read, keyed by the directory's tree id. A tree id names the directory's
/// content, so an entry never goes stale: `livery diff` then places unchanged
/// targets in the graph without reading a git object, and its cost follows
/// what changed rather than the number of clients.
///
/// The file lives in the user's cache directory, not in the repository: `diff`
/// only reads a repository, and works on one it cannot write. One directory per
/// repository, named after it and a hash of its git directory's path:
/// `<cache>/<name>-<hash>/target-headers`, where `<cache>` is `LIVERY_CACHE_DIR`
/// when set, else `~/Library/Caches/livery` on macOS and `$XDG_CACHE_HOME/livery`
/// (or `~/.cache/livery`) elsewhere. It is only a shortcut, safe to delete at any
/// time: when it is missing, damaged, unreadable or cannot be written, livery reads
/// the objects as it would anyway. `LIVERY_NO_CACHE=1` turns it off.
struct TargetHeaderCache: Sendable {
    let directory: String
    var file: String { directory + "/target-headers" }

    /// The most entries kept: about 5 MB, enough for ten thousand clients over many revisions.
    static let limit = 65_536
    /// A file larger than this is not read.
    static let maxFileBytes = 8 << 20

    init(directory: String) {
        self.directory = directory
    }

    /// The cache of `repository`, or nil when turned off or when there is no
    /// cache directory (no `HOME`).
    init?(repository: Repository, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let value = environment["LIVERY_NO_CACHE"], !value.isEmpty, value != "0" { return nil }
        guard let root = Self.cacheDirectory(environment: environment) else { return nil }
        self.init(directory: root + "/" + Self.key(forGitDirectory: repository.commonDirectory))
    }

    /// livery's directory in the user's cache directory.
    static func cacheDirectory(environment: [String: String]) -> String? {
        if let chosen = environment["LIVERY_CACHE_DIR"], !chosen.isEmpty { return chosen }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        #if os(macOS)
            return home + "/Library/Caches/livery"
        #else
            // The XDG base directory rules: a relative path there is ignored.
            if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/livery" }
            return home + "/.cache/livery"
        #endif
    }

    /// A directory name for one repository: its name, for a person looking at the
    /// cache, and a hash of the path of its git directory, to tell apart two
    /// repositories of the same name.
    static func key(forGitDirectory gitDirectory: String) -> String {
        var path = gitDirectory
        while path.hasSuffix("/") && path.count > 1 { path.removeLast() }
        let hash = BundleManifest.sha256(Array(path.utf8)).prefix(16)
        if path.hasSuffix("/.git") { path.removeLast(5) }
        let name = String(PathName.fileName(of: path).prefix(64))
        return name.isEmpty || name.hasPrefix(".") ? String(hash) : name + "-" + hash
    }

    /// What the file holds, in order; empty when there is no usable file.
    func load() -> [(tree: ObjectID, header: TargetHeader)] {
        let descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            status.st_size > 0, Int(status.st_size) <= Self.maxFileBytes
        else { return [] }
        let size = Int(status.st_size)
        guard let bytes = try? FileDescriptorIO.read(descriptor, upTo: size), bytes.count == size else { return [] }
        return TargetHeaderCacheFormat.decode(bytes) ?? []
    }

    /// Writes `previous` plus `added`, atomically (a temporary file renamed over
    /// the old one), so a reader sees the old file or the new one. Any failure
    /// leaves the cache as it was: it is only a shortcut.
    func save(previous: [(tree: ObjectID, header: TargetHeader)], adding added: [(tree: ObjectID, header: TargetHeader)]) {
        guard !added.isEmpty else { return }
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return }
        // Never write through a link someone put in place of the directory.
        var status = stat()
        guard lstat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return }
        let bytes = TargetHeaderCacheFormat.encode(TargetHeaderCacheFormat.merge(previous, adding: added, limit: Self.limit))
        let temporary = file + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let written = (try? FileDescriptorIO.write(descriptor, bytes)) != nil
        let closed = close(descriptor) == 0
        if !written || !closed || rename(temporary, file) != 0 {
            unlink(temporary)
        }
    }
}
