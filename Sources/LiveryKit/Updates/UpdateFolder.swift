import Foundation
import LiveryCore
import LiveryEngine
import LiveryGit

/// A published update folder (`<id>/<base-digest>.json`, as `livery diff
/// --format update` writes it), read to check that it is safe to serve: every
/// chain an app can follow has growing sequences and none loops.
///
/// `livery diff --format update` checks each new update against the folder
/// before writing it; `livery keys verify` checks a whole folder.
struct UpdateFolder: Sendable {
    /// One envelope file.
    struct Entry: Sendable, Hashable {
        /// The path under the folder, `<id>/<base>.json`.
        var path: String
        var update: StyleUpdate
    }

    /// The readable envelopes by client id, each client's sorted by path.
    private(set) var entries: [String: [Entry]] = [:]
    /// Files that are not updates, or not where their content says, with why.
    private(set) var unreadable: [(path: String, reason: String)] = []
    /// Envelopes signed by none of the trusted keys `load` was given (paths):
    /// no app trusting those keys applies them, so they constrain nothing.
    private(set) var untrusted: [String] = []

    init(entries: [String: [Entry]] = [:]) {
        self.entries = entries
    }

    /// Reads `directory`'s `<id>/*.json` files (for `targets` only, when
    /// given). A missing directory is an empty folder. Each file is checked by
    /// size before it is read. Nothing is followed (``OutputFolder``): a client
    /// folder or an update that is a symbolic link is reported, not read.
    /// With `trusted` keys, an envelope none of them signed is not part of any
    /// chain an app trusting them follows: it is reported, never counted.
    static func load(_ directory: String, targets: Set<String>? = nil, trusted: [TrustedKey]? = nil) -> UpdateFolder {
        var result = UpdateFolder()
        guard let folder = try? OutputFolder(directory, create: false) else { return result }
        for client in folder.names() where targets?.contains(client) ?? true {
            switch folder.kind(of: client) {
            case .directory: break
            case .link:
                result.unreadable.append((client, "a symbolic link; livery reads an update folder without following links"))
                continue
            default: continue
            }
            for name in folder.names(in: client) where name.hasSuffix(".json") {
                let relative = client + "/" + name
                do throws(EnvelopeFileError) {
                    let update = try read(relative, in: folder)
                    guard update.target == client, name == update.base + ".json" else {
                        result.unreadable.append(
                            (
                                relative,
                                "its content is the update of \(update.target) from \(update.base), which belongs at \(UpdateSet.relativePath(of: update))"
                            ))
                        continue
                    }
                    if let trusted, !trusted.contains(where: { $0.hasSigned(update) }) {
                        result.untrusted.append(relative)
                        continue
                    }
                    result.entries[client, default: []].append(Entry(path: relative, update: update))
                } catch {
                    result.unreadable.append((relative, error.reason))
                }
            }
        }
        return result
    }

    struct EnvelopeFileError: Error {
        let reason: String
    }

    static func read(_ relative: String, in folder: OutputFolder) throws(EnvelopeFileError) -> StyleUpdate {
        switch folder.kind(of: relative) {
        case .file: break
        case .link: throw EnvelopeFileError(reason: "a symbolic link; livery reads an update folder without following links")
        default: throw EnvelopeFileError(reason: "not a regular file")
        }
        guard let bytes = folder.read(relative, limit: StyleUpdate.maximumSize) else {
            throw EnvelopeFileError(reason: "more than an update may be (\(StyleUpdate.maximumSize) bytes), or unreadable")
        }
        do {
            return try StyleUpdate(parsing: bytes)
        } catch {
            throw EnvelopeFileError(reason: error.description)
        }
    }

    /// What would be wrong with the client's chains once `update` is
    /// written (replacing the file at its path): problems the folder does not
    /// have already. Empty when it fits.
    func problems(adding update: StyleUpdate) -> [String] {
        let path = UpdateSet.relativePath(of: update)
        let existing = entries[update.target] ?? []
        var problems: [String] = []
        if let replaced = existing.first(where: { $0.path == path }), replaced.update.sequence >= update.sequence, replaced.update != update
        {
            let advice =
                replaced.update.sequence >= UpdateRelease.maximumSequence
                ? "no higher sequence exists (\(UpdateRelease.maximumSequence) is the largest); publish into a new folder, or remove \(path) if it is not yours"
                : "give a higher --sequence"
            problems.append(
                "it would replace \(path), sequence \(replaced.update.sequence), with sequence \(update.sequence): apps that applied the published one refuse it; \(advice)"
            )
        }
        let before = Set(Self.chainProblems(existing))
        let after = Self.chainProblems(existing.filter { $0.path != path } + [Entry(path: path, update: update)])
        problems += after.filter { !before.contains($0) }
        return problems
    }

    /// The problems of one client's updates: an update that follows another
    /// (its base is the other's result) with a sequence not above it, which
    /// apps refuse, so they would stop there on every refresh; and loops.
    static func chainProblems(_ entries: [Entry]) -> [String] {
        var problems: [String] = []
        let byBase = Dictionary(grouping: entries, by: \.update.base)
        // An update whose base is its result only brings variants: an app applies it and stops there.
        for first in entries where first.update.base != first.update.result {
            for next in byBase[first.update.result] ?? [] where next.update.sequence <= first.update.sequence {
                problems.append(
                    "\(next.path) (sequence \(next.update.sequence)) follows \(first.path) (sequence \(first.update.sequence)) but is not above it: an app that applied the first refuses the second, and would take a client back"
                )
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
                        problems.append(
                            "the updates \((loop + [loop[0]]).joined(separator: " → ")) form a loop: apps would go round it; remove the update that leads back to an older style, or publish into a new folder"
                        )
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
