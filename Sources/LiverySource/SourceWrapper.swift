/// A source laid over another, `base`, that changes only part of what is read
/// (a size check, a memory of recent reads, an overlay): whatever a wrapper does
/// not implement itself is read from `base` as it is.
public protocol SourceWrapper: Source {
    var base: any Source { get }
}

extension SourceWrapper {
    public var label: String { base.label }
    public var commit: Commit? { base.commit }

    public func directory(at path: String) throws(RepositoryError) -> SourceDirectory? {
        try base.directory(at: path)
    }

    public func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        try base.contents(of: entry)
    }

    /// From `base`, which may know a size without reading the file.
    public func size(of entry: SourceEntry) throws(RepositoryError) -> Int {
        try base.size(of: entry)
    }
}
