import Foundation
import LiveryConcurrency
import LiveryDiff
import LiveryGit
import LiveryImport
import LiveryJSON
import LiveryStyle

/// `livery import dtcg`: reads DTCG files, maps each brand onto a style, shares
/// what every brand has through a parent, keeps what a re-import must keep,
/// validates the result as part of the repository, and only then writes it, to
/// the working tree (all targets or none) or as a commit on its own branch.
public struct ImportService: Sendable {
    public let workspace: Workspace
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The workspace an import works on: HEAD for `--commit`, else the working tree.
    public static func workspace(repositoryPath: String?, commit: Bool) throws -> Workspace {
        try Workspace.openForWriting(repositoryPath: repositoryPath, commit: commit, noCommits: ImportError.noCommits)
    }

    /// Prepares the import and, unless it fails or `dryRun`, writes it. Throws for
    /// usage problems (exit status 2); returns with `written == false` when the input
    /// or the result does not pass.
    public func run(_ request: ImportRequest) async throws -> ImportResult {
        try checkDestination(request)
        var result = try await prepare(request)
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
    public func prepare(_ request: ImportRequest) async throws -> ImportResult {
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
        var validation = ValidationService(workspace: overlay, schema: composed.schema)
        // Imported clients are written with what the app's contract still asks of them, as warnings.
        validation.contractBlocks = false
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
        let configuration = workspace.configuration
        let schema = try SchemaLoader.styleSchema(for: workspace)
        // The repository's targets as the pipeline lists and loads them: an import checks
        // what each would merge to before writing it.
        let pipeline = try TargetPipeline(workspace: workspace, schema: schema)
        let graph = pipeline.graph
        var composed = Composed(schema: schema)

        func own(_ id: String) throws -> JSONObject? {
            guard graph.targets[id] != nil else { return nil }
            switch pipeline.ownDocument(id) {
            case .success(let node): return node.value.objectValue
            case .failure(let diagnostic): throw ImportError.unreadableTarget(id: id, reason: diagnostic.message)
            }
        }
        func merged(_ id: String) throws -> JSONObject? {
            guard graph.targets[id] != nil else { return nil }
            guard case .merged(let node) = pipeline.load(id) else {
                throw ImportError.unreadableTarget(id: id, reason: "its style.json or a parent's cannot be read, or its parent chain is broken")
            }
            return node.value.objectValue
        }
        func write(_ id: String, _ document: JSONValue, existing: JSONObject?, role: ImportedTarget.Role, brand: String?) {
            let directory = configuration.targetsDirectory + "/" + id
            var files: [String: [UInt8]] = [:]
            // A target the import leaves as it was is not rewritten: its file keeps its layout.
            if existing.map({ JSONValue.object($0) != document }) ?? true {
                files["style.json"] = Array(JSONWriter.write(document, sortedKeys: false).utf8)
            }
            for font in ImportComposition.fontFilesWritten(in: document, from: fonts) {
                files["assets/fonts/" + font] = fonts?.files[font]
            }
            for (path, bytes) in files { composed.files[directory + "/" + path] = bytes }
            composed.targets.append(ImportedTarget(
                id: id, role: role, isNew: graph.targets[id] == nil, brand: brand, directory: directory, files: files.keys.sorted()
            ))
        }
        var usedFonts: Set<String> = []
        func check(_ id: String, wanted: JSONObject, own document: JSONValue, inherited: JSONObject?, sections: [String]) {
            if let place = ImportComposition.firstDifference(
                wanted: wanted, own: document, inherited: inherited, sections: sections, replacesWhole: { schema.replacesWhole($0) }
            ) {
                composed.errors.append(Diagnostic(
                    .error, rule: .dtcgExact,
                    "target '\(id)' merged over its parent would not have exactly the imported value of `\(place)`; nothing was written",
                    target: id
                ))
            }
        }

        // The parent: the one named, or one named after the input when there are several brands.
        var parentID: String?
        if let given = request.parent {
            guard TargetID.isValid(given) else { throw ImportError.invalidGivenID(option: "--parent", value: given) }
            parentID = given
        } else if clientIDs.count > 1 {
            let made = ImportNaming.targetID(from: name)
            guard TargetID.isValid(made) else { throw ImportError.invalidParentName(name: name, tried: made) }
            parentID = made
        }
        if let parentID, clientIDs.contains(parentID) { throw ImportError.parentIsClient(parentID) }
        if request.displayName != nil, clientIDs.count > 1 { throw ImportError.displayNameForMany(clientIDs) }

        let wantedByID = Dictionary(uniqueKeysWithValues: zip(clientIDs, styles.map { $0.document.objectValue ?? JSONObject() }))
        // What the clients merge over: the parent's sections after this import.
        var parentSections: JSONObject?
        if let parentID {
            // An existing parent given with --parent is not changed; one this import
            // made before (named after the input) is updated like any re-import.
            if graph.targets[parentID] != nil, request.parent != nil {
                parentSections = try merged(parentID)
            } else {
                if let found = graph.targets[parentID], !found.abstract { throw ImportError.parentIsConcrete(parentID) }
                let shared = BrandSharing.split(wantedByID.mapValues { JSONValue.object($0) }).parent.objectValue ?? JSONObject()
                let existing = try own(parentID)
                let grandparent = existing?["extends"]?.value.stringValue
                let inherited = try grandparent.flatMap(merged)
                let (wanted, used) = ImportComposition.attachFontFiles(shared, fonts: fonts, known: [try merged(parentID), inherited])
                usedFonts.formUnion(used)
                let sections = ImportComposition.replacedSections(wanted)
                let ownSections = ImportComposition.ownSections(
                    wanted: wanted, inherited: inherited, existing: existing, sections: sections, replacesWhole: { schema.replacesWhole($0) }
                )
                let document = ImportComposition.document(existing: existing, extends: nil, abstract: existing == nil, app: nil, sections: ownSections)
                check(parentID, wanted: wanted, own: document, inherited: inherited, sections: sections)
                write(parentID, document, existing: existing, role: .parent, brand: nil)
                // What the clients inherit: the parent as it was, with the sections this import replaced.
                var after = try merged(parentID) ?? JSONObject()
                for section in sections {
                    if let value = wanted[section] { after.set(section, value) } else { after.remove(section) }
                }
                parentSections = after
            }
        }

        var withoutApp: [String] = []
        var placeholders: [String] = []
        var withoutFile: [String: [String]] = [:]
        for (index, id) in clientIDs.enumerated() {
            let style = styles[index]
            let brand = brands[index]
            let existing = try own(id)
            let before = try merged(id)
            // The parent: the import's, else the one a re-imported target already has.
            let parent = parentID ?? existing?["extends"]?.value.stringValue
            let inherited = parentID != nil ? parentSections : try parent.flatMap(merged)
            let (wanted, used) = ImportComposition.attachFontFiles(wantedByID[id] ?? JSONObject(), fonts: fonts, known: [before, inherited])
            usedFonts.formUnion(used)
            let sections = ImportComposition.replacedSections(wanted)
            let ownSections = ImportComposition.ownSections(
                wanted: wanted, inherited: parent == nil ? nil : inherited ?? JSONObject(), existing: existing, sections: sections,
                replacesWhole: { schema.replacesWhole($0) }
            )

            // App identity: the existing target's, the token file's, or made from --bundle-id-prefix.
            var app: JSONValue?
            if before?["app"] == nil {
                if let given = style.app {
                    app = ImportNaming.app(given, displayName: request.displayName)
                } else if let prefix = request.bundleIDPrefix {
                    let bundleID = ImportNaming.bundleID(prefix: prefix, brand: brand ?? id)
                    guard ImportNaming.isValidBundleID(bundleID) else { throw ImportError.invalidBundleID(target: id, bundleID: bundleID) }
                    app = ImportNaming.app(displayName: request.displayName ?? ImportNaming.titleCase(brand ?? name), bundleID: bundleID)
                } else if inherited?["app"] == nil, request.dryRun {
                    // A preview needs no identity: a placeholder lets the rest be checked and shown.
                    let bundleID = ImportNaming.bundleID(prefix: Self.placeholderBundleIDPrefix, brand: brand ?? id)
                    app = .makeObject([("displayName", .string(ImportNaming.titleCase(brand ?? name))), ("bundleId", .string(bundleID))])
                    placeholders.append(id)
                } else if inherited?["app"] == nil {
                    withoutApp.append(id)
                }
            }
            let document = ImportComposition.document(existing: existing, extends: parentID, abstract: false, app: app, sections: ownSections)
            check(id, wanted: wanted, own: document, inherited: inherited, sections: sections)
            write(id, document, existing: existing, role: .client, brand: brand)
            for font in ImportComposition.fontsWithoutFile(wanted) { withoutFile[font, default: []].append(id) }

            // Each context theme extends the client, is marked a theme of its app (it shares the
            // client's identity), and writes only what its context changes; a context that
            // changes nothing, or the same as another, is reported and not written.
            var themesWritten: [String: String] = [:]
            for (theme, themeStyle) in zip(themes, index < themeStyles.count ? themeStyles[index] : []) {
                let themeID = ImportNaming.themeID(client: id, context: theme.context)
                guard TargetID.isValid(themeID) else { throw ImportError.invalidGivenID(option: "--context-as-theme", value: themeID) }
                if clientIDs.contains(themeID) || themeID == parentID { throw ImportError.duplicateTargetID(themeID) }
                let existingTheme = try own(themeID)
                let (themeWanted, themeUsed) = ImportComposition.attachFontFiles(
                    themeStyle.document.objectValue ?? JSONObject(), fonts: fonts, known: [try merged(themeID), wanted]
                )
                usedFonts.formUnion(themeUsed)
                let themeSections = ImportComposition.replacedSections(themeWanted)
                let themeOwn = ImportComposition.ownSections(
                    wanted: themeWanted, inherited: wanted, existing: existingTheme, sections: themeSections,
                    replacesWhole: { schema.replacesWhole($0) }
                )
                let changes = JSONWriter.compact(.makeObject(themeOwn.compactMap { section, value in value.map { (section, $0) } }), sortedKeys: true)
                if existingTheme == nil, let same = themeOwn.allSatisfy({ $0.1 == nil }) ? id : themesWritten[changes] {
                    composed.warnings.append(Diagnostic(
                        .warning, rule: .dtcgContextSame,
                        "context \(theme.context) of \(brand.map { "brand \($0)" } ?? id) gives the same style as \(same == id ? "the client itself" : "'\(same)'"), so no theme '\(themeID)' is written; leave it out with --skip-context"
                    ))
                    continue
                }
                themesWritten[changes] = themeID
                let themeDocument = ImportComposition.document(existing: existingTheme, extends: id, abstract: false, theme: true, app: nil, sections: themeOwn)
                check(themeID, wanted: themeWanted, own: themeDocument, inherited: wanted, sections: themeSections)
                write(themeID, themeDocument, existing: existingTheme, role: .theme, brand: brand)
            }
        }
        for (font, ids) in withoutFile.sorted(by: { $0.key < $1.key }) {
            let targets = ids.count == clientIDs.count && ids.count > 1 ? "every client" : ids.joined(separator: ", ")
            composed.warnings.append(Diagnostic(
                .warning, rule: .dtcgFontFile,
                "font \(font) has no file (\(targets)): DTCG does not carry font files, so the app uses a system font. Attach one with --fonts DIR holding a file named like Family-Weight.ttf"
            ))
        }
        if !withoutApp.isEmpty { throw ImportError.noAppIdentity(withoutApp) }
        if !placeholders.isEmpty {
            composed.notes.append(
                "--dry-run: \(placeholders.joined(separator: ", ")) \(placeholders.count == 1 ? "has" : "have") no app identity, so the preview uses a placeholder "
                    + "(bundle id \(Self.placeholderBundleIDPrefix).<brand>); a real import needs --bundle-id-prefix or $extensions[\"dev.livery\"].app"
            )
        }
        if let fonts {
            for name in fonts.files.keys.sorted() where !usedFonts.contains(name) {
                composed.warnings.append(Diagnostic(.warning, rule: .dtcgFontUnused, "\(request.fontsDirectory ?? "")/\(name) matches no imported font (family and weight by file name, e.g. Inter-Bold.ttf)"))
            }
        }
        return composed
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
