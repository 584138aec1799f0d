import LiveryTargets

/// A file an emitter made, in memory: a path inside the target's bundle and its
/// bytes — or, for an image or font copied as it is, the asset to copy.
public struct EmittedFile: Sendable, Equatable {
    /// Relative to the bundle directory, `/`-separated (e.g. `web/theme.css`).
    public var path: String
    public var bytes: [UInt8]
    /// When set, the file is this asset's content (read by the writer), and `bytes` is empty.
    public var asset: AssetReference?
    /// When set with `asset`, the file is the asset changed this way (a PNG scaled
    /// to another size), made by the writer; emitters stay pure.
    public var transform: AssetTransform?
    /// The most bytes the file's reader takes (Google Play's 1 MiB for its icon); the
    /// writer refuses a made image over it rather than write what the store refuses.
    public var byteLimit: Int?

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// A copy of an asset from the repository.
    public init(path: String, copying asset: AssetReference) {
        self.path = path
        self.bytes = []
        self.asset = asset
    }

    /// An asset changed by `transform` (an icon scaled to a launcher size).
    public init(path: String, transforming asset: AssetReference, _ transform: AssetTransform) {
        self.path = path
        self.bytes = []
        self.asset = asset
        self.transform = transform
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
