import Foundation
import LiveryBrowser
import LiveryEngine
import LiveryVisual

/// Where `livery diff --visual` writes: the report and its images are made in a
/// directory beside OUT and swapped in at once; OUT is replaced only when it is
/// empty or a visual report livery wrote (its `report.json` names the format).
/// Every entry is made relative to OUT's parent (``OutputFolder``): nothing inside
/// is reached through a link. `OutputPlace` has allowed the place before.
enum VisualOutput {
    static let stagingPrefix = ".livery-visual-"

    /// The parent of `output` opened (made when missing, with `create`), and OUT's name in it.
    static func parent(of output: URL, create: Bool) throws -> (OutputFolder, String)? {
        let destination = output.standardizedFileURL
        let path = destination.deletingLastPathComponent().path
        if !create, !FileManager.default.fileExists(atPath: path) { return nil }
        do {
            return (try OutputFolder(path, create: create), destination.lastPathComponent)
        } catch {
            throw VisualOutputError(path: error.path, reason: error.reason)
        }
    }

    /// Refuses OUT before anything is drawn when it is a file, a link, or a directory
    /// holding something other than a visual report. A missing OUT is fine.
    static func refuseForeign(_ output: URL) throws {
        guard let (parent, name) = try parent(of: output, create: false) else { return }
        try refuseForeign(name, in: parent)
    }

    static func refuseForeign(_ name: String, in parent: OutputFolder) throws {
        switch parent.kind(of: name) {
        case .absent: return
        case .directory: break
        case .link: throw VisualOutputError(path: parent.shown(name), reason: OutputFolder.describe(ELOOP))
        default: throw VisualOutputError(path: parent.shown(name), reason: "it is a file, not a directory")
        }
        if parent.names(in: name).isEmpty { return }
        let head = parent.read(name + "/report.json", limit: 256 << 20).map { Array($0.prefix(256)) } ?? []
        let marker = Array("\"\(VisualReport.format)\"".utf8)
        guard head.count >= marker.count,
            (0...(head.count - marker.count)).contains(where: { head[$0..<($0 + marker.count)].elementsEqual(marker) })
        else {
            throw VisualOutputError(
                path: parent.shown(name),
                reason: "it is not empty and not a visual report livery wrote; choose another --visual directory or remove it"
            )
        }
    }

    /// The new report while it is written.
    struct Staging: Sendable {
        let destination: String
        let parent: OutputFolder
        let name: String
        let staging: String
        /// The lock that marks `staging` as this run's (``RunFolders``).
        let hold: RunFolders.Hold?

        init(at output: URL) throws {
            destination = output.standardizedFileURL.path
            guard let (parent, name) = try VisualOutput.parent(of: output, create: true) else {
                throw VisualOutputError(path: destination, reason: "its directory could not be made")
            }
            self.parent = parent
            self.name = name
            try VisualOutput.refuseForeign(name, in: parent)
            // What a killed run left beside the output goes first.
            RunFolders.removeAbandoned(in: parent, prefix: stagingPrefix)
            staging = stagingPrefix + name + "-" + UUID().uuidString
            do {
                try parent.makeDirectories(staging)
            } catch {
                throw VisualOutputError(path: error.path, reason: error.reason)
            }
            hold = RunFolders.hold(staging, in: parent)
        }

        /// Makes the directory `path` of the report (`images/<client>`).
        func makeDirectory(_ path: String) throws {
            do {
                try parent.makeDirectories(staging + "/" + path)
            } catch {
                throw VisualOutputError(path: error.path, reason: error.reason)
            }
        }

        /// Writes the file `path` of the report; its directory is made first (`makeDirectory`).
        func write(_ path: String, _ bytes: [UInt8]) throws {
            do {
                try parent.createFile(staging + "/" + path, bytes, exclusive: true)
            } catch {
                throw VisualOutputError(path: error.path, reason: error.reason)
            }
        }

        /// Puts the report in place of the old one at once.
        func install() throws {
            do throws(OutputFolderError) {
                try parent.install(staging, at: name, retired: VisualOutput.stagingPrefix + "old-" + UUID().uuidString)
            } catch {
                throw VisualOutputError(path: destination, reason: error.reason)
            }
            RunFolders.release(hold)
        }

        func abandon() {
            try? parent.remove(staging)
            RunFolders.release(hold)
        }
    }

    /// The pages, their assets and Chromium's profile (and what Chromium puts in a temporary
    /// directory), removed when the run ends; held (``RunFolders``), so that a later run
    /// removes it when this one was killed first.
    struct TemporaryDirectory {
        static let prefix = "livery-visual-"
        let url: URL
        let kept: Bool
        let hold: RunFolders.Hold?

        /// A new directory of the system's temporary one, or `kept` (made, and left in place).
        init(keeping: URL? = nil) throws {
            kept = keeping != nil
            if !kept { RunFolders.removeAbandoned(inTemporary: Self.prefix, alsoRemoving: Self.chromiumSingleton) }
            url = keeping ?? FileManager.default.temporaryDirectory.appendingPathComponent(Self.prefix + UUID().uuidString)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw VisualOutputError(path: url.path, reason: error.localizedDescription)
            }
            let path = url.path
            hold =
                kept
                ? nil
                : RunFolders.hold(path: path) {
                    Self.chromiumSingleton(of: path)
                    RunFolders.removeTree(path)
                }
        }

        func remove() {
            if !kept {
                Self.chromiumSingleton(of: url.path)
                RunFolders.removeTree(url.path)
            }
            RunFolders.release(hold)
        }

        /// Removes the folder of the singleton socket of the Chromium whose profile is in `work`,
        /// which a killed Chromium leaves in the temporary directory.
        static func chromiumSingleton(of work: String) {
            guard let folder = ChromiumPipe.singletonFolder(profile: work + "/profile") else { return }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}

/// The visual report could not be written where `--visual` says.
struct VisualOutputError: Error, LocalizedError, Sendable {
    let path: String
    let reason: String
    var errorDescription: String? { "cannot write the visual report to '\(path)': \(reason)" }
}
