import Foundation
import LiveryCore
import LiveryGit

/// A published update folder (`<id>/<base-digest>.json`, as `livery diff
/// --format update` writes it), read to check that it is safe to serve: every
/// chain an app can follow has growing sequences and none loops.
///
/// `livery diff --format update` checks each new update against the folder
/// before writing it; `livery keys verify` checks a whole folder.
public struct UpdateFolder: Sendable {
    /// One envelope file.
    public struct Entry: Sendable, Hashable {
        /// The path under the folder, `<id>/<base>.json`.
        public var path: String
        public var update: StyleUpdate
    }

    /// The readable envelopes by client id, each client's sorted by path.
    public private(set) var entries: [String: [Entry]] = [:]
    /// Files that are not updates, or not where their content says, with why.
    public private(set) var unreadable: [(path: String, reason: String)] = []

    public init(entries: [String: [Entry]] = [:]) {
        self.entries = entries
    }

    /// Reads `directory`'s `<id>/*.json` files (for `targets` only, when
    /// given). A missing directory is an empty folder. Each file is checked by
    /// size before it is read.
    public static func load(_ directory: String, targets: Set<String>? = nil) -> UpdateFolder {
        var folder = UpdateFolder()
        let files = FileManager.default
        let clients = ((try? files.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        for client in clients where targets?.contains(client) ?? true {
            var isDirectory: ObjCBool = false
            let clientPath = directory + "/" + client
            guard files.fileExists(atPath: clientPath, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            for name in ((try? files.contentsOfDirectory(atPath: clientPath)) ?? []).sorted() where name.hasSuffix(".json") {
                let relative = client + "/" + name
                do throws(EnvelopeFileError) {
                    let update = try read(clientPath + "/" + name)
                    guard update.target == client, name == update.base + ".json" else {
                        folder.unreadable.append((relative, "its content is the update of \(update.target) from \(update.base), which belongs at \(UpdateSet.relativePath(of: update))"))
                        continue
                    }
                    folder.entries[client, default: []].append(Entry(path: relative, update: update))
                } catch {
                    folder.unreadable.append((relative, error.reason))
                }
            }
        }
        return folder
    }

    struct EnvelopeFileError: Error {
        let reason: String
    }

    static func read(_ path: String) throws(EnvelopeFileError) -> StyleUpdate {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw EnvelopeFileError(reason: "not a regular file") }
        guard Int(status.st_size) <= StyleUpdate.maximumSize else {
            throw EnvelopeFileError(reason: "\(status.st_size) bytes, more than an update may be (\(StyleUpdate.maximumSize))")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw EnvelopeFileError(reason: "cannot be read") }
        do {
            return try StyleUpdate(parsing: Array(data))
        } catch {
            throw EnvelopeFileError(reason: error.description)
        }
    }

    /// What would be wrong with the client's chains once `update` is
    /// written (replacing the file at its path): problems the folder does not
    /// have already. Empty when it fits.
    public func problems(adding update: StyleUpdate) -> [String] {
        let path = UpdateSet.relativePath(of: update)
        let existing = entries[update.target] ?? []
        var problems: [String] = []
        if let replaced = existing.first(where: { $0.path == path }), replaced.update.sequence >= update.sequence, replaced.update != update {
            problems.append("it would replace \(path), sequence \(replaced.update.sequence), with sequence \(update.sequence): apps that applied the published one refuse it; give a higher --sequence")
        }
        let before = Set(Self.chainProblems(existing))
        let after = Self.chainProblems(existing.filter { $0.path != path } + [Entry(path: path, update: update)])
        problems += after.filter { !before.contains($0) }
        return problems
    }

    /// The problems of one client's updates: an update that follows another
    /// (its base is the other's result) with a sequence not above it, which
    /// apps refuse, so they would stop there on every refresh; and loops.
    public static func chainProblems(_ entries: [Entry]) -> [String] {
        var problems: [String] = []
        let byBase = Dictionary(grouping: entries, by: \.update.base)
        // An update whose base is its result only brings variants: an app applies it and stops there.
        for first in entries where first.update.base != first.update.result {
            for next in byBase[first.update.result] ?? [] where next.update.sequence <= first.update.sequence {
                problems.append("\(next.path) (sequence \(next.update.sequence)) follows \(first.path) (sequence \(first.update.sequence)) but is not above it: an app that applied the first refuses the second, and would take a client back")
            }
        }
        // Loops: a walk from a digest that comes back to it. Each file has a
        // distinct base, so each digest has at most one way on.
        let moving = entries.filter { $0.update.base != $0.update.result }
        let next = Dictionary(moving.map { ($0.update.base, $0) }, uniquingKeysWith: { first, _ in first })
        var reported = Set<String>()
        for start in entries.map(\.update.base).sorted() {
            var seen: [String] = []
            var digest = start
            while let entry = next[digest], seen.count <= entries.count {
                if let loopStart = seen.firstIndex(of: entry.path) {
                    let loop = Array(seen[loopStart...])
                    let key = loop.sorted().joined(separator: " ")
                    if reported.insert(key).inserted {
                        problems.append("the updates \((loop + [loop[0]]).joined(separator: " → ")) form a loop: apps would go round it; remove the update that leads back to an older style, or publish into a new folder")
                    }
                    break
                }
                seen.append(entry.path)
                digest = entry.update.result
            }
        }
        return problems
    }
}

/// `livery keys verify DIR --public-key FILE`: every envelope in a published
/// folder parses, sits at its place, verifies with the key, and the chains
/// grow and do not loop.
public enum UpdateFolderVerification {
    public struct Report: Sendable {
        public var updates = 0
        public var clients = 0
        /// One sentence per problem, each naming its file.
        public var problems: [String] = []
    }

    public static func verify(_ directory: String, key: TrustedKey) throws(UpdateFolderError) -> Report {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UpdateFolderError(path: directory)
        }
        let folder = UpdateFolder.load(directory)
        var report = Report()
        for (path, reason) in folder.unreadable {
            report.problems.append("\(path): \(reason)")
        }
        for client in folder.entries.keys.sorted() {
            let entries = folder.entries[client] ?? []
            report.clients += 1
            report.updates += entries.count
            for entry in entries where !key.hasSigned(entry.update) {
                let ids = entry.update.signatures.map(\.keyID)
                report.problems.append("\(entry.path): not signed by key id \(key.keyID)" + (ids.isEmpty ? " (it is unsigned)" : " (signed by key id \(ids.joined(separator: ", ")))"))
            }
            report.problems += UpdateFolder.chainProblems(entries)
        }
        return report
    }
}

/// The folder to verify is missing or not a directory.
public struct UpdateFolderError: UserError, Sendable, LocalizedError {
    public let path: String
    public var errorDescription: String? { "'\(path)' is not a directory of updates (livery diff --format update --output DIR writes one)" }
}
