import Foundation
import LiveryCore
import LiveryJSON

extension UpdateCache {
    static let trustFormat = "livery-trust-cache/1"

    /// The roots walked past the built-in one, in order, and the timestamp
    /// held, each as the bytes received: `livery-trust.json` beside the
    /// themes' files. Never trusted: the store walks them again on start.
    struct TrustFiles: Sendable, Hashable {
        var roots: [[UInt8]] = []
        var timestamp: [UInt8]?
    }

    var trustFile: URL { directory.appendingPathComponent("livery-trust.json") }

    /// The cached trust files; empty when there are none or they cannot be read.
    func loadTrust() -> TrustFiles {
        let url = trustFile
        let limit = TrustRoot.maximumSize * TrustState.maximumRootWalk * 4
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limit, let data = FileManager.default.contents(atPath: url.path),
            let value = try? CanonicalJSON.parse(Array(data)), case .object(let object) = value,
            object["format"]?.value.stringValue == Self.trustFormat, let roots = object["roots"]?.value.arrayValue
        else { return TrustFiles() }
        return TrustFiles(
            roots: roots.compactMap { $0.value.stringValue.map { Array($0.utf8) } },
            timestamp: object["timestamp"]?.value.stringValue.map { Array($0.utf8) })
    }

    /// Writes the trust files atomically.
    func save(_ files: TrustFiles) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var pairs: [(String, JSONValue)] = [
            ("format", .string(Self.trustFormat)),
            ("roots", .makeArray(files.roots.map { .string(String(decoding: $0, as: UTF8.self)) })),
        ]
        if let timestamp = files.timestamp { pairs.append(("timestamp", .string(String(decoding: timestamp, as: UTF8.self)))) }
        try Data(CanonicalJSON.bytes(.makeObject(pairs))).write(to: trustFile, options: .atomic)
    }
}
