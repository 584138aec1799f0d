import Foundation
import LiveryArchive
import LiveryGit

/// Archive bundles (`livery build --archive tar|zip`): `<out>/<id>.tar` or
/// `<out>/<id>.zip` in place of the directory, for CI artifacts and for apps
/// that download a whole bundle.
///
/// Each archive holds the bundle's files, its `manifest.json` included. A copy
/// of that manifest is kept in `<out>/.livery-archives/<id>.<ext>/`, so a
/// rebuild can tell an archive is up to date without reading it.
extension BundleDirectory {
    static let archiveRecords = ".livery-archives"

    /// Where the manifest of archive `name` (`acme.tar`) is kept.
    func archiveRecord(_ name: String) -> URL {
        root.appendingPathComponent(Self.archiveRecords).appendingPathComponent(name)
    }

    /// What is at `<root>/<id>.<ext>`: nothing, an archive livery wrote (its record
    /// is there), or a file livery did not write.
    public func archiveState(id: String, format: ArchiveFormat, readInputs: Bool) -> EntryState {
        let name = id + "." + format.fileExtension
        guard OutputOwnership.exists(root.appendingPathComponent(name).path) else { return .absent }
        let scan = BundleManifest.scan(archiveRecord(name))
        return scan.isLivery ? .livery(inputs: readInputs ? scan.inputs : nil) : .foreign
    }

    /// Writes `files` as `<id>.<ext>`: the whole archive into a temporary file
    /// beside it, then renamed into place, so a reader or a build killed at
    /// any moment sees the old archive or the complete new one. The same files
    /// give the same bytes on every run and machine.
    public func installArchive(id: String, format: ArchiveFormat, files: [BundleFile]) throws {
        for file in files where !Self.isContained(file.path) { throw BuildError.unsafeOutputPath(file.path) }
        let bytes: [UInt8]
        do {
            bytes = try format.archive(files.map { ArchiveEntry(path: $0.path, bytes: $0.bytes) })
        } catch {
            throw BuildError.unwritableOutput(path: root.appendingPathComponent(id + "." + format.fileExtension).path, reason: error.description)
        }
        let name = id + "." + format.fileExtension
        let staging = root.appendingPathComponent(Self.temporaryPrefix + name + "-" + UUID().uuidString)
        guard BuildCancellation.shared.begin(staging.path) else { throw BuildError.cancelled }
        defer { BuildCancellation.shared.end(staging.path) }
        do {
            try write(bytes, to: staging)
            // The record follows the archive: killed in between, the old record
            // no longer matches and the next build writes the archive again.
            try makeDirectoryPath(archiveRecord(name))
            let manifest = files.first { $0.path == BundleManifest.fileName }?.bytes ?? []
            let recordStaging = root.appendingPathComponent(Self.temporaryPrefix + name + "-manifest-" + UUID().uuidString)
            try write(manifest, to: recordStaging)
            if BuildCancellation.shared.isCancelled { throw BuildError.cancelled }
            try rename(staging, to: root.appendingPathComponent(name))
            try rename(recordStaging, to: archiveRecord(name).appendingPathComponent(BundleManifest.fileName))
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    /// Archive bundles livery wrote (those with a record) other than those of `known` targets.
    public func existingArchives(except known: Set<String>) -> [(id: String, format: ArchiveFormat)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(Self.archiveRecords).path)) ?? []
        return names.compactMap { name -> (id: String, format: ArchiveFormat)? in
            guard let dot = name.lastIndex(of: "."), let format = ArchiveFormat(rawValue: String(name[name.index(after: dot)...])) else { return nil }
            let id = String(name[..<dot])
            guard !known.contains(id), BundleManifest.isLiveryBundle(archiveRecord(name)) else { return nil }
            return (id, format)
        }.sorted { ($0.id, $0.format.rawValue) < ($1.id, $1.format.rawValue) }
    }

    /// Removes an archive bundle livery wrote, and its record.
    public func removeArchive(id: String, format: ArchiveFormat) throws {
        let name = id + "." + format.fileExtension
        guard BundleManifest.isLiveryBundle(archiveRecord(name)) else { return }
        let archive = root.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: archive.path) { try FileManager.default.removeItem(at: archive) }
        try FileManager.default.removeItem(at: archiveRecord(name))
    }

    private func write(_ bytes: [UInt8], to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw BuildError.unwritableOutput(path: url.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        do {
            try FileDescriptorIO.write(descriptor, bytes)
        } catch {
            throw BuildError.unwritableOutput(path: url.path, reason: error.description)
        }
    }

    private func rename(_ from: URL, to destination: URL) throws {
        if Foundation.rename(from.path, destination.path) != 0 {
            throw BuildError.unwritableOutput(path: destination.path, reason: String(cString: strerror(errno)))
        }
    }

    private func makeDirectoryPath(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw BuildError.unwritableOutput(path: url.path, reason: error.localizedDescription)
        }
    }
}
