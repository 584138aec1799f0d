import Foundation
import LiveryDiff
import LiverySource

/// `diff --app-sources DIR`: the app's Swift, Kotlin, Java and CSS files under DIR searched
/// for the generated names of the tokens HEAD's contract removes (docs/diff.md, "The app's
/// contract"). Only reads, only under DIR: a symbolic link is never followed (whatever it
/// points at), build and dependency directories are skipped, and the walk is bounded in
/// files and bytes so a wrong DIR cannot make a diff take hours.
struct AppSourceSearch {
    /// Directories no app's own code lives in: builds, dependencies, version control.
    static let skipped: Set<String> = [".build", ".git", ".gradle", ".idea", "build", "DerivedData", "node_modules", "Pods", "Carthage"]
    static let extensions: Set<String> = ["swift", "kt", "kts", "java", "css", "scss", "less"]
    /// At most this many directory entries are looked at, and files over the size are not read.
    static let maximumEntries = 200_000
    static let maximumFileBytes = 4 << 20

    struct Failure: UserError {
        var message: String
    }

    let root: URL

    init(_ directory: String) throws(Failure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(
                message: "--app-sources \(directory): no such directory (the app's sources, searched for the tokens the contract removes)")
        }
        root = URL(fileURLWithPath: directory).standardizedFileURL
    }

    /// Each path's uses, files in path order, lines in order.
    func uses(of paths: [String]) throws(Failure) -> [String: [AppCodeUse]] {
        guard !paths.isEmpty else { return [:] }
        var found: [String: [AppCodeUse]] = [:]
        for file in try files() {
            guard let data = FileManager.default.contents(atPath: root.path + "/" + file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for (path, use) in AppCodeMatch.uses(in: text, file: file, paths: paths) { found[path, default: []].append(use) }
        }
        return found
    }

    /// The source files under the root, relative to it, sorted; no symbolic link followed.
    func files() throws(Failure) -> [String] {
        var pending = [""]
        var found: [String] = []
        var seen = 0
        let keys: [URLResourceKey] = [.isSymbolicLinkKey, .isDirectoryKey, .isRegularFileKey, .fileSizeKey]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? root : root.appendingPathComponent(relative, isDirectory: true)
            guard let entries = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys, options: [])
            else { continue }
            for entry in entries.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
                seen += 1
                guard seen <= Self.maximumEntries else {
                    throw Failure(
                        message:
                            "--app-sources \(root.path): more than \(Self.maximumEntries) files and directories; name the app's source directory"
                    )
                }
                let name = entry.lastPathComponent
                let path = relative.isEmpty ? name : relative + "/" + name
                guard let values = try? entry.resourceValues(forKeys: Set(keys)), values.isSymbolicLink != true else { continue }
                if values.isDirectory == true {
                    if !Self.skipped.contains(name) && !name.hasPrefix(".") { pending.append(path) }
                } else if values.isRegularFile == true, Self.extensions.contains(entry.pathExtension),
                    (values.fileSize ?? 0) <= Self.maximumFileBytes
                {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }
}
