import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    /// `livery import`: targets from files other tools write.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Make or update targets from files other tools write (design tokens).",
            subcommands: [DTCG.self]
        )
    }
}

extension Livery.Import {
    struct DTCG: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dtcg",
            abstract: "Make or update targets from Design Tokens (DTCG 2025.10) files.",
            discussion: """
                Reads a *.resolver.json file, or token files merged in order as one set. Each context \
                of the --brand modifier becomes a client target; the contexts of the --theme modifier \
                become the light, dark and high-contrast colour appearances; every other modifier takes \
                its default or the --context given. A theme context that is none of the four \
                appearances is left out with --skip-context, or becomes a target of its own with \
                --context-as-theme: <client>-<context>, extending the client and writing only what \
                that context changes, for an app to offer through StyleStore.select. Without --brand the input is one client, named by \
                --id, else --prefix and the file name, else the resolver's name. When a modifier is \
                guessed, a note says which, and how to choose another.

                Values every brand shares go once into an abstract parent (--parent, or a new target \
                named after the resolver); each client keeps what differs. An existing --parent is not \
                changed: the clients override and delete what they need, so that each resolves to \
                exactly the input's values. Importing over an existing target updates its colours, \
                fonts, dimensions, animations and palettes (and components and flags when the input \
                has them) and keeps everything DTCG has no place for: app, images, appIcon, font files.

                App identity: the existing target's; else $extensions["dev.livery"].app in the \
                brand's tokens; else --bundle-id-prefix (bundle id <prefix>.<brand>, the brand in \
                title case as the display name). Files referred to ($ref) must be in the first file's \
                directory or below it.

                Everything is validated as part of the repository before anything is written; the \
                changes are shown as `livery diff` would show them. --dry-run stops there. --commit \
                records the targets as a commit on a new branch (import/<name>, or --branch) without \
                touching the working tree.

                Exit status: 0 when imported (or, with --dry-run, when it would be); 1 when the input \
                cannot be read as DTCG (bad JSON, references, cycles, values, a $ref leaving the \
                directory) or the result fails validation, and nothing was written; 2 for usage \
                errors (a file or modifier that does not exist, invalid ids, no app identity, an \
                existing branch).

                Examples:
                  livery import dtcg design/tokens.resolver.json --brand brand \\
                    --bundle-id-prefix com.acme
                  livery import dtcg tokens.json --id acme --dry-run
                """
        )

        @Argument(help: ArgumentHelp("A *.resolver.json file, or token files merged in order.", valueName: "file"), completion: .file())
        var files: [String]

        @Option(help: ArgumentHelp("The modifier whose contexts are clients (one target each).", valueName: "modifier"))
        var brand: String?

        @Option(help: ArgumentHelp("The modifier whose contexts are colour appearances.", valueName: "modifier"))
        var theme: String?

        @Option(
            name: .customLong("map"),
            help: ArgumentHelp(
                "Which theme context is an appearance (repeatable): light, dark, highContrastLight or highContrastDark.",
                valueName: "appearance=context"
            ))
        var maps: [String] = []

        @Option(
            name: .customLong("context"),
            help: ArgumentHelp("The context to use for another modifier (repeatable).", valueName: "modifier=context"))
        var contexts: [String] = []

        @Option(
            name: .customLong("skip-context"),
            help: ArgumentHelp(
                "Leave out a theme context that is not an appearance (repeatable).", valueName: "modifier=context"
            ))
        var skippedContexts: [String] = []

        @Option(
            name: .customLong("context-as-theme"),
            help: ArgumentHelp(
                "Import a theme context that is not an appearance as a target of its own, <client>-<context>, extending the client (repeatable).",
                valueName: "modifier=context"
            ))
        var contextsAsThemes: [String] = []

        @Option(
            help: ArgumentHelp(
                "The clients' parent target: an existing one is left as it is; a new one gets what every brand shares.", valueName: "id"))
        var parent: String?

        @Option(help: ArgumentHelp("The target id of the only client.", valueName: "id"))
        var id: String?

        @Option(help: ArgumentHelp("Put this before every client's id, e.g. --prefix acme-.", valueName: "prefix"))
        var prefix: String?

        @Option(help: ArgumentHelp("App identity for clients without one: bundle id <prefix>.<brand>.", valueName: "prefix"))
        var bundleIdPrefix: String?

        @Option(
            help: ArgumentHelp(
                "The client's name under its icon and in the stores (one client; default: the brand's name in title case).",
                valueName: "name"))
        var displayName: String?

        @Option(
            help: ArgumentHelp("A directory of font files to attach, matched by name (Inter-Bold.ttf).", valueName: "dir"),
            completion: .directory)
        var fonts: String?

        @Flag(help: "Show what would be written and what would change; write nothing (with --verbose, each style.json in full).")
        var dryRun = false

        @Flag(help: "Record the targets as a commit on a new branch instead of writing them to the working tree.")
        var commit = false

        @Option(help: ArgumentHelp("The branch for --commit (default: import/<name>). It must not exist yet.", valueName: "name"))
        var branch: String?

        @Flag(help: "Treat warnings as errors: nothing is written if there are any.")
        var strict = false

        @OptionGroup var repository: RepositoryOption

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if branch != nil && !commit { throw ValidationError("--branch names the branch for --commit; add --commit") }
            if id != nil && prefix != nil {
                throw ValidationError(
                    "--id and --prefix cannot be used together: --id names one client, --prefix goes before each brand's id")
            }
            if !maps.isEmpty && theme == nil {
                throw ValidationError("--map says which --theme context is an appearance; add --theme MODIFIER")
            }
            if dryRun && commit { throw ValidationError("--dry-run writes nothing, --commit writes a commit: choose one") }
            _ = try themeMap()
            _ = try contextMap()
            _ = try pairs(skippedContexts, option: "--skip-context")
            _ = try pairs(contextsAsThemes, option: "--context-as-theme")
        }

        func pairs(_ assignments: [String], option: String) throws -> [ModifierContext] {
            var seen: Set<ModifierContext> = []
            return try assignments.compactMap { assignment in
                let (modifier, context) = try Self.split(assignment, option: option)
                return seen.insert(ModifierContext(modifier, context)).inserted ? ModifierContext(modifier, context) : nil
            }
        }

        func themeMap() throws -> [Appearance: String] {
            var map: [Appearance: String] = [:]
            for assignment in maps {
                let (key, value) = try Self.split(assignment, option: "--map")
                guard let appearance = Appearance(rawValue: key) else {
                    throw ValidationError(
                        "--map \(assignment): '\(key)' is not an appearance; use light, dark, highContrastLight or highContrastDark")
                }
                if map[appearance] != nil { throw ValidationError("--map \(key) is given twice") }
                map[appearance] = value
            }
            return map
        }

        func contextMap() throws -> [String: String] {
            var map: [String: String] = [:]
            for assignment in contexts {
                let (key, value) = try Self.split(assignment, option: "--context")
                if map[key] != nil { throw ValidationError("--context \(key) is given twice") }
                map[key] = value
            }
            return map
        }

        static func split(_ assignment: String, option: String) throws -> (String, String) {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex,
                assignment.index(after: equals) != assignment.endIndex
            else {
                throw ValidationError("\(option) \(assignment): write NAME=VALUE")
            }
            return (String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...]))
        }

        func run() async throws {
            try await Terminal.execute {
                let request = ImportRequest(
                    files: files,
                    plan: ImportPlanRequest(
                        brand: brand, theme: theme, themeMap: try themeMap(), contexts: try contextMap(),
                        skipped: try pairs(skippedContexts, option: "--skip-context"),
                        asThemes: try pairs(contextsAsThemes, option: "--context-as-theme")
                    ),
                    parent: parent, id: id, prefix: prefix, bundleIDPrefix: bundleIdPrefix, displayName: displayName, fontsDirectory: fonts,
                    dryRun: dryRun, commit: commit, branch: branch, strict: strict, repositoryPath: repository.repo
                )
                let result = try await ImportService.run(request)
                show(result)
                return result
            }
        }

        /// Notes, warnings and problems on standard error; the changes and what was written on standard output.
        func show(_ result: ImportResult) {
            let targetsDirectory = result.targetsDirectory
            if !output.quiet {
                for note in result.notes { Terminal.err("note: \(note)\n") }
            }
            Terminal.report(result.shownWarnings(verbose: output.verbose) + result.inputErrors, targetsDirectory: targetsDirectory)
            if !result.inputErrors.isEmpty {
                Terminal.err("✗ the input cannot be imported, so nothing was written.\n")
                return
            }
            if let summary = result.notImportedSummary { Terminal.err(summary + "\n") }
            // One line per problem, as validate prints them: a client's finding that its
            // themes inherit is printed once, with the targets it affects.
            if let validation = result.validation { Terminal.report(validation.problems, targetsDirectory: targetsDirectory) }
            if result.exitStatus != .success {
                if result.validation?.diagnostics.hasErrors ?? false {
                    Terminal.err("✗ the imported targets would not pass validation, so nothing was written.\n")
                } else {
                    Terminal.err("✗ --strict: the import has warnings, so nothing was written.\n")
                }
                return
            }
            if let diff = result.diff, !output.quiet {
                let detail: DiffDetail = output.verbose ? .verbose : .normal
                let context = DiffRenderContext(detail: detail, styler: Terminal.styler(colored: Terminal.stdoutIsColorTerminal))
                Terminal.out(DiffFormat.text.render(diff, context: context))
            }
            Terminal.out(ImportReport.summary(result, quiet: output.quiet, verbose: output.verbose))
        }
    }
}
