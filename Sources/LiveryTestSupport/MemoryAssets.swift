import LiverySource
import LiveryTargets

/// An asset locator over a dictionary of files, for resolver tests: paths are
/// looked up in `targets/<declaring target>/` and then in each target of `ancestors`.
public struct MemoryAssets: AssetLocator {
    public var files: [String: [UInt8]]
    public var ancestors: [String: [String]]

    public init(files: [String: [UInt8]], ancestors: [String: [String]] = [:]) {
        self.files = files
        self.ancestors = ancestors
    }

    public func locate(_ path: String, declaredIn declaringFile: String) -> AssetLookup {
        if let reason = PathSafety.refusal(forPath: path) { return .refused(reason: reason.description) }
        let declaring = declaringFile.split(separator: "/").dropFirst().first.map(String.init) ?? ""
        var searched: [String] = []
        for target in [declaring] + (ancestors[declaring] ?? []) {
            let candidate = "targets/\(target)/\(path)"
            searched.append(candidate)
            if let bytes = files[candidate] {
                let blob = ObjectID.blobID(for: bytes)
                return .found(
                    AssetReference(
                        path: path, repositoryPath: candidate, foundIn: target,
                        blob: blob, size: bytes.count, info: AssetSniffer.sniff(bytes)
                    ))
            }
        }
        return .missing(searched: searched)
    }
}
