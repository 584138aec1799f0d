import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    struct Gallery: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gallery",
            abstract: "Write a static page showing every client's brand side by side.",
            discussion: """
                Writes DIR/index.html and DIR/assets/ (default DIR: gallery): a card per client with its \
                app icon and name, parent chain, colour swatches, palettes, type specimens in its own \
                fonts, its components drawn with their shapes, colours and fonts, its images, WCAG \
                contrast badges (AA, AAA, fail) for every text/background pair its components define, \
                and its validation warnings. One switch shows every card in light, dark or either \
                high-contrast appearance; search by id or name, filter by parent or warnings, and open \
                a client's details: every token and the targets that set it. A client that fails \
                validation shows its errors instead.

                With --base REV, review mode: the clients whose resolved style differs from REV come \
                first, each shown before and after with the changed tokens marked; unchanged clients \
                are collapsed. It is the same comparison as livery diff.

                The site needs no server and loads nothing from the network (a Content-Security-Policy \
                says so); open DIR/index.html, keep it as a CI artifact, or publish it. Assets are named \
                by the SHA-256 of their bytes, so a font a thousand clients share is stored once, and \
                the same input gives the same bytes. The directory is replaced whole, and only when it \
                is empty or a gallery livery wrote. See docs/gallery.md.

                Exit status: 0 when the gallery was written (invalid clients are shown, not fatal); \
                2 for usage or environment errors (no repository, unknown revision or target, an \
                output directory that is not a gallery).

                Examples:
                  livery gallery
                  livery gallery --rev v2.3.0 --output site/brands
                  livery gallery --base origin/main --output gallery     # review a pull request
                  livery gallery --target banks --target verde-grocers
                """
        )

        @OptionGroup var source: SourceOptions

        @Option(
            help: ArgumentHelp(
                "Review mode: compare with this revision; changed clients come first, before and after.", valueName: "rev"
            ))
        var base: String?

        @Option(
            name: .customLong("target"),
            help: ArgumentHelp(
                "Show only this target (repeatable); an abstract id shows everything that extends it.", valueName: "id"
            ), completion: Completions.targets)
        var targetArguments: [String] = []

        @Option(help: ArgumentHelp("The directory to write (default: gallery).", valueName: "dir"), completion: .directory)
        var output = "gallery"

        @Option(parsing: .unconditional, help: ArgumentHelp("Targets resolved at once, one per core unless given.", valueName: "n"))
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        @OptionGroup var verbosity: OutputOptions

        func validate() throws {
            try TargetArguments.check(targetArguments)
            if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
            if output.isEmpty { throw ValidationError("--output must name a directory") }
        }

        func run() async throws {
            // SIGINT, SIGTERM and SIGHUP remove the half-written site, then exit as `build`
            // does; the gallery already in place stays as it was.
            let interruption = Interruption.onSignals { number in
                RunInterruption.clear()
                Terminal.err("\ninterrupted: the gallery was not written; the one in place is kept\n")
                Foundation.exit(128 + number)
            }
            defer { interruption.cancel() }
            try await Terminal.execute {
                var request = GalleryRequest(repository: source.selection, output: output)
                request.base = base
                request.targets = TargetArguments.ids(targetArguments)
                request.jobs = jobs
                let summary: GallerySummary
                do {
                    summary = try await GalleryService.run(request)
                } catch {
                    RunInterruption.waitIfInterrupted()
                    throw error
                }
                // A contract that cannot be read checks nothing: said, as validate says it.
                for problem in summary.contractProblems { Terminal.err(DiagnosticFormats.line(problem) + "\n") }
                if !summary.contractProblems.isEmpty {
                    Terminal.err("warning: the clients shown were not checked against the app's contract until it can be read\n")
                }
                if !verbosity.quiet { Terminal.out(summary.line(output: output)) }
                return summary
            }
        }
    }
}
