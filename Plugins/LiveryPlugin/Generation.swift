import Foundation
import PackagePlugin

/// The one `livery build` a target's build runs, with what it reads and writes.
///
/// Inputs are every file in the client's folder and in the folder of each
/// target it extends, and livery.json: a change to another client does not
/// run it again. Outputs are fixed paths in the plugin's work folder (the only
/// place a plugin may write), named before livery runs, as a build command needs.
struct Generation {
    let selection: ClientSelection
    let bundle: URL
    let inputs: [URL]
    let bundlesFonts: Bool

    static let fontExtensions: Set<String> = ["otf", "ttf"]

    init(selection: ClientSelection, workDirectory: URL) throws {
        self.selection = selection
        bundle = workDirectory.appending(path: "bundles")
        let configuration = selection.repository.appending(path: "livery.json")
        let hasConfiguration = FileManager.default.fileExists(atPath: configuration.path)
        let targets = selection.repository.appending(path: try Self.targetsDirectory(configuration, exists: hasConfiguration))
        var files: [URL] = hasConfiguration ? [configuration] : []
        for folder in try Self.chain(of: selection.client, in: targets) {
            files += Self.files(under: folder)
        }
        inputs = files
        // The output list may follow the input paths, never their contents:
        // a client (or a parent) with font files gets ios/Fonts as well.
        bundlesFonts = files.contains { Self.fontExtensions.contains($0.pathExtension.lowercased()) }
    }

    var outputs: [URL] {
        let target = bundle.appending(path: selection.client)
        var outputs = [
            target.appending(path: "ios/Theme.swift"),
            target.appending(path: "style.json"),
            target.appending(path: "ios/Livery.xcassets"),
        ]
        if bundlesFonts { outputs.append(target.appending(path: "ios/Fonts")) }
        return outputs
    }

    func command(livery: URL) -> Command {
        .buildCommand(
            displayName: "livery: generating \(selection.client)'s Theme.swift and resources",
            executable: livery,
            arguments: [
                "build", "--repo", selection.repository.path, "--target", selection.client,
                "--platform", "ios", "--out", bundle.path, "--quiet",
            ],
            environment: ["NO_COLOR": "1"],
            inputFiles: inputs,
            outputFiles: outputs
        )
    }

    /// `targetsDir` of livery.json, else `targets`.
    static func targetsDirectory(_ configuration: URL, exists: Bool) throws -> String {
        guard exists else { return "targets" }
        let object = try? JSONSerialization.jsonObject(with: Data(contentsOf: configuration))
        guard let members = object as? [String: Any] else {
            throw PluginProblem("livery: \(configuration.path) is not a JSON object; run `livery validate` for details")
        }
        return (members["targetsDir"] as? String) ?? "targets"
    }

    /// The client's folder, then its parent's, up the `extends` chain.
    static func chain(of client: String, in targets: URL) throws -> [URL] {
        var folders: [URL] = []
        var seen: Set<String> = []
        var next: String? = client
        while let id = next, seen.insert(id).inserted {
            let folder = targets.appending(path: id)
            let style = folder.appending(path: "style.json")
            guard FileManager.default.fileExists(atPath: style.path) else {
                let what = id == client ? "client" : "parent"
                throw PluginProblem("livery: no \(what) '\(id)': \(style.path) does not exist")
            }
            folders.append(folder)
            // A style.json livery would refuse is livery's to report, with its
            // line and column: the chain just stops there.
            let object = try? JSONSerialization.jsonObject(with: Data(contentsOf: style))
            next = (object as? [String: Any])?["extends"] as? String
            if let parent = next, !ClientSelection.isSafeID(parent) { next = nil }
        }
        return folders
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
