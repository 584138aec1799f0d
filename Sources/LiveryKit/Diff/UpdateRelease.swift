import Foundation
import LiveryCore
import LiveryDiff

/// `--rollout-percent` and `--rollout-seed`, read.
package enum UpdateRolloutOption {
    package static func rollout(percent: String, seed: String) -> UpdateRollout? {
        guard !seed.isEmpty, let millionths = Percentage.millionths(percent) else { return nil }
        return UpdateRollout(percent: millionths, seed: seed)
    }
}

/// `livery diff --format update`'s work: the diff of two revisions made into
/// signed updates of one release, checked against the updates already in the
/// directory they go to; `write` then writes the ones not refused.
package struct UpdateRelease: Sendable {
    /// The largest release sequence an update may carry (2^53-1, exact in every JSON reader).
    package static let maximumSequence = StyleUpdate.maximumSequence

    let report: DiffReport
    /// The release sequence every update carries.
    package let sequence: Int64
    /// When apps stop applying the updates, as the envelope writes it; nil for never.
    package let expires: String?
    /// The ids of the keys that sign the updates; empty when they are unsigned.
    package let keyIDs: [String]
    private let updates: UpdateSet
    /// Envelopes already in the directory that none of the signing keys signed
    /// (paths): left alone, and not checked against.
    package let untrusted: [String]

    /// Clients that get no update, and why (a forbidden or breaking change, an
    /// invalid style, a clash with the updates already in the directory).
    package var refused: [(target: String, reason: String)] { updates.refused }

    /// Clients whose change an update cannot carry alone (an image's bytes
    /// changed under the same path): written, with a warning that apps need a release.
    package var appRelease: [(target: String, reason: String)] { updates.appRelease }

    /// The keys in `paths`, read before any diff so that a bad key costs nothing;
    /// `warn` hears what is wrong but usable (a key file others can read).
    static func readKeys(_ paths: [String], warn: (String) -> Void) throws -> [UpdateSigningKey] {
        try paths.map { path in
            let (key, warnings) = try SigningKeyFile.read(path)
            warnings.forEach(warn)
            return key
        }
    }

    /// Compares the service's revisions and makes the updates for `directory`.
    /// `sequence` defaults to HEAD's committer time (the current time for the
    /// working tree); `expiresIn` is a duration such as `90d`.
    static func prepare(
        _ service: DiffService, selected: [String], jobs: Int, headRevision: String?, sequence: Int64?, expiresIn: String?,
        allowBreaking: Bool, signingKeys: [UpdateSigningKey], rollout: UpdateRollout? = nil, for directory: String
    ) async throws -> UpdateRelease {
        let report = try await service.diff(selected: selected, jobs: jobs, keepingDocuments: true)
        let variants = try VariantSides(
            base: VariantSides.sets(of: service.base, selected: selected), head: VariantSides.sets(of: service.head, selected: selected)
        )
        let now = Int64(Date().timeIntervalSince1970)
        let releaseSequence = try sequence ?? headRevision.flatMap { revision in try service.head.repository?.commit(revision).time } ?? now
        let expires = expiresIn.flatMap(UpdateExpiry.seconds).map { UpdateTime(secondsSince1970: now + $0) }
        var options = UpdateSet.Options(sequence: releaseSequence, expires: expires, allowBreaking: allowBreaking, signingKeys: signingKeys)
        options.rollout = rollout
        let made = UpdateSet.make(from: report, options: options, variants: variants)
        // Signed updates are checked only against what the same keys signed: an
        // unsigned or foreign envelope in the folder (a forged sequence 2^53-1, say)
        // is refused by every app trusting these keys, so it blocks nothing.
        let trusted = signingKeys.isEmpty ? nil : signingKeys.map(\.publicKey)
        let folder = UpdateFolder.load(directory, targets: Set(made.updates.map(\.target)), trusted: trusted)
        let set = made.checked(against: folder)
        return UpdateRelease(
            report: report, sequence: releaseSequence, expires: expires?.text, keyIDs: signingKeys.map(\.keyID), updates: set,
            untrusted: folder.untrusted
        )
    }

    /// Writes each update not refused into `directory`; the paths written.
    package func write(to directory: String) throws -> [String] {
        try updates.write(to: directory)
    }
}
