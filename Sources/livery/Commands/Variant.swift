import ArgumentParser
import Foundation
import LiveryKit

extension Livery {
    struct Variant: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "variant",
            abstract: "Print which variant of a client an install gets.",
            discussion: """
                Decides as the app's runtime does, from the client's variants \
                (targets/<id>/variants/<name>/variant.json, see docs/variants.md): the first variant, \
                by order and name, whose condition holds for the install id, country, locale, \
                platform, app version and moment given; none means the client's own style. A fact \
                left out is unknown to the condition, as when the app does not pass it.

                Exit status: 0 when answered, 1 when the client or its variants have errors \
                (printed on standard error), 2 for usage or environment errors.

                Example:
                  livery variant acme --install-id 3F2504E0-4F89-11D3-9A0C-0305E82C3301 --country CA --date 2026-12-02T09:00:00Z
                """
        )

        @OptionGroup var source: SourceOptions

        @Argument(help: ArgumentHelp("The client's target id.", valueName: "id"), completion: Completions.targets)
        var target: String

        @Option(name: .customLong("install-id"), help: ArgumentHelp("The install id the app passes.", valueName: "id"))
        var installID: String?

        @Option(
            name: .customLong("install-ids"),
            help: ArgumentHelp(
                "A file of install ids, one a line; prints one answer per id (a JSON array of {\"installId\", \"variant\"} with --format json).",
                valueName: "file"
            ), completion: .file())
        var installIDsFile: String?

        @Option(help: ArgumentHelp("The install's country, ISO 3166-1 alpha-2 (CA).", valueName: "CC"))
        var country: String?

        @Option(help: ArgumentHelp("The install's locale, a BCP 47 tag (fr-CA).", valueName: "tag"))
        var locale: String?

        @Option(help: ArgumentHelp("The install's platform: android, ios, macos or web.", valueName: "platform"))
        var platform: String?

        @Option(name: .customLong("app-version"), help: ArgumentHelp("The app's version (3.2.0).", valueName: "version"))
        var appVersion: String?

        @Option(
            help: ArgumentHelp(
                "The moment, an ISO 8601 instant with its offset (2026-12-02T09:00:00Z); now when absent.", valueName: "instant"))
        var date: String?

        @Option(help: ArgumentHelp(VariantFormat.optionHelp()))
        var format: VariantFormat = .text

        func validate() throws {
            guard (installID == nil) != (installIDsFile == nil) else {
                throw ValidationError("Give the install id with --install-id, or a file of them with --install-ids (not both).")
            }
            if let installID, let problem = VariantFacts.installIDProblem(installID) {
                throw ValidationError("--install-id: \(problem).")
            }
            if let problem = VariantFacts.problem(country: country, locale: locale, platform: platform, appVersion: appVersion) {
                throw ValidationError("\(problem).")
            }
            if let date, UpdateTime(text: date) == nil {
                throw ValidationError(
                    "--date '\(date)' is not an ISO 8601 instant such as 2026-12-02T09:00:00Z (a date, a time and Z or an offset).")
            }
        }

        func run() throws {
            try Terminal.execute {
                let moment = date.flatMap(UpdateTime.init(text:)) ?? UpdateTime(secondsSince1970: Int64(Date().timeIntervalSince1970))
                let answers = try VariantService.run(
                    VariantRequest(
                        repository: source.selection, target: target, installIDs: installID.map { [$0] } ?? [],
                        installIDsFile: installIDsFile,
                        country: country, locale: locale, platform: platform, appVersion: appVersion, date: moment
                    ))
                if answers.failed {
                    Terminal.err(
                        ValidationReportFormats.text(answers.report, styler: Terminal.styler(colored: Terminal.stderrIsColorTerminal)))
                } else {
                    try Terminal.streamOut { write in try format.write(answers, list: installIDsFile != nil, to: write) }
                }
                return answers
            }
        }
    }
}
