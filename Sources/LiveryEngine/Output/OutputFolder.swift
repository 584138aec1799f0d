import CLiveryFS
import Foundation
import LiveryGit

/// The one way livery opens, creates, replaces and removes anything under an
/// output directory: every call is relative to a descriptor of the directory,
/// each path component is opened with `O_NOFOLLOW` (and `O_DIRECTORY` on the
/// way), and nothing is ever looked up through a symbolic link. A link found
/// inside (committed in a repository, or planted) is an entry like any other:
/// it can be refused or removed as a link, never followed out. Lock, marker,
/// bundles, archives with their records, and the icon cache all go through it.
///
/// Relative paths are `/`-separated names with no empty, `.` or `..` part.
package final class OutputFolder: Sendable {
    /// The directory as the user named it (for messages).
    package let path: String
    let descriptor: Int32

    /// What an entry is, looked at without following it.
    package enum Kind: Sendable, Equatable { case absent, file, directory, link, other }

    /// Opens `path`, first making it and its missing parents when `create`. The
    /// path itself is the user's (or a checked `outputDir`), links in it included;
    /// below it nothing is followed.
    package init(_ path: String, create: Bool) throws(OutputFolderError) {
        self.path = path
        if create {
            do { try OutputFile.makeDirectories(path) } catch { throw OutputFolderError(path: path, reason: error.reason) }
        }
        let opened = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard opened >= 0 else { throw OutputFolderError(path: path, reason: Self.describe(errno)) }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// The system's words for `code`; a loop of links says so.
    package static func describe(_ code: Int32) -> String {
        code == ELOOP
            ? "it is a symbolic link (or a loop of them); livery never follows links in an output directory"
            : String(cString: strerror(code))
    }

    /// `relative` shown under the folder's path.
    package func shown(_ relative: String) -> String { path + "/" + relative }

    // MARK: Looking

    /// What is at `relative`, without following a link anywhere on the way.
    package func kind(of relative: String) -> Kind {
        guard let (parent, name) = try? parentDescriptor(of: relative, create: false) else { return .absent }
        defer { if parent != descriptor { close(parent) } }
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .absent }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// The names in the directory `relative` ("" for the folder), sorted; empty
    /// when it is not a directory (a link is not one).
    package func names(in relative: String = "") -> [String] {
        guard let inner = try? openDirectory(relative, create: false) else { return [] }
        guard let listing = fdopendir(inner) else {
            close(inner)
            return []
        }
        defer { closedir(listing) }
        var names: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// True for a directory holding nothing but empty directories, a few levels
    /// deep: what a build system makes before it runs livery (SwiftPM makes the
    /// folders of a build command's declared outputs, such as a bundle's
    /// `ios/Livery.xcassets`). It holds nothing to lose, so it counts as free
    /// for a bundle. A link, a file anywhere, or a tree too big to look through
    /// in a few steps is someone's.
    package func isEmptyFolderTree(_ relative: String) -> Bool {
        var budget = 64
        func walk(_ relative: String, depth: Int) -> Bool {
            guard depth < 8, kind(of: relative) == .directory else { return false }
            let inside = names(in: relative)
            budget -= inside.count
            guard budget >= 0 else { return false }
            return inside.allSatisfy { walk(relative + "/" + $0, depth: depth + 1) }
        }
        return walk(relative, depth: 0)
    }

    /// The bytes of the regular file `relative`, at most `limit`; nil for a link,
    /// a directory, anything missing or larger.
    package func read(_ relative: String, limit: Int) -> [UInt8]? {
        guard let (parent, name) = try? parentDescriptor(of: relative, create: false) else { return nil }
        defer { if parent != descriptor { close(parent) } }
        let file = openat(parent, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return nil }
        defer { close(file) }
        return FileDescriptorIO.readRegularFile(file, limit: limit)
    }

    /// The first `count` bytes of the regular file `relative` (fewer when it is shorter),
    /// however large it is; nil for a link, a directory or anything missing.
    package func readStart(_ relative: String, count: Int) -> [UInt8]? {
        guard let (parent, name) = try? parentDescriptor(of: relative, create: false) else { return nil }
        defer { if parent != descriptor { close(parent) } }
        let file = openat(parent, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return try? FileDescriptorIO.read(file, upTo: count)
    }

    // MARK: Writing

    /// A descriptor of the directory `relative`, made (with its parents) when
    /// `create`; the caller closes it. "" is a new descriptor of the folder itself.
    package func openDirectory(_ relative: String, create: Bool) throws(OutputFolderError) -> Int32 {
        // A new open of ".", not dup(2): a duplicate would share the directory's
        // read position, and a second listing would start where the first ended.
        var current = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw OutputFolderError(path: path, reason: Self.describe(errno)) }
        guard !relative.isEmpty else { return current }
        for component in try components(relative) {
            if create, mkdirat(current, component, 0o755) != 0, errno != EEXIST {
                let code = errno
                close(current)
                throw OutputFolderError(path: shown(relative), reason: Self.describe(code))
            }
            let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            var code = errno
            // O_DIRECTORY answers "Not a directory" for a link: say what it is.
            var info = stat()
            if next < 0, code == ENOTDIR, fstatat(current, component, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                code = ELOOP
            }
            close(current)
            guard next >= 0 else { throw OutputFolderError(path: shown(relative), reason: Self.describe(code)) }
            current = next
        }
        return current
    }

    /// Creates the file `relative` (its directory must exist) with `bytes`;
    /// `exclusive` refuses one that is there. Never through a link.
    package func createFile(_ relative: String, _ bytes: [UInt8], exclusive: Bool, mode: mode_t = 0o644) throws(OutputFolderError) {
        let (parent, name) = try parentDescriptor(of: relative, create: false)
        defer { if parent != descriptor { close(parent) } }
        let file = openat(parent, name, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (exclusive ? O_EXCL : O_TRUNC), mode)
        guard file >= 0 else { throw OutputFolderError(path: shown(relative), reason: Self.describe(errno)) }
        defer { close(file) }
        do {
            try FileDescriptorIO.write(file, bytes)
        } catch {
            throw OutputFolderError(path: shown(relative), reason: error.description)
        }
    }

    /// Writes `relative` whole or not at all: a temporary file beside it
    /// (`.<name>.livery-tmp-<pid>`), renamed over it, so a reader sees the old bytes or
    /// the new ones, never part of them. What was there is replaced (a link as a link).
    package func replaceFile(_ relative: String, _ bytes: [UInt8]) throws(OutputFolderError) {
        var parts = try components(relative)
        let name = parts.removeLast()
        let temporary = (parts + [".\(name).livery-tmp-\(getpid())"]).joined(separator: "/")
        do {
            try remove(temporary)
            try createFile(temporary, bytes, exclusive: true)
            try rename(temporary, to: relative)
        } catch {
            try? remove(temporary)
            throw error
        }
    }

    /// Opens (creating when missing) the regular file `relative` for reading and
    /// writing, never through a link; the caller closes the descriptor.
    package func openFile(_ relative: String) throws(OutputFolderError) -> Int32 {
        let (parent, name) = try parentDescriptor(of: relative, create: false)
        defer { if parent != descriptor { close(parent) } }
        let file = openat(parent, name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard file >= 0 else { throw OutputFolderError(path: shown(relative), reason: Self.describe(errno)) }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(file)
            throw OutputFolderError(path: shown(relative), reason: "it is not a regular file")
        }
        return file
    }

    /// Makes the directory `relative` and its missing parents.
    package func makeDirectories(_ relative: String) throws(OutputFolderError) {
        close(try openDirectory(relative, create: true))
    }

    /// Renames `from` to `to`; `replacing: false` fails when `to` is there
    /// (rename(2) replaces a file or an empty directory; a bundle is neither).
    package func rename(_ from: String, to: String) throws(OutputFolderError) {
        let (fromParent, fromName) = try parentDescriptor(of: from, create: false)
        defer { if fromParent != descriptor { close(fromParent) } }
        let (toParent, toName) = try parentDescriptor(of: to, create: false)
        defer { if toParent != descriptor { close(toParent) } }
        if renameat(fromParent, fromName, toParent, toName) != 0 {
            throw OutputFolderError(path: shown(to), reason: Self.describe(errno), code: errno)
        }
    }

    /// Swaps two entries of the folder at once; false where the file system cannot.
    func exchange(_ first: String, _ second: String) -> Bool {
        guard (try? components(first).count) == 1, (try? components(second).count) == 1 else { return false }
        return livery_exchange_at(descriptor, first, descriptor, second) == 0
    }

    /// Puts the directory `staging` at `name` in one step, so a reader sees the old
    /// directory or the new one, never a mix: one rename when `name` is free (or an
    /// empty directory), else an atomic swap, after which the old one (now at
    /// `staging`) is removed. Where the file system cannot swap, the old entry is moved
    /// to `retired` first and removed after; an interruption leaves it there, under a
    /// name its owner knows how to put back or clear. Both names are in this folder.
    package func install(_ staging: String, at name: String, retired: String) throws(OutputFolderError) {
        do {
            try rename(staging, to: name)
            return
        } catch {
            guard [ENOTEMPTY, EEXIST, ENOTDIR].contains(error.code) else { throw error }
        }
        if exchange(staging, name) {
            try? remove(staging)
            return
        }
        try rename(name, to: retired)
        try rename(staging, to: name)
        try? remove(retired)
    }

    /// Removes `relative` and, for a directory, all it holds; a link is removed
    /// as a link. Nothing there is no error.
    package func remove(_ relative: String) throws(OutputFolderError) {
        let (parent, name) = try parentDescriptor(of: relative, create: false)
        defer { if parent != descriptor { close(parent) } }
        if livery_remove_tree_at(parent, name, 256) != 0 {
            throw OutputFolderError(path: shown(relative), reason: Self.describe(errno))
        }
    }

    // MARK: Paths

    /// The descriptor of the directory holding `relative`'s last component, and that name.
    func parentDescriptor(of relative: String, create: Bool) throws(OutputFolderError) -> (Int32, String) {
        var parts = try components(relative)
        let name = parts.removeLast()
        if parts.isEmpty { return (descriptor, name) }
        return (try openDirectory(parts.joined(separator: "/"), create: create), name)
    }

    func components(_ relative: String) throws(OutputFolderError) -> [String] {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.utf8.contains(0) }) else {
            throw OutputFolderError(path: shown(relative), reason: "the path leaves the output directory")
        }
        return parts
    }
}

/// Something under an output directory could not be opened, made or replaced.
package struct OutputFolderError: UserError, LocalizedError, Sendable {
    package let path: String
    package let reason: String
    /// The system's error number, when one says why.
    var code: Int32 = 0

    init(path: String, reason: String, code: Int32 = 0) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    package var errorDescription: String? { "cannot write to the output directory \(path): \(reason)" }
}
