import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Onboard a client: make targets/<id>/ from a template.",
            discussion: """
                Copies templates/<name>/ (everything but template.json) to targets/<id>/, filling \
                {{variable}} placeholders with the values given by --set, or their defaults. The \
                built-in template `starter` makes a first client in a repository without templates. \
                The template's parent (its "extends") must be a target of the repository, and must \
                define the tokens the template requires; otherwise livery says which parent to use. On a \
                terminal, variables not given are asked for one by one (Enter takes the default); \
                with --no-input, in CI or in a pipe, a missing required variable is an error. Every \
                missing or invalid variable is named at once. The filled target is validated like \
                `livery validate` before anything is written; if it fails, nothing is written.

                With --commit, the target is recorded as a commit on a new branch (onboard/<id>, or \
                --branch) on top of HEAD; the working tree, the index and the checked-out branch are \
                not touched.

                Exit status: 0 when the target was made, 1 when it fails validation, 2 for usage \
                errors (unknown template, invalid or used id, missing or invalid variables, existing \
                branch).

                Examples:
                  livery new acme --template starter \\
                    --set displayName="Acme" --set bundleId=com.acme.app
                  livery new acme --template bank --commit \\
                    --set displayName="Acme Bank" --set bundleId=com.acme.bank
                """
        )

        @Argument(help: ArgumentHelp("The new target's id: \(TargetID.rule).", valueName: "id"))
        var id: String

        @Option(
            help: ArgumentHelp("The template to start from (`livery templates` lists them).", valueName: "name"),
            completion: Completions.templates)
        var template: String

        @Option(
            name: .customLong("set"),
            help: ArgumentHelp("A variable's value (repeatable), e.g. --set primary=#0B5FFF.", valueName: "key=value"))
        var assignments: [String] = []

        @Flag(help: "Never ask for values; a missing required variable is an error (always so in CI and pipes).")
        var noInput = false

        @Flag(help: "Record the new target as a commit on a new branch instead of writing it to the working tree.")
        var commit = false

        @Option(help: ArgumentHelp("The branch for --commit (default: onboard/<id>). It must not exist yet.", valueName: "name"))
        var branch: String?

        @Flag(help: "Treat warnings (such as low contrast) as errors: nothing is written if there are any.")
        var strict = false

        @OptionGroup var repository: RepositoryOption

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if branch != nil && !commit { throw ValidationError("--branch names the branch for --commit; add --commit") }
            if case .failure(let error) = TemplateVariables.parseAssignments(assignments) { throw ValidationError(error.message) }
        }

        func run() throws {
            try Terminal.execute {
                let values = try TemplateVariables.parseAssignments(assignments).get()
                let request = OnboardingRequest(
                    id: id, template: template, values: values, commit: commit, branch: branch, strict: strict,
                    repositoryPath: repository.repo
                )
                let input: (any VariableInput)? = !noInput && Terminal.isInteractive ? TerminalInput() : nil
                let result = try OnboardingService.run(request, input: input)
                if output.verbose {
                    Terminal.err(result.values.sorted { $0.key < $1.key }.map { "  \($0.key) = \($0.value)\n" }.joined())
                }
                Terminal.report(result.validation.diagnostics)
                guard result.written else {
                    Terminal.err(
                        "✗ \(result.directory)/ would not pass validation, so nothing was written. Fix the values (or the template) and run again.\n"
                    )
                    return result
                }
                Terminal.out(OnboardingReport.summary(result, quiet: output.quiet))
                return result
            }
        }
    }
}

/// Answers typed on the terminal: the prompt on standard error, the answer from standard input.
struct TerminalInput: VariableInput {
    mutating func readLine(prompt: String) -> String? {
        Terminal.err(prompt)
        return Swift.readLine(strippingNewline: true)
    }
}
