import ArgumentParser

@main
struct Livery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "livery",
        abstract: "Validate, build and compare white-label branding kept in git.",
        version: "0.1.0",
        subcommands: []
    )
}
