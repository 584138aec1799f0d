import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Validate, then write one bundle per client for each platform.",
            discussion: """
                Writes dist/<id>/ for every concrete target: style.json (fully resolved), manifest.json \
                and one directory per platform. Targets with validation errors are not built (exit \
                status 1); the others are. A target whose files, ancestors, schema, platforms and livery \
                version are unchanged is skipped, and counted in the last line (listed with --verbose). \
                Each bundle is replaced atomically. The output directory is livery's (marked by its \
                .livery-output file): a build replaces or removes only the bundles, archives and cache it \
                wrote there, and refuses (exit status 2) anything else in their way, and an output that is \
                the repository's root, targets or templates. With --archive tar or zip, each bundle is one file, \
                dist/<id>.tar or dist/<id>.zip, byte-identical for the same input. A problem in a file many targets inherit is shown \
                once, with the targets it affects. A repository without targets builds nothing, creates \
                no output directory and exits 1.

                Platforms (* built by default):
                \(Platform.registry.table { $0.isDefault ? "*" : " " })

                Example:
                  livery build --platform ios,web --out build/brands --shard 1/4
                """
        )

        @OptionGroup var source: SourceOptions

        @Option(
            name: .customLong("target"),
            help: ArgumentHelp(
                "Build only this target (repeatable, or several ids separated by spaces or commas, as a CI matrix gives them); an abstract id builds everything that extends it.",
                valueName: "id"), completion: Completions.targets)
        var targetArguments: [String] = []

        var targets: [String] { TargetArguments.ids(targetArguments) }

        @Option(
            help: ArgumentHelp(
                "Platforms to write, comma-separated, or all: \(Platform.registry.knownNames) (default: livery.json's platforms).",
                valueName: "list"),
            completion: .list(Platform.registry.names + Platform.alsoAccepted)
        )
        var platform: String?

        @Option(
            help: ArgumentHelp(
                "Output directory (default: livery.json's outputDir, else dist, in the repository's working tree).", valueName: "dir"),
            completion: .directory)
        var out: String?

        @Option(
            help: ArgumentHelp(
                "Build only part K of N, for N parallel CI jobs: the targets split as `livery list --format matrix --shards N` shows, balanced by asset bytes.",
                valueName: "K/N"))
        var shard: String?

        @Option(
            help: ArgumentHelp(
                "Build only targets whose files, ancestors, schema or settings changed since this revision (e.g. origin/main).",
                valueName: "rev"))
        var affectedSince: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Targets built at once, one per core unless given.", valueName: "n"))
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        @Flag(help: "Rebuild every bundle, even those that are up to date.")
        var force = false

        @Option(
            help: ArgumentHelp(
                "Write each bundle as one archive, <out>/<id>.tar or <out>/<id>.zip, instead of a directory.", valueName: "tar|zip"))
        var archive: ArchiveFormat?

        @OptionGroup var timing: TimingOptions

        @OptionGroup var output: OutputOptions

        /// `--shard` and `--platform` as `validate()` read them.
        var chosenShard = Parsed<Shard>()
        var platforms = Parsed<[Platform]>()

        mutating func validate() throws {
            try TargetArguments.check(targetArguments)
            if let shard {
                guard let parsed = Shard(shard) else {
                    throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/4; got '\(shard)'")
                }
                chosenShard = Parsed(parsed)
            }
            if let platform {
                switch Platform.parse(list: platform) {
                case .failure(let error): throw ValidationError("--platform: \(error)")
                case .success(let list): platforms = Parsed(list)
                }
            }
            if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
            // An empty path would be the current directory, often the repository itself.
            if out?.isEmpty == true { throw ValidationError("--out must name a directory, e.g. --out dist") }
        }

        func run() async throws {
            // Ctrl-C is caught from the first moment, before the repository is
            // opened: installed bundles are whole (each was swapped in at once);
            // the ones still being written are removed, then livery stops.
            let outputDirectory = Locked<URL?>(nil)
            let interruption = Interruption.onSignals { number in
                BuildCancellation.shared.cancelAndWait()
                if let directory = outputDirectory.withLock({ $0 }) { BundleDirectory.removeStaging(in: directory) }
                Terminal.err("\ninterrupted: finished bundles are kept, unfinished ones removed\n")
                Foundation.exit(128 + number)
            }
            defer { interruption.cancel() }
            try await Terminal.execute {
                let (timings, printTimings) = timing.start(jobs: jobs)
                defer { printTimings() }
                var request = BuildRequest(repository: source.selection, version: Livery.version)
                request.out = out
                request.platforms = platforms.value
                request.targets = targets
                request.shard = chosenShard.value
                request.affectedSince = affectedSince
                request.jobs = jobs
                request.force = force
                request.archive = archive
                request.warningsShownPerRule = output.verbose ? nil : BuildDiagnostics.warningsShownPerRule
                request.timings = timings
                request.progress = output.quiet ? nil : Terminal.progressReporter("building")
                request.outputChosen = { url in outputDirectory.withLock { $0 = url } }
                let result = try await BuildService.run(request)
                show(result)
                return result
            }
        }

        /// The problems, then the summary; with no targets, how to start, before
        /// the output directory is made.
        func show(_ result: BuildResult) {
            if let empty = result.noTargets {
                Terminal.report([empty], targetsDirectory: result.targetsDirectory)
                Terminal.out("✗ nothing built: no targets\n")
                return
            }
            let report = result.report
            let shown = BuildDiagnostics.shown(
                report.validation.diagnostics, failed: report.failed, platforms: result.platforms,
                limit: result.warningsShownPerRule, alsoHidden: report.warningsOnlyCounted
            )
            Terminal.report(shown.diagnostics, targetsDirectory: result.targetsDirectory)
            for line in shown.summary { Terminal.err(line + "\n") }
            let detail: BuildSummary.Detail = output.quiet ? .quiet : output.verbose ? .verbose : .normal
            Terminal.out(BuildSummary.text(report, output: result.output.path, succeeded: result.succeeded, detail: detail))
        }
    }
}

/// Runs a handler on SIGINT, SIGTERM (a CI job cancelled or timed out) and
/// SIGHUP (the terminal closed) instead of dying mid-write.
enum Interruption {
    /// The signals a build cleans up after.
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    static func onSignals(_ handler: @escaping @Sendable (Int32) -> Void) -> Sources {
        Sources(
            sources: signals.map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { handler(number) }
                source.resume()
                return source
            })
    }

    /// The installed handlers; `cancel` removes them all.
    struct Sources {
        let sources: [any DispatchSourceSignal]
        func cancel() { sources.forEach { $0.cancel() } }
    }
}

/// `--archive tar|zip`; the shell completes the formats.
extension ArchiveFormat: ExpressibleByArgument {}
