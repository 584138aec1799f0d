import ArgumentParser
import Foundation
import LiveryKit
import LiveryStyle

extension Livery {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the targets: their ids, parents, whether abstract, and tree ids; or a CI build matrix.",
            discussion: """
            Reads targets/ from the working tree (or --rev) and prints one line per target. \
            Directory names that are not valid target ids and stray files are reported, not skipped. \
            The tree id changes whenever anything in the target's directory changes.

            --affected-since REV keeps only the concrete targets whose inputs differ from REV: their \
            own files, an ancestor's files (a change to base affects every client), the schema or \
            livery.json. It compares tree ids and reads no asset.

            --format matrix prints one line of JSON for a GitHub Actions strategy.matrix: \
            {"include":[{"shard":"1/4","targets":"a b c","count":3},…]}, at most 256 entries, the \
            concrete (or affected) targets balanced by asset bytes. Each job runs \
            `livery build --target "${{ matrix.targets }}"` (or `--shard ${{ matrix.shard }}` with \
            the same --affected-since). See docs/ci.md.

            With --quiet, the text format is one id per line (the affected ones with \
            --affected-since), for shell loops.

            Examples:
              livery list --rev v4 --format json
              livery list --affected-since origin/main --format matrix --shards 8
            """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, matrix
        }

        @OptionGroup var source: SourceOptions

        @Option(help: "Output format: text (a table), json (see docs/json-output.md) or matrix (a CI build matrix).")
        var format: Format = .text

        @Option(help: ArgumentHelp("Only concrete targets whose inputs changed since this revision (e.g. origin/main).", valueName: "rev"))
        var affectedSince: String?

        @Option(help: ArgumentHelp("With --format matrix: the number of jobs (at most 256; never more than there are targets).", valueName: "n"))
        var shards: Int = 4

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if shards < 1 { throw ValidationError("--shards must be at least 1") }
            if shards > ShardPlan.matrixLimit {
                throw ValidationError("--shards must be at most \(ShardPlan.matrixLimit) (a GitHub Actions matrix holds no more jobs)")
            }
        }

        func run() async throws {
            let status = await Terminal.run {
                let workspace = try Workspace.open(repositoryPath: source.repo, revision: source.rev)
                let listing = try await TargetCatalog.list(
                    in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory, jobs: ProcessInfo.processInfo.activeProcessorCount
                )
                let affected = try affectedSince.map { try AffectedTargets.since($0, in: workspace, headGraph: TargetGraph(listing.targets)) }
                switch format {
                case .text where output.quiet:
                    // One id per line, for scripts: `for id in $(livery list -q); do …`.
                    let ids = affected?.ids ?? listing.targets.map(\.id)
                    Terminal.out(ids.map { $0 + "\n" }.joined())
                case .text: Terminal.out(ListReport.text(listing, affected: affected))
                case .json:
                    let identities = TargetIdentities.read(listing.targets.map(\.id), graph: TargetGraph(listing.targets), source: workspace.source)
                    Terminal.out(ListReport.json(listing, source: workspace.source, affected: affected, identities: identities))
                case .matrix:
                    let ids = affected?.ids ?? TargetGraph(listing.targets).concrete
                    let weights = try TargetWeights.weights(of: ids, in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory)
                    let plan = ShardPlan(weights: weights, count: ShardPlan.effectiveCount(requested: shards, targets: ids.count))
                    Terminal.out(plan.matrixJSON() + "\n")
                }
                let diagnostics = workspace.diagnostics + listing.diagnostics
                Terminal.report(diagnostics)
                return diagnostics.hasErrors ? ExitStatus.failure : ExitStatus.success
            }
            if status != ExitStatus.success { throw ExitCode(status) }
        }
    }
}
