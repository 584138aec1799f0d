import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check every target (or the named ones) and report every problem.",
            discussion: """
                Checks, for each concrete target: well-formed JSON without duplicate keys, the \
                extends chain, the JSON Schema (targets/style.schema.json or the built-in one) on the \
                merged document, aliases and component references, assets (present, of the type their \
                extension says, not Git LFS pointers, @2x/@3x sizes, a 1024×1024 app icon without \
                alpha), WCAG contrast of text on backgrounds, and unsafe paths. All problems are \
                reported in one run, each with file, line, column and JSON pointer. A problem in a \
                file many targets inherit is reported once, with the targets it affects.

                Exit status: 0 when clean (warnings allowed unless --strict), 1 when any error \
                (a repository without targets too), 2 for usage or environment errors.

                Example:
                  livery validate --rev main --format github
                """
        )

        @OptionGroup var source: SourceOptions

        @Option(
            name: .customLong("target"),
            help: ArgumentHelp(
                "Check only this target (repeatable, or several ids separated by spaces or commas). Naming an abstract target checks everything that extends it.",
                valueName: "id"
            ), completion: Completions.targets)
        var targetArguments: [String] = []

        var targets: [String] { TargetArguments.ids(targetArguments) }

        @Option(help: ArgumentHelp(ValidationFormat.optionHelp()))
        var format: ValidationFormat = .text

        @Flag(help: "Treat warnings (such as low contrast) as errors.")
        var strict = false

        @OptionGroup var timing: TimingOptions

        @OptionGroup var output: OutputOptions

        func validate() throws {
            try TargetArguments.check(targetArguments)
        }

        func run() async throws {
            try await Terminal.execute {
                let jobs = ProcessInfo.processInfo.activeProcessorCount
                let (timings, printTimings) = timing.start(jobs: jobs)
                defer { printTimings() }
                var request = ValidationRequest(repository: source.selection)
                request.targets = targets
                request.strict = strict
                request.jobs = jobs
                request.timings = timings
                request.progress = output.quiet ? nil : Terminal.progressReporter("validating")
                let result = try await ValidationService.run(request)
                let report = result.report
                let context = ValidationRenderContext(
                    strict: strict, verbose: output.verbose, styler: Terminal.styler(colored: Terminal.stdoutIsColorTerminal),
                    source: result.source, toolVersion: Livery.version
                )
                format.write(report, context: context, to: ReportOutput(text: Terminal.out, bytes: Terminal.outBytes))
                let environment = ProcessInfo.processInfo.environment
                if environment["GITHUB_ACTIONS"] == "true" {
                    // In GitHub Actions, annotations appear on the pull request whatever the format.
                    if !format.isWorkflowAnnotations, !report.diagnostics.isEmpty {
                        ValidationReportFormats.annotations(report, write: Terminal.err)
                        Terminal.err("\n")
                    }
                    if let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
                        try Terminal.append(
                            ValidationReportFormats.markdown(report, source: result.source, strict: strict), toFile: summary)
                    }
                }
                return result
            }
        }
    }
}
