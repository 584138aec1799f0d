import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    /// `livery keys`: the keys that sign remote style updates.
    struct Keys: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keys",
            abstract: "Manage the keys that sign remote style updates (docs/runtime.md).",
            subcommands: [Generate.self]
        )

        struct Generate: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "generate",
                abstract: "Write a new Ed25519 key pair: DIR/signing.key (private, mode 0600) and DIR/signing.pub.",
                discussion: """
                signing.pub is the base64 of the raw public key: give its text to StyleStore's \
                trustedKeys in the app. signing.key signs updates (livery diff --format update \
                --signing-key); keep it out of the repository, in a CI secret (docs/ci.md). \
                Neither file is ever overwritten.

                Exit status: 0; 2 when either file exists or cannot be written.

                Example:
                  livery keys generate --output ~/.livery-keys
                """
            )

            @Option(help: ArgumentHelp("The directory to write the two files to (created when missing).", valueName: "dir"), completion: .directory)
            var output: String

            @OptionGroup var verbosity: OutputOptions

            func run() throws {
                let status = Terminal.run {
                    let written = try KeysService.generate(in: output)
                    if !verbosity.quiet {
                        Terminal.out("wrote \(written.privateKey) (private: keep it secret) and \(written.publicKey) (public: give it to the app)\n")
                    }
                    return ExitStatus.success
                }
                if status != ExitStatus.success { throw ExitCode(status) }
            }
        }
    }
}
