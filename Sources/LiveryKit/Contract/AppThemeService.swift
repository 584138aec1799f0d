import Foundation
import LiveryEmit
import LiveryEngine
import LiveryGit
import LiveryTargets

/// Where `livery contract generate` writes one language of the app's typed theme.
package struct AppThemeDestination: Sendable {
    var language: AppThemeLanguage
    /// The directory as the user named it (`--swift DIR`).
    var directory: String
    /// The option that named it, for messages.
    var option: String

    package init(language: AppThemeLanguage, directory: String, option: String) {
        self.language = language
        self.directory = directory
        self.option = option
    }
}

/// What `livery contract generate` did with one file.
struct AppThemeWritten: Sendable, Hashable {
    enum Outcome: String, Sendable, Hashable {
        /// Written: new, or replacing an older file of livery's (or any, with `--force`).
        case written
        /// Already the bytes it would write: left as it is, its time untouched.
        case unchanged
    }

    var path: String
    var outcome: Outcome
}

/// What `livery contract generate` made: the files, and how many tokens they give accessors to.
package struct AppThemeResult: Sendable {
    var contractFile: String
    var tokens: Int
    var files: [AppThemeWritten]
}

package enum AppThemeServiceError: UserError, LocalizedError, Sendable {
    case noContract(path: String, source: String)
    /// The contract has errors: its diagnostics, reported as validate reports them
    /// (their files under the targets directory).
    case brokenContract([Diagnostic], targetsDirectory: String)
    case forbidden(OutputPlaceError)
    case foreign(path: String, option: String)
    case notAFile(path: String)
    case cannotWrite(path: String, reason: String)

    package var errorDescription: String? {
        switch self {
        case .noContract(let path, let source):
            "\(source) has no \(path): the typed theme is made from the app's contract. Write one with `livery contract init` (docs/contract.md)."
        case .brokenContract(let problems, _):
            "the contract has \(problems.count) error\(problems.count == 1 ? "" : "s") (above); nothing was written"
        case .forbidden(let error):
            error.message
        case .foreign(let path, let option):
            "\(path) was not written by livery (its first line is not livery's); refusing to replace it. Move it, name another directory with \(option), or pass --force to replace it."
        case .notAFile(let path):
            "\(path) is not a regular file (a directory or a symbolic link); livery never writes through it. Remove it or name another directory."
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason). Nothing else was written after it."
        }
    }

    package var exitCode: Int32 {
        if case .brokenContract = self { return 1 }
        return UserErrorExit.usage
    }
}

/// `livery contract generate`: the app's typed theme (`AppTheme.swift`, `AppTheme.kt`,
/// LiveryEmit) from the contract read like every input (the working tree, or a revision),
/// written only where the user names, each place checked by ``OutputPlace`` and written
/// through ``OutputFolder`` (never through a link). A file there that livery did not write
/// (its first line is not livery's mark) is replaced only with `force`.
package struct AppThemeService: Sendable {
    let workspace: Workspace

    init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The contract, or why there is none to generate from.
    /// A repository error reading it is thrown as it is.
    func contract() throws -> AppContract {
        let file = ContractLoader.path(targetsDirectory: workspace.configuration.targetsDirectory)
        switch try ContractLoader.load(workspace) {
        case .absent: throw AppThemeServiceError.noContract(path: file, source: workspace.source.label)
        case .broken(let problems):
            throw AppThemeServiceError.brokenContract(problems, targetsDirectory: workspace.configuration.targetsDirectory)
        case .loaded(let contract): return contract
        }
    }

    /// Every destination checked before anything is written; then each file written.
    func generate(into destinations: [AppThemeDestination], force: Bool) throws -> AppThemeResult {
        let contract = try contract()
        var planned: [(folder: String, destination: AppThemeDestination, bytes: [UInt8])] = []
        for destination in destinations {
            do {
                try OutputPlace.check(
                    destination.directory, option: destination.option, kind: .sources, example: "App/Theme",
                    repository: workspace.repository, configuration: workspace.configuration
                )
            } catch {
                throw AppThemeServiceError.forbidden(error)
            }
            planned.append((Self.shown(destination.directory), destination, Array(destination.language.file(for: contract).utf8)))
        }
        // Every file's place is looked at before the first is written: a file of someone
        // else's in the second place leaves the first untouched too.
        var folders: [OutputFolder] = []
        for (path, destination, bytes) in planned {
            let folder: OutputFolder
            do { folder = try OutputFolder(path, create: true) } catch {
                throw AppThemeServiceError.cannotWrite(path: error.path, reason: error.reason)
            }
            try Self.mayReplace(destination.language.fileName, in: folder, with: bytes, force: force, option: destination.option)
            folders.append(folder)
        }
        var files: [AppThemeWritten] = []
        for (folder, plan) in zip(folders, planned) {
            files.append(try Self.write(plan.destination.language.fileName, plan.bytes, in: folder))
        }
        return AppThemeResult(contractFile: contract.file, tokens: contract.tokens.count, files: files)
    }

    /// The directory as the user named it, without a trailing slash, for messages.
    static func shown(_ directory: String) -> String {
        var path = directory
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Refuses a file livery may not replace: one it did not write (without `force`),
    /// a directory, a link or anything else that is not a regular file.
    static func mayReplace(_ name: String, in folder: OutputFolder, with bytes: [UInt8], force: Bool, option: String)
        throws(AppThemeServiceError)
    {
        switch folder.kind(of: name) {
        case .absent: return
        case .file:
            guard !force else { return }
            // livery's own file starts with its mark, however large an earlier contract made it.
            let mark = Array(AppThemeLanguage.generatedMark.utf8)
            if folder.readStart(name, count: mark.count) == mark || folder.read(name, limit: bytes.count) == bytes { return }
            throw .foreign(path: folder.shown(name), option: option)
        case .link where force:
            return
        case .directory, .link, .other:
            throw .notAFile(path: folder.shown(name))
        }
    }

    /// Writes `name` whole or not at all (`OutputFolder.replaceFile`). A file already
    /// holding `bytes` is left alone.
    static func write(_ name: String, _ bytes: [UInt8], in folder: OutputFolder) throws(AppThemeServiceError) -> AppThemeWritten {
        if folder.kind(of: name) == .file, folder.read(name, limit: bytes.count + 1) == bytes {
            return AppThemeWritten(path: folder.shown(name), outcome: .unchanged)
        }
        do {
            try folder.replaceFile(name, bytes)
        } catch {
            throw .cannotWrite(path: folder.shown(name), reason: error.reason)
        }
        return AppThemeWritten(path: folder.shown(name), outcome: .written)
    }
}
