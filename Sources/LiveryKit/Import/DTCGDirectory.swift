import Foundation
import LiveryImport

/// The files `livery import dtcg` may read: those under the directory of the first
/// file given (the resolver's own directory). A path that leaves it, a link that
/// leads out of it, anything but a regular file, or a file over the size limit is
/// refused, whatever the resolver says.
struct DTCGDirectory: DTCGFileProvider {
    /// The directory, with every link in it resolved.
    let root: String
    /// How the user wrote the directory (`design/` for `design/tokens.resolver.json`,
    /// empty for a file in the current directory), put before a relative path when
    /// one is shown.
    let shownAs: String
    let maxBytes: Int

    /// 16 MiB: far above any design tool's export, low enough that a mistaken path
    /// (a disk image, a log) is refused instead of read.
    static let defaultMaxBytes = 16 << 20

    init(root: String, shownAs: String, maxBytes: Int = DTCGDirectory.defaultMaxBytes) {
        self.root = root
        self.shownAs = shownAs
        self.maxBytes = maxBytes
    }

    /// The directory of `files[0]` and each file's path relative to it. Every file must
    /// be in that directory or under it; `currentDirectory` anchors relative paths.
    static func locate(_ files: [String], currentDirectory: String) throws(ImportError) -> (DTCGDirectory, [String]) {
        guard let first = files.first else { throw .noInput }
        let absoluteFirst = absolute(first, in: currentDirectory)
        let directory = (absoluteFirst as NSString).deletingLastPathComponent
        guard let root = realPath(directory) else { throw .unreadableInput(path: first, reason: "its directory does not exist") }
        let given = (first as NSString).deletingLastPathComponent
        let shownAs = given.isEmpty ? "" : (given.hasSuffix("/") ? given : given + "/")
        var relative: [String] = []
        for file in files {
            let path = absolute(file, in: currentDirectory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .unreadableInput(path: file, reason: "no such file")
            }
            if isDirectory.boolValue {
                throw .unreadableInput(path: file, reason: "it is a directory; name the resolver or the token files in it")
            }
            // The file's own directory resolved, its name kept: a link named on the command line is
            // still checked (by `read`) like any other.
            let parent = (path as NSString).deletingLastPathComponent
            guard let resolvedParent = realPath(parent) else { throw .unreadableInput(path: file, reason: "its directory does not exist") }
            let name = (path as NSString).lastPathComponent
            if resolvedParent == root {
                relative.append(name)
            } else if resolvedParent.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
                relative.append(String(resolvedParent.dropFirst(root.count).drop { $0 == "/" }) + "/" + name)
            } else {
                throw .outsideDirectory(path: file, directory: shownAs.isEmpty ? "." : shownAs)
            }
        }
        return (DTCGDirectory(root: root, shownAs: shownAs), relative)
    }

    func read(_ relativePath: String) -> DTCGFileRead {
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !relativePath.hasPrefix("/"), !components.isEmpty,
            !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
        else {
            return .refused(reason: "'\(relativePath)' is not a path inside \(shown)")
        }
        let path = root + "/" + relativePath
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        // Every link on the way is followed, and the end must still be inside the directory.
        guard let resolved = Self.realPath(path) else { return .missing }
        guard resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
            return .refused(reason: "'\(relativePath)' is a link that leads out of \(shown)")
        }
        guard stat(resolved, &status) == 0 else { return .missing }
        guard status.st_mode & S_IFMT == S_IFREG else { return .refused(reason: "'\(relativePath)' is not a regular file") }
        guard Int(status.st_size) <= maxBytes else {
            return .refused(reason: "'\(relativePath)' is \(status.st_size) bytes, over the limit of \(maxBytes) bytes for a token file")
        }
        guard let data = FileManager.default.contents(atPath: resolved) else { return .refused(reason: "'\(relativePath)' cannot be read") }
        // The size is checked again: the file may have grown since `stat`.
        guard data.count <= maxBytes else {
            return .refused(reason: "'\(relativePath)' is over the limit of \(maxBytes) bytes for a token file")
        }
        return .bytes([UInt8](data))
    }

    /// A path the reader reports (relative to the directory) as the user would write it.
    func display(_ relativePath: String) -> String {
        relativePath.isEmpty ? relativePath : shownAs + relativePath
    }

    private var shown: String { shownAs.isEmpty ? "the current directory" : shownAs }

    static func absolute(_ path: String, in currentDirectory: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + "/" + path
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
