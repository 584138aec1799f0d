/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A square.
    public init(_ side: Int) {
        self.init(width: side, height: side)
    }

    public var description: String { "\(width)×\(height)" }

    /// Larger first by area, then by width: the order a batch is made in.
    public static func < (lhs: PixelSize, rhs: PixelSize) -> Bool {
        (lhs.width * lhs.height, lhs.width) < (rhs.width * rhs.height, rhs.width)
    }
}
