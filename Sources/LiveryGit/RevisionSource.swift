import LiveryConcurrency
import LiverySource

/// The files of one commit, read from git objects; nothing is checked out.
public struct RevisionSource: Source {
    public let repository: Repository
    public let commit: Commit?
    /// A commit never changes, so a directory is listed (and checked) once while
    /// it is in use; shared by every copy of the source. Only recent listings are
    /// kept: with one directory or more per client, keeping them all made memory
    /// grow with the number of clients. The targets directory and shared parents
    /// are asked for all the time, so they stay.
    private let listings = RecentMemo<String, SourceDirectory?>(capacity: 2_048)

    public init(repository: Repository, commit: Commit) {
        self.repository = repository
        self.commit = commit
    }

    /// Resolves `spec` in `repository`.
    public init(repository: Repository, revision spec: String) throws(RepositoryError) {
        self.repository = repository
        self.commit = try repository.commit(spec)
    }

    public var label: String {
        guard let commit else { return "unknown" }
        return commit.spec.hasPrefix(commit.id.short) ? commit.id.short : "\(commit.spec) (\(commit.id.short))"
    }

    public func directory(at path: String) throws(RepositoryError) -> SourceDirectory? {
        guard let commit else { return nil }
        if let known = listings[path] { return known }
        // A listing is remembered only after its path passed this check.
        if let reason = PathSafety.refusal(forPath: path), !path.isEmpty {
            throw .unreadableFile(path: path, reason: reason.description)
        }
        return try listings.value(for: path) { () throws(RepositoryError) in try list(path, in: commit) }
    }

    private func list(_ path: String, in commit: Commit) throws(RepositoryError) -> SourceDirectory? {
        // Found through the parent's listing, not by walking from the root: a
        // walk from the root reads the targets directory's tree (one entry per
        // client, too large for libgit2's object cache) again for every lookup,
        // which made listing N targets cost N times the size of that tree.
        let tree: ObjectID?
        if path.isEmpty {
            tree = commit.tree
        } else {
            let (parent, name) = splitPath(path)
            if let entry = try directory(at: parent)?.entry(named: name), entry.isDirectory {
                tree = entry.id
            } else {
                tree = nil
            }
        }
        return try tree.map { (id) throws(RepositoryError) in makeDirectory(path: path, id: id, raw: try repository.treeEntries(id)) }
    }

    public func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        try repository.blob(entry.id)
    }

    public func size(of entry: SourceEntry) throws(RepositoryError) -> Int {
        try repository.blobSize(entry.id)
    }
}
