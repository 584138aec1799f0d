import Foundation
import LiveryEngine
import LiveryGit
import LiveryTargets

/// What `livery new` is asked to do.
package struct OnboardingRequest: Sendable {
    /// The new target's id.
    var id: String
    /// The template's name (its directory under `templates/`).
    var template: String
    /// `--set` values by variable name.
    var values: [String: String]
    /// Record the target as a commit on a new branch instead of writing it to the working tree.
    var commit: Bool
    /// The branch for `commit`; `onboard/<id>` when nil.
    var branch: String?
    /// Warnings (such as low contrast) stop the target from being written too.
    var strict: Bool
    /// The repository's directory, or nil to find it upwards from the current directory.
    var repositoryPath: String?

    package init(
        id: String, template: String, values: [String: String] = [:], commit: Bool = false, branch: String? = nil, strict: Bool = false,
        repositoryPath: String? = nil
    ) {
        self.repositoryPath = repositoryPath
        self.id = id
        self.template = template
        self.values = values
        self.commit = commit
        self.branch = branch
        self.strict = strict
    }

    /// The branch a commit goes to.
    var branchName: String { branch ?? "onboard/\(id)" }
}

/// What `livery new` did.
package struct OnboardingResult: Sendable {
    var id: String
    var template: String
    /// The target's directory from the repository root, e.g. `targets/acme`.
    package var directory: String
    /// The target's files, relative to `directory`, sorted.
    var files: [String]
    /// The new target checked as `livery validate --target ID` would, before anything was written.
    package var validation: ValidationReport
    /// The commit made with `--commit`.
    var commit: RecordedCommit?
    /// True when the target was written (to the working tree or as a commit).
    package var written: Bool
    /// The value each variable took (given, answered or default), and `id`.
    package var values: [String: String] = [:]
}

extension OnboardingResult: CommandOutcome {
    /// 1 when the filled target failed validation and nothing was written.
    package var exitStatus: ExitStatus { ExitStatus(failed: !written) }
}

/// Why a new target cannot be made, in words a user can act on.
enum OnboardingError: UserError, LocalizedError, Sendable, Equatable {
    case invalidID(String)
    case targetExists(id: String, path: String)
    case bareRepository
    case noCommits
    case cannotWrite(path: String, reason: String)

    var errorDescription: String? {
        switch self {
        case .invalidID(let id):
            "'\(id)' is not a valid target id: use \(TargetID.rule), e.g. acme-bank."
        case .targetExists(let id, let path):
            "target '\(id)' already exists (\(path)); livery new never overwrites a target. Choose another id, or run `livery list` to see the targets."
        case .bareRepository:
            "this repository has no working tree to write the new target to. Use --commit to record it on a branch instead."
        case .noCommits:
            "the repository has no commits yet: --commit records the new target on top of HEAD. Commit first, or leave out --commit."
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason). Nothing was left behind."
        }
    }
}

/// Onboards a client: checks the id and the template's variables, fills the template,
/// validates the filled target as part of the repository, and only then writes it,
/// to the working tree or as a commit on its own branch.
package struct OnboardingService {
    let workspace: Workspace

    init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The workspace a request works on: HEAD for `--commit` (the commit is made on top
    /// of it), else the working tree.
    static func workspace(repositoryPath: String?, commit: Bool) throws -> Workspace {
        try Workspace.openForWriting(repositoryPath, commit: commit, noCommits: OnboardingError.noCommits)
    }

    /// `livery new`: opens the repository the request names and makes the target.
    /// `input` is the person answering for variables not given (on a terminal).
    package static func run(_ request: OnboardingRequest, input: (any VariableInput)? = nil) throws -> OnboardingResult {
        try OnboardingService(workspace: workspace(repositoryPath: request.repositoryPath, commit: request.commit)).onboard(
            request, input: input)
    }

    /// Makes the target. `input` asks for variables not given (on a terminal); without it,
    /// a missing required variable is an error. Throws for usage problems (exit status 2);
    /// returns with `written == false` when the filled target fails validation.
    func onboard(_ request: OnboardingRequest, input: (any VariableInput)? = nil) throws -> OnboardingResult {
        // Everything that would stop the write is checked before anyone is asked anything.
        let destination = try checkDestination(request)
        var (result, files) = try prepare(request, input: input)
        if result.validation.fails(strict: request.strict) { return result }
        if request.commit {
            guard let repository = workspace.repository, let parent = workspace.source.commit else { throw OnboardingError.noCommits }
            result.commit = try repository.recordCommit(
                adding: files.mapKeys { result.directory + "/" + $0 }, onto: parent, branch: request.branchName,
                message:
                    "Onboard \(request.id) from template \(request.template)\n\nMade by `livery new \(request.id) --template \(request.template)`.\n"
            )
        } else if let destination {
            try TargetDirectoryWriter.install(
                files, at: destination, shownAs: result.directory, gitDirectory: workspace.repository?.gitDirectory)
        }
        result.written = true
        return result
    }

    /// Where the target will be written (nil for a commit), after checking it can be:
    /// the branch is free for `--commit`, there is a working tree otherwise.
    func checkDestination(_ request: OnboardingRequest) throws -> String? {
        let directory = workspace.configuration.targetsDirectory + "/" + request.id
        guard TargetID.isValid(request.id) else { throw OnboardingError.invalidID(request.id) }
        if request.commit {
            guard let repository = workspace.repository, workspace.source.commit != nil else { throw OnboardingError.noCommits }
            guard Repository.isValidBranchName(request.branchName) else { throw RepositoryError.invalidBranchName(request.branchName) }
            if try repository.branchExists(request.branchName) { throw RepositoryError.branchExists(request.branchName) }
            return nil
        }
        guard let root = workspace.repository?.workingDirectory else { throw OnboardingError.bareRepository }
        let path = root + directory
        // Ignored files are not in the source, but would still be in the way.
        if FileManager.default.fileExists(atPath: path) { throw OnboardingError.targetExists(id: request.id, path: directory + "/") }
        return path
    }

    /// The filled target (paths relative to its directory) and its validation, nothing
    /// written: checks the id is valid and unused, the template, and the variables.
    func prepare(_ request: OnboardingRequest, input: (any VariableInput)? = nil) throws -> (OnboardingResult, [String: [UInt8]]) {
        let configuration = workspace.configuration
        let source = workspace.source
        let id = request.id
        let directory = configuration.targetsDirectory + "/" + id

        guard TargetID.isValid(id) else { throw OnboardingError.invalidID(id) }
        if try source.directory(at: directory) != nil || source.fileEntry(at: directory) != nil {
            throw OnboardingError.targetExists(id: id, path: directory + "/")
        }

        let templateDirectory = configuration.templatesDirectory + "/" + request.template
        let template = try TemplateCatalog.load(request.template, in: source, templatesDirectory: configuration.templatesDirectory)
        let defects = TemplateFiller.check(
            template.files, declared: template.definition.variables.map(\.name), directory: templateDirectory)
        if !defects.isEmpty { throw TemplateError.invalidTemplate(name: request.template, defects) }

        // What the template needs from this repository is checked before anything is asked.
        let schema = try SchemaLoader.styleSchema(for: workspace)
        let needs = try TemplateNeeds(workspace: workspace, schema: schema)
        let vet = try needs.check(template, templatesDirectory: configuration.templatesDirectory)
        var values = try TemplateVariables.resolve(template.definition, given: request.values, input: input, vet: vet).get()
        values[TemplateDefinition.reservedName] = id
        var filled = try TemplateFiller.fill(template.files, values: values, template: request.template, directory: templateDirectory)
        if let style = filled[TargetCatalog.styleFileName] {
            filled[TargetCatalog.styleFileName] = TemplateFiller.droppingEmptyParent(style)
        }

        // Check the target as it would be in the repository, before writing anything.
        let overlay = Workspace(
            repository: workspace.repository, source: OverlaySource(base: source, files: filled.mapKeys { directory + "/" + $0 }),
            configuration: configuration, diagnostics: []
        )
        // The app's contract holds the new client as it holds every other: a finding has the
        // severity `livery validate` gives it (livery.json's rules included), so a client
        // that `validate` would refuse is never written.
        let validation = ValidationService(workspace: overlay, schema: schema)
        let report = try validation.validate(selected: [id])
        let result = OnboardingResult(
            id: id, template: request.template, directory: directory, files: filled.keys.sorted(),
            validation: report, commit: nil, written: false, values: values
        )
        return (result, filled)
    }
}

extension Dictionary where Key == String {
    /// The same values under new keys (the keys must stay distinct).
    func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}

/// Writes a new target directory whole or not at all.
enum TargetDirectoryWriter {
    /// Writes `files` (relative paths → contents) into a scratch directory, then
    /// renames it into place; refuses when `path` exists. On any failure nothing is
    /// left behind. The scratch directory is in `gitDirectory` (`ScratchSpace`), so
    /// a killed process leaves nothing under targets/; beside `path` when the git
    /// directory cannot serve.
    static func install(_ files: [String: [UInt8]], at path: String, shownAs: String, gitDirectory: String? = nil) throws {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: path)
        let parent = target.deletingLastPathComponent()
        var madeParent = false
        if !manager.fileExists(atPath: parent.path) {
            do {
                try manager.createDirectory(at: parent, withIntermediateDirectories: true)
                madeParent = true
            } catch {
                throw OnboardingError.cannotWrite(path: shownAs, reason: error.localizedDescription)
            }
        }
        let scratch = ScratchSpace.make(gitDirectory: gitDirectory, workingDirectory: parent.path)
        let staging: String
        if let scratch {
            staging = scratch + "/target"
            if mkdir(staging, 0o755) != 0 {
                let reason = errno
                try? manager.removeItem(atPath: scratch)
                if madeParent { try? manager.removeItem(at: parent) }
                throw OnboardingError.cannotWrite(path: shownAs, reason: String(cString: strerror(reason)))
            }
        } else {
            let template = parent.path + "/.\(target.lastPathComponent).livery-new-XXXXXX"
            var bytes = Array(template.utf8CString)
            guard let made = mkdtemp(&bytes) else {
                if madeParent { try? manager.removeItem(at: parent) }
                throw OnboardingError.cannotWrite(path: shownAs, reason: String(cString: strerror(errno)))
            }
            staging = String(cString: made)
        }
        func cleanUp() {
            try? manager.removeItem(atPath: scratch ?? staging)
            if madeParent { try? manager.removeItem(at: parent) }
        }
        do {
            for (relative, contents) in files.sorted(by: { $0.key < $1.key }) {
                let file = URL(fileURLWithPath: staging + "/" + relative)
                try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents).write(to: file)
            }
            // mkdtemp makes 0700; a target directory is as readable as the rest of the checkout.
            try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: staging)
        } catch {
            cleanUp()
            throw OnboardingError.cannotWrite(path: shownAs, reason: error.localizedDescription)
        }
        // Claim the name first: mkdir fails if anything is there. rename then replaces
        // only that empty directory, and fails if something was put inside meanwhile.
        if mkdir(path, 0o755) != 0 {
            let reason = errno
            cleanUp()
            if reason == EEXIST { throw OnboardingError.targetExists(id: target.lastPathComponent, path: shownAs + "/") }
            throw OnboardingError.cannotWrite(path: shownAs, reason: String(cString: strerror(reason)))
        }
        if rename(staging, path) != 0 {
            let reason = errno
            rmdir(path)
            cleanUp()
            throw OnboardingError.cannotWrite(path: shownAs, reason: String(cString: strerror(reason)))
        }
        if let scratch { rmdir(scratch) }
    }
}
