import LiverySource

/// A file under a target's `store/` folder, as found through `extends`.
public struct StoreFile: Sendable, Hashable {
    /// The path under `store/` (`fr-CA/name.txt`, `images/featureGraphic.png`).
    public var path: String
    public var repositoryPath: String
    public var foundIn: String
    public var blob: ObjectID
    /// A text's bytes; empty for an image, which is described instead.
    public var bytes: [UInt8]
    /// An image's kind and size; nil for a text.
    public var image: AssetInfo?
    public var size: Int

    public init(path: String, repositoryPath: String, foundIn: String, blob: ObjectID, bytes: [UInt8], image: AssetInfo?, size: Int) {
        self.path = path
        self.repositoryPath = repositoryPath
        self.foundIn = foundIn
        self.blob = blob
        self.bytes = bytes
        self.image = image
        self.size = size
    }
}

/// Reads the store listing files of a target and its ancestors through a `Source`:
/// file by file, the nearest target's file wins, so a base may hold a support URL
/// every client inherits and a client replaces one field. The checks are
/// `StoreListingCheck`'s, apart from reading.
public struct StoreListingReader: Sendable {
    public let source: any Source
    public let targetsDirectory: String
    /// The largest store text livery reads; the longest field takes 4,000 characters.
    public static let maxTextBytes = 64 << 10
    /// `store/<tag>/images/phoneScreenshots/<name>.png` is the deepest file a listing has.
    static let maxDepth = 4

    /// Whether a path under `store/` is an image (`images/…` or `<tag>/images/…`),
    /// which is described rather than read as text, and has no text's size limit.
    public static func isImage(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", maxSplits: 2)
        return parts.first == "images" || (parts.count > 2 && parts[1] == "images")
    }

    public init(source: any Source, targetsDirectory: String) {
        self.source = source
        self.targetsDirectory = targetsDirectory
    }

    /// Every file of the listing after inheritance, sorted by path, and the
    /// problems met while reading (refused entries, files too large to be texts).
    public func files(id: String, chain: [String]) -> (files: [StoreFile], problems: [Diagnostic]) {
        var found: [String: StoreFile] = [:]
        var problems: [Diagnostic] = []
        for target in chain {
            let root = targetsDirectory + "/" + target + "/store"
            walk(root, relative: "", depth: 0) { entry, relative in
                guard found[relative] == nil else { return }
                do {
                    let size = try source.size(of: entry)
                    if !Self.isImage(relative), size > Self.maxTextBytes {
                        problems.append(
                            Diagnostic(
                                .error, rule: .storeFile,
                                "'\(entry.path)' is \(size) bytes; a store text is at most \(Self.maxTextBytes) bytes (the longest field takes 4,000 characters)",
                                file: entry.path, pointer: StoreListingCheck.pointer(relative), target: id
                            ))
                        return
                    }
                    found[relative] = try read(entry, relative: relative, target: target, size: size)
                } catch {
                    problems.append(Diagnostic(.error, rule: .storeFile, error.localizedDescription, file: entry.path, target: id))
                }
            } refused: { path, reason in
                problems.append(Diagnostic(.error, rule: .storeFile, "'\(path)' is not read: \(reason)", file: path, target: id))
            }
        }
        return (found.keys.sorted().compactMap { found[$0] }, problems)
    }

    private func read(_ entry: SourceEntry, relative: String, target: String, size: Int) throws(RepositoryError) -> StoreFile {
        let bytes = try source.contents(of: entry)
        if Self.isImage(relative) {
            return StoreFile(
                path: relative, repositoryPath: entry.path, foundIn: target, blob: entry.id, bytes: [], image: AssetSniffer.sniff(bytes),
                size: size)
        }
        return StoreFile(path: relative, repositoryPath: entry.path, foundIn: target, blob: entry.id, bytes: bytes, image: nil, size: size)
    }

    private func walk(
        _ path: String, relative: String, depth: Int,
        file: (SourceEntry, String) -> Void, refused: (String, String) -> Void
    ) {
        let directory: SourceDirectory?
        do {
            directory = try source.directory(at: path)
        } catch {
            refused(path, error.localizedDescription)
            return
        }
        guard let directory else { return }
        for entry in directory.refused { refused(entry.path, entry.reason.description) }
        for entry in directory.entries {
            let name = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.isDirectory {
                if depth + 1 < Self.maxDepth {
                    walk(entry.path, relative: name, depth: depth + 1, file: file, refused: refused)
                } else {
                    refused(entry.path, "store listings hold no folder this deep (store/<tag>/images/<folder>/<file> is the deepest file)")
                }
            } else {
                file(entry, name)
            }
        }
    }
}
