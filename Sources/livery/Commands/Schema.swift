import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema in force, or check JSON files against a schema.",
            discussion: """
                Prints targets/style.schema.json when the repository has one, otherwise livery's \
                built-in schema. Save it next to your targets to give editors completion:

                  livery schema > targets/style.schema.json
                """,
            subcommands: [Print.self, Check.self],
            defaultSubcommand: Print.self
        )

        struct Print: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "print", abstract: "Print the schema in force (the default).")

            @OptionGroup var source: SourceOptions

            @Flag(help: "Print the built-in schema, whatever the repository holds (works outside a repository).")
            var builtIn = false

            @OptionGroup var output: OutputOptions

            func run() throws {
                try Terminal.execute {
                    var request = SchemaRequest(repository: source.selection)
                    request.builtIn = builtIn
                    Terminal.outBytes(try SchemaService.run(request))
                    return ExitStatus.success
                }
            }
        }

        struct Check: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "check",
                abstract: "Validate JSON files against a JSON Schema (draft 2020-12).",
                discussion: """
                    Prints each problem as file:line:col: error: message (at /pointer) [schema: keyword location]. \
                    Exit status: 0 when every file is valid, 1 when any is not (or is not JSON), 2 when the \
                    schema itself is unusable.

                    Example:
                      livery schema check --schema targets/style.schema.json merged.json
                    """
            )

            @Option(help: ArgumentHelp("The schema file.", valueName: "file"), completion: .file(extensions: ["json"]))
            var schema: String

            @Flag(help: "Make `format` an assertion (regex, uri, email, date-time, date, time, ipv4, ipv6, uuid, hostname).")
            var formatAssertion = false

            @Argument(help: ArgumentHelp("JSON files to validate.", valueName: "data.json"), completion: .file(extensions: ["json"]))
            var files: [String]

            @OptionGroup var output: OutputOptions

            func run() async throws {
                try await Terminal.execute {
                    var request = SchemaCheckRequest(schema: schema, files: files)
                    request.formatAssertion = formatAssertion
                    let checked = try await SchemaCheckService.run(request)
                    for (file, result) in checked.files {
                        for line in result.lines { Terminal.out(line + "\n") }
                        if result.valid && output.verbose { Terminal.err("\(file): valid\n") }
                    }
                    if checked.exitStatus == .success && !output.quiet {
                        Terminal.err("\(files.count) file\(files.count == 1 ? "" : "s") valid\n")
                    }
                    return checked
                }
            }
        }
    }
}
