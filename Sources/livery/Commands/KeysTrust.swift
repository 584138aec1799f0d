import ArgumentParser
import Foundation
import LiveryKit

/// `livery keys root|add|revoke|threshold|delegate|sign|timestamp`: a root of
/// trust (docs/runtime.md, SECURITY.md). Every command that changes a root
/// drops its signatures: the root keys sign it again, each on its own machine.
extension Livery.Keys {
    static func runTrust(_ request: TrustRequest, quiet: Bool) throws {
        try Terminal.execute {
            let result: TrustResult = try TrustService.run(request)
            guard !quiet else { return result }
            switch result {
            case .root(let path, let root):
                Terminal.out(
                    "wrote \(path): root version \(root.version), unsigned; sign it with \(root.rootRole.threshold) root key\(root.rootRole.threshold == 1 ? "" : "s")\(root.version > 1 ? " of this version and of the one before" : "") (livery keys sign)\n"
                )
            case .signed(let path, let roles):
                let status = roles.map { "\($0.signed) of \($0.threshold) \($0.role) signatures" }.joined(separator: ", ")
                Terminal.out("signed \(path)\(status.isEmpty ? "" : ": \(status)")\n")
            case .timestamp(let path, let timestamp):
                Terminal.out("wrote \(path): version \(timestamp.version), expires \(timestamp.expires.text)\n")
            case .verified: break
            }
            return result
        }
    }

    struct Root: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "root", abstract: "Create a root of trust, or the next version of one.", subcommands: [Create.self, Next.self])

        struct Create: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "create",
                abstract: "Write version 1 of a root of trust, unsigned, naming the root keys and their threshold.",
                discussion: """
                    The root keys stay offline; the app is built with this file once a threshold of them \
                    signed it (livery keys sign). Delegate each client to its keys with livery keys \
                    delegate before signing. Never overwrites a file. See SECURITY.md for the ceremony.

                    Example:
                      livery keys root create --root-key a.pub --root-key b.pub --threshold 2 \\
                        --timestamp-key online.pub --output root.json
                    """)
            @Option(name: .customLong("root-key"), help: ArgumentHelp("A root public key (repeat).", valueName: "file"))
            var rootKeys: [String] = []
            @Option(help: "How many root keys must sign each root.") var threshold: Int = 1
            @Option(name: .customLong("timestamp-key"), help: ArgumentHelp("A timestamp public key (repeat).", valueName: "file"))
            var timestampKeys: [String] = []
            @Option(help: "How many timestamp keys must sign a timestamp.") var timestampThreshold: Int = 1
            @Option(help: ArgumentHelp("The root file to write.", valueName: "file")) var output: String
            @OptionGroup var verbosity: OutputOptions

            func run() throws {
                try Livery.Keys.runTrust(
                    .create(
                        output: output, rootKeys: rootKeys, threshold: threshold, timestampKeys: timestampKeys,
                        timestampThreshold: timestampThreshold), quiet: verbosity.quiet)
            }
        }

        struct Next: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "next",
                abstract: "Write the next version of a root, unsigned, to change and sign.",
                discussion: """
                    Publish it as DIR/<version>.root.json once a threshold of the old root keys and of \
                    its own signed it; apps walk to it on their next refresh.

                    Example:
                      livery keys root next root.json --output updates/2.root.json
                    """)
            @Argument(help: ArgumentHelp("The current root.", valueName: "root")) var root: String
            @Option(help: ArgumentHelp("The new root file.", valueName: "file")) var output: String
            @OptionGroup var verbosity: OutputOptions

            func run() throws { try Livery.Keys.runTrust(.next(root: root, output: output), quiet: verbosity.quiet) }
        }
    }

    /// `--role root|timestamp` or `--client ID`.
    struct RoleOptions: ParsableArguments {
        @Option(help: "The role: root or timestamp.") var role: String?
        @Option(help: "A client id: its delegated keys.") var client: String?

        func name() throws -> TrustRoleName {
            switch (role, client) {
            case ("root"?, nil): return .root
            case ("timestamp"?, nil): return .timestamp
            case (nil, let id?): return .client(id)
            default: throw ValidationError("give --role root, --role timestamp or --client ID")
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a public key to a role of a root (drops its signatures).")
        @Argument(help: ArgumentHelp("The root to change.", valueName: "root")) var root: String
        @Option(help: ArgumentHelp("The public key to add.", valueName: "file")) var publicKey: String
        @OptionGroup var role: RoleOptions
        @Option(help: "The role's new threshold.") var threshold: Int?
        @OptionGroup var verbosity: OutputOptions

        func run() throws {
            try Livery.Keys.runTrust(
                .add(root: root, publicKey: publicKey, role: try role.name(), threshold: threshold), quiet: verbosity.quiet)
        }
    }

    struct Delegate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delegate",
            abstract: "Delegate a client's updates to a public key (drops the root's signatures).",
            discussion: """
                Only the client's delegated keys sign its updates: a key delegated one client \
                cannot sign for another. An existing signing.pub becomes a delegated key this way.

                Example:
                  livery keys delegate root.json --client acme --public-key ~/.livery-keys/signing.pub
                """)
        @Argument(help: ArgumentHelp("The root to change.", valueName: "root")) var root: String
        @Option(help: "The client id.") var client: String
        @Option(help: ArgumentHelp("The client's public key.", valueName: "file")) var publicKey: String
        @Option(help: "How many of the client's keys must sign.") var threshold: Int?
        @OptionGroup var verbosity: OutputOptions

        func run() throws {
            try Livery.Keys.runTrust(
                .add(root: root, publicKey: publicKey, role: .client(client), threshold: threshold), quiet: verbosity.quiet)
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "Remove a key from every role of a root (drops its signatures).")
        @Argument(help: ArgumentHelp("The root to change (the next version: livery keys root next).", valueName: "root")) var root: String
        @Option(name: .customLong("key-id"), help: "The id of the key to revoke (livery keys id).") var keyID: String
        @OptionGroup var verbosity: OutputOptions

        func run() throws { try Livery.Keys.runTrust(.revoke(root: root, keyID: keyID), quiet: verbosity.quiet) }
    }

    struct Threshold: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "threshold", abstract: "Change how many keys of a role must sign (drops the root's signatures).")
        @Argument(help: ArgumentHelp("The root to change.", valueName: "root")) var root: String
        @OptionGroup var role: RoleOptions
        @Option(help: "The new threshold.") var threshold: Int
        @OptionGroup var verbosity: OutputOptions

        func run() throws {
            try Livery.Keys.runTrust(.threshold(root: root, role: try role.name(), threshold: threshold), quiet: verbosity.quiet)
        }
    }

    struct Sign: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign",
            abstract: "Add one key's signature to a root or a timestamp, keeping the others'.",
            discussion: """
                Each signer runs this on their own machine with their own key and passes the file \
                on; it prints how many of the threshold have signed.

                Example:
                  livery keys sign updates/2.root.json --signing-key /media/usb/root-a.key
                """)
        @Argument(help: ArgumentHelp("The root or timestamp file.", valueName: "file")) var file: String
        @Option(help: ArgumentHelp("The private key to sign with.", valueName: "file")) var signingKey: String
        @OptionGroup var verbosity: OutputOptions

        func run() throws { try Livery.Keys.runTrust(.sign(file: file, signingKey: signingKey), quiet: verbosity.quiet) }
    }

    struct Timestamp: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "timestamp",
            abstract: "Write DIR/timestamp.json: each client's newest sequence, signed, short-lived.",
            discussion: """
                Run it on a schedule well inside --expires-in (a CI job every few hours for a day): an \
                app applies no new update once its timestamp expired, so a network that replays an \
                old update is noticed.

                Example:
                  livery keys timestamp updates --signing-key timestamp.key --expires-in 86400
                """)
        @Argument(help: ArgumentHelp("The published update folder.", valueName: "dir")) var updates: String
        @Option(help: ArgumentHelp("The timestamp role's private key.", valueName: "file")) var signingKey: String
        @Option(help: "Seconds until the timestamp expires.") var expiresIn: Int64 = 86_400
        @Option(help: "The timestamp's version (default: the time in seconds).") var version: Int64?
        @Option(help: ArgumentHelp("Where to write it (default: DIR/timestamp.json).", valueName: "file")) var output: String?
        @OptionGroup var verbosity: OutputOptions

        func run() throws {
            let path = output ?? URL(fileURLWithPath: updates).appendingPathComponent("timestamp.json").path
            try Livery.Keys.runTrust(
                .timestamp(updates: updates, signingKey: signingKey, expiresIn: expiresIn, version: version, output: path),
                quiet: verbosity.quiet)
        }
    }
}
