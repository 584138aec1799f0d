import ArgumentParser
import Foundation
import LiveryKit

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

        @OptionGroup var source: SourceOptions

        @Option(help: ArgumentHelp(ListFormat.optionHelp()))
        var format: ListFormat = .text

        @Option(help: ArgumentHelp("Only concrete targets whose inputs changed since this revision (e.g. origin/main).", valueName: "rev"))
        var affectedSince: String?

        // `.unconditional`: `--shards -1` is a value refused with a message, not a missing one.
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("With --format matrix: the number of jobs (at most 256; never more than there are targets).", valueName: "n")
        )
        var shards: Int = 4

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if shards < 1 { throw ValidationError("--shards must be at least 1") }
            if shards > ShardPlan.matrixLimit {
                throw ValidationError("--shards must be at most \(ShardPlan.matrixLimit) (a GitHub Actions matrix holds no more jobs)")
            }
        }

        func run() async throws {
            try await Terminal.execute {
                var request = ListRequest(repository: source.selection)
                request.affectedSince = affectedSince
                let result = try await ListingService.run(request)
                Terminal.out(try format.render(result, context: ListRenderContext(quiet: output.quiet, shards: shards)))
                Terminal.report(result.diagnostics)
                return result
            }
        }
    }
}
