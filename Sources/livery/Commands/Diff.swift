import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    struct Diff: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show what changed for each client between two revisions.",
            discussion: """
                Compares the resolved targets of BASE and HEAD (default: the working tree), not their \
                files: a change to base shows in every client that inherits it, marked "via base". \
                Reports targets added, removed, renamed and changed; per target, tokens and component \
                properties added, removed and changed (old → new; light, dark and high contrast \
                separately), app identity, flags, and images with byte size and pixel dimensions before \
                and after. Removals, renames and changes of kind are marked breaking. A target invalid \
                in either revision is reported; the others are still compared. Targets whose directory \
                and ancestors' directories are the same in both revisions are not read at all.

                \(DiffFormat.helpParagraph())

                With --format update, each update carries a release --sequence (default: HEAD's \
                committer time in seconds, or the current time for the working tree) that apps require \
                to grow, and with --expires-in an expiry. An update that removes or renames a token is \
                refused unless --allow-breaking is given; one that would take an app back, or make a \
                loop with the updates already in DIR, is refused. Each written update is printed with \
                its sequence and the signing key's id.

                A value that changed only because an alias it follows changed shows its alias chain \
                (link → colors.primary), and the counts separate direct changes from those through \
                aliases. --quiet prints only the counts and invalid targets (text format); --verbose \
                also lists the unchanged targets (text, markdown, html, json).

                With --visual DIR, every client that changed is drawn from its tokens (a representative \
                screen: app bar and icon, text styles in its fonts, buttons and other components, images, \
                surfaces) in light, dark and both high-contrast appearances, in headless Chromium, at both \
                revisions; each pair is compared pixel by pixel (pixelmatch's YIQ distance with \
                anti-aliasing detection) and DIR gets report.html (clients × appearances: side by side, \
                the difference, a swipe and a fade), report.json (the share of pixels changed) and the \
                images. Chromium is looked for with --chromium, then \(ChromiumLocator.environmentVariable), then \
                on PATH; without it the command says how to install it and exits with 2. See docs/visual.md.

                Exit status: 0, or 1 with --exit-code when there are differences (with --exit-code \
                breaking, only when a change is breaking; with --exit-code visual and --visual, only \
                when some appearance of a client changed more than --threshold of its pixels), or (update) when a \
                client's change touches values a remote update may not change, removes or renames a \
                token (without --allow-breaking), does not fit the updates in DIR, or its style is \
                invalid: nothing is written for it; 2 for usage or environment errors (unknown revision, no \
                repository, unwritable output, an unreadable or invalid signing key).

                Examples:
                  livery diff v2.3.0
                  livery diff main HEAD --format markdown --output diff.md
                  livery diff origin/main HEAD --exit-code breaking
                  livery diff v1 v2 --target acme-bank --format patch
                  livery diff v1 v2 --format update --output updates --signing-key keys/signing.key
                  livery diff v4 v5 --visual visual --exit-code visual --threshold 0.001
                """
        )

        @Argument(help: ArgumentHelp("The revision to compare from (a tag, branch, main~3, a commit id).", valueName: "base"))
        var baseRevision: String

        @Argument(help: ArgumentHelp("The revision to compare to (default: the working tree).", valueName: "head"))
        var headRevision: String?

        @OptionGroup var repository: RepositoryOption

        @Option(
            name: .customLong("target"),
            help: ArgumentHelp(
                "Compare only this target (repeatable, or several ids separated by spaces or commas). Naming an abstract target compares everything that extends it.",
                valueName: "id"
            ), completion: Completions.targets)
        var targetArguments: [String] = []
        var targets: [String] { TargetArguments.ids(targetArguments) }

        @Option(help: ArgumentHelp(DiffFormat.optionHelp()))
        var format: DiffFormat = .text

        @Option(
            help: ArgumentHelp(
                "Write the report to this file instead of standard output; with --format update (where it is required), the directory to write updates to.",
                valueName: "file"
            ), completion: .file())
        var output: String?

        @Option(
            help: ArgumentHelp(
                "With --format update: sign the updates with this private key (from livery keys generate; repeatable, to sign with an old and a new key while apps move between them).",
                valueName: "file"
            ), completion: .file())
        var signingKey: [String] = []

        // `.unconditional`: `--sequence -1` is a value refused with a message, not a missing one.
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "With --format update: the release sequence the updates carry (1 to 2^53-1; default: HEAD's committer time in seconds).",
                valueName: "number"
            ))
        var sequence: Int64?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "With --format update: apps stop applying, and drop, the updates after this long (e.g. 90d, 12h, 30m; d, h, m or s).",
                valueName: "duration"
            ))
        var expiresIn: String?

        @Flag(help: "With --format update: write updates that remove or rename tokens an app may read.")
        var allowBreaking = false

        @Option(
            name: .customLong("rollout-percent"),
            help: ArgumentHelp(
                "With --format update: only this percentage of installs applies the updates (0 to 100, up to six decimals); needs --rollout-seed.",
                valueName: "percent"
            ))
        var rolloutPercent: String?

        @Option(
            name: .customLong("rollout-seed"),
            help: ArgumentHelp(
                "With --format update: the seed that places installs in the rollout; keep it to widen the same rollout.",
                valueName: "seed"
            ))
        var rolloutSeed: String?
        @Option(
            help: ArgumentHelp(
                "Draw every changed client at both revisions in headless Chromium, compare the screens pixel by pixel, and write report.html, report.json and the images to this directory.",
                valueName: "dir"
            ), completion: .directory)
        var visual: String?

        @Option(
            help: ArgumentHelp(
                "With --visual and --exit-code visual: the share of a screen's pixels (0 to 1, e.g. 0.001 for 0.1 %) that may change before the exit status is 1 (default 0: any changed pixel).",
                valueName: "share"
            ))
        var threshold: Double?

        @Option(
            help: ArgumentHelp(
                "With --visual: the Chromium (or Chrome) executable to draw with (default: $\(ChromiumLocator.environmentVariable), else chromium on PATH).",
                valueName: "path"
            ), completion: .file())
        var chromium: String?

        @Option(
            name: .customLong("app-sources"),
            help: ArgumentHelp(
                "The app's source directory: say which lines of its Swift, Kotlin and CSS still read a token the contract removes.",
                valueName: "dir"))
        var appSources: String?

        @Option(name: .customLong("exit-code"), help: ArgumentHelp(DiffGate.optionHelp(), valueName: "gate"))
        var exitCodeGate: DiffGate?

        // `output` is taken by --output FILE.
        @OptionGroup var verbosity: OutputOptions

        /// `--rollout-percent` with `--rollout-seed`, as `validate()` read them.
        var rollout = Parsed<UpdateRollout>()

        mutating func validate() throws {
            try TargetArguments.check(targetArguments)
            if visual != nil {
                for (used, name) in [(format != .text, "--format"), (output != nil, "--output")] where used {
                    throw ValidationError(
                        "\(name) and --visual cannot be used together: --visual writes its own report into its directory.")
                }
            } else {
                for (used, name) in [
                    (threshold != nil, "--threshold"), (chromium != nil, "--chromium"),
                    (exitCodeGate?.needsVisual == true, "--exit-code \(exitCodeGate?.name ?? "")"),
                ] where used {
                    throw ValidationError("\(name) is used only with --visual DIR.")
                }
            }
            if let threshold, !(0...1).contains(threshold) {
                throw ValidationError("--threshold is a share of a screen's pixels from 0 to 1 (0.001 is 0.1 %), not \(threshold).")
            }
            if format.writesUpdates, output == nil {
                throw ValidationError("--format \(format) needs --output DIR: the directory the updates are written to.")
            }
            if !format.writesUpdates {
                for (used, name) in [
                    (!signingKey.isEmpty, "--signing-key"), (sequence != nil, "--sequence"), (expiresIn != nil, "--expires-in"),
                    (allowBreaking, "--allow-breaking"), (rolloutPercent != nil, "--rollout-percent"),
                    (rolloutSeed != nil, "--rollout-seed"),
                ] where used {
                    throw ValidationError(
                        "\(name) is used only with --format \(DiffFormat.all.filter(\.writesUpdates).map(\.name).joined(separator: ", ")).")
                }
            }
            if let sequence, !(1...UpdateRelease.maximumSequence).contains(sequence) {
                throw ValidationError("--sequence must be from 1 to \(UpdateRelease.maximumSequence), not \(sequence).")
            }
            if let expiresIn, UpdateExpiry.seconds(expiresIn) == nil {
                throw ValidationError("--expires-in takes a positive whole number with d, h, m or s (e.g. 90d), not '\(expiresIn)'.")
            }
            if (rolloutPercent == nil) != (rolloutSeed == nil) {
                throw ValidationError(
                    "--rollout-percent and --rollout-seed go together: the seed places installs, the percentage says how many.")
            }
            if let rolloutPercent {
                guard let parsed = UpdateRolloutOption.rollout(percent: rolloutPercent, seed: rolloutSeed ?? "") else {
                    throw ValidationError(
                        "--rollout-percent takes a percentage from 0 to 100 with at most six decimals (e.g. 10 or 12.5), "
                            + "and --rollout-seed a non-empty text; not '\(rolloutPercent)'."
                    )
                }
                rollout = Parsed(parsed)
            }
        }

        /// The comparison asked for, with its gate.
        var request: DiffRequest {
            var request = DiffRequest(repository: RepositorySelection(path: repository.repo, revision: headRevision), base: baseRevision)
            request.targets = targets
            request.gate = exitCodeGate
            request.threshold = threshold ?? 0
            return request
        }

        func run() async throws {
            try await Terminal.execute {
                if let visual { return try await runVisual(into: visual) }
                if format.writesUpdates, let output { return try await writeUpdates(to: output) }
                var request = request
                request.reportFile = output
                request.appSources = appSources
                request.format = format
                request.detail = verbosity.quiet ? .quiet : verbosity.verbose ? .verbose : .normal
                request.styler = Terminal.styler(colored: output == nil && Terminal.stdoutIsColorTerminal)
                let result = try await DiffService.run(request)
                let report = result.report
                // A contract that cannot be read checks nothing: said, as validate says it.
                for problem in report.headContractProblems { Terminal.err(DiagnosticFormats.line(problem) + "\n") }
                if !report.headContractProblems.isEmpty {
                    Terminal.err(
                        "warning: the clients of \(report.head.label) were not checked against the app's contract until it can be read\n")
                }
                if let text = result.text { Terminal.out(text) }
                if let summary = result.stepSummary { try Terminal.append(summary.text, toFile: summary.file) }
                return result
            }
        }
    }
}

extension Livery.Diff {
    /// `--visual DIR`: Chromium is found first, so a machine without it costs no diff.
    func runVisual(into directory: String) async throws -> DiffResult {
        // SIGINT, SIGTERM and SIGHUP end Chromium and remove the half-written report and the
        // pages, then exit as `build` does; the report already in place stays as it was.
        let interruption = Interruption.onSignals { number in
            RunInterruption.clear()
            Terminal.err("\ninterrupted: the visual report was not written; the one in place is kept\n")
            Foundation.exit(128 + number)
        }
        defer { interruption.cancel() }
        let executable = try ChromiumLocator.find(option: chromium)
        var options = VisualOptions(output: URL(fileURLWithPath: directory), chromium: executable)
        if let pages = ProcessInfo.processInfo.environment["LIVERY_VISUAL_WORK"], !pages.isEmpty {
            options.pagesDirectory = URL(fileURLWithPath: pages)
        }
        let result: DiffResult
        do {
            result = try await VisualService.run(VisualRequest(diff: request, options: options))
        } catch {
            RunInterruption.waitIfInterrupted()
            throw error
        }
        guard let report = result.visual else { return result }
        if !verbosity.quiet {
            let changed = report.clients.filter { $0.share > 0 }.count
            Terminal.out(
                "wrote \(directory)/report.html: \(report.clients.count) client\(report.clients.count == 1 ? "" : "s") drawn, \(changed) with pixels changed, largest change \(VisualReport.percent(report.largestShare))\n"
            )
        }
        return result
    }

    /// `--format update`: one envelope per changed client under `directory`.
    /// The keys are read first, so a bad key costs no diff and writes nothing.
    func writeUpdates(to directory: String) async throws -> UpdateResult {
        var update = UpdateRequest(diff: request, directory: directory)
        update.signingKeys = signingKey
        update.sequence = sequence
        update.expiresIn = expiresIn
        update.allowBreaking = allowBreaking
        update.rollout = rollout.value
        update.warn = { Terminal.err("warning: \($0)\n") }
        let result = try await UpdateService.run(update)
        let release = result.release
        for refusal in release.refused {
            Terminal.err("error: \(refusal.target): no update written: \(refusal.reason)\n")
        }
        for path in release.untrusted {
            Terminal.err(
                "warning: \(path) in \(directory) is not signed by the signing keys; apps trusting them refuse it, so it was not checked against\n"
            )
        }
        for appRelease in release.appRelease {
            Terminal.err("warning: \(appRelease.target): needs an app release: \(appRelease.reason)\n")
        }
        let written = result.written
        if release.keyIDs.isEmpty, !written.isEmpty {
            Terminal.err(
                "warning: the updates are unsigned (no --signing-key): an app applies them only with allowUnsigned: true, which is for development\n"
            )
        }
        if !verbosity.quiet {
            let signers = release.keyIDs.isEmpty ? "unsigned" : "key id " + release.keyIDs.joined(separator: ", ")
            for path in written {
                Terminal.out("wrote \(path) (sequence \(release.sequence), \(signers)\(release.expires.map { ", expires \($0)" } ?? ""))\n")
            }
            if verbosity.verbose || written.isEmpty {
                Terminal.out("\(written.count) update\(written.count == 1 ? "" : "s") in \(directory)\n")
            }
        }
        return result
    }
}
