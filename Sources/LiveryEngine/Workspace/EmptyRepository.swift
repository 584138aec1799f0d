import LiveryGit
import LiveryTargets

/// A repository with no targets yet: the first thing a new user sees, so the
/// report says how to start instead of claiming success over nothing.
package enum EmptyRepository {
    /// The `no-targets` error for a source without a targets directory
    /// (`hasDirectory` false) or with one that holds no target directory.
    static func diagnostic(targetsDirectory: String, sourceLabel: String, hasDirectory: Bool) -> Diagnostic {
        let found =
            hasDirectory
            ? "no targets in '\(targetsDirectory)/' in \(sourceLabel)"
            : "no '\(targetsDirectory)/' directory in \(sourceLabel)"
        return Diagnostic(
            .error, rule: .noTargets,
            "\(found): each client is a directory '\(targetsDirectory)/<id>/' with a style.json. "
                + "Start with `livery new <id> --template starter`, or write '\(targetsDirectory)/<id>/style.json' yourself",
            file: targetsDirectory
        )
    }

    /// The `no-targets` error when the source has no directory at all under its
    /// targets directory, else nil. Reads one tree, so it is cheap enough to run
    /// before a build decides to create its output directory.
    package static func check(_ source: some Source, targetsDirectory: String) throws(RepositoryError) -> Diagnostic? {
        guard let directory = try source.directory(at: targetsDirectory) else {
            return diagnostic(targetsDirectory: targetsDirectory, sourceLabel: source.label, hasDirectory: false)
        }
        guard directory.entries.contains(where: \.isDirectory) || !directory.refused.isEmpty else {
            return diagnostic(targetsDirectory: targetsDirectory, sourceLabel: source.label, hasDirectory: true)
        }
        return nil
    }

    /// The listing's problems, with the catalog's `no-targets` error replaced by
    /// one that says how to start, and added when the directory exists but no
    /// target does (and nothing else explains why).
    static func explained(_ listing: TargetListing, targetsDirectory: String, sourceLabel: String) -> [Diagnostic] {
        guard listing.targets.isEmpty else { return listing.diagnostics }
        let others = listing.diagnostics.filter { $0.rule != .noTargets }
        if others.hasErrors { return others }
        return others + [diagnostic(targetsDirectory: targetsDirectory, sourceLabel: sourceLabel, hasDirectory: listing.tree != nil)]
    }
}
