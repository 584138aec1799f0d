import Foundation
import LiveryGit

/// Where bundles may go, and what in an output directory livery may replace.
///
/// livery replaces or removes only what it wrote: bundles (directories holding
/// its `manifest.json`), archives with a record in `.livery-archives/`, and its
/// cache, in a directory marked as its own by a `.livery-output` file. A user's
/// directory named like a client, or a file named `<id>.tar`, is refused before
/// anything is written.
public enum OutputOwnership {
    /// The file that marks a directory as livery's output.
    public static let markerName = ".livery-output"
    static let markerText = """
        This directory is livery's build output. livery replaces or removes only the bundles, \
        archives and cache it wrote here; anything else in the way of a bundle stops the build.

        """
    static let cacheName = ".livery-cache"

    /// Checks that `root` (an existing directory) is livery's, and marks it so when
    /// it is not marked yet but holds nothing else: empty, or written by an earlier
    /// livery (bundles with livery's manifest, archives with records, the cache).
    /// A marked directory costs one `lstat`.
    static func claim(_ root: String) throws(BuildError) {
        var info = stat()
        if lstat(root + "/" + markerName, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: root)
        } catch {
            throw .unwritableOutput(path: root, reason: error.localizedDescription)
        }
        if let foreign = names.sorted().first(where: { !isLivery($0, in: root) }) {
            throw .notLiveryOutput(path: root, entry: foreign)
        }
        let descriptor = open(root + "/" + markerName, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        if descriptor < 0 {
            if errno == EEXIST { return }
            throw .unwritableOutput(path: root, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        do {
            try FileDescriptorIO.write(descriptor, Array(markerText.utf8))
        } catch {
            throw .unwritableOutput(path: root + "/" + markerName, reason: error.description)
        }
    }

    /// True for an entry of an output directory that livery wrote.
    static func isLivery(_ name: String, in root: String) -> Bool {
        if name == markerName || name == BundleDirectory.lockName || name == cacheName || name == BundleDirectory.archiveRecords { return true }
        if name.hasPrefix(BundleDirectory.temporaryPrefix) || name.hasPrefix(BundleDirectory.retiredPrefix) { return true }
        let url = URL(fileURLWithPath: root).appendingPathComponent(name)
        if BundleManifest.isLiveryBundle(url) { return true }
        if let dot = name.lastIndex(of: "."), ArchiveFormatName.isArchive(String(name[name.index(after: dot)...])) {
            let record = URL(fileURLWithPath: root).appendingPathComponent(BundleDirectory.archiveRecords).appendingPathComponent(name)
            return BundleManifest.isLiveryBundle(record)
        }
        return false
    }

    /// Whether something is at `path` at all (a file, a directory, a link).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}

/// The archive extensions livery writes, without importing the archive writer here.
enum ArchiveFormatName {
    static func isArchive(_ fileExtension: String) -> Bool { fileExtension == "tar" || fileExtension == "zip" }
}

/// Places an output directory may not be: the repository's root, its targets,
/// templates or `.git` directory or anything inside them (a build there would
/// replace the sources it reads, or make the next validate fail), and, for an
/// `outputDir` from livery.json, anywhere outside the repository. A `--out`
/// given on the command line may be anywhere else.
public enum OutputPlace {
    /// Throws `BuildError.forbiddenOutput` when `output` is one of those places.
    /// `workingDirectory` is the repository's (nil for a bare repository, which
    /// has no files on disk to protect).
    public static func check(
        _ output: URL, workingDirectory: String?, configuration: Configuration, fromConfiguration: Bool, option: String = "--out", example: String = "dist"
    ) throws(BuildError) {
        guard let workingDirectory else { return }
        let repository = resolved(workingDirectory)
        let place = resolved(output.standardizedFileURL.path)
        let shown = output.standardizedFileURL.path
        if place == repository {
            throw .forbiddenOutput(path: shown, reason: "it is the repository's root; use a directory of its own such as \(example) (\(option))")
        }
        let protected = [
            (configuration.targetsDirectory, "targets"), (configuration.templatesDirectory, "templates"), (".git", "git"),
        ]
        for (directory, kind) in protected {
            let path = resolved(repository + "/" + directory)
            if place == path || isInside(place, path) {
                throw .forbiddenOutput(path: shown, reason: "it is \(place == path ? "" : "inside ")the repository's \(kind) directory \(directory)/; choose a directory outside it such as \(example) (\(option))")
            }
        }
        if fromConfiguration, !isInside(place, repository) {
            throw .forbiddenOutput(path: shown, reason: "\"outputDir\" in livery.json leads outside the repository (through a symbolic link); a --out on the command line may be anywhere")
        }
    }

    /// True when `path` is strictly below `directory` (both resolved).
    static func isInside(_ path: String, _ directory: String) -> Bool {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix)
    }

    /// `path` with symbolic links resolved in the part that exists, the rest
    /// appended as written (`..` already removed by standardizing).
    static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        var rest: [String] = []
        while existing != "/" {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                let base = String(cString: real)
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.reversed().joined(separator: "/")
            }
            let url = URL(fileURLWithPath: existing)
            rest.append(url.lastPathComponent)
            existing = url.deletingLastPathComponent().standardizedFileURL.path
        }
        return "/" + rest.reversed().joined(separator: "/")
    }
}
