/// Why an image could not be read or made. The description is the message users see.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a PNG (no signature or no IHDR chunk).
    case notPNG
    /// The PNG is larger than livery decodes (its side in pixels, and the limit).
    case tooLarge(width: Int, height: Int, limit: Int)
    /// A size of zero or beyond the limit was asked for.
    case invalidSize(width: Int, height: Int)
    /// libgd could not decode the PNG (it is damaged or uses something libpng refuses).
    case undecodable
    /// libgd could not scale or encode (out of memory).
    case failed(String)

    public var description: String {
        switch self {
        case .notPNG: "not a PNG file"
        case .tooLarge(let width, let height, let limit):
            "the PNG is \(width)×\(height) pixels; livery scales images of at most \(limit)×\(limit)"
        case .invalidSize(let width, let height): "cannot scale to \(width)×\(height) pixels"
        case .undecodable: "the PNG is damaged and cannot be decoded"
        case .failed(let what): "could not \(what) the image"
        }
    }
}
