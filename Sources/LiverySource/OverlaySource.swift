/// A source with files held in memory laid over another: what the repository would
/// look like once those files were added, for checking content (a new target made
/// from a template) before anything is written.
public struct OverlaySource: SourceWrapper {
    public let base: any Source
    private let overlay: MemorySource
    private let overlaid: Set<String>

    /// `files` maps `/`-separated paths from the repository root to contents; they hide
    /// any file of `base` with the same path.
    public init(base: any Source, files: [String: [UInt8]]) {
        self.base = base
        overlay = MemorySource(label: base.label, files: files)
        overlaid = Set(files.keys)
    }

    public func directory(at path: String) throws(RepositoryError) -> SourceDirectory? {
        let under = try base.directory(at: path)
        guard let over = try overlay.directory(at: path) else { return under }
        guard let under else { return over }
        // Entries of both, the overlay's winning by name; the id is the tree id the
        // combined directory would have, so anything keyed by it sees the change.
        var byName: [String: SourceEntry] = [:]
        for entry in under.entries { byName[entry.name] = entry }
        for entry in over.entries { byName[entry.name] = entry }
        let raw = byName.values.map { entry in
            RawTreeEntry(nameBytes: Array(entry.name.utf8), id: entry.id, mode: entry.isDirectory ? FileMode.tree : FileMode.blob)
        }
        let refused = under.refused.filter { byName[splitPath($0.path).name] == nil }
        let listed = makeDirectory(path: path, id: ObjectID.treeID(for: raw), raw: raw)
        return SourceDirectory(
            path: path, id: listed.id, entries: listed.entries, refused: (listed.refused + refused).sorted { $0.path < $1.path })
    }

    public func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        if overlaid.contains(entry.path) { return try overlay.contents(of: entry) }
        return try base.contents(of: entry)
    }

    public func size(of entry: SourceEntry) throws(RepositoryError) -> Int {
        if overlaid.contains(entry.path) { return try overlay.size(of: entry) }
        return try base.size(of: entry)
    }
}
