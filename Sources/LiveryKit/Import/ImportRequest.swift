import Foundation
import LiveryGit
import LiveryImport
import LiveryTargets

/// What `livery import dtcg` is asked to do.
package struct ImportRequest: Sendable {
    /// The files as the user named them: a resolver, or token files merged in order.
    var files: [String]
    /// `--brand`, `--theme`, `--map`, `--context`.
    var plan: ImportPlanRequest
    /// `--parent ID`: the parent of the clients (an existing target is left as it is).
    var parent: String?
    /// `--id ID`: the target id of the only client.
    var id: String?
    /// `--prefix P`: put before every client's id.
    var prefix: String?
    /// `--bundle-id-prefix P`: app identity `P.<brand>` for clients that have none.
    var bundleIDPrefix: String?
    /// `--display-name NAME`: the name of the only client (else the brand's, in title case).
    var displayName: String?
    /// `--fonts DIR`: font files to attach, as the user wrote the path.
    var fontsDirectory: String?
    var dryRun: Bool
    /// Record the targets as a commit on a new branch instead of writing them.
    var commit: Bool
    /// The branch for `commit`; `import/<name>` when nil.
    var branch: String?
    /// Warnings stop the import too.
    var strict: Bool
    /// The repository's directory, or nil to find it upwards from the current directory.
    var repositoryPath: String?
    /// What relative paths in `files` and `fontsDirectory` are relative to.
    var currentDirectory: String

    package init(
        files: [String], plan: ImportPlanRequest = ImportPlanRequest(), parent: String? = nil, id: String? = nil,
        prefix: String? = nil, bundleIDPrefix: String? = nil, displayName: String? = nil, fontsDirectory: String? = nil,
        dryRun: Bool = false,
        commit: Bool = false, branch: String? = nil, strict: Bool = false, repositoryPath: String? = nil,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.files = files
        self.plan = plan
        self.parent = parent
        self.id = id
        self.prefix = prefix
        self.bundleIDPrefix = bundleIDPrefix
        self.displayName = displayName
        self.fontsDirectory = fontsDirectory
        self.dryRun = dryRun
        self.commit = commit
        self.branch = branch
        self.repositoryPath = repositoryPath
        self.strict = strict
        self.currentDirectory = currentDirectory
    }
}

/// Why an import cannot start or cannot be written, in words a user can act on
/// (exit status 2). Problems in the token files are diagnostics instead (exit status 1).
enum ImportError: UserError, LocalizedError, Sendable, Equatable {
    case noInput
    case unreadableInput(path: String, reason: String)
    case outsideDirectory(path: String, directory: String)
    case invalidTargetID(context: String, tried: String)
    case invalidGivenID(option: String, value: String)
    case idNeedsOneClient(count: Int)
    case duplicateTargetID(String)
    case parentIsClient(String)
    case noAppIdentity([String])
    case invalidBundleID(target: String, bundleID: String)
    case displayNameForMany([String])
    case unreadableFonts(path: String, reason: String)
    case bareRepository
    case noCommits
    case cannotWrite(path: String, reason: String)
    case invalidParentName(name: String, tried: String)
    case unreadableTarget(id: String, reason: String)
    case parentIsConcrete(String)

    var errorDescription: String? {
        switch self {
        case .noInput:
            "name a *.resolver.json file or one or more token files to import."
        case .unreadableInput(let path, let reason):
            "cannot read '\(path)': \(reason)."
        case .outsideDirectory(let path, let directory):
            "'\(path)' is outside \(directory), the directory of the first file: every token file of one import must be in it or below it."
        case .invalidTargetID(let context, let tried):
            "the brand '\(context)' does not make a target id ('\(tried)' is not \(TargetID.rule)). Choose the id with --id (one client) or put a valid --prefix before it, or rename the context."
        case .invalidGivenID(let option, let value):
            "\(option) '\(value)' does not make a valid target id: use \(TargetID.rule), e.g. acme-bank."
        case .idNeedsOneClient(let count):
            "--id names the one client of an import, but this input has \(count) brands. Use --prefix to put something before each brand's id."
        case .duplicateTargetID(let id):
            "two brands would both become target '\(id)'. Rename a context in the resolver, or import them separately with --id."
        case .parentIsClient(let id):
            "'\(id)' would be both the parent and a client. Choose another --parent, or --prefix for the clients."
        case .noAppIdentity(let ids):
            "no app identity for \(ids.joined(separator: ", ")): DTCG has no place for it. Add --bundle-id-prefix com.example (bundle id <prefix>.<brand>, the brand in title case as the display name), or write $extensions[\"dev.livery\"].app at the root of the brand's token file."
        case .displayNameForMany(let ids):
            "--display-name names one client, and this import makes \(ids.count) (\(ids.joined(separator: ", "))): choose one brand with --context, or give each its name in the tokens ($extensions[\"dev.livery\"].app)."
        case .invalidBundleID(let target, let bundleID):
            "'\(bundleID)', the bundle id made for \(target), is not a bundle id: use a --bundle-id-prefix of letters, digits and hyphens joined by dots, starting with a letter, e.g. com.acme."
        case .unreadableFonts(let path, let reason):
            "cannot read the fonts directory '\(path)': \(reason)."
        case .bareRepository:
            "this repository has no working tree to write the targets to. Use --commit to record them on a branch, or --dry-run to see them."
        case .noCommits:
            "the repository has no commits yet: --commit records the import on top of HEAD. Commit first, or leave out --commit."
        case .invalidParentName(let name, let tried):
            "the parent of the brands is named after the input ('\(name)'), but '\(tried)' is not \(TargetID.rule). Name it with --parent ID."
        case .unreadableTarget(let id, let reason):
            "cannot import over target '\(id)': \(reason). Fix its style.json (livery validate --target \(id)) first."
        case .parentIsConcrete(let id):
            "target '\(id)', which the brands' shared values would go to, is a client (not abstract); an import never turns a client into a parent. Name the parent with --parent ID."
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason). Everything written was put back as it was."
        }
    }
}
