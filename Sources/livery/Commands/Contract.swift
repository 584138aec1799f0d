import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    /// `livery contract`: the tokens the one app built for every client reads.
    struct Contract: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "contract",
            abstract: "The app's contract: the tokens every client must offer (docs/contract.md).",
            subcommands: [Init.self, Generate.self]
        )

        struct Init: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "init",
                abstract: "Write targets/contract.json from the targets as they are, and list the tokens not every client defines.",
                discussion: """
                    Every token some concrete target defines goes in; one that not every client \
                    defines is written "optional": true and listed, so the team can decide. A \
                    requirement (a colour's own dark value, both high-contrast values, an image's \
                    dark file, a font file) is written when every client that has the token meets \
                    it. validate, build, diff and gallery then hold every client to the file.

                    Exit status: 0; 2 when a contract exists (without --force) or cannot be written.

                    Example:
                      livery contract init
                      livery contract init --stdout > /tmp/contract.json
                    """
            )

            @OptionGroup var source: SourceOptions

            @Flag(help: "Replace an existing contract.")
            var force = false

            @Flag(help: "Print the contract instead of writing it (the list goes to stderr).")
            var stdout = false

            @OptionGroup var output: OutputOptions

            func run() async throws {
                try await Terminal.execute {
                    var request = ContractInitRequest(repository: source.selection)
                    request.write = !stdout
                    request.force = force
                    let result = try await ContractService.run(request)
                    if stdout { Terminal.out(result.text) }
                    if !output.quiet {
                        let report = ContractReport.text(result)
                        if stdout { Terminal.err(report) } else { Terminal.out(report) }
                    }
                    return result
                }
            }
        }
        struct Generate: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "generate",
                abstract: "Write the app's typed theme (AppTheme.swift, AppTheme.kt) from the contract.",
                discussion: """
                    The files hold one typed accessor per contract token and are the same for every \
                    client: generate them once per contract change and keep them with the app's \
                    shared sources (docs/app-theme.md). They are written only where --swift and \
                    --kotlin say, never into the targets, templates or git directory; a file there \
                    that livery did not write is replaced only with --force, and a file already up \
                    to date is left untouched. The contract is read like every input: from the \
                    working tree, or from --rev.

                    Exit status: 0; 1 when the contract has errors; 2 when there is no contract, \
                    or a place is refused or cannot be written (nothing is written then).

                    Example:
                      livery contract generate --swift App/Theme --kotlin android/app/theme
                    """
            )

            @OptionGroup var source: SourceOptions

            @Option(
                help: ArgumentHelp("Write AppTheme.swift into this directory (created when missing).", valueName: "dir"),
                completion: .directory)
            var swift: String?

            @Option(
                help: ArgumentHelp("Write AppTheme.kt into this directory (created when missing).", valueName: "dir"),
                completion: .directory)
            var kotlin: String?

            @Option(
                help: ArgumentHelp(
                    "Write AppThemeCompose.kt, Jetpack Compose conveniences for AppTheme.kt, into this directory.", valueName: "dir"),
                completion: .directory)
            var compose: String?

            @Flag(help: "Replace a file of the same name that livery did not write.")
            var force = false

            @Flag(name: [.short, .long], help: "Print only problems: no line per file.")
            var quiet = false

            func validate() throws {
                if swift == nil && kotlin == nil && compose == nil {
                    throw ValidationError(
                        "name where to write the typed theme: --swift DIR, --kotlin DIR, or both (and --compose DIR for its Compose conveniences)"
                    )
                }
            }

            func run() throws {
                try Terminal.execute {
                    let destinations = [
                        swift.map { AppThemeDestination(language: .swift, directory: $0, option: "--swift") },
                        kotlin.map { AppThemeDestination(language: .kotlin, directory: $0, option: "--kotlin") },
                        compose.map { AppThemeDestination(language: .compose, directory: $0, option: "--compose") },
                    ].compactMap { $0 }
                    var request = AppThemeRequest(repository: source.selection, destinations: destinations)
                    request.force = force
                    do {
                        let result = try AppThemeService.run(request)
                        if !quiet { Terminal.out(ContractReport.text(result)) }
                        return result
                    } catch AppThemeServiceError.brokenContract(let problems, let targetsDirectory) {
                        Terminal.report(problems, targetsDirectory: targetsDirectory)
                        throw AppThemeServiceError.brokenContract(problems, targetsDirectory: targetsDirectory)
                    }
                }
            }
        }
    }
}
