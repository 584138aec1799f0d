import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    /// `livery keys`: the keys that sign remote style updates.
    struct Keys: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keys",
            abstract: "Manage the keys that sign remote style updates (docs/runtime.md).",
            subcommands: [
                Generate.self, ID.self, Verify.self, Root.self, Add.self, Delegate.self, Revoke.self, Threshold.self, Sign.self,
                Timestamp.self,
            ]
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

            @Option(
                help: ArgumentHelp("The directory to write the two files to (created when missing).", valueName: "dir"),
                completion: .directory)
            var output: String

            @OptionGroup var verbosity: OutputOptions

            func run() throws {
                try Terminal.execute {
                    let result = try KeysService.run(.generate(directory: output))
                    if case .generated(let written) = result, !verbosity.quiet {
                        Terminal.out(
                            "wrote \(written.privateKey) (private: keep it secret) and \(written.publicKey) (public: give it to the app)\n")
                    }
                    return result
                }
            }
        }

        struct ID: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "id",
                abstract: "Print a public key's id: the one its signatures carry in an update.",
                discussion: """
                    The id is the first 16 hex digits of the SHA-256 of the raw 32-byte public key. \
                    Every update names the key that signed it by this id, and `livery diff --format \
                    update` prints it for each update written, so it tells which key signed what and \
                    which key an app must trust (docs/runtime.md).

                    Exit status: 0; 2 when the file is not a public key.

                    Example:
                      livery keys id ~/.livery-keys/signing.pub
                    """
            )

            @Argument(help: ArgumentHelp("A public key file (signing.pub).", valueName: "file"), completion: .file())
            var file: String

            func run() throws {
                try Terminal.execute {
                    let result = try KeysService.run(.id(publicKey: file))
                    if case .id(let key) = result { Terminal.out("\(key.keyID)\n") }
                    return result
                }
            }
        }

        struct Verify: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "verify",
                abstract: "Check a published update folder: signatures, growing sequences, no loops.",
                discussion: """
                    Reads every DIR/<id>/<digest>.json and checks that it is a livery-update/2 envelope \
                    in its place (its client's folder, named by its base), signed by the key in \
                    --public-key; that along every chain an app can follow, each update's sequence is \
                    above the one before (an app refuses anything else, and would stop there on every \
                    refresh); and that no chain comes back to where it started.

                    With --root in place of --public-key, checks the folder as an app built with that \
                    root sees it: the roots DIR/<version>.root.json walk from it one version at a time, \
                    DIR/timestamp.json is signed, current and lists each client's newest update, and \
                    every update is signed by a threshold of its client's delegated keys.

                    Exit status: 0 when all is well; 1 listing each problem; 2 when DIR is not a \
                    directory or the public key cannot be read.

                    Example:
                      livery keys verify updates --public-key ~/.livery-keys/signing.pub
                    """
            )

            @Argument(
                help: ArgumentHelp("The update folder, as livery diff --format update --output wrote it.", valueName: "dir"),
                completion: .directory)
            var directory: String

            @Option(
                help: ArgumentHelp("The public key (signing.pub) every update must be signed by.", valueName: "file"), completion: .file())
            var publicKey: String?

            @Option(help: ArgumentHelp("The root of trust the app is built with.", valueName: "file"), completion: .file())
            var root: String?

            @OptionGroup var verbosity: OutputOptions

            func validate() throws {
                guard (publicKey == nil) != (root == nil) else { throw ValidationError("give either --public-key or --root") }
            }

            func run() throws {
                guard let publicKey else { return try verifyTrust() }
                try Terminal.execute {
                    let result = try KeysService.run(.verify(directory: directory, publicKey: publicKey))
                    guard case .verified(let report, let key) = result else { return result }
                    for problem in report.problems { Terminal.err("error: \(problem)\n") }
                    if !verbosity.quiet {
                        Terminal.out(
                            "\(report.updates) update\(report.updates == 1 ? "" : "s") for \(report.clients) client\(report.clients == 1 ? "" : "s") checked against key id \(key.keyID): \(report.problems.isEmpty ? "no problems" : "\(report.problems.count) problem\(report.problems.count == 1 ? "" : "s")")\n"
                        )
                    }
                    return result
                }
            }

            func verifyTrust() throws {
                try Terminal.execute {
                    let result = try TrustService.run(
                        .verify(directory: directory, root: root ?? ""),
                        now: UpdateTime(secondsSince1970: Int64(Date().timeIntervalSince1970)))
                    guard case .verified(let report) = result else { return result }
                    for problem in report.problems { Terminal.err("error: \(problem)\n") }
                    if !verbosity.quiet {
                        Terminal.out(
                            "\(report.updates) update\(report.updates == 1 ? "" : "s") for \(report.clients) client\(report.clients == 1 ? "" : "s") checked under root version \(report.rootVersion): \(report.problems.isEmpty ? "no problems" : "\(report.problems.count) problem\(report.problems.count == 1 ? "" : "s")")\n"
                        )
                    }
                    return result
                }
            }
        }
    }
}
