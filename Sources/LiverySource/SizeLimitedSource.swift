/// The largest files livery reads: JSON documents (style.json, template.json,
/// style.schema.json, livery.json) and everything else (assets). A repository is
/// untrusted input, so a file's size is checked before its bytes are loaded.
public struct SizeLimits: Sendable, Equatable {
    /// The largest JSON file, in bytes (livery.json's `maxStyleBytes`).
    public var maxStyleBytes: Int
    /// The largest asset or other file, in bytes (livery.json's `maxAssetBytes`).
    public var maxAssetBytes: Int

    /// 1 MiB for JSON files: hand-written style files are a few kilobytes.
    public static let defaultMaxStyleBytes = 1 << 20
    /// 32 MiB for assets: well above any image or font an app ships.
    public static let defaultMaxAssetBytes = 32 << 20
    /// The most livery.json may raise `maxStyleBytes` to, 16 MiB: a JSON document
    /// is held with every value's position, several times its size in memory, and
    /// a repository must not be able to make livery read an unbounded one.
    public static let ceilingMaxStyleBytes = 16 << 20

    public init(maxStyleBytes: Int = SizeLimits.defaultMaxStyleBytes, maxAssetBytes: Int = SizeLimits.defaultMaxAssetBytes) {
        self.maxStyleBytes = maxStyleBytes
        self.maxAssetBytes = maxAssetBytes
    }

    /// The limit for the file at `path` and the livery.json key that sets it.
    public func limit(forPath path: String) -> (bytes: Int, setting: String) {
        path.hasSuffix(".json") ? (maxStyleBytes, "maxStyleBytes") : (maxAssetBytes, "maxAssetBytes")
    }

    /// Throws `RepositoryError.tooLarge` when `size` is over the limit for `path`.
    public func check(path: String, size: Int) throws(RepositoryError) {
        let (limit, setting) = limit(forPath: path)
        if size > limit { throw .tooLarge(path: path, size: size, limit: limit, setting: setting) }
    }
}

/// A source that refuses files over `limits`, by their size as the object
/// database or the file system reports it, before reading them: a 1 GB blob is
/// never inflated into memory.
public struct SizeLimitedSource: SourceWrapper {
    public let base: any Source
    public let limits: SizeLimits

    public init(base: any Source, limits: SizeLimits) {
        self.base = base
        self.limits = limits
    }

    public func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        try limits.check(path: entry.path, size: base.size(of: entry))
        let bytes = try base.contents(of: entry)
        // A working-tree file can grow between the two calls; what was read counts.
        try limits.check(path: entry.path, size: bytes.count)
        return bytes
    }
}
