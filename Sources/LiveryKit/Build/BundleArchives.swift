import Foundation
import LiveryArchive
import LiveryEngine
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

    /// Where the manifest of archive `name` (`acme.tar`) is kept, under the output.
    func archiveRecord(_ name: String) -> String {
        Self.archiveRecords + "/" + name
    }

    /// What is at `<root>/<id>.<ext>`: nothing, an archive livery wrote (its record
    /// is there), or a file livery did not write.
    func archiveState(id: String, format: ArchiveFormat, readInputs: Bool) -> EntryState {
        let name = id + "." + format.fileExtension
        switch folder.kind(of: name) {
        case .absent: return .absent
        case .file:
            let scan = scan(archiveRecord(name))
            return scan.isLivery ? .livery(inputs: readInputs ? scan.inputs : nil) : .foreign
        default: return .foreign
        }
    }

    /// Writes `files` as `<id>.<ext>`: the whole archive into a temporary file
    /// beside it, then renamed into place, so a reader or a build killed at
    /// any moment sees the old archive or the complete new one. The same files
    /// give the same bytes on every run and machine.
    func installArchive(id: String, format: ArchiveFormat, files: [BundleFile]) throws {
        for file in files where !Self.isContained(file.path) { throw BuildError.unsafeOutputPath(file.path) }
        let name = id + "." + format.fileExtension
        let bytes: [UInt8]
        do {
            bytes = try format.archive(files.map { ArchiveEntry(path: $0.path, bytes: $0.bytes) })
        } catch {
            throw BuildError.unwritableOutput(path: folder.shown(name), reason: error.description)
        }
        let staging = Self.temporaryPrefix + name + "-" + UUID().uuidString
        let recordStaging = Self.temporaryPrefix + name + "-manifest-" + UUID().uuidString
        guard BuildCancellation.shared.begin(folder.shown(staging)) else { throw BuildError.cancelled }
        defer { BuildCancellation.shared.end(folder.shown(staging)) }
        do {
            try folder.createFile(staging, bytes, exclusive: true)
            // The record follows the archive: killed in between, the old record
            // no longer matches and the next build writes the archive again.
            try folder.makeDirectories(archiveRecord(name))
            let manifest = files.first { $0.path == BundleManifest.fileName }?.bytes ?? []
            try folder.createFile(recordStaging, manifest, exclusive: true)
            if BuildCancellation.shared.isCancelled { throw BuildError.cancelled }
            try folder.rename(staging, to: name)
            try folder.rename(recordStaging, to: archiveRecord(name) + "/" + BundleManifest.fileName)
        } catch {
            try? folder.remove(staging)
            try? folder.remove(recordStaging)
            if let error = error as? OutputFolderError { throw BuildError.unwritableOutput(path: error.path, reason: error.reason) }
            throw error
        }
    }

    /// Archive bundles livery wrote (those with a record) other than those of `known` targets.
    func existingArchives(except known: Set<String>) -> [(id: String, format: ArchiveFormat)] {
        folder.names(in: Self.archiveRecords).compactMap { name -> (id: String, format: ArchiveFormat)? in
            guard let dot = name.lastIndex(of: "."), let format = ArchiveFormat(rawValue: String(name[name.index(after: dot)...])) else {
                return nil
            }
            let id = String(name[..<dot])
            guard !known.contains(id), isLiveryBundle(archiveRecord(name)) else { return nil }
            return (id, format)
        }.sorted { ($0.id, $0.format.rawValue) < ($1.id, $1.format.rawValue) }
    }

    /// Removes an archive bundle livery wrote, and its record.
    func removeArchive(id: String, format: ArchiveFormat) throws {
        let name = id + "." + format.fileExtension
        guard isLiveryBundle(archiveRecord(name)) else { return }
        do throws(OutputFolderError) {
            // Only the archive file livery wrote; anything else by its name stays.
            if folder.kind(of: name) == .file { try folder.remove(name) }
            try folder.remove(archiveRecord(name))
        } catch {
            throw BuildError.unwritableOutput(path: error.path, reason: error.reason)
        }
    }
}
