import LiveryGit
import LiveryImage
import LiveryJSON
import LiveryTargets
import LiveryText

/// The app icon is the one image a build decodes (to scale Android's launcher
/// icons), and libpng refuses some files whose chunks are whole (a damaged
/// compressed stream under a correct CRC). `livery validate` decodes it, and
/// `livery build` reports a failed decode the same way, so either says which
/// style names the file, with its line and column, instead of a bare message.
package enum AppIconDecoding {
    /// The error for an icon that cannot be decoded, at the style value naming it.
    package static func diagnostic(_ icon: AssetReference, _ reason: ImageError, document: JSONNode, target: String) -> Diagnostic {
        let message = "'\(icon.path)' cannot be decoded to make the launcher icons: \(reason)"
        return placed(Diagnostic(.error, rule: .assetDamaged, message, file: icon.repositoryPath, target: target), in: document)
    }

    /// `diagnostic` at the style value naming the app icon (`appIcon`, or `appIcon.image`),
    /// or left at its file when the merged document names none.
    package static func placed(_ diagnostic: Diagnostic, in document: JSONNode) -> Diagnostic {
        var node = document.value.objectValue?["appIcon"]
        var pointer = ["appIcon"]
        if let image = node?.value.objectValue?["image"] {
            node = image
            pointer.append("image")
        }
        guard let node else { return diagnostic }
        return Diagnostic(
            diagnostic.severity, rule: diagnostic.rule, diagnostic.message, at: node.location, pointer: JSONPointer(tokens: pointer),
            target: diagnostic.target)
    }

    /// Decodes the resolved style's app icon; the error when it cannot be, nil otherwise.
    static func check(_ style: ResolvedStyle, document: JSONNode, source: any Source) throws(RepositoryError) -> Diagnostic? {
        guard let icon = style.appIcon else { return nil }
        let entry = SourceEntry(
            name: PathName.fileName(of: icon.repositoryPath), path: icon.repositoryPath, isDirectory: false, id: icon.blob)
        let bytes = try source.contents(of: entry)
        guard let reason = PNGResampler.problem(decoding: bytes) else { return nil }
        return diagnostic(icon, reason, document: document, target: style.id)
    }
}
