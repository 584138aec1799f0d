import CLiveryFS
import Foundation
import LiveryVisual

/// Where `livery diff --visual` writes: the report and its images are made in a
/// directory beside OUT and swapped in at once; OUT is replaced only when it is
/// empty or a visual report livery wrote (its `report.json` names the format).
enum VisualOutput {
    static let stagingPrefix = ".livery-visual-"

    static func refuseForeign(_ destination: URL) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw VisualOutputError(path: destination.path, reason: "it is a file, not a directory") }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
        if contents.isEmpty { return }
        let head = (try? FileHandle(forReadingFrom: destination.appendingPathComponent("report.json"))).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 256)
        }
        guard let head, head.range(of: Data("\"\(VisualReport.format)\"".utf8)) != nil else {
            throw VisualOutputError(path: destination.path, reason: "it is not empty and not a visual report livery wrote; choose another --visual directory or remove it")
        }
    }

    /// The new report while it is written.
    struct Staging: Sendable {
        let destination: URL
        let directory: URL

        init(at output: URL) throws {
            destination = output.standardizedFileURL
            try VisualOutput.refuseForeign(destination)
            let parent = destination.deletingLastPathComponent()
            directory = parent.appendingPathComponent(stagingPrefix + destination.lastPathComponent + "-" + UUID().uuidString)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw VisualOutputError(path: parent.path, reason: error.localizedDescription)
            }
        }

        func write(_ path: String, _ bytes: [UInt8]) throws {
            let url = directory.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            } catch {
                throw VisualOutputError(path: url.path, reason: error.localizedDescription)
            }
        }

        /// Puts the report in place of the old one at once.
        func install() throws {
            do {
                if FileManager.default.fileExists(atPath: destination.path) {
                    if livery_exchange_paths(directory.path, destination.path) == 0 {
                        // The old report is now at the staging path.
                        abandon()
                        return
                    }
                    let retired = destination.deletingLastPathComponent().appendingPathComponent(stagingPrefix + "old-" + UUID().uuidString)
                    try FileManager.default.moveItem(at: destination, to: retired)
                    try FileManager.default.moveItem(at: directory, to: destination)
                    try? FileManager.default.removeItem(at: retired)
                } else {
                    try FileManager.default.moveItem(at: directory, to: destination)
                }
            } catch {
                throw VisualOutputError(path: destination.path, reason: error.localizedDescription)
            }
        }

        func abandon() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// The pages, their assets and Chromium's profile, removed when the run ends.
    struct TemporaryDirectory {
        let url: URL
        let kept: Bool

        /// A new directory of the system's temporary one, or `kept` (made, and left in place).
        init(keeping: URL? = nil) throws {
            kept = keeping != nil
            url = keeping ?? FileManager.default.temporaryDirectory.appendingPathComponent("livery-visual-" + UUID().uuidString)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw VisualOutputError(path: url.path, reason: error.localizedDescription)
            }
        }

        func remove() {
            if !kept { try? FileManager.default.removeItem(at: url) }
        }
    }
}

/// The visual report could not be written where `--visual` says.
public struct VisualOutputError: Error, LocalizedError, Sendable {
    public let path: String
    public let reason: String
    public var errorDescription: String? { "cannot write the visual report to '\(path)': \(reason)" }
}
