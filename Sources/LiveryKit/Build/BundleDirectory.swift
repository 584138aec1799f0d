import CLiveryFS
import Foundation
import LiveryEngine
import LiveryGit

/// The output directory: a lock so two builds cannot write it at once, and an
/// atomic install of each bundle. A bundle is written completely into a
/// temporary directory beside its final place, then swapped in with one
/// rename, so a reader (or a build killed at any moment) sees the old bundle
/// or the complete new one.
package final class BundleDirectory: Sendable {
    let root: URL
    /// Every entry of the output is opened, made, replaced and removed through it.
    let folder: OutputFolder
    private let lockDescriptor: Int32

    static let temporaryPrefix = ".livery-tmp-"
    static let retiredPrefix = ".livery-old-"
    static let lockName = ".livery.lock"

    /// Creates the directory if needed, checks that it is livery's (the marker
    /// first) and takes its lock; throws `BuildError.busy` when another build holds it.
    init(root: URL) throws {
        self.root = root.standardizedFileURL
        do {
            folder = try OutputFolder(self.root.path, create: true)
        } catch {
            throw BuildError.unwritableOutput(path: self.root.path, reason: error.reason)
        }
        // Before anything is written: the directory must be livery's, or become so.
        try OutputOwnership.claim(folder)
        let descriptor: Int32
        do {
            descriptor = try folder.openFile(Self.lockName)
        } catch {
            throw BuildError.unwritableOutput(path: error.path, reason: error.reason)
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            close(descriptor)
            throw BuildError.busy(path: self.root.path)
        }
        lockDescriptor = descriptor
        recoverInterruptedInstalls()
    }

    deinit {
        flock(lockDescriptor, LOCK_UN)
        close(lockDescriptor)
    }

    /// Bundles present now (directories holding a manifest written by livery) other
    /// than those in `known`, whose manifests are not
    /// read: a build asks for the bundles of targets that no longer exist, and
    /// reading the manifest of every current one would double a no-op build's reads.
    func existingBundles(except known: Set<String>) -> [String] {
        folder.names().filter { !$0.hasPrefix(".") && !known.contains($0) && isLiveryBundle($0) }
    }

    /// What the manifest of the bundle (or archive record) at `relative` says:
    /// whether livery wrote it, and the inputs it records. Read without following links.
    func scan(_ relative: String) -> (isLivery: Bool, inputs: String?) {
        BundleManifest.scan(bytes: folder.read(relative + "/" + BundleManifest.fileName, limit: 64 << 20))
    }

    func isLiveryBundle(_ relative: String) -> Bool { scan(relative).isLivery }

    /// What is at `<root>/<id>`: nothing, a bundle livery wrote (with the inputs
    /// its manifest records, when `readInputs`), or something else. A bundle's
    /// manifest is read once, for both answers; only an entry without one costs
    /// a second look.
    func bundleState(id: String, readInputs: Bool) -> EntryState {
        let scan = scan(id)
        if scan.isLivery { return .livery(inputs: readInputs ? scan.inputs : nil) }
        // Empty folders (a build system's, made before livery runs) are replaced like nothing.
        return folder.kind(of: id) == .absent || folder.isEmptyFolderTree(id) ? .absent : .foreign
    }

    /// Writes `files` as the bundle `id`, replacing any previous one atomically.
    /// Files of one digest (an asset copied for several platforms, generated
    /// files that came out the same) are written once and hard-linked, which
    /// saves time and space; files without a digest are each written.
    func install(id: String, files: [BundleFile]) throws {
        let staging = Self.temporaryPrefix + id + "-" + UUID().uuidString
        let stagingPath = folder.shown(staging)
        guard BuildCancellation.shared.begin(stagingPath) else { throw BuildError.cancelled }
        defer { BuildCancellation.shared.end(stagingPath) }
        do {
            // Every entry is made relative to one descriptor of the staging
            // directory, made new here: nothing in it can be a link.
            let stagingDescriptor = try folder.openDirectory(staging, create: true)
            defer { close(stagingDescriptor) }
            try writeFiles(files, in: stagingDescriptor, staging: stagingPath)
            // A new bundle is one rename; one that is there is swapped (or, where
            // the file system cannot swap, moved aside first: an interrupted build
            // is repaired at the start of the next).
            try folder.install(staging, at: id, retired: Self.retiredPrefix + id + "-" + UUID().uuidString)
        } catch let error as OutputFolderError {
            try? folder.remove(staging)
            throw BuildError.unwritableOutput(path: error.path, reason: error.reason)
        } catch {
            try? folder.remove(staging)
            throw error
        }
    }

    /// The files of one bundle into the staging directory open as `stagingDescriptor`.
    private func writeFiles(_ files: [BundleFile], in stagingDescriptor: Int32, staging stagingPath: String) throws {
        var made: Set<Substring> = []
        // Emitters write a directory's files together: most files share the
        // previous file's directory, which needs no look-up in `made`.
        var previousParent: Substring = ""
        var written: [String: String] = [:]
        for file in files {
            // Paths come from livery's emitters; still, nothing may leave the bundle.
            guard Self.isContained(file.path) else {
                throw BuildError.unsafeOutputPath(file.path)
            }
            if let slash = file.path.utf8.lastIndex(of: UInt8(ascii: "/")) {
                let parent = file.path[..<slash]
                if parent != previousParent, !made.contains(parent) {
                    try makeDirectories(parent, in: stagingDescriptor, made: &made, staging: stagingPath)
                }
                previousParent = parent
            }
            if let digest = file.sha256, let first = written[digest] {
                if linkat(stagingDescriptor, first, stagingDescriptor, file.path, 0) == 0 { continue }
            }
            try writeFile(file.path, file.bytes, in: stagingDescriptor, staging: stagingPath)
            if let digest = file.sha256 { written[digest] = file.path }
            if BuildCancellation.shared.isCancelled { throw BuildError.cancelled }
        }
    }

    /// Plain POSIX writes: no fsync per file (an interrupted build is made safe by
    /// the rename, not by durability of each file), no Foundation overhead.
    private func writeFile(_ path: String, _ bytes: [UInt8], in directory: Int32, staging: String) throws {
        let descriptor = openat(directory, path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw BuildError.unwritableOutput(path: staging + "/" + path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        do {
            try FileDescriptorIO.write(descriptor, bytes)
        } catch {
            throw BuildError.unwritableOutput(path: staging + "/" + path, reason: error.description)
        }
    }

    /// `mkdir -p` of a relative directory inside the staging directory, parents first.
    private func makeDirectories(_ path: Substring, in directory: Int32, made: inout Set<Substring>, staging: String) throws {
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
            let parent = path[..<slash]
            if !made.contains(parent) { try makeDirectories(parent, in: directory, made: &made, staging: staging) }
        }
        if mkdirat(directory, String(path), 0o755) != 0 && errno != EEXIST {
            throw BuildError.unwritableOutput(path: staging + "/" + path, reason: String(cString: strerror(errno)))
        }
        made.insert(path)
    }

    /// Removes a bundle livery made.
    func remove(id: String) throws {
        guard isLiveryBundle(id) else { return }
        let retired = Self.retiredPrefix + id + "-" + UUID().uuidString
        do throws(OutputFolderError) {
            try folder.rename(id, to: retired)
            try folder.remove(retired)
        } catch {
            throw BuildError.unwritableOutput(path: error.path, reason: error.reason)
        }
    }

    /// Removes half-written bundles in `root`: what an interrupted build leaves.
    package static func removeStaging(in root: URL) {
        guard let folder = try? OutputFolder(root.standardizedFileURL.path, create: false) else { return }
        for name in folder.names() where name.hasPrefix(temporaryPrefix) { try? folder.remove(name) }
    }

    /// Clears what an interrupted build left: staging directories, and old bundles
    /// moved aside whose replacement never arrived (those are put back).
    func recoverInterruptedInstalls() {
        let names = folder.names()
        for name in names where name.hasPrefix(Self.temporaryPrefix) {
            try? folder.remove(name)
        }
        for name in names where name.hasPrefix(Self.retiredPrefix) {
            let rest = name.dropFirst(Self.retiredPrefix.count)
            // <id>-<UUID>: the UUID is the last 36 characters.
            guard rest.count > 37 else { continue }
            let id = String(rest.dropLast(37))
            if folder.kind(of: id) != .absent {
                try? folder.remove(name)
            } else {
                try? folder.rename(name, to: id)
            }
        }
    }

    /// True for a relative path with no empty, `.` or `..` component.
    static func isContained(_ path: String) -> Bool {
        var path = path
        return path.withUTF8(isContained)
    }

    private static func isContained(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var componentLength = 0
        var dots = 0
        for byte in utf8 {
            if byte == UInt8(ascii: "/") {
                if componentLength == 0 || componentLength == dots && dots <= 2 { return false }
                componentLength = 0
                dots = 0
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !(componentLength == 0 || componentLength == dots && dots <= 2)
    }
}

/// What is in the place of one bundle or archive in the output directory.
enum EntryState: Sendable, Equatable {
    case absent
    /// Written by livery; the inputs its manifest records, when asked for.
    case livery(inputs: String?)
    /// Something livery did not write: it is never replaced.
    case foreign
}

/// Problems writing bundles.
enum BuildError: UserError, LocalizedError, Sendable {
    case busy(path: String)
    case unwritableOutput(path: String, reason: String)
    case unsafeOutputPath(String)
    case cancelled
    /// The output may not be there (the repository root, its targets or templates, …).
    case forbiddenOutput(path: String, reason: String)
    /// An unmarked output directory holding `entry`, which livery did not write.
    case notLiveryOutput(path: String, entry: String)
    /// Entries in the way of bundles, which livery did not write (paths).
    case inTheWay([String])

    /// An interrupted build ends as a shell reports Ctrl-C (128 + SIGINT), even
    /// when the build stops before the signal handler exits the process.
    var exitCode: Int32 {
        if case .cancelled = self { return 130 }
        return UserErrorExit.usage
    }

    var errorDescription: String? {
        switch self {
        case .cancelled:
            "the build was interrupted"
        case .busy(let path):
            "another livery build is writing to \(path); wait for it to finish, or build into another --out"
        case .unwritableOutput(let path, let reason):
            "cannot write to the output directory \(path): \(reason)"
        case .unsafeOutputPath(let path):
            "refusing to write '\(path)' outside its bundle"
        case .forbiddenOutput(let path, let reason):
            "refusing to write to \(path): \(reason). Nothing was written."
        case .notLiveryOutput(let path, let entry):
            "refusing to write bundles to \(path): it holds '\(entry)', which livery did not write, and livery writes only into an output directory of its own. Choose an empty or new directory for --out (or outputDir in livery.json), or move '\(entry)' away. Nothing was written."
        case .inTheWay(let paths):
            "refusing to replace \(Self.listed(paths)): livery did not write \(paths.count == 1 ? "it" : "them") (no livery manifest.json, or an archive without its record in .livery-archives/) and replaces only its own bundles. Move \(paths.count == 1 ? "it" : "them") away, or choose another --out. Nothing was written."
        }
    }
}

extension BuildError {
    /// The first few paths, quoted, and how many more.
    static func listed(_ paths: [String]) -> String {
        let shown = paths.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
        return paths.count > 5 ? shown + " and \(paths.count - 5) more" : shown
    }
}

/// Lets Ctrl-C stop a build between files: installs check it, and the signal
/// handler waits for the bundles being written to remove themselves.
/// `@unchecked`: its two fields are read and written only with `condition`
/// locked; a condition variable (wait until the last bundle is done, with a
/// deadline) is what `Mutex` does not offer.
package final class BuildCancellation: @unchecked Sendable {
    package static let shared = BuildCancellation()
    private let condition = NSCondition()
    private var cancelled = false
    private var active: Set<String> = []

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Registers a staging directory; false once the build is cancelled.
    func begin(_ path: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if cancelled { return false }
        active.insert(path)
        return true
    }

    func end(_ path: String) {
        condition.lock()
        active.remove(path)
        condition.broadcast()
        condition.unlock()
    }

    /// Stops new bundles and waits (at most `timeout` seconds) for those being written to stop.
    package func cancelAndWait(timeout: Double = 5) {
        condition.lock()
        cancelled = true
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !active.isEmpty && condition.wait(until: deadline) {}
        condition.unlock()
    }
}
