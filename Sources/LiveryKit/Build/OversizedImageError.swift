import LiveryEngine
import LiveryJSON
import LiveryTargets

/// An image the writer made from an asset that is larger than its reader takes: the
/// Play store icon, made from the app icon, over Google Play's 1 MiB. Only a build
/// knows the size (it is the encoded PNG's), so build reports it, as an error of the
/// style value naming the icon, and writes no bundle.
struct OversizedImageError: Error, Sendable {
    /// The asset it was made from, from the repository root.
    var path: String
    /// The file in the bundle.
    var output: String
    var size: Int
    var limit: Int

    func diagnostic(_ style: ResolvedStyle, document: JSONNode) -> Diagnostic {
        let message =
            "'\(output)', made from '\(path)' as a 512×512 32-bit PNG, is \(size) bytes; Google Play takes a store icon of at most \(limit) bytes (1 MiB): give appIcon fewer colours or less noise so it compresses smaller"
        return AppIconDecoding.placed(Diagnostic(.error, rule: .storeImage, message, file: path, target: style.id), in: document)
    }
}
