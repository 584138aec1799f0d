import Foundation
import LiveryEngine
import LiveryGallery

/// Puts a gallery on disk as a whole: written into a directory beside the
/// output, then swapped with the old one in one step. Every entry is made
/// relative to the output's parent (``OutputFolder``): nothing inside is
/// reached through a link.
enum GallerySite {
    static let stagingPrefix = ".livery-gallery-"

    /// The new site while it is written.
    struct Staging {
        let destination: URL
        /// The directory holding the output, and the names in it.
        let parent: OutputFolder
        let name: String
        let staging: String
        /// The lock that marks `staging` as this run's (``RunFolders``).
        let hold: RunFolders.Hold?

        /// Checks that `output` may be replaced, then makes the directory the site is written into.
        init(at output: URL) throws {
            destination = output.standardizedFileURL
            name = destination.lastPathComponent
            do {
                parent = try OutputFolder(destination.deletingLastPathComponent().path, create: true)
            } catch {
                throw GalleryOutputError(path: error.path, reason: error.reason)
            }
            try GallerySite.refuseForeign(name, in: parent)
            // What a killed run left beside the output goes first.
            RunFolders.removeAbandoned(in: parent, prefix: stagingPrefix)
            staging = stagingPrefix + name + "-" + UUID().uuidString
            do {
                try parent.makeDirectories(staging + "/" + GalleryAssetName.directory)
            } catch {
                throw GalleryOutputError(path: error.path, reason: error.reason)
            }
            hold = RunFolders.hold(staging, in: parent)
        }

        func write(_ path: String, _ bytes: [UInt8]) throws {
            do {
                try parent.createFile(staging + "/" + path, bytes, exclusive: true)
            } catch {
                throw GalleryOutputError(path: error.path, reason: error.reason)
            }
        }

        /// Writes the page and puts the site in place of the old one at once.
        func install(page: String) throws {
            try write("index.html", Array(page.utf8))
            do throws(OutputFolderError) {
                try parent.install(staging, at: name, retired: stagingPrefix + "old-" + UUID().uuidString)
            } catch {
                throw GalleryOutputError(path: destination.path, reason: error.reason)
            }
            RunFolders.release(hold)
        }

        func abandon() {
            try? parent.remove(staging)
            RunFolders.release(hold)
        }
    }

    /// An output directory is replaced only when it is empty or a gallery livery wrote:
    /// a mistyped `--output .` must not wipe a repository. A link is neither.
    static func refuseForeign(_ name: String, in parent: OutputFolder) throws {
        switch parent.kind(of: name) {
        case .absent: return
        case .directory: break
        case .link: throw GalleryOutputError(path: parent.shown(name), reason: OutputFolder.describe(ELOOP))
        default: throw GalleryOutputError(path: parent.shown(name), reason: "it is a file, not a directory")
        }
        if parent.names(in: name).isEmpty { return }
        let head = parent.read(name + "/index.html", limit: 64 << 20).map { Array($0.prefix(4096)) } ?? []
        let marker = Array(GalleryHTML.generatorMarker.utf8)
        guard head.count >= marker.count,
            (0...(head.count - marker.count)).contains(where: { head[$0..<($0 + marker.count)].elementsEqual(marker) })
        else {
            throw GalleryOutputError(
                path: parent.shown(name), reason: "it is not empty and not a gallery livery wrote; choose another --output or remove it")
        }
    }
}

/// The gallery could not be written where `--output` says.
struct GalleryOutputError: Error, LocalizedError, Sendable {
    let path: String
    let reason: String
    var errorDescription: String? { "cannot write the gallery to '\(path)': \(reason)" }
}
