import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    /// The command the SwiftPM build-tool plugin runs (docs/swiftpm-plugin.md).
    ///
    /// SwiftPM plans a build once and reuses the plan while the package's
    /// structure stays the same, so the plugin cannot decide the client when it
    /// plans: it would keep running the command of the client it saw first. This
    /// command decides when it runs instead. It reads the selection files the
    /// plugin names (each an input of the build command, so editing one runs it
    /// again), builds that client's iOS bundle with `livery build`, and copies
    /// what the target uses to paths that do not depend on the client.
    struct PluginBuild: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plugin-build",
            abstract: "Build the client a SwiftPM plugin's livery-plugin.json chooses (run by LiveryPlugin).",
            shouldDisplay: false
        )

        @Option(help: ArgumentHelp("The client, overriding the selection files (LIVERY_CLIENT at planning).", valueName: "id"))
        var client: String?

        @Option(
            help: ArgumentHelp(
                "A livery-plugin.json that may choose the client (repeatable; the first that exists is read).", valueName: "file"))
        var selection: [String] = []

        @Option(help: ArgumentHelp("The branding repository when the selection file names none.", valueName: "dir"))
        var defaultRepo: String

        @Option(help: ArgumentHelp("livery build's output directory.", valueName: "dir"))
        var out: String

        @Option(
            help: ArgumentHelp("Where the chosen client's Theme.swift, style.json, Livery.xcassets and Fonts are copied.", valueName: "dir")
        )
        var chosen: String

        func run() async throws {
            var resolved: PluginChoice?
            try Terminal.execute {
                do {
                    resolved = try PluginChoice.resolve(client: client, selectionFiles: selection, defaultRepository: defaultRepo)
                    return ExitStatus.success
                } catch let problem as PluginChoice.Problem {
                    Terminal.err("error: \(problem.message)\n")
                    return ExitStatus.usage
                }
            }
            guard let choice = resolved else { return }
            // `build` reports and ends through Terminal.execute itself.
            let build = try Build.parse([
                "--repo", choice.repository, "--target", choice.client, "--platform", "ios", "--out", out, "--quiet",
            ])
            try await build.run()
            try Terminal.execute {
                try ChosenBundle.copy(
                    from: URL(fileURLWithPath: out).appendingPathComponent(choice.client), to: URL(fileURLWithPath: chosen))
                return ExitStatus.success
            }
        }
    }
}

/// The client and repository a set of `livery-plugin.json` files chooses.
struct PluginChoice: Equatable {
    var client: String
    var repository: String

    struct Problem: Error { let message: String }

    /// `client` when given, else the `client` of the first selection file that
    /// exists; the repository is that file's `repository`, relative to the file,
    /// else `defaultRepository`.
    static func resolve(client: String?, selectionFiles: [String], defaultRepository: String) throws -> PluginChoice {
        let file = selectionFiles.first { FileManager.default.fileExists(atPath: $0) }
        var settings: (client: String?, repository: String?) = (nil, nil)
        if let file {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
                throw Problem(message: "\(file) cannot be read: \(error.localizedDescription)")
            }
            settings = try parse(data, file: file)
        }
        let base = file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? URL(fileURLWithPath: defaultRepository)
        let repository = settings.repository.map { base.appendingPathComponent($0).standardizedFileURL.path } ?? defaultRepository
        guard let chosen = nonEmpty(client) ?? settings.client else {
            throw Problem(
                message:
                    "no client chosen. Set LIVERY_CLIENT=<id> for the build, or write {\"client\": \"<id>\"} into livery-plugin.json in the target's folder or the package's root"
            )
        }
        guard isSafeID(chosen) else {
            throw Problem(message: "'\(chosen)' is not a client id (a folder name under targets/: letters, digits, '-', '_', '.')")
        }
        return PluginChoice(client: chosen, repository: repository)
    }

    /// The members of a livery-plugin.json: `client` and `repository`, both optional strings.
    static func parse(_ data: Data, file: String) throws -> (client: String?, repository: String?) {
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            throw Problem(message: "\(file) is not valid JSON; it holds e.g. {\"client\": \"acme-bank\"}")
        }
        guard let members = object as? [String: Any] else {
            throw Problem(message: "\(file) must hold a JSON object, e.g. {\"client\": \"acme-bank\"}")
        }
        var settings: (client: String?, repository: String?) = (nil, nil)
        for key in members.keys.sorted() {
            guard let text = members[key] as? String else {
                throw Problem(message: "\(file): /\(key) must be a string")
            }
            switch key {
            case "client": settings.client = nonEmpty(text)
            case "repository": settings.repository = text
            default: throw Problem(message: "\(file): unknown member /\(key) (known: client, repository)")
            }
        }
        return settings
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

/// Copies what an app target uses from a client's bundle to the plugin's fixed
/// output paths. A file is rewritten only when its bytes change, so an
/// unchanged Theme.swift is not compiled again; the folders are replaced
/// whole, so nothing of an earlier client stays in them. A client without
/// fonts gets an empty Fonts folder: the plugin declares it for every client.
enum ChosenBundle {
    static func copy(from bundle: URL, to chosen: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: chosen, withIntermediateDirectories: true)
        try copyFile(bundle.appendingPathComponent("ios/Theme.swift"), to: chosen.appendingPathComponent("Theme.swift"))
        try copyFile(bundle.appendingPathComponent("style.json"), to: chosen.appendingPathComponent("style.json"))
        for folder in ["Livery.xcassets", "Fonts"] {
            let source = bundle.appendingPathComponent("ios/" + folder)
            let destination = chosen.appendingPathComponent(folder)
            if files.fileExists(atPath: destination.path) { try files.removeItem(at: destination) }
            if files.fileExists(atPath: source.path) {
                try files.copyItem(at: source, to: destination)
            } else {
                try files.createDirectory(at: destination, withIntermediateDirectories: true)
            }
        }
    }

    static func copyFile(_ source: URL, to destination: URL) throws {
        let data = try Data(contentsOf: source)
        if (try? Data(contentsOf: destination)) == data { return }
        try data.write(to: destination, options: .atomic)
    }
}
