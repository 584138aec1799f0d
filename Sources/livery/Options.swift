import ArgumentParser

/// Where a command reads from: shared by every command that reads targets.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The git repository (default: found upwards from the current directory, like git).",
        valueName: "path"
    ), completion: .directory)
    var repo: String?

    @Option(name: .long, help: ArgumentHelp(
        "Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.",
        valueName: "rev"
    ))
    var rev: String?
}
