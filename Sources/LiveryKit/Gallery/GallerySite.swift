import CLiveryFS
import Foundation
import LiveryGallery

/// Puts a gallery on disk as a whole: written into a directory beside the
/// output, then swapped with the old one in one step.
enum GallerySite {
    static let stagingPrefix = ".livery-gallery-"

    /// The new site while it is written.
    struct Staging {
        let destination: URL
        let directory: URL

        /// Checks that `output` may be replaced, then makes the directory the site is written into.
        init(at output: URL) throws {
            destination = output.standardizedFileURL
            try GallerySite.refuseForeign(destination)
            let parent = destination.deletingLastPathComponent()
            directory = parent.appendingPathComponent(stagingPrefix + destination.lastPathComponent + "-" + UUID().uuidString)
            do {
                try FileManager.default.createDirectory(at: directory.appendingPathComponent(GalleryAssetName.directory), withIntermediateDirectories: true)
            } catch {
                throw GalleryOutputError(path: parent.path, reason: error.localizedDescription)
            }
        }

        func write(_ path: String, _ bytes: [UInt8]) throws {
            do {
                try Data(bytes).write(to: directory.appendingPathComponent(path))
            } catch {
                throw GalleryOutputError(path: directory.appendingPathComponent(path).path, reason: error.localizedDescription)
            }
        }

        /// Writes the page and puts the site in place of the old one at once.
        func install(page: String) throws {
            try write("index.html", Array(page.utf8))
            do {
                if FileManager.default.fileExists(atPath: destination.path) {
                    if livery_exchange_paths(directory.path, destination.path) == 0 {
                        // The old gallery is now at the staging path.
                        abandon()
                        return
                    }
                    // No atomic exchange on this file system: the old gallery goes aside first.
                    let retired = destination.deletingLastPathComponent().appendingPathComponent(stagingPrefix + "old-" + UUID().uuidString)
                    try FileManager.default.moveItem(at: destination, to: retired)
                    try FileManager.default.moveItem(at: directory, to: destination)
                    try? FileManager.default.removeItem(at: retired)
                } else {
                    try FileManager.default.moveItem(at: directory, to: destination)
                }
            } catch {
                throw GalleryOutputError(path: destination.path, reason: error.localizedDescription)
            }
        }

        func abandon() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// An output directory is replaced only when it is empty or a gallery livery wrote:
    /// a mistyped `--output .` must not wipe a repository.
    static func refuseForeign(_ destination: URL) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw GalleryOutputError(path: destination.path, reason: "it is a file, not a directory")
        }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
        if contents.isEmpty { return }
        let index = destination.appendingPathComponent("index.html")
        let head = (try? FileHandle(forReadingFrom: index)).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 4096)
        }
        let marker = Data(GalleryHTML.generatorMarker.utf8)
        guard let head, head.range(of: marker) != nil else {
            throw GalleryOutputError(path: destination.path, reason: "it is not empty and not a gallery livery wrote; choose another --output or remove it")
        }
    }
}

/// The gallery could not be written where `--output` says.
public struct GalleryOutputError: Error, LocalizedError, Sendable {
    public let path: String
    public let reason: String
    public var errorDescription: String? { "cannot write the gallery to '\(path)': \(reason)" }
}
