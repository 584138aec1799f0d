import LiveryEmit
import LiveryGit

/// One file of a bundle as the writer holds it before it is installed: its
/// path in the bundle, its bytes, and where those bytes come from.
package struct BundleFile: Sendable {
    /// Relative to the bundle, `/`-separated (`web/theme.css`).
    package var path: String
    package var bytes: [UInt8]
    /// The asset the bytes are, as it is or transformed; nil for generated text.
    /// Files with equal origins hold equal bytes (an image copied for iOS,
    /// Android and the web), so the manifest hashes them once.
    var origin: Origin?
    /// The SHA-256 of `bytes` in lowercase hex, once `BundleManifest.hash` has
    /// filled it in. The manifest lists it; the installer writes the files of
    /// one digest once and hard-links the rest (the copies of an image, and
    /// generated files that came out the same, such as two colours that
    /// resolve to one value).
    package var sha256: String?

    package struct Origin: Hashable, Sendable {
        var blob: ObjectID
        var transform: AssetTransform?

        package init(blob: ObjectID, transform: AssetTransform?) {
            self.blob = blob
            self.transform = transform
        }
    }

    package init(path: String, bytes: [UInt8], origin: Origin? = nil) {
        self.path = path
        self.bytes = bytes
        self.origin = origin
    }
}
