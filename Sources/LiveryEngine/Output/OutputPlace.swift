import Foundation
import LiveryGit

/// The one rule for where a command may write, asked by every command that
/// writes (`build --out` and `outputDir`, `gallery --output`, `diff --output`,
/// `diff --format update --output`, `keys generate --output`, `contract generate
/// --swift` and `--kotlin`) before it writes anything. An output may never be:
///
/// - empty (which would mean the current directory: the repository's root,
///   one `git add -A` away from a commit);
/// - a repository's root, or anything git tracks there: a tracked file, or a
///   directory holding tracked files (the repository's content, which a
///   committed output folder full of links could also lead out of), except
///   for a directory of the team's sources (``Kind/sources``), whose files git
///   is meant to track;
/// - the repository's `targets/` or `templates/` directory or inside them,
///   tracked or not (a build there replaces what it reads);
/// - a git directory or inside it (`.git/config`, or a bare repository's
///   `refs/`, `logs/`, `objects/`…), where a file breaks every git command;
/// - a folder named `.git` in any case (`.GIT` is the git directory on a disk
///   that ignores case), anywhere in the path;
/// - for `outputDir` from livery.json, outside the repository's working tree,
///   also through symbolic links, or in a bare repository (which has none);
///   and for a directory of sources named inside the working tree, a symbolic
///   link there that leads outside it.
///
/// The repositories checked are the one the command reads and the one that
/// holds the output's place, found upwards from it as git does, so a command
/// that reads no repository (`keys generate`) is held to the same rule.
package enum OutputPlace {
    /// What the option names: a directory to write into, or one file, or a
    /// directory of the team's own sources (`contract generate --swift`): source
    /// files a team commits, so git may track what is there; every other rule holds.
    package enum Kind: Sendable { case directory, file, sources }

    /// Checks `path` as the user gave it (relative to `base`, the current
    /// directory) and returns it made absolute. `option` and `example` word the
    /// message (`--out`, `dist`); `configuration` names the command's targets
    /// and templates directories in `repository`.
    @discardableResult
    package static func check(
        _ path: String, option: String, kind: Kind, example: String, repository: Repository? = nil, configuration: Configuration? = nil,
        fromConfiguration: Bool = false, relativeTo base: String = FileManager.default.currentDirectoryPath
    ) throws(OutputPlaceError) -> URL {
        if path.isEmpty { throw OutputPlaceError(path: "''", reason: "\(option) is empty; name a directory of its own such as \(example)") }
        if path.utf8.contains(0) { throw OutputPlaceError(path: option, reason: "it contains a NUL byte") }
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: base, isDirectory: true)).standardizedFileURL
        let shown = url.path
        // A file is replaced, never written through: a link in its place is not followed.
        let place = kind == .file ? joined(resolved(url.deletingLastPathComponent().path), url.lastPathComponent) : resolved(shown)
        try checkKind(place, kind: kind, option: option, example: example, shown: shown)
        // What chose the folder: livery.json's "outputDir", or the default when it names none.
        let chosenBy =
            configuration?.outputDirectoryIsConfigured == true
            ? "\"outputDir\" in livery.json" : "the default output folder 'dist' (livery.json names no \"outputDir\")"
        if fromConfiguration, repository?.isBare == true {
            throw OutputPlaceError(
                path: shown, reason: "\(chosenBy) is a directory of the working tree, and a bare repository has none; pass --out DIR")
        }
        var checked: Set<String> = []
        for candidate in [repository, discovered(around: place)].compactMap({ $0 })
        where checked.insert(resolved(candidate.commonDirectory)).inserted {
            let own = repository.map { $0.commonDirectory == candidate.commonDirectory } ?? false
            try checkRepository(
                candidate, place: place, shown: shown, kind: kind, option: option, example: example,
                configuration: own ? configuration : nil
            )
        }
        if fromConfiguration {
            if let workingDirectory = repository?.workingDirectory, !isInside(place, resolved(workingDirectory)) {
                throw OutputPlaceError(
                    path: shown,
                    reason:
                        "\(chosenBy) leads outside the repository (through a symbolic link); a --out on the command line may be anywhere")
            }
        }
        // A folder of the team's sources named inside the working tree stays inside it: a
        // symbolic link there (which the repository may track) would lead livery's writing out.
        if kind == .sources, let workingDirectory = repository?.workingDirectory {
            let lexical = [workingDirectory, resolved(workingDirectory)].contains { shown == $0 || isInside(shown, $0) }
            if lexical, !isInside(place, resolved(workingDirectory)) {
                throw OutputPlaceError(
                    path: shown,
                    reason:
                        "it is in the repository but leads outside it through a symbolic link (to \(place)); name the folder itself, or a place outside the repository"
                )
            }
        }
        // `.GIT` is the git directory on a disk that ignores case (macOS, Windows): no folder
        // of that name, in any case, as written or where links lead (after the checks above,
        // which name a repository's own git directory).
        for component in (shown + "/" + place).split(separator: "/") where component.lowercased() == ".git" {
            throw OutputPlaceError(
                path: shown,
                reason:
                    "it is inside a git directory (\(component), which is .git on a disk that ignores case), where a file of livery's breaks git; choose a place outside it such as \(example) (\(option))"
            )
        }
        return url
    }

    /// A file option naming a directory, or a directory option naming a file.
    static func checkKind(_ place: String, kind: Kind, option: String, example: String, shown: String) throws(OutputPlaceError) {
        var info = stat()
        guard (kind == .file ? lstat(place, &info) : stat(place, &info)) == 0 else { return }
        let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        switch kind {
        case .file where isDirectory:
            throw OutputPlaceError(path: shown, reason: "it is a directory; \(option) names a file, such as \(example)")
        case .directory where !isDirectory, .sources where !isDirectory:
            throw OutputPlaceError(path: shown, reason: "it is a file, not a directory; \(option) names a directory, such as \(example)")
        default:
            return
        }
    }

    /// The rule for one repository: its git directory, root, tracked content,
    /// and (for the command's own repository) targets and templates.
    static func checkRepository(
        _ repository: Repository, place: String, shown: String, kind: Kind, option: String, example: String, configuration: Configuration?
    ) throws(OutputPlaceError) {
        for gitDirectory in Set([resolved(repository.gitDirectory), resolved(repository.commonDirectory)])
        where place == gitDirectory || isInside(place, gitDirectory) {
            let workingDirectory = repository.workingDirectory.map(resolved)
            let named =
                workingDirectory.map { isInside(gitDirectory, $0) ? String(gitDirectory.dropFirst($0.count + 1)) + "/" : gitDirectory }
                ?? gitDirectory
            let what =
                repository.isBare
                ? "inside the bare repository \(gitDirectory), among git's own files (refs, logs, objects…)"
                : "\(place == gitDirectory ? "" : "inside ")the repository's git directory \(named)"
            throw OutputPlaceError(
                path: shown,
                reason: "it is \(what), where a file of livery's breaks git; choose a place outside it such as \(example) (\(option))")
        }
        guard let workingDirectory = repository.workingDirectory.map(resolved) else { return }
        if place == workingDirectory {
            throw OutputPlaceError(
                path: shown, reason: "it is the repository's root; use a directory of its own such as \(example) (\(option))")
        }
        guard isInside(place, workingDirectory) else { return }
        if let configuration {
            for (directory, kind) in [(configuration.targetsDirectory, "targets"), (configuration.templatesDirectory, "templates")] {
                let protected = resolved(workingDirectory + "/" + directory)
                if place == protected || isInside(place, protected) {
                    throw OutputPlaceError(
                        path: shown,
                        reason:
                            "it is \(place == protected ? "" : "inside ")the repository's \(kind) directory \(directory)/; choose a place outside it such as \(example) (\(option))"
                    )
                }
            }
        }
        let relative = String(place.dropFirst(workingDirectory.count + 1))
        if kind != .sources, let tracked = repository.firstTrackedPath(at: relative) {
            let what = tracked == relative ? "git tracks it" : "git tracks \(tracked) there"
            throw OutputPlaceError(
                path: shown,
                reason:
                    "\(what): it is the repository's content, never livery's output. Choose a place git does not track such as \(example) (\(option)), and list it in .gitignore"
            )
        }
    }

    /// The repository holding `place` (its nearest existing directory), if any.
    static func discovered(around place: String) -> Repository? {
        var directory = place
        var info = stat()
        while directory != "/", !(stat(directory, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR) {
            directory = URL(fileURLWithPath: directory).deletingLastPathComponent().path
        }
        return try? Repository.discover(from: directory)
    }

    static func joined(_ directory: String, _ name: String) -> String {
        (directory == "/" ? "" : directory) + "/" + name
    }

    /// True when `path` is strictly below `directory` (both resolved).
    static func isInside(_ path: String, _ directory: String) -> Bool {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix)
    }

    /// `path` with symbolic links resolved in the part that exists, the rest
    /// appended as written (`..` already removed by standardizing).
    static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        var rest: [String] = []
        while existing != "/" {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                let base = String(cString: real)
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.reversed().joined(separator: "/")
            }
            let url = URL(fileURLWithPath: existing)
            rest.append(url.lastPathComponent)
            existing = url.deletingLastPathComponent().standardizedFileURL.path
        }
        return "/" + rest.reversed().joined(separator: "/")
    }
}

extension OutputPlace {
    /// The rule for a build or gallery directory, as earlier callers ask it:
    /// `workingDirectory` is the command's repository, when it has one.
    static func check(
        _ output: URL, workingDirectory: String?, configuration: Configuration, fromConfiguration: Bool, option: String = "--out",
        example: String = "dist"
    ) throws(OutputPlaceError) {
        let repository = workingDirectory.flatMap { try? Repository.open(at: $0) }
        try check(
            output.path, option: option, kind: .directory, example: example, repository: repository, configuration: configuration,
            fromConfiguration: fromConfiguration
        )
    }
}

/// A place no command may write to (see ``OutputPlace``); nothing was written.
public struct OutputPlaceError: UserError, LocalizedError, Sendable, Hashable {
    let path: String
    let reason: String
    public var exitCode: Int32 = UserErrorExit.usage

    init(path: String, reason: String, exitCode: Int32 = UserErrorExit.usage) {
        self.path = path
        self.reason = reason
        self.exitCode = exitCode
    }

    public var errorDescription: String? { "refusing to write to \(path): \(reason). Nothing was written." }
}
