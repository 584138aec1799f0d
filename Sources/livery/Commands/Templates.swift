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
            try Terminal.execute {
                let result = try TemplatesService.run(TemplatesRequest(repository: source.selection))
                let context = TemplateRenderContext(
                    templatesDirectory: result.templatesDirectory, quiet: output.quiet, verbose: output.verbose)
                Terminal.out(format.render(result.listing, context: context))
                Terminal.report(result.diagnostics)
                return result
            }
        }
    }
}
