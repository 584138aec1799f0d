import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    /// `livery contract`: the tokens the one app built for every client reads.
    struct Contract: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "contract",
            abstract: "The app's contract: the tokens every client must offer (docs/contract.md).",
            subcommands: [Init.self]
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
                let status = await Terminal.run {
                    let workspace = try Workspace.open(repositoryPath: source.repo, revision: source.rev)
                    let result = try await ContractService(workspace: workspace).initialize(
                        write: !stdout, force: force, jobs: ProcessInfo.processInfo.activeProcessorCount
                    )
                    if stdout { Terminal.out(result.text) }
                    if !output.quiet {
                        let report = ContractReport.text(result)
                        if stdout { Terminal.err(report) } else { Terminal.out(report) }
                    }
                    return ExitStatus.success
                }
                if status != ExitStatus.success { throw ExitCode(status) }
            }
        }
    }
}
