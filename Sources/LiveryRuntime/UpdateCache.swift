import Foundation
import LiveryCore
import LiveryJSON

/// The applied updates of each theme, one file per theme in a directory:
/// `{"bundled": <digest of the built-in style>, "format": "livery-cache/2",
/// "sequence": <highest sequence applied>, "updates": [<envelope>, …]}`. Written atomically (a temporary file renamed
/// over the old one), so a crash leaves the old file or the new one. The
/// store re-verifies every cached update on start; the cache is never trusted.
struct UpdateCache: Sendable {
    static let format = "livery-cache/2"
    let directory: URL

    /// The theme's file. A theme id that is not a plain name is hashed, so
    /// any id gives a file name inside the directory.
    func file(for theme: String) -> URL {
        let plain =
            !theme.isEmpty && theme.utf8.count <= 64
            && theme.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || byte == 0x2D || byte == 0x5F
            }
        let name = plain ? theme : "theme-" + String(CanonicalJSON.digest(Array(theme.utf8)).prefix(32))
        return directory.appendingPathComponent(name + ".livery-cache.json")
    }

    struct Entry: Sendable {
        var bundledDigest: String
        var updates: [StyleUpdate]
        /// The highest sequence the theme applied, also of updates since dropped.
        var sequence: Int64
    }

    enum LoadError: Error, Sendable, CustomStringConvertible {
        case unreadable(String)

        var description: String {
            switch self {
            case .unreadable(let sentence): sentence
            }
        }
    }

    /// The theme's cached updates: nil when there is no file.
    func load(theme: String) throws(LoadError) -> Entry? {
        let url = file(for: theme)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        // The size first, so a file grown by something else is never read whole.
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= StyleUpdate.maximumSize * 4 else { throw .unreadable("\(url.path) is \(size) bytes, more than a cache file can be") }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .unreadable("\(url.path) cannot be read (check the cache directory's permissions)")
        }
        guard let value = try? CanonicalJSON.parse(Array(data)), case .object(let object) = value,
            object["format"]?.value.stringValue == Self.format,
            let bundled = object["bundled"]?.value.stringValue,
            let items = object["updates"]?.value.arrayValue,
            let sequence = object["sequence"]?.value.numberValue.flatMap({ InputInteger($0)?.value })
        else {
            throw .unreadable("\(url.path) is not a \(Self.format) file")
        }
        var updates: [StyleUpdate] = []
        for item in items {
            do {
                updates.append(try StyleUpdate(json: item.value))
            } catch {
                throw .unreadable(error.description)
            }
        }
        return Entry(bundledDigest: bundled, updates: updates, sequence: sequence)
    }

    /// Writes the theme's chain and highest sequence atomically, or removes
    /// the file when there is neither.
    func save(theme: String, _ state: ThemeState) throws {
        let url = file(for: theme)
        if state.chain.isEmpty, state.sequence == 0 {
            remove(theme: theme)
            return
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let document = JSONValue.makeObject([
            ("format", .string(Self.format)),
            ("bundled", .string(state.bundledDigest)),
            ("sequence", .number(JSONNumber(literal: String(state.sequence)))),
            ("updates", .makeArray(state.chain.map { $0.json(includingSignatures: true) })),
        ])
        try Data(CanonicalJSON.bytes(document)).write(to: url, options: .atomic)
    }

    func remove(theme: String) {
        try? FileManager.default.removeItem(at: file(for: theme))
    }
}
