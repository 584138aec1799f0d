import Foundation

/// Which client a build generates, and the branding repository it comes from.
///
/// The client is `LIVERY_CLIENT` when set (one `swift build` per client, as a
/// CI matrix runs them), else the `client` of the nearest `livery-plugin.json`:
/// the one in the target's own folder (one app target per client), else the
/// one at the package's root. The repository is that file's `repository`,
/// relative to the file, else the package's root.
struct ClientSelection {
    static let fileName = "livery-plugin.json"
    static let environmentVariable = "LIVERY_CLIENT"

    var client: String
    var repository: URL

    static func find(targetDirectory: URL, packageDirectory: URL, environment: [String: String]) throws -> ClientSelection {
        let file = [targetDirectory, packageDirectory]
            .map { $0.appending(path: fileName) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        let settings = try file.map(PluginSettings.read) ?? PluginSettings()
        let base = file?.deletingLastPathComponent() ?? packageDirectory
        let repository = settings.repository.map { base.appending(path: $0) } ?? packageDirectory
        guard let client = nonEmpty(environment[environmentVariable]) ?? settings.client else {
            throw PluginProblem(
                "livery: no client chosen. Set \(environmentVariable)=<id> for the build, or write "
                    + "{\"client\": \"<id>\"} into \(fileName) in the target's folder or the package's root"
            )
        }
        guard isSafeID(client) else {
            throw PluginProblem("livery: '\(client)' is not a client id (a folder name under targets/: letters, digits, '-', '_', '.')")
        }
        return ClientSelection(client: client, repository: repository.standardizedFileURL)
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

/// What `livery-plugin.json` may say; every member is optional.
struct PluginSettings {
    var client: String?
    var repository: String?

    static func read(_ file: URL) throws -> PluginSettings {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        } catch {
            throw PluginProblem("livery: \(file.path) is not readable JSON: \(error.localizedDescription)")
        }
        guard let members = object as? [String: Any] else {
            throw PluginProblem("livery: \(file.path) must hold a JSON object, e.g. {\"client\": \"acme-bank\"}")
        }
        var settings = PluginSettings()
        for (key, value) in members {
            guard let text = value as? String else {
                throw PluginProblem("livery: \(file.path): \"\(key)\" must be a string")
            }
            switch key {
            case "client": settings.client = ClientSelection.nonEmpty(text)
            case "repository": settings.repository = text
            default: throw PluginProblem("livery: \(file.path): unknown member \"\(key)\" (known: client, repository)")
            }
        }
        return settings
    }
}

/// An error SwiftPM shows as the plugin's message.
struct PluginProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
