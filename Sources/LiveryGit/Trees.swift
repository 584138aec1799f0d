import CGit2
import Foundation
import LiverySource

extension Repository {
    /// The entries of the tree `id`, in git's order.
    public func treeEntries(_ id: ObjectID) throws(RepositoryError) -> [RawTreeEntry] {
        try withHandle { (repo) throws(RepositoryError) -> [RawTreeEntry] in
            var oid = id.oid
            var tree: OpaquePointer?
            try Libgit2.check(git.tree_lookup(&tree, repo, &oid), "reading tree \(id.short)")
            defer { git.tree_free(tree) }
            let count = git.tree_entrycount(tree)
            var entries: [RawTreeEntry] = []
            entries.reserveCapacity(count)
            for index in 0..<count {
                guard let entry = git.tree_entry_byindex(tree, index),
                    let name = git.tree_entry_name(entry),
                    let entryID = git.tree_entry_id(entry)
                else { throw .corrupt("tree \(id.short) has an unreadable entry") }
                let length = strlen(name)
                let bytes = name.withMemoryRebound(to: UInt8.self, capacity: length) {
                    Array(UnsafeBufferPointer(start: $0, count: length))
                }
                entries.append(
                    RawTreeEntry(
                        nameBytes: bytes,
                        id: ObjectID(entryID.pointee),
                        mode: git.tree_entry_filemode_raw(entry).rawValue
                    ))
            }
            return entries
        }
    }

    /// The bytes of the blob `id`.
    public func blob(_ id: ObjectID) throws(RepositoryError) -> [UInt8] {
        try withHandle { (repo) throws(RepositoryError) -> [UInt8] in try Self.blobBytes(id, in: repo) }
    }

    /// The bytes of the regular file `name` directly inside the tree `tree`, or nil
    /// when it is missing, not a regular file, or over `maxSize` bytes (checked from
    /// the object header before anything is inflated).
    ///
    /// One lookup by name instead of a checked listing of the whole directory:
    /// for reading one known small file from each of thousands of directories.
    /// The directory-wide rules (case collisions, refused siblings) are not applied,
    /// so callers use it only as a hint they can do without.
    public func smallFile(named name: String, inTree tree: ObjectID, maxSize: Int) throws(RepositoryError) -> [UInt8]? {
        try withHandle { (repo) throws(RepositoryError) -> [UInt8]? in
            var treeOID = tree.oid
            var treeObject: OpaquePointer?
            try Libgit2.check(git.tree_lookup(&treeObject, repo, &treeOID), "reading tree \(tree.short)")
            defer { git.tree_free(treeObject) }
            guard let entry = git.tree_entry_byname(treeObject, name), let entryID = git.tree_entry_id(entry) else { return nil }
            let mode = git.tree_entry_filemode_raw(entry).rawValue
            guard mode == FileMode.blob || mode == FileMode.executable else { return nil }
            let id = ObjectID(entryID.pointee)
            let (size, type) = try Self.header(of: id, in: repo)
            guard type == GIT_OBJECT_BLOB, size <= maxSize else { return nil }
            return try Self.blobBytes(id, in: repo)
        }
    }

    /// The size in bytes of the blob `id`, read from its header without loading it.
    public func blobSize(_ id: ObjectID) throws(RepositoryError) -> Int {
        try withHandle { (repo) throws(RepositoryError) -> Int in try Self.header(of: id, in: repo).size }
    }

    /// The size and type of object `id`, from its header: nothing is inflated.
    private static func header(of id: ObjectID, in repo: OpaquePointer) throws(RepositoryError) -> (size: Int, type: git_object_t) {
        var odb: OpaquePointer?
        try Libgit2.check(git.repository_odb(&odb, repo), "opening the object database")
        defer { git.odb_free(odb) }
        var oid = id.oid
        var size = 0
        var type = GIT_OBJECT_INVALID
        try Libgit2.check(git.odb_read_header(&size, &type, odb, &oid), "reading object \(id.short)")
        return (size, type)
    }

    /// A copy of the bytes of blob `id`, checked against the id: by
    /// ``BlobBackendRead`` as a rule, by libgit2 when that one steps aside.
    private static func blobBytes(_ id: ObjectID, in repo: OpaquePointer) throws(RepositoryError) -> [UInt8] {
        if let bytes = BlobBackendRead.verifiedBytes(id, in: repo) { return bytes }
        var oid = id.oid
        var blob: OpaquePointer?
        try Libgit2.check(git.blob_lookup(&blob, repo, &oid), "reading file object \(id.short)")
        defer { git.blob_free(blob) }
        let size = Int(git.blob_rawsize(blob))
        guard size > 0, let raw = git.blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: raw, count: size))
    }
}

extension Repository {
    /// The entry at `path` (slash-separated, relative) inside the tree `root`, or nil
    /// when nothing is there. libgit2 finds it by binary search, so looking up one
    /// directory does not cost a walk of its siblings.
    public func entry(at path: String, inTree root: ObjectID) throws(RepositoryError) -> (id: ObjectID, mode: UInt32)? {
        if path.isEmpty { return (root, FileMode.tree) }
        return try withHandle { (repo) throws(RepositoryError) -> (id: ObjectID, mode: UInt32)? in
            var oid = root.oid
            var tree: OpaquePointer?
            try Libgit2.check(git.tree_lookup(&tree, repo, &oid), "reading tree \(root.short)")
            defer { git.tree_free(tree) }
            var entry: OpaquePointer?
            let code = git.tree_entry_bypath(&entry, tree, path)
            defer { git.tree_entry_free(entry) }
            if code == GIT_ENOTFOUND.rawValue { return nil }
            try Libgit2.check(code, "looking up '\(path)'")
            guard let entry, let id = git.tree_entry_id(entry) else { return nil }
            return (ObjectID(id.pointee), git.tree_entry_filemode_raw(entry).rawValue)
        }
    }
}
