import Foundation
import LiveryConcurrency
import LiveryDiff
import LiveryEngine
import LiveryGit
import LiveryImport
import LiveryJSON
import LiveryTargets

/// `livery import dtcg`: reads DTCG files, maps each brand onto a style, shares
/// what every brand has through a parent, keeps what a re-import must keep,
/// validates the result as part of the repository, and only then writes it, to
/// the working tree (all targets or none) or as a commit on its own branch.
package struct ImportService: Sendable {
    let workspace: Workspace
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// `livery import`: opens the repository the request names (HEAD for `--commit`,
    /// else the working tree) and imports.
    package static func run(_ request: ImportRequest) async throws -> ImportResult {
        let workspace = try Workspace.openForWriting(request.repositoryPath, commit: request.commit, noCommits: ImportError.noCommits)
        var result = try await ImportService(workspace: workspace).perform(request)
        result.targetsDirectory = workspace.configuration.targetsDirectory
        return result
    }

    /// Prepares the import and, unless it fails or `dryRun`, writes it. Throws for
    /// usage problems (exit status 2); returns with `written == false` when the input
    /// or the result does not pass.
    func perform(_ request: ImportRequest) async throws -> ImportResult {
        try checkDestination(request)
        var result = try await prepare(request)
        result.strict = request.strict
        guard !result.fails(strict: request.strict), !request.dryRun else { return result }
        if result.files.isEmpty {
            // Every target is as the input says already: there is nothing to write or commit.
        } else if request.commit {
            guard let repository = workspace.repository, let parent = workspace.source.commit else { throw ImportError.noCommits }
            let ids = result.targets.map(\.id).joined(separator: ", ")
            result.commit = try repository.recordCommit(
                adding: result.files, onto: parent, branch: result.branch,
                message: "Import \(result.name) from DTCG\n\nTargets: \(ids).\nMade by `livery import dtcg`.\n",
                replacingFiles: true
            )
        } else {
            guard let root = workspace.repository?.workingDirectory else { throw ImportError.bareRepository }
            try ImportWriter.write(
                result.files, root: root, newDirectories: result.targets.filter(\.isNew).map(\.directory),
                gitDirectory: workspace.repository?.gitDirectory
            )
        }
        result.written = true
        return result
    }

    /// Checks that what the request asks for can be written: a free branch for
    /// `--commit`, a working tree otherwise.
    func checkDestination(_ request: ImportRequest) throws {
        guard !request.dryRun else { return }
        if request.commit {
            guard let repository = workspace.repository, workspace.source.commit != nil else { throw ImportError.noCommits }
            if let branch = request.branch {
                guard Repository.isValidBranchName(branch) else { throw RepositoryError.invalidBranchName(branch) }
                if try repository.branchExists(branch) { throw RepositoryError.branchExists(branch) }
            }
        } else if workspace.repository?.workingDirectory == nil {
            throw ImportError.bareRepository
        }
    }

    /// Everything up to writing: read, map, name, share, keep, validate, compare.
    func prepare(_ request: ImportRequest) async throws -> ImportResult {
        let (directory, relative) = try DTCGDirectory.locate(request.files, currentDirectory: request.currentDirectory)
        let input: DTCGInput
        do {
            input = try DTCGInput.load(relative, provider: directory)
        } catch {
            var result = ImportResult(name: ImportNaming.stem(of: request.files[0]), branch: "")
            result.inputErrors = Self.shown(error.diagnostics, in: directory)
            return result
        }
        var result = ImportResult(name: input.name, branch: request.branch ?? "import/" + ImportNaming.targetID(from: input.name))
        let plan: ImportPlan
        do {
            plan = try ImportPlan.make(modifiers: input.modifiers, request: request.plan)
        } catch {
            throw ImportPlanFailure(diagnostics: Self.shown(error.diagnostics, in: directory))
        }
        result.notes = plan.guesses

        let brands: [String?] = plan.brands.isEmpty ? [nil] : plan.brands
        let mapped = await mapBrands(brands, plan: plan, input: input)
        for (type, count) in mapped.notImported { result.notImported[type] = count }
        let (styles, themeStyles, warnings, errors) = (mapped.styles, mapped.themeStyles, mapped.warnings, mapped.errors)
        result.warnings = Self.unique(Self.shown(warnings, in: directory))
        guard errors.isEmpty else {
            result.inputErrors = Self.unique(Self.shown(errors, in: directory))
            return result
        }

        let clientIDs = try ImportNaming.clientIDs(
            brands: brands, name: input.name, fileStem: ImportNaming.stem(of: request.files[0]), id: request.id, prefix: request.prefix
        )
        let fonts = try request.fontsDirectory.map { path throws(ImportError) in
            try FontFiles.read(DTCGDirectory.absolute(path, in: request.currentDirectory), shownAs: path)
        }
        let composed = try compose(
            request: request, name: input.name, brands: brands, clientIDs: clientIDs, styles: styles, fonts: fonts,
            themes: plan.contextThemes, themeStyles: themeStyles
        )
        result.targets = composed.targets
        result.files = composed.files
        result.warnings += composed.warnings
        result.notes += composed.notes
        if !composed.errors.isEmpty {
            result.inputErrors = composed.errors
            return result
        }

        try await check(composed, named: input.name, into: &result)
        return result
    }

    /// What mapping every brand (and each of its context themes) gave: the
    /// clients' styles in brand order, each brand's theme styles, and the
    /// warnings and errors of them all.
    struct MappedBrands {
        var styles: [MappedStyle] = []
        var themeStyles: [[MappedStyle]] = []
        var warnings: [Diagnostic] = []
        var errors: [Diagnostic] = []
        /// Per token type, the most tokens any brand could not import.
        var notImported: [String: Int] = [:]
    }

    /// Each brand resolved and mapped on its own (they share only the parsed
    /// input), its context themes (--context-as-theme) right after it.
    func mapBrands(_ brands: [String?], plan: ImportPlan, input: DTCGInput) async -> MappedBrands {
        let appearances = plan.appearances.keys.sorted()
        let themeSlots: [ContextTheme?] = [nil] + plan.contextThemes.map { $0 }
        let jobsList = brands.flatMap { brand in themeSlots.map { (brand, $0) } }
        let all = await Parallel.map(jobsList, width: jobs) { brand, theme in
            Self.map(brand: brand, appearances: appearances, plan: plan, input: input, theme: theme)
        }
        var mapped = MappedBrands(warnings: input.warnings)
        // The clients first, then each brand's themes: warnings and errors in that order.
        for start in stride(from: 0, to: all.count, by: themeSlots.count) {
            switch all[start] {
            case .success(let (style, found)):
                mapped.styles.append(style)
                // Font files are attached later (--fonts, a re-imported target's own); what still
                // has none after that is reported then, once for all brands.
                mapped.warnings += found + style.warnings.filter { $0.rule != .dtcgFontFile }
                // Counted per brand; the summary speaks of the input's tokens: the most any brand had.
                for (type, count) in style.notImported { mapped.notImported[type] = max(mapped.notImported[type] ?? 0, count) }
            case .failure(let failure):
                mapped.errors += failure.diagnostics
            }
        }
        for start in stride(from: 0, to: all.count, by: themeSlots.count) {
            var ofBrand: [MappedStyle] = []
            for outcome in all[(start + 1)..<(start + themeSlots.count)] {
                switch outcome {
                case .success(let (style, found)):
                    ofBrand.append(style)
                    mapped.warnings += found + style.warnings.filter { $0.rule != .dtcgFontFile }
                case .failure(let failure):
                    mapped.errors += failure.diagnostics
                }
            }
            mapped.themeStyles.append(ofBrand)
        }
        return mapped
    }

    /// The composed targets checked as they would be in the repository, before
    /// anything is written, and what changes in targets that were there before.
    func check(_ composed: Composed, named name: String, into result: inout ImportResult) async throws {
        let overlay = Workspace(
            repository: workspace.repository, source: OverlaySource(base: workspace.source, files: composed.files),
            configuration: workspace.configuration, diagnostics: []
        )
        let ids = composed.targets.map(\.id)
        // The app's contract holds an imported client as `validate` holds it: a finding is an error
        // here too, and a client that would fail validation is not written.
        let validation = ValidationService(workspace: overlay, schema: composed.schema)
        result.validation = try await validation.validate(selected: ids, jobs: jobs)
        // A new target is all new, which the list of targets already says, and is not resolved twice.
        let updated = composed.targets.filter { !$0.isNew }.map(\.id)
        if !updated.isEmpty {
            var diff = try await DiffService(base: workspace, head: overlay).diff(selected: updated, jobs: jobs)
            diff.head = RevisionInfo(label: "import of \(name)", revision: nil, commit: nil)
            result.diff = diff
        }
    }

    /// One brand's tokens per appearance, mapped onto a style, with the warnings of the resolution.
    /// With `theme`, the brand as that context theme has it: its context in place of the appearance it stands in for.
    static func map(
        brand: String?, appearances: [Appearance], plan: ImportPlan, input: DTCGInput, theme: ContextTheme? = nil
    ) -> Result<(MappedStyle, [Diagnostic]), DTCGImportFailure> {
        do throws(DTCGImportFailure) {
            var sets: [Appearance: DTCGTokenSet] = [:]
            var warnings: [Diagnostic] = []
            for appearance in appearances {
                let read = try input.resolve(plan.selection(brand: brand, appearance: appearance, theme: theme))
                sets[appearance] = read.value
                warnings += read.warnings
            }
            let style = try StyleMapping.map(BrandTokens(brand: brand, appearances: sets))
            return .success((style, warnings))
        } catch {
            return .failure(error)
        }
    }

    /// The targets' documents and files.
    struct Composed {
        var targets: [ImportedTarget] = []
        var files: [String: [UInt8]] = [:]
        var warnings: [Diagnostic] = []
        var errors: [Diagnostic] = []
        /// Said once, not a problem: placeholders a dry run used.
        var notes: [String] = []
        var schema: CompiledStyleSchema
    }

    /// `themeStyles[i]`: client i's context themes, in the order of `themes`.
    func compose(
        request: ImportRequest, name: String, brands: [String?], clientIDs: [String], styles: [MappedStyle], fonts: FontFiles?,
        themes: [ContextTheme] = [], themeStyles: [[MappedStyle]] = []
    ) throws -> Composed {
        let schema = try SchemaLoader.styleSchema(for: workspace)
        // The repository's targets as the pipeline lists and loads them: an import checks
        // what each would merge to before writing it.
        var composer = ImportComposer(
            request: request, name: name, fonts: fonts, pipeline: try TargetPipeline(workspace: workspace, schema: schema),
            targetsDirectory: workspace.configuration.targetsDirectory, composed: Composed(schema: schema)
        )
        return try composer.compose(brands: brands, clientIDs: clientIDs, styles: styles, themes: themes, themeStyles: themeStyles)
    }

    /// The bundle ids a dry run gives clients without an identity, marked as placeholders by their name.
    static let placeholderBundleIDPrefix = "com.example.placeholder"

    /// Paths the reader reports relative to the input's directory, as the user would write them.
    static func shown(_ diagnostics: [Diagnostic], in directory: DTCGDirectory) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            var shown = diagnostic
            if let file = diagnostic.file { shown.file = directory.display(file) }
            for index in shown.related.indices {
                if let file = shown.related[index].file { shown.related[index].file = directory.display(file) }
            }
            return shown
        }
    }

    /// The same problem found in several brands or appearances, once, in the order first found.
    static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        return diagnostics.filter { seen.insert($0).inserted }
    }
}
