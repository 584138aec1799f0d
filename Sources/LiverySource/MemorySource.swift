/// A source held in memory: for tests of the logic above the git layer, and for
/// checking content (such as a filled-in template) before it is written anywhere.
public struct MemorySource: Source {
    public let label: String
    public var commit: Commit? { nil }
    private let files: [String: [UInt8]]
    private let directories: [String: SourceDirectory]

    /// `files` maps `/`-separated paths to contents; directories are implied by the paths.
    public init(label: String = "memory", files: [String: [UInt8]]) {
        self.label = label
        self.files = files
        var children: [String: [String: RawTreeEntry]] = ["": [:]]
        var ids: [String: ObjectID] = [:]
        for (path, bytes) in files {
            ids[path] = ObjectID.blobID(for: bytes)
            var parent = ""
            for component in path.split(separator: "/").dropLast() {
                let child = joinPath(parent, String(component))
                children[child, default: [:]] = children[child, default: [:]]
                parent = child
            }
        }
        // Compute tree ids bottom-up: deepest directories first.
        var directories: [String: SourceDirectory] = [:]
        for directory in children.keys.sorted(by: { $0.split(separator: "/").count > $1.split(separator: "/").count }) {
            var raw: [RawTreeEntry] = []
            for (path, id) in ids where splitPath(path).parent == directory {
                raw.append(RawTreeEntry(nameBytes: Array(splitPath(path).name.utf8), id: id, mode: FileMode.blob))
            }
            for (path, _) in children where !path.isEmpty && splitPath(path).parent == directory {
                let id = directories[path]?.id ?? .zero
                raw.append(RawTreeEntry(nameBytes: Array(splitPath(path).name.utf8), id: id, mode: FileMode.tree))
            }
            let treeID = ObjectID.treeID(for: raw)
            directories[directory] = makeDirectory(path: directory, id: treeID, raw: raw)
        }
        self.directories = directories
    }

    /// `files` with string contents, for readable tests.
    public init(label: String = "memory", texts: [String: String]) {
        self.init(label: label, files: texts.mapValues { Array($0.utf8) })
    }

    public func directory(at path: String) throws(RepositoryError) -> SourceDirectory? {
        directories[path]
    }

    public func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        guard let bytes = files[entry.path] else { throw .pathNotFound(entry.path) }
        return bytes
    }
}
