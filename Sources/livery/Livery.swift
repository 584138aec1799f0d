import ArgumentParser
import Foundation
import LiveryKit

@main
struct Livery: AsyncParsableCommand {
    static let version = "0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "livery",
        abstract: "Validate, build and compare white-label app branding kept in git.",
        discussion: """
            Each client's branding lives in targets/<id>/style.json of a git repository. livery reads \
            the targets straight from git (or from the working tree), checks them, and writes one bundle \
            per client for iOS, Android, the web and design-token tools.

            Shell completion of commands, options, target ids and template names (make \
            install sets it up; see the README):
              livery --generate-completion-script bash    # or zsh, fish

            Example:
              livery list --rev v2.0.0
            """,
        version: version,
        subcommands: [
            Build.self, Validate.self, Diff.self, Gallery.self, List.self, Schema.self, New.self, Import.self, Templates.self,
            Contract.self, Keys.self, Variant.self, Version.self, PluginBuild.self,
        ]
    )

    /// Runs the command line with livery's exit codes: usage errors exit 2 (not
    /// ArgumentParser's 64), so scripts can tell them from validation failures (1).
    static func main() async {
        // `livery --version` (every CI step, hook and plugin run may ask it) answers before the
        // parser builds the tree of every command and option, which was most of its time.
        if CommandLine.arguments.dropFirst().elementsEqual(["--version"]) {
            Terminal.out(version + "\n")
            return
        }
        do {
            let arguments = SchemaCheckFiles.setAside(DiffExitCodeArgument.normalized(Array(CommandLine.arguments.dropFirst())))
            var command = try parseAsRoot(arguments.arguments)
            if var check = command as? Schema.Check, !arguments.files.isEmpty {
                check.files += arguments.files
                command = check
            }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                Terminal.err(fullMessage(for: error) + "\n")
                Foundation.exit(ExitStatus.usage.rawValue)
            }
            exit(withError: error)
        }
    }
}

/// `livery diff --exit-code` takes an optional gate: bare, it is `any` (as it was when
/// it was a flag); `--exit-code breaking` gates on breaking changes only. The parser
/// has no options with an optional value, so a bare one is spelled out before parsing.
enum DiffExitCodeArgument {
    static func normalized(_ arguments: [String]) -> [String] {
        guard let command = arguments.firstIndex(where: { !$0.hasPrefix("-") }), arguments[command] == "diff" else { return arguments }
        var result = arguments
        var index = command + 1
        while index < result.count {
            if result[index] == "--" { break }
            if result[index] == "--exit-code" {
                let next = index + 1 < result.count ? result[index + 1] : nil
                if next.map({ DiffGate(named: $0) == nil }) ?? true {
                    result[index] = "--exit-code=any"
                }
            }
            index += 1
        }
        return result
    }
}
