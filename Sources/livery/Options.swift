import ArgumentParser
import Foundation
import LiveryKit

/// `--repo`: the repository a command works in. On its own for commands that
/// name their revisions otherwise (`diff`, `new`), and in ``SourceOptions``.
struct RepositoryOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The git repository (default: found upwards from the current directory, like git).",
            valueName: "path"
        ), completion: .directory)
    var repo: String?
}

/// Where a command reads from: shared by every command that reads targets.
struct SourceOptions: ParsableArguments {
    @OptionGroup var repository: RepositoryOption

    var repo: String? { repository.repo }

    /// The repository and revision, as every request carries them.
    var selection: RepositorySelection { RepositorySelection(path: repo, revision: rev) }

    @Option(
        name: .long,
        help: ArgumentHelp(
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

    /// A `--target` that names no id (`--target ''`, an empty CI matrix value) is a
    /// usage error: taken as no `--target` at all, it would select every target.
    static func check(_ values: [String]) throws {
        guard values.contains(where: { ids([$0]).isEmpty }) else { return }
        throw ValidationError("--target names no target id (it is empty); leave --target out to select every target")
    }
}

/// `--timings`: where a command's time went, per phase, on standard error.
struct TimingOptions: ParsableArguments {
    @Flag(
        help:
            "Print to standard error where the time went per phase: listing, reading git objects, parsing, merging, schema, resolving, emitting, writing."
    )
    var timings = false

    /// The timings the command passes to its work (measuring nothing unless
    /// asked), and a function that prints their table.
    func start(jobs: Int) -> (timings: PhaseTimings, print: () -> Void) {
        guard timings else { return (.off, {}) }
        let measured = PhaseTimings()
        let started = DispatchTime.now().uptimeNanoseconds
        return (
            measured,
            {
                let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                Terminal.err(measured.report(wallSeconds: wall, jobs: jobs))
            }
        )
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

/// What `validate()` makes of an option's text, kept for `run()`, so each option is parsed
/// once. Not an option itself: ArgumentParser keeps a property that is no property wrapper
/// at its initial value (decoding one gives an empty one), and `validate()`, which may
/// change the command, runs before `run()` on the same value.
struct Parsed<Value: Sendable>: Decodable, Sendable {
    var value: Value?

    init(_ value: Value? = nil) {
        self.value = value
    }

    init(from decoder: any Decoder) {
        value = nil
    }
}
