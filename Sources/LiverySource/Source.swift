/// A file or directory that livery may read.
public struct SourceEntry: Sendable, Hashable {
    /// The last path component.
    public let name: String
    /// The path from the repository root, `/`-separated.
    public let path: String
    public let isDirectory: Bool
    /// The git object id: a blob id for files, a tree id for directories. For the
    /// working tree it is the id git would give the content on disk now.
    public let id: ObjectID

    public init(name: String, path: String, isDirectory: Bool, id: ObjectID) {
        self.name = name
        self.path = path
        self.isDirectory = isDirectory
        self.id = id
    }
}

/// The readable entries of one directory, and those refused with the reason.
public struct SourceDirectory: Sendable {
    /// The directory's path from the repository root (`""` for the root).
    public let path: String
    /// The tree id of the directory: equal ids mean equal content, recursively.
    public let id: ObjectID
    /// Entries livery may read, sorted by name.
    public let entries: [SourceEntry]
    /// Entries livery refuses to read (symlinks, submodules, unsafe names).
    public let refused: [RefusedEntry]

    public init(path: String, id: ObjectID, entries: [SourceEntry], refused: [RefusedEntry]) {
        self.path = path
        self.id = id
        // Kept sorted by name, which `entry(named:)` relies on; git's order nearly
        // always is this one already, and sorting is then skipped.
        let sorted = zip(entries, entries.dropFirst()).allSatisfy { $0.name < $1.name }
        self.entries = sorted ? entries : entries.sorted { $0.name < $1.name }
        self.refused = refused
    }

    /// The entry called `name`, if readable.
    /// Entries are sorted by name, so this is a binary search: a targets directory
    /// holds one entry per client and is searched once for each.
    public func entry(named name: String) -> SourceEntry? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].name < name { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].name == name ? entries[low] : nil
    }
}

/// Where a command reads its files from: a commit (`--rev`) or the working tree.
/// Every command reads through this one abstraction, so they all see the same
/// files and the same refusals.
public protocol Source: Sendable {
    /// How to name the source to a user: `v4 (1a2b3c4)` or `working tree`.
    var label: String { get }
    /// The commit read, or nil for the working tree.
    var commit: Commit? { get }
    /// The directory at `path` (`""` for the root), or nil when there is none.
    func directory(at path: String) throws(RepositoryError) -> SourceDirectory?
    /// The bytes of a file entry.
    func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8]
    /// The size in bytes of a file entry, found without reading its content.
    func size(of entry: SourceEntry) throws(RepositoryError) -> Int
}

extension Source {
    /// For sources held in memory, where reading costs nothing.
    public func size(of entry: SourceEntry) throws(RepositoryError) -> Int {
        try contents(of: entry).count
    }

    /// The file entry at `path`, or nil when there is none. Throws when a
    /// component of the path is refused or the path names a directory.
    public func fileEntry(at path: String) throws(RepositoryError) -> SourceEntry? {
        let (parent, name) = splitPath(path)
        guard let directory = try directory(at: parent) else { return nil }
        if let refused = directory.refused.first(where: { $0.path == path }) {
            throw .unreadableFile(path: path, reason: refused.reason.description)
        }
        guard let entry = directory.entry(named: name) else { return nil }
        if entry.isDirectory { throw .wrongKind(path: path, expected: "file") }
        return entry
    }

    /// The bytes of the file at `path`, or nil when there is no such file.
    public func readFile(at path: String) throws(RepositoryError) -> [UInt8]? {
        guard let entry = try fileEntry(at: path) else { return nil }
        return try contents(of: entry)
    }
}

/// Splits `a/b/c` into (`a/b`, `c`) and `c` into (`""`, `c`).
package func splitPath(_ path: String) -> (parent: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[..<slash]), String(path[path.index(after: slash)...]))
}

/// Joins a directory path and a name.
package func joinPath(_ directory: String, _ name: String) -> String {
    directory.isEmpty ? name : directory + "/" + name
}

/// Builds a `SourceDirectory` from raw entries, applying every safety rule.
/// Every source lists its directories through it, so all refuse the same names.
package func makeDirectory(path: String, id: ObjectID, raw: [RawTreeEntry]) -> SourceDirectory {
    var entries: [SourceEntry] = []
    var refused: [RefusedEntry] = []
    for item in raw {
        let (name, valid) = PathSafety.decode(item.nameBytes)
        let entryPath = joinPath(path, name)
        if !valid {
            refused.append(RefusedEntry(path: entryPath, reason: .notUTF8))
            continue
        }
        if let reason = PathSafety.refusal(forName: name) {
            refused.append(RefusedEntry(path: entryPath, reason: reason))
            continue
        }
        switch item.mode {
        case FileMode.tree:
            entries.append(SourceEntry(name: name, path: entryPath, isDirectory: true, id: item.id))
        case FileMode.blob, FileMode.executable:
            entries.append(SourceEntry(name: name, path: entryPath, isDirectory: false, id: item.id))
        case FileMode.link:
            refused.append(RefusedEntry(path: entryPath, reason: .symlink))
        case FileMode.gitlink:
            refused.append(RefusedEntry(path: entryPath, reason: .submodule))
        default:
            refused.append(RefusedEntry(path: entryPath, reason: .unsupportedType(mode: item.mode)))
        }
    }
    // Names that collide on case-insensitive file systems are refused together:
    // keeping either one would depend on which file system the bundle is built on.
    let collisions = PathSafety.caseCollisions(entries.map(\.name))
    if !collisions.isEmpty {
        var partner: [String: String] = [:]
        for (name, other) in collisions {
            partner[name] = other
            if partner[other] == nil { partner[other] = name }
        }
        entries.removeAll { entry in
            guard let other = partner[entry.name] else { return false }
            refused.append(RefusedEntry(path: entry.path, reason: .caseCollision(with: joinPath(path, other))))
            return true
        }
    }
    // Entries are put in name order by SourceDirectory itself.
    refused.sort { $0.path < $1.path }
    return SourceDirectory(path: path, id: id, entries: entries, refused: refused)
}
