import ArgumentParser
import LiveryKit
import LiveryStyle

extension Livery {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the targets: their ids, parents, whether abstract, and tree ids.",
            discussion: """
            Reads targets/ from the working tree (or --rev) and prints one line per target. \
            Directory names that are not valid target ids and stray files are reported, not skipped. \
            The tree id changes whenever anything in the target's directory changes.

            Example:
              livery list --rev v4 --format json
            """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @OptionGroup var source: SourceOptions

        @Option(help: "Output format: text (a table) or json (see docs/json-output.md).")
        var format: Format = .text

        func run() throws {
            let status = Terminal.run {
                let workspace = try Workspace.open(repositoryPath: source.repo, revision: source.rev)
                let listing = try TargetCatalog.list(in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory)
                switch format {
                case .text: Terminal.out(ListReport.text(listing))
                case .json: Terminal.out(ListReport.json(listing, source: workspace.source))
                }
                let diagnostics = workspace.diagnostics + listing.diagnostics
                Terminal.report(diagnostics)
                return diagnostics.hasErrors ? ExitStatus.failure : ExitStatus.success
            }
            if status != ExitStatus.success { throw ExitCode(status) }
        }
    }
}
