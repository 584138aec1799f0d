/// How the writer changes an asset before writing it. A value, so emitters
/// stay pure and the writer can cache what it made by (asset, transform).
public enum AssetTransform: Sendable, Hashable, CustomStringConvertible {
    /// A PNG resampled to exactly this many pixels (Lanczos).
    case resizePNG(width: Int, height: Int)

    /// Stable text naming the transform: part of cache keys, so it must not
    /// change unless the bytes made for it change.
    public var key: String {
        switch self {
        case .resizePNG(let width, let height): "resize-png \(width)x\(height)"
        }
    }

    public var description: String { key }
}
