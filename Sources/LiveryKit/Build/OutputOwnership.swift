import Foundation
import LiveryEngine
import LiveryGit

/// Where bundles may go, and what in an output directory livery may replace.
///
/// livery replaces or removes only what it wrote: bundles (directories holding
/// its `manifest.json`), archives with a record in `.livery-archives/`, and its
/// cache, in a directory marked as its own by a `.livery-output` file. A user's
/// directory named like a client, or a file named `<id>.tar`, is refused before
/// anything is written.
enum OutputOwnership {
    /// The file that marks a directory as livery's output.
    static let markerName = ".livery-output"
    static let markerText = """
        This directory is livery's build output. livery replaces or removes only the bundles, \
        archives and cache it wrote here; anything else in the way of a bundle stops the build.

        """
    static let cacheName = ".livery-cache"

    /// Checks that the folder (an existing directory) is livery's, and marks it so
    /// when it is not marked yet but holds nothing else: empty, or written by an
    /// earlier livery (bundles with livery's manifest, archives with records, the
    /// cache), or empty folders a build system made in place of bundles. Nothing
    /// is followed: a marker, lock, cache or record that is a symbolic link is
    /// not livery's, so a directory of links is never adopted.
    /// A marked directory costs one `fstatat`.
    static func claim(_ folder: OutputFolder) throws(BuildError) {
        if folder.kind(of: markerName) == .file { return }
        if let foreign = folder.names().first(where: { !isLivery($0, in: folder) && !folder.isEmptyFolderTree($0) }) {
            throw .notLiveryOutput(path: folder.path, entry: foreign)
        }
        do {
            try folder.createFile(markerName, Array(markerText.utf8), exclusive: true)
        } catch {
            if folder.kind(of: markerName) == .file { return }
            throw .unwritableOutput(path: error.path, reason: error.reason)
        }
    }

    /// True for an entry of an output directory that livery wrote, of the kind it writes.
    static func isLivery(_ name: String, in folder: OutputFolder) -> Bool {
        let kind = folder.kind(of: name)
        if name == markerName || name == BundleDirectory.lockName { return kind == .file }
        if name == cacheName || name == BundleDirectory.archiveRecords { return kind == .directory }
        if name.hasPrefix(BundleDirectory.temporaryPrefix) || name.hasPrefix(BundleDirectory.retiredPrefix) {
            return kind == .directory || kind == .file
        }
        if kind == .directory {
            return BundleManifest.scan(bytes: folder.read(name + "/" + BundleManifest.fileName, limit: 64 << 20)).isLivery
        }
        if kind == .file, let dot = name.lastIndex(of: "."), ArchiveFormatName.isArchive(String(name[name.index(after: dot)...])) {
            let record = BundleDirectory.archiveRecords + "/" + name + "/" + BundleManifest.fileName
            return BundleManifest.scan(bytes: folder.read(record, limit: 64 << 20)).isLivery
        }
        return false
    }
}

/// The archive extensions livery writes, without importing the archive writer here.
enum ArchiveFormatName {
    static func isArchive(_ fileExtension: String) -> Bool { fileExtension == "tar" || fileExtension == "zip" }
}
