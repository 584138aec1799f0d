import Foundation
import LiveryCore
import LiveryDiff
import LiveryGit
import LiveryJSON

/// `livery diff --format update`: from a diff report made with
/// `keepingDocuments`, one `livery-update/1` envelope per client whose resolved
/// style changed, laid out for a static host as `<id>/<base-digest>.json` (an
/// app asks for its own digest; a 404 means it is up to date).
///
/// Pure up to `write`: which updates exist, and which targets cannot have one,
/// is decided from the report alone.
public struct UpdateSet: Sendable {
    /// The updates, signed when a key was given, sorted by target.
    public var updates: [StyleUpdate] = []
    /// Targets that get no update, with why, sorted by target: a change to
    /// values no remote update may touch, or a style invalid on either side.
    public var refused: [(target: String, reason: String)] = []

    /// Envelopes for every changed target of `report` that has both documents.
    /// Added and removed targets get none: an app starts from the style it was
    /// built with, and an app of a removed client gets nothing new.
    public static func make(from report: DiffReport, rules: MergeRules = .builtIn, signingKey: UpdateSigningKey?) -> UpdateSet {
        var set = UpdateSet()
        for target in report.targets {
            switch target.status {
            case .added, .removed:
                continue
            case .invalid:
                let side = target.headErrors.isEmpty ? "BASE" : "HEAD"
                let count = max(target.headErrors.count, target.baseErrors.count)
                set.refused.append((target.id, "invalid in \(side) (\(count) error\(count == 1 ? "" : "s"); `livery diff` with --target \(target.id) lists them)"))
            case .changed, .renamed:
                guard let documents = target.documents else { continue }
                do throws(UpdateMakingError) {
                    guard let update = try StyleUpdate.make(target: target.id, from: documents.base, to: documents.head, rules: rules) else {
                        continue
                    }
                    if let signingKey {
                        do {
                            set.updates.append(try signingKey.sign(update))
                        } catch {
                            set.refused.append((target.id, "could not be signed: \(error)"))
                        }
                    } else {
                        set.updates.append(update)
                    }
                } catch {
                    set.refused.append((target.id, error.description))
                }
            }
        }
        set.updates.sort { $0.target < $1.target }
        set.refused.sort { $0.target < $1.target }
        return set
    }

    /// The path of `update` under the output directory.
    public static func relativePath(of update: StyleUpdate) -> String {
        "\(update.target)/\(update.base).json"
    }

    /// Writes each update to `directory/<id>/<base>.json`, each file atomically
    /// (a temporary file renamed into place), so a host serving the directory
    /// while it is written never serves half a file. Returns the relative paths.
    public func write(to directory: String) throws(UpdateWriteError) -> [String] {
        let root = URL(fileURLWithPath: directory)
        var written: [String] = []
        for update in updates {
            let relative = Self.relativePath(of: update)
            let file = root.appendingPathComponent(relative)
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(update.bytes).write(to: file, options: .atomic)
            } catch {
                throw UpdateWriteError(path: file.path, reason: error.localizedDescription)
            }
            written.append(relative)
        }
        return written
    }
}

/// Reads the private key `--signing-key` names.
public enum SigningKeyFile {
    public static func read(_ path: String) throws(SigningKeyError) -> UpdateSigningKey {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadable(path, error.localizedDescription)
        }
        guard let key = UpdateSigningKey(text: text) else { throw .invalid(path) }
        return key
    }
}

public enum SigningKeyError: UserError, Sendable, Hashable, LocalizedError {
    case unreadable(String, String)
    case invalid(String)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason): "cannot read the signing key '\(path)': \(reason)"
        case .invalid(let path): "'\(path)' is not a signing key (the base64 of a raw 32-byte Ed25519 key, as `livery keys generate` writes)"
        }
    }
}

/// An update file could not be written.
public struct UpdateWriteError: UserError, Sendable, LocalizedError {
    public let path: String
    public let reason: String
    public var errorDescription: String? { "cannot write the update '\(path)': \(reason)" }
}
