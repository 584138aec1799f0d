import ArgumentParser
import LiveryKit

extension Livery {
    struct Templates: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "templates",
            abstract: "List the templates `livery new` can start from, with their variables.",
            discussion: """
            Reads templates/ (livery.json's templatesDir) from the working tree (or --rev) and \
            prints each template's description and variables: name, kind, whether required or \
            its default, and what the value is. A broken template is reported (exit status 1). \
            The format is described in docs/templates.md.

            Example:
              livery templates --format json
            """
        )

        @OptionGroup var source: SourceOptions

        @Option(help: ArgumentHelp(TemplateFormat.optionHelp()))
        var format: TemplateFormat = .text

        @OptionGroup var output: OutputOptions

        func run() throws {
            let status = Terminal.run {
                let workspace = try Workspace.open(repositoryPath: source.repo, revision: source.rev)
                let listing = try TemplateListing.read(from: workspace)
                let context = TemplateRenderContext(templatesDirectory: workspace.configuration.templatesDirectory, quiet: output.quiet, verbose: output.verbose)
                Terminal.out(format.render(listing, context: context))
                let diagnostics = workspace.diagnostics + listing.diagnostics
                Terminal.report(diagnostics)
                return diagnostics.hasErrors ? ExitStatus.failure : ExitStatus.success
            }
            if status != ExitStatus.success { throw ExitCode(status) }
        }
    }
}
