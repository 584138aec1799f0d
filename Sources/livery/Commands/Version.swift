import ArgumentParser

extension Livery {
    /// `livery version`: the same as `livery --version`, for those who type it as a command.
    struct Version: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "version",
            abstract: "Print livery's version (the same as `livery --version`)."
        )

        func run() {
            Terminal.out(Livery.version + "\n")
        }
    }
}
