import LiveryConcurrency
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
    /// An icon `decoded` already holds (the same bytes decoded before) is not read again.
    static func check(
        _ style: ResolvedStyle, document: JSONNode, source: any Source, decoded: DecodedAppIcons
    ) throws(RepositoryError) -> Diagnostic? {
        guard let icon = style.appIcon, !decoded.contains(icon.blob) else { return nil }
        let entry = SourceEntry(
            name: PathName.fileName(of: icon.repositoryPath), path: icon.repositoryPath, isDirectory: false, id: icon.blob)
        let bytes = try source.contents(of: entry)
        guard let reason = PNGResampler.problem(decoding: bytes) else {
            decoded.insert(icon.blob)
            return nil
        }
        return diagnostic(icon, reason, document: document, target: style.id)
    }
}

/// The app icons known to decode, by blob id (so by their bytes): those an earlier run
/// decoded (`known`, from `validate`'s cache) and those decoded in this run. Decoding a
/// 1024 px icon costs more than everything else `validate` does with its client, and
/// the same bytes decode the same way every time, so each is decoded once, as a build
/// scales each once into its icon cache. An icon that fails is never held: it is
/// decoded, and reported, in every run.
package final class DecodedAppIcons: Sendable {
    private let known: Set<ObjectID>
    private let added = Locked<Set<ObjectID>>([])

    package init(known: Set<ObjectID> = []) {
        self.known = known
    }

    func contains(_ id: ObjectID) -> Bool {
        known.contains(id) || added.withLock { $0.contains(id) }
    }

    func insert(_ id: ObjectID) {
        added.withLock { _ = $0.insert(id) }
    }

    /// The icons this run decoded that `known` did not hold, in id order.
    package var decodedNow: [ObjectID] {
        added.withLock { $0.subtracting(known) }.sorted()
    }
}
