import ArgumentParser
import Foundation
import LiveryStyle

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

/// `--target` values: each may hold several ids separated by spaces or commas
/// (target ids contain neither), so a CI matrix's `targets` string passes as one.
enum TargetArguments {
    static func ids(_ values: [String]) -> [String] {
        values.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).map(String.init) }
    }
}

/// `--timings`: where a command's time went, per phase, on standard error.
struct TimingOptions: ParsableArguments {
    @Flag(help: "Print to standard error where the time went per phase: listing, reading git objects, parsing, merging, schema, resolving, emitting, writing.")
    var timings = false

    /// Turns timing on when asked and returns a function that prints the table.
    func start(jobs: Int) -> () -> Void {
        guard timings else { return {} }
        PhaseTimings.shared.enable()
        let started = DispatchTime.now().uptimeNanoseconds
        return {
            let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            Terminal.err(PhaseTimings.shared.report(wallSeconds: wall, jobs: jobs))
        }
    }
}

/// `--quiet` and `--verbose`, shared by every command: how much a command says
/// besides its result and its problems.
struct OutputOptions: ParsableArguments {
    @Flag(name: [.short, .long], help: "Print only problems and the result; no progress or per-target lines.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Print a line for every target, including unchanged ones.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together.") }
    }
}
