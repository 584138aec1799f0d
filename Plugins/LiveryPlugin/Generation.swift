import Foundation
import PackagePlugin

/// The one `livery plugin-build` a target's build runs, with what it reads and writes.
///
/// Nothing in the command depends on which client is chosen, because SwiftPM
/// keeps a planned command while the package's structure is unchanged: the
/// inputs are the selection files, livery.json and every file under the
/// targets folder (any client may be chosen next), and the outputs are fixed
/// paths in the plugin's work folder (the only place a plugin may write), where
/// livery copies the chosen client's files. Editing a selection file or any
/// client's files runs the command again; livery's own up-to-date check then
/// skips an unchanged bundle and leaves an unchanged Theme.swift untouched.
struct Generation {
    let selection: ClientSelection
    let bundles: URL
    let chosen: URL
    let inputs: [URL]

    init(selection: ClientSelection, workDirectory: URL) throws {
        self.selection = selection
        bundles = workDirectory.appending(path: "bundles")
        chosen = workDirectory.appending(path: "chosen")
        let configuration = selection.repository.appending(path: "livery.json")
        let hasConfiguration = FileManager.default.fileExists(atPath: configuration.path)
        let targets = selection.repository.appending(path: Self.targetsDirectory(configuration, exists: hasConfiguration))
        inputs = selection.existingFiles + (hasConfiguration ? [configuration] : []) + Self.files(under: targets)
    }

    /// Always the same four paths; a client without fonts gets an empty Fonts folder.
    var outputs: [URL] {
        ["Theme.swift", "style.json", "Livery.xcassets", "Fonts"].map { chosen.appending(path: $0) }
    }

    var arguments: [String] {
        var arguments = ["plugin-build"]
        if let client = selection.client { arguments += ["--client", client] }
        for file in selection.files { arguments += ["--selection", file.path] }
        arguments += ["--default-repo", selection.packageDirectory.path, "--out", bundles.path, "--chosen", chosen.path]
        return arguments
    }

    func command(livery: URL) -> Command {
        .buildCommand(
            displayName: "livery: generating the chosen client's Theme.swift and resources",
            executable: livery,
            arguments: arguments,
            environment: ["NO_COLOR": "1"],
            inputFiles: inputs,
            outputFiles: outputs
        )
    }

    /// `targetsDir` of livery.json, else `targets`; a livery.json livery would
    /// refuse is livery's to report when the command runs.
    static func targetsDirectory(_ configuration: URL, exists: Bool) -> String {
        guard exists else { return "targets" }
        let object = try? JSONSerialization.jsonObject(with: Data(contentsOf: configuration))
        return ((object as? [String: Any])?["targetsDir"] as? String) ?? "targets"
    }

    /// Every regular file under `folder`, in a stable order.
    static func files(under folder: URL) -> [URL] {
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) else { return [] }
        var files: [URL] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: Set(keys)).isRegularFile) == true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}
