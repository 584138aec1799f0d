import LiveryTargets

/// Where an asset lives in the site: named by the SHA-256 of its bytes, so a
/// file that many clients share is written once and the same bytes always get
/// the same name.
public enum GalleryAssetName {
    public static let directory = "assets"

    /// `assets/<sha256>.<ext>`, the extension from what the bytes are.
    public static func path(sha256: String, kind: AssetKind) -> String {
        directory + "/" + sha256 + "." + fileExtension(kind)
    }

    public static func fileExtension(_ kind: AssetKind) -> String {
        switch kind {
        case .png: "png"
        case .jpeg: "jpg"
        case .pdf: "pdf"
        case .svg: "svg"
        case .truetype: "ttf"
        case .opentype: "otf"
        case .lfsPointer, .unknown: "bin"
        }
    }
}
