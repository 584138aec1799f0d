import CGit2
import Foundation
import LiveryConcurrency
import LiverySource

/// A file git sees in the working tree: tracked and present, or untracked and not ignored.
struct WorkingFile: Sendable {
    /// The raw path bytes from the repository root.
    let pathBytes: [UInt8]
    /// The mode on disk as git reports it (100644, 100755, 120000, 160000).
    let mode: UInt32
    /// The index's id when the file on disk is unchanged from the index; nil when it must be hashed.
    let knownID: ObjectID?
    /// An untracked directory that holds a repository of its own.
    let isNestedRepository: Bool
}

extension Repository {
    /// The files of the working tree as git sees them: tracked files still on disk
    /// and untracked files that are not ignored, limited to `pathspecs` when given.
    func workingTreeFiles(pathspecs: [String]) throws(RepositoryError) -> [WorkingFile] {
        try withHandle { (repo) throws(RepositoryError) -> [WorkingFile] in
            var options = git_status_options()
            _ = git.status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION))
            options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
            options.flags =
                GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue
                | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
                | GIT_STATUS_OPT_INCLUDE_UNMODIFIED.rawValue
                | GIT_STATUS_OPT_DISABLE_PATHSPEC_MATCH.rawValue
                | GIT_STATUS_OPT_SORT_CASE_SENSITIVELY.rawValue
            var list: OpaquePointer?
            defer { git.status_list_free(list) }
            let code: Int32
            if pathspecs.isEmpty {
                code = git.status_list_new(&list, repo, &options)
            } else {
                code = withPathspec(pathspecs) { spec in
                    options.pathspec = spec
                    return git.status_list_new(&list, repo, &options)
                }
            }
            try Libgit2.check(code, "reading the working tree")

            var files: [WorkingFile] = []
            let count = git.status_list_entrycount(list)
            files.reserveCapacity(count)
            for index in 0..<count {
                guard let entry = git.status_byindex(list, index)?.pointee else { continue }
                if let workdir = entry.index_to_workdir?.pointee {
                    if workdir.status == GIT_DELTA_DELETED { continue }
                    guard let path = workdir.new_file.path else { continue }
                    let bytes = cBytes(path)
                    let unchanged =
                        workdir.status == GIT_DELTA_UNMODIFIED
                        && workdir.new_file.flags & GIT_DIFF_FLAG_VALID_ID.rawValue != 0
                    files.append(
                        WorkingFile(
                            pathBytes: bytes.last == 0x2F ? Array(bytes.dropLast()) : bytes,
                            mode: UInt32(workdir.new_file.mode),
                            knownID: unchanged ? ObjectID(workdir.new_file.id) : nil,
                            // An untracked directory reported as a whole is a repository of its own.
                            isNestedRepository: bytes.last == 0x2F
                        ))
                } else if let staged = entry.head_to_index?.pointee {
                    if staged.status == GIT_DELTA_DELETED { continue }
                    guard let path = staged.new_file.path else { continue }
                    files.append(
                        WorkingFile(
                            pathBytes: cBytes(path),
                            mode: UInt32(staged.new_file.mode),
                            knownID: ObjectID(staged.new_file.id),
                            isNestedRepository: false
                        ))
                }
            }
            return files
        }
    }

    /// The id git would store for the file at `path` in the working tree (after
    /// its clean filters, such as line-ending conversion), computed without writing.
    func hashWorkingFile(_ path: String) throws(RepositoryError) -> ObjectID {
        guard let root = workingDirectory else { throw .pathNotFound(path) }
        return try withHandle { (repo) throws(RepositoryError) -> ObjectID in
            var oid = git_oid()
            try Libgit2.check(
                git.repository_hashfile(&oid, repo, root + path, GIT_OBJECT_BLOB, path),
                "hashing '\(path)'"
            )
            return ObjectID(oid)
        }
    }
}

private func cBytes(_ pointer: UnsafePointer<CChar>) -> [UInt8] {
    let length = strlen(pointer)
    return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
        Array(UnsafeBufferPointer(start: $0, count: length))
    }
}

/// The working tree as git sees it (tracked files plus untracked files that are
/// not ignored), read from disk, so uncommitted edits are validated and built.
///
/// The file list is taken once, when the source is made. Ids are computed on
/// demand and remembered: unchanged files take the index's id, edited ones are
/// hashed, and a directory's id is the tree id git would write for it.
public final class WorkingTreeSource: Source {
    public let repository: Repository
    public var commit: Commit? { nil }
    public var label: String { "working tree" }

    private let root: String
    /// Directory path → raw entries (name bytes, mode, id when known).
    private let directories: [String: [Node]]
    /// Ids and listings worked out so far: the snapshot does not change, so each is made once.
    private let known = Locked(Known())

    private struct Known: Sendable {
        var directoryIDs: [String: ObjectID] = [:]
        var fileIDs: [String: ObjectID] = [:]
        var listings: [String: SourceDirectory] = [:]
    }

    private struct Node: Sendable {
        var nameBytes: [UInt8]
        var mode: UInt32
        var knownID: ObjectID?
        var nested: Bool
    }

    /// Takes the file list of `repository`'s working tree, limited to `paths`
    /// (files or directories relative to the root) when given.
    public init(repository: Repository, limitedTo paths: [String] = []) throws(RepositoryError) {
        guard let root = repository.workingDirectory else {
            throw .invalidRevision("working tree", reason: "a bare repository has no working tree")
        }
        self.repository = repository
        self.root = root
        var directories: [String: [Node]] = ["": []]
        for file in try repository.workingTreeFiles(pathspecs: paths) {
            Self.insert(file, into: &directories)
        }
        self.directories = directories
    }

    private static func insert(_ file: WorkingFile, into directories: inout [String: [Node]]) {
        var components = file.pathBytes.split(separator: 0x2F, omittingEmptySubsequences: false).map(Array.init)
        guard let leaf = components.popLast() else { return }
        var directory = ""
        for component in components {
            let (name, _) = PathSafety.decode(component)
            let path = joinPath(directory, name)
            if directories[path] == nil {
                directories[path] = []
                directories[directory, default: []].append(Node(nameBytes: component, mode: FileMode.tree, knownID: nil, nested: false))
            }
            directory = path
        }
        let mode = file.isNestedRepository ? FileMode.gitlink : file.mode
        directories[directory, default: []].append(
            Node(nameBytes: leaf, mode: mode, knownID: file.knownID, nested: file.isNestedRepository))
    }

    public func directory(at path: String) throws(RepositoryError) -> SourceDirectory? {
        guard directories[path] != nil else { return nil }
        return try known.withLock { (known) throws(RepositoryError) -> SourceDirectory in
            if let listing = known.listings[path] { return listing }
            let id = try treeID(path, &known)
            let listing = makeDirectory(path: path, id: id, raw: try rawEntries(path, &known))
            known.listings[path] = listing
            return listing
        }
    }

    public func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        try readRegularFile(entry.path)
    }

    /// The size of a regular file, from `lstat`: a symlink is refused, not followed.
    public func size(of entry: SourceEntry) throws(RepositoryError) -> Int {
        if let reason = PathSafety.refusal(forPath: entry.path) {
            throw .unreadableFile(path: entry.path, reason: reason.description)
        }
        var info = stat()
        guard lstat(root + entry.path, &info) == 0 else {
            throw .unreadableFile(path: entry.path, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadableFile(path: entry.path, reason: "not a regular file")
        }
        return Int(info.st_size)
    }

    /// Reads a file without following a symlink at its last component; a file
    /// swapped for a link after the listing is refused, not followed.
    private func readRegularFile(_ path: String) throws(RepositoryError) -> [UInt8] {
        if let reason = PathSafety.refusal(forPath: path) {
            throw .unreadableFile(path: path, reason: reason.description)
        }
        let fd = Foundation.open(root + path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadableFile(path: path, reason: "not a regular file")
        }
        do {
            return try FileDescriptorIO.read(fd, upTo: Int(info.st_size))
        } catch {
            throw .unreadableFile(path: path, reason: error.description)
        }
    }

    // MARK: Ids (called with the lock held, on what it guards)

    private func rawEntries(_ path: String, _ known: inout Known) throws(RepositoryError) -> [RawTreeEntry] {
        var entries: [RawTreeEntry] = []
        for node in directories[path] ?? [] {
            let (name, _) = PathSafety.decode(node.nameBytes)
            let childPath = joinPath(path, name)
            let id: ObjectID
            switch node.mode {
            case FileMode.tree:
                id = try treeID(childPath, &known)
            case FileMode.blob, FileMode.executable:
                id = try fileID(childPath, index: node.knownID, &known)
            default:
                // Links and submodules are refused by name; their id does not matter
                // for reading, but keeps the directory id distinct from one without them.
                id = node.knownID ?? ObjectID.blobID(for: Array(childPath.utf8))
            }
            entries.append(RawTreeEntry(nameBytes: node.nameBytes, id: id, mode: node.mode))
        }
        return entries
    }

    /// The index's id when the file is unchanged, else the hash of what is on disk.
    private func fileID(_ path: String, index: ObjectID?, _ known: inout Known) throws(RepositoryError) -> ObjectID {
        if let index { return index }
        if let cached = known.fileIDs[path] { return cached }
        let id = try repository.hashWorkingFile(path)
        known.fileIDs[path] = id
        return id
    }

    private func treeID(_ path: String, _ known: inout Known) throws(RepositoryError) -> ObjectID {
        if let cached = known.directoryIDs[path] { return cached }
        let raw = try rawEntries(path, &known)
        let id = ObjectID.treeID(for: raw)
        known.directoryIDs[path] = id
        return id
    }
}
