/// How the writer changes an asset before writing it. A value, so emitters
/// stay pure and the writer can cache what it made by (asset, transform).
public enum AssetTransform: Sendable, Hashable, CustomStringConvertible {
    /// A PNG resampled to exactly this many pixels (Lanczos).
    case resizePNG(width: Int, height: Int)
    /// The same, always written with an alpha channel (32-bit RGBA), as Google
    /// Play asks of a store icon, even when the source has none.
    case resizePNGWithAlpha(width: Int, height: Int)

    /// Stable text naming the transform: part of cache keys, so it must not
    /// change unless the bytes made for it change.
    public var key: String {
        switch self {
        case .resizePNG(let width, let height): "resize-png \(width)x\(height)"
        case .resizePNGWithAlpha(let width, let height): "resize-png-rgba \(width)x\(height)"
        }
    }

    public var description: String { key }

    /// The pixel size the transform makes.
    public var size: (width: Int, height: Int) {
        switch self {
        case .resizePNG(let width, let height), .resizePNGWithAlpha(let width, let height): (width, height)
        }
    }

    /// Whether the PNG made always has an alpha channel.
    public var forcesAlpha: Bool {
        if case .resizePNGWithAlpha = self { return true }
        return false
    }
}
