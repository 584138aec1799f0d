import Foundation

/// Where a build's client may be chosen, as far as planning can see it.
///
/// SwiftPM plans a build once and keeps the plan while the package's structure
/// stays the same, so the plugin does not decide the client: `livery
/// plugin-build` does when the command runs, from `LIVERY_CLIENT` (read here,
/// when SwiftPM plans, and passed on) else the `client` of the first of
/// `files` that exists: the target's own `livery-plugin.json` (one app target
/// per client), else the one at the package's root. The plugin only needs the
/// branding repository now, to name the command's inputs: that file's
/// `repository`, relative to the file, else the package's root.
struct ClientSelection {
    static let fileName = "livery-plugin.json"
    static let environmentVariable = "LIVERY_CLIENT"

    /// The selection files in the order livery reads them.
    var files: [URL]
    /// `LIVERY_CLIENT`, when set.
    var client: String?
    var packageDirectory: URL
    var repository: URL

    init(targetDirectory: URL, packageDirectory: URL, environment: [String: String]) throws {
        files = [targetDirectory, packageDirectory].map { $0.appending(path: Self.fileName).standardizedFileURL }
        client = Self.nonEmpty(environment[Self.environmentVariable])
        self.packageDirectory = packageDirectory.standardizedFileURL
        let file = files.first { FileManager.default.fileExists(atPath: $0.path) }
        // A file livery would refuse is livery's to report when the command
        // runs; planning just takes the package's root then.
        var repository = packageDirectory
        if let file, let relative = Self.repository(in: file) {
            repository = file.deletingLastPathComponent().appending(path: relative)
        }
        self.repository = repository.standardizedFileURL
        if let client, !Self.isSafeID(client) {
            throw PluginProblem(
                "livery: '\(client)' (\(Self.environmentVariable)) is not a client id (a folder name under targets/: letters, digits, '-', '_', '.')"
            )
        }
    }

    /// The selection files that exist now: inputs of the command.
    var existingFiles: [URL] { files.filter { FileManager.default.fileExists(atPath: $0.path) } }

    static func repository(in file: URL) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(contentsOf: file))
        return (object as? [String: Any])?["repository"] as? String
    }

    static func nonEmpty(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// A single folder name: no separators, no `.` or `..`, nothing hidden.
    static func isSafeID(_ id: String) -> Bool {
        !id.hasPrefix(".") && id.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
    }
}

/// An error SwiftPM shows as the plugin's message.
struct PluginProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
