import ArgumentParser
import Foundation
import LiveryEmit
import LiveryKit
import LiveryStyle

extension Livery {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Validate, then write one bundle per client for each platform.",
            discussion: """
            Writes dist/<id>/ for every concrete target: style.json (fully resolved), manifest.json \
            and one directory per platform. Targets with validation errors are not built (exit \
            status 1); the others are. A target whose files, ancestors, schema, platforms and livery \
            version are unchanged is skipped. Each bundle is replaced atomically.

            Platforms (* built by default):
            \(PlatformHelp.table)

            Example:
              livery build --platform ios,web --out build/brands --shard 1/4
            """
        )

        @OptionGroup var source: SourceOptions

        @Option(name: .customLong("target"), help: ArgumentHelp("Build only this target (repeatable, or several ids separated by spaces or commas, as a CI matrix gives them); an abstract id builds everything that extends it.", valueName: "id"))
        var targetArguments: [String] = []

        var targets: [String] { TargetArguments.ids(targetArguments) }

        @Option(
            help: ArgumentHelp("Platforms to write, comma-separated, or all: \(Platform.knownNames) (default: livery.json's platforms).", valueName: "list"),
            completion: .list(Platform.all.map(\.name) + ["all"])
        )
        var platform: String?

        @Option(help: ArgumentHelp("Output directory (default: livery.json's outputDir, else dist, in the repository's working tree).", valueName: "dir"), completion: .directory)
        var out: String?

        @Option(help: ArgumentHelp("Build only part K of N, for N parallel CI jobs: the targets split as `livery list --format matrix --shards N` shows, balanced by asset bytes.", valueName: "K/N"))
        var shard: String?

        @Option(help: ArgumentHelp("Build only targets whose files, ancestors, schema or settings changed since this revision (e.g. origin/main).", valueName: "rev"))
        var affectedSince: String?

        @Option(help: ArgumentHelp("Targets built at once (default: the number of cores).", valueName: "n"))
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        @Flag(help: "Rebuild every bundle, even those that are up to date.")
        var force = false

        @OptionGroup var timing: TimingOptions

        func validate() throws {
            if let shard, Shard(shard) == nil {
                throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/4; got '\(shard)'")
            }
            if let platform, case .failure(let error) = Platform.parse(list: platform) {
                throw ValidationError("--platform: \(error)")
            }
            if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        }

        func run() throws {
            let status = Terminal.run {
                let printTimings = timing.start(jobs: jobs)
                defer { printTimings() }
                let workspace = try Workspace.open(repositoryPath: source.repo, revision: source.rev).timedIfEnabled()
                var options = BuildOptions(output: outputURL(workspace), platforms: platforms(workspace), version: Livery.version)
                options.targets = targets
                options.shard = shard.flatMap(Shard.init)
                options.affectedSince = affectedSince
                options.jobs = jobs
                options.force = force
                let output = options.output
                let interruption = Interruption.onSIGINT {
                    // Ctrl-C: installed bundles are whole (each was swapped in at once);
                    // remove the ones still being written, then stop.
                    BuildCancellation.shared.cancelAndWait()
                    BundleDirectory.removeStaging(in: output)
                    Terminal.err("\ninterrupted: finished bundles are kept, unfinished ones removed\n")
                    Foundation.exit(130)
                }
                defer { interruption.cancel() }
                let report = try BuildService(workspace: workspace).build(options, progress: Terminal.progressReporter("building"))
                let shown = BuildDiagnostics.shown(report.validation.diagnostics, failed: report.failed, platforms: options.platforms)
                Terminal.report(shown.diagnostics)
                for line in shown.summary { Terminal.err(line + "\n") }
                Terminal.out(BuildSummary.text(report, output: options.output.path))
                return report.failed.isEmpty && !report.validation.diagnostics.hasErrors ? ExitStatus.success : ExitStatus.failure
            }
            if status != ExitStatus.success { throw ExitCode(status) }
        }

        func platforms(_ workspace: Workspace) -> [Platform] {
            guard let platform, case .success(let platforms) = Platform.parse(list: platform) else { return workspace.configuration.platforms }
            return platforms
        }

        func outputURL(_ workspace: Workspace) -> URL {
            if let out { return URL(fileURLWithPath: out, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) }
            let base = workspace.repository?.workingDirectory ?? FileManager.default.currentDirectoryPath + "/"
            return URL(fileURLWithPath: base + workspace.configuration.outputDirectory)
        }
    }
}

/// The platform list in `livery build --help`, from the registry.
enum PlatformHelp {
    static var table: String {
        let width = Platform.all.map(\.name.count).max() ?? 0
        return Platform.all.map { platform in
            let name = platform.name + String(repeating: " ", count: width - platform.name.count)
            return "  \(name) \(platform.isDefault ? "*" : " ") \(platform.summary)"
        }.joined(separator: "\n")
    }
}

/// What `livery build` reports: errors, everything about a target that failed,
/// and what a platform could not carry, so nothing is left out of a bundle
/// silently. A platform warning that many clients share (a logo with text, from
/// their base) is shown for a few of them and counted for the rest, so it does
/// not fill a CI log with one line per client.
enum BuildDiagnostics {
    static let warningsShownPerRule = 5

    static func shown(_ diagnostics: [Diagnostic], failed: [String], platforms: [Platform]) -> (diagnostics: [Diagnostic], summary: [String]) {
        let platformRules = platforms.map { $0.name + "-" }
        let failedTargets = Set(failed)
        var shown: [Diagnostic] = []
        var shownPerRule: [String: Int] = [:]
        var hiddenPerRule: [String: Int] = [:]
        for diagnostic in diagnostics {
            if diagnostic.severity == .error || failedTargets.contains(diagnostic.target ?? "") {
                shown.append(diagnostic)
            } else if platformRules.contains(where: { diagnostic.rule.hasPrefix($0) }) {
                if shownPerRule[diagnostic.rule, default: 0] < warningsShownPerRule {
                    shownPerRule[diagnostic.rule, default: 0] += 1
                    shown.append(diagnostic)
                } else {
                    hiddenPerRule[diagnostic.rule, default: 0] += 1
                }
            }
        }
        let summary = hiddenPerRule.keys.sorted().compactMap { rule in
            hiddenPerRule[rule].map { "… and \($0) more \(rule) warning\($0 == 1 ? "" : "s"); `livery validate` lists them all" }
        }
        return (shown, summary)
    }
}

/// The lines `livery build` prints.
enum BuildSummary {
    static func text(_ report: BuildReport, output: String) -> String {
        var out = ""
        for id in report.built { out += "built     \(id)\n" }
        for id in report.upToDate { out += "unchanged \(id)\n" }
        for id in report.failed { out += "failed    \(id) (validation errors)\n" }
        for id in report.removed { out += "removed   \(id) (no longer a target)\n" }
        var parts = ["\(report.built.count) built", "\(report.upToDate.count) unchanged"]
        if !report.failed.isEmpty { parts.append("\(report.failed.count) failed") }
        if !report.removed.isEmpty { parts.append("\(report.removed.count) removed") }
        out += "\(report.failed.isEmpty ? "✓" : "✗") \(parts.joined(separator: ", ")) → \(output)\n"
        return out
    }
}

/// Runs a handler on SIGINT instead of dying mid-write.
enum Interruption {
    static func onSIGINT(_ handler: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: handler)
        source.resume()
        return source
    }
}
