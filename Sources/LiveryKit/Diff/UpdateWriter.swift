import Foundation
import LiveryCore
import LiveryDiff
import LiveryEngine
import LiveryGit
import LiveryJSON

/// `livery diff --format update`: from a diff report made with
/// `keepingDocuments`, one `livery-update/2` envelope per client whose resolved
/// style changed, laid out for a static host as `<id>/<base-digest>.json` (an
/// app asks for its own digest; a 404 means it is up to date).
///
/// Pure up to `write`: which updates exist, and which targets cannot have one,
/// is decided from the report alone.
struct UpdateSet: Sendable {
    /// The updates, signed by every key given, sorted by target.
    var updates: [StyleUpdate] = []
    /// Targets that get no update, with why, sorted by target: a change to
    /// values no remote update may touch, a removed or renamed token without
    /// `allowBreaking`, or a style invalid on either side.
    var refused: [(target: String, reason: String)] = []
    /// Targets with changes no update can carry, which need an app release,
    /// sorted by target: a file an image, the app icon or a font reads whose
    /// bytes changed under the same path (an update carries style.json only).
    /// Their style update, if any, is still written.
    var appRelease: [(target: String, reason: String)] = []

    /// What the updates carry besides the styles.
    struct Options: Sendable {
        var sequence: Int64
        var expires: UpdateTime?
        var allowBreaking: Bool
        var signingKeys: [UpdateSigningKey]
        /// Which installs apply the updates (`--rollout-percent`, `--rollout-seed`); nil for all.
        var rollout: UpdateRollout?

        init(sequence: Int64, expires: UpdateTime? = nil, allowBreaking: Bool = false, signingKeys: [UpdateSigningKey] = []) {
            self.sequence = sequence
            self.expires = expires
            self.allowBreaking = allowBreaking
            self.signingKeys = signingKeys
        }
    }

    /// Envelopes for every changed target of `report` that has both documents.
    /// Added and removed targets get none: an app starts from the style it was
    /// built with, and an app of a removed client gets nothing new.
    static func make(from report: DiffReport, rules: MergeRules = .builtIn, options: Options, variants: VariantSides = VariantSides())
        -> UpdateSet
    {
        var set = UpdateSet()
        var made: Set<String> = []
        for target in report.targets {
            switch target.status {
            case .added, .removed:
                continue
            case .invalid:
                let side = target.headErrors.isEmpty ? "BASE" : "HEAD"
                let count = max(target.headErrors.count, target.baseErrors.count)
                set.refused.append(
                    (
                        target.id,
                        "invalid in \(side) (\(count) error\(count == 1 ? "" : "s"); `livery diff` with --target \(target.id) lists them)"
                    ))
            case .changed, .renamed:
                let replaced = Self.filesReplacedInPlace(target.changes)
                if !replaced.isEmpty {
                    set.appRelease.append(
                        (
                            target.id,
                            "the bytes of \(replaced.joined(separator: ", ")) changed under the same path; an update carries style.json only, so the app keeps the files it was built with until an app release"
                        ))
                }
                guard let documents = target.documents else { continue }
                let removed = StyleUpdate.removedTokens(from: documents.base, to: documents.head)
                if !removed.isEmpty, !options.allowBreaking {
                    set.refused.append(
                        (
                            target.id,
                            "removes or renames \(removed.joined(separator: ", ")), which an app may still read (it would get nothing after the update); ship it in an app release, or pass --allow-breaking if no app reads them"
                        ))
                    continue
                }
                do throws(UpdateMakingError) {
                    guard
                        var update = try StyleUpdate.make(
                            target: target.id, from: documents.base, to: documents.head, sequence: options.sequence,
                            expires: options.expires, rules: rules
                        )
                    else { continue }
                    made.insert(target.id)
                    update.variants = variants.carried(for: target.id, result: update.result)
                    set.add(update, options: options)
                } catch {
                    set.refused.append((target.id, error.description))
                }
            }
        }
        // Clients whose style is the same but whose variants changed: an update that brings only them.
        for (id, update) in variants.variantOnlyUpdates(excluding: made, sequence: options.sequence, expires: options.expires) {
            if report.targets.contains(where: { $0.id == id && $0.status == .invalid }) { continue }
            set.add(update, options: options)
        }
        set.updates.sort { $0.target < $1.target }
        set.refused.sort { $0.target < $1.target }
        return set
    }

    /// Adds `update` with the release's rollout, signed by every key.
    private mutating func add(_ update: StyleUpdate, options: Options) {
        var update = update
        update.rollout = options.rollout
        do {
            for key in options.signingKeys { update = try key.sign(update) }
            updates.append(update)
        } catch {
            refused.append((update.target, "could not be signed: \(error)"))
        }
    }

    /// The files whose blob differs between the two revisions at the same path,
    /// as `images.logo (assets/logo.png)`, from the blob ids the trees give
    /// (no file is read): images in every appearance and scale, the app icon,
    /// and the files of fonts and component fonts.
    static func filesReplacedInPlace(_ changes: [Change]) -> [String] {
        var replaced: [String] = []
        for change in changes where change.kind == .changed {
            switch (change.old, change.new) {
            case (.asset(let before)?, .asset(let after)?):
                for slot in before.keys.sorted(by: { ($0.hasPrefix("dark") ? 1 : 0, $0) < ($1.hasPrefix("dark") ? 1 : 0, $1) }) {
                    guard let old = before[slot], let new = after[slot], old.path == new.path, old.blob != new.blob else { continue }
                    replaced.append("\(change.path) (\(old.path))")
                }
            case (.font(let before)?, .font(let after)?):
                if let old = before.file, let new = after.file, old.path == new.path, old.blob != new.blob {
                    replaced.append("\(change.path) (\(old.path))")
                }
            default:
                continue
            }
        }
        return replaced
    }

    /// The path of `update` under the output directory.
    static func relativePath(of update: StyleUpdate) -> String {
        "\(update.target)/\(update.base).json"
    }

    /// The updates that fit the folder: each is checked against the updates
    /// already published for its client (``UpdateFolder``), and one that would
    /// take an app back or make a loop moves to `refused`.
    func checked(against folder: UpdateFolder) -> UpdateSet {
        var result = UpdateSet(updates: [], refused: refused, appRelease: appRelease)
        for update in updates {
            let problems = folder.problems(adding: update)
            if problems.isEmpty {
                result.updates.append(update)
            } else {
                result.refused.append((update.target, problems.joined(separator: "; ")))
            }
        }
        result.refused.sort { $0.target < $1.target }
        return result
    }

    /// Writes each update to `directory/<id>/<base>.json`, each file atomically
    /// (a temporary file renamed into place), so a host serving the directory
    /// while it is written never serves half a file. Every entry is made
    /// relative to the directory (``OutputFolder``): a client folder that is a
    /// symbolic link is refused, never followed. Returns the relative paths.
    func write(to directory: String) throws(UpdateWriteError) -> [String] {
        var written: [String] = []
        do throws(OutputFolderError) {
            let folder = try OutputFolder(directory, create: true)
            for update in updates {
                let relative = Self.relativePath(of: update)
                try folder.makeDirectories(update.target)
                let temporary = update.target + "/.livery-tmp-" + UUID().uuidString
                do throws(OutputFolderError) {
                    try folder.createFile(temporary, update.bytes, exclusive: true)
                    try folder.rename(temporary, to: relative)
                } catch {
                    try? folder.remove(temporary)
                    throw error
                }
                written.append(relative)
            }
        } catch {
            throw UpdateWriteError(path: error.path, reason: error.reason)
        }
        return written
    }
}

/// An update file could not be written.
struct UpdateWriteError: UserError, Sendable, LocalizedError {
    let path: String
    let reason: String
    var errorDescription: String? { "cannot write the update '\(path)': \(reason)" }
}

/// `--expires-in`: a positive whole number of days, hours, minutes or seconds.
package enum UpdateExpiry {
    /// The seconds `text` (`90d`, `12h`, `30m`, `45s`) stands for, or nil.
    package static func seconds(_ text: String) -> Int64? {
        guard let unit = text.last, let count = Int64(text.dropLast()), count > 0, text.first != "+" else { return nil }
        let scale: Int64
        switch unit {
        case "d": scale = 86_400
        case "h": scale = 3_600
        case "m": scale = 60
        case "s": scale = 1
        default: return nil
        }
        // Beyond a thousand years is a typo, and would overflow the clock.
        guard count <= 365_000 * 86_400 / scale else { return nil }
        return count * scale
    }
}
