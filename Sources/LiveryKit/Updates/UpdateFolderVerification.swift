import Foundation
import LiveryCore

/// `livery keys verify DIR --public-key FILE`: every envelope in a published
/// folder parses, sits at its place, verifies with the key, and the chains
/// grow and do not loop.
package enum UpdateFolderVerification {
    package struct Report: Sendable {
        package var updates = 0
        package var clients = 0
        /// One sentence per problem, each naming its file.
        package var problems: [String] = []
    }

    static func verify(_ directory: String, key: TrustedKey) throws(UpdateFolderError) -> Report {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UpdateFolderError(path: directory)
        }
        let folder = UpdateFolder.load(directory)
        var report = Report()
        for (path, reason) in folder.unreadable {
            report.problems.append("\(path): \(reason)")
        }
        for client in folder.entries.keys.sorted() {
            let entries = folder.entries[client] ?? []
            report.clients += 1
            report.updates += entries.count
            for entry in entries where !key.hasSigned(entry.update) {
                let ids = entry.update.signatures.map(\.keyID)
                if ids.contains(key.keyID) {
                    report.problems.append(
                        "\(entry.path): its signature by key id \(key.keyID) does not verify: the file was changed after it was signed, or the signature is forged"
                    )
                } else {
                    report.problems.append(
                        "\(entry.path): not signed by key id \(key.keyID)"
                            + (ids.isEmpty ? " (it is unsigned)" : " (signed by key id \(ids.joined(separator: ", ")))"))
                }
            }
            report.problems += UpdateFolder.chainProblems(entries)
        }
        return report
    }
}

/// The folder to verify is missing or not a directory.
struct UpdateFolderError: UserError, Sendable, LocalizedError {
    let path: String
    var errorDescription: String? { "'\(path)' is not a directory of updates (livery diff --format update --output DIR writes one)" }
}
