import Foundation
import LiveryCore
import LiveryEmit
import LiveryJSON
import LiveryRuntime
import LiveryTargets
import LiveryTestSupport
import Testing

/// A team's week with one app over five clients, every feature at once, the way a
/// new team works: clients made from each shipped template, the app's contract,
/// validation, every platform's bundle, the shared Swift and Kotlin code compiled
/// and run for every client, variants and a signed update read through the typed
/// theme in both runtimes, a release diffed and reviewed, the store listings, and
/// the SwiftPM plugin switched between clients. Each place where two features meet
/// is a named check (`seam(…)`), so a failure says which meeting broke.
///
/// The clients: `fig` (light only), `acme` (a bank), `verde` (a shop with its own
/// font), `bolt` (three variants) and `polyglot` (five languages and store listings).
@Suite("A team's week: one app over five clients, every feature at once")
struct TeamWeekTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path
    static var tools: Bool {
        ExternalTool.swiftc.isInstalled && ExternalTool.kotlinc.isInstalled && ExternalTool.java.isInstalled
            && ExternalTool.chromium.isInstalled && ExternalTool.systemFonts.isInstalled && ExternalTool.zip.isInstalled
    }
    static let missing: Comment =
        "swiftc, kotlinc, java, Chromium, the DejaVu fonts or zip is missing (scripts/product/bootstrap --test installs them)"

    /// The five locales of `polyglot`, with its name in each.
    static let names: [(tag: String, name: String, android: String)] = [
        ("en-US", "Polyglot", "values"), ("fr-CA", "Polyglotte", "values-fr-rCA"), ("de-DE", "Vielsprachig", "values-de-rDE"),
        ("ja", "ポリグロット", "values-ja"), ("he", "פוליגלוט", "values-iw"),
    ]

    /// Records one named check: a failure names the seam it broke.
    func seam(_ name: String, _ holds: Bool, _ detail: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(holds, Comment(rawValue: "seam \(name): \(detail())"), sourceLocation: sourceLocation)
    }

    func livery(_ arguments: [String], _ fixture: FixtureRepository) throws -> ProcessResult {
        try LiveryBinary.run(arguments, in: fixture.path)
    }

    func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    func json(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Replaces `from` with `to` in a file of the fixture, which must contain it.
    func edit(_ fixture: FixtureRepository, _ path: String, replacing from: String, with to: String) throws {
        let before = try text(fixture.path + "/" + path)
        try #require(before.contains(from), "\(path) has no \(from)")
        try fixture.write(path, before.replacingOccurrences(of: from, with: to))
    }

    // MARK: - Monday: onboarding five clients from the shipped templates

    /// The repository: this repository's templates and the parents they extend, then one
    /// client per template with `livery new`, and what each client adds by hand.
    func monday() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.copy(["templates", "targets/base", "targets/banks"], from: Self.root)
        try fixture.commitAll("parents and templates")
        let made: [(String, String, String, String)] = [
            ("fig", "starter", "Fig", "com.example.fig"),
            ("acme", "bank", "Acme Bank", "com.example.acme"),
            ("verde", "retail", "Verde", "com.example.verde"),
            ("bolt", "bank", "Bolt", "com.example.bolt"),
            ("polyglot", "retail", "Polyglot", "com.example.polyglot"),
        ]
        for (id, template, name, bundleID) in made {
            let new = try livery(
                ["new", id, "--template", template, "--set", "displayName=\(name)", "--set", "bundleId=\(bundleID)", "--no-input"], fixture)
            seam("2 new from every shipped template", new.status == 0, "new \(id) --template \(template): \(new.stdout)\(new.stderr)")
        }
        // fig has no dark mode: every colour one value.
        try fixture.write(
            "targets/fig/style.json",
            ##"""
            {
              "$schema": "https://livery.dev/schemas/style/v1.json",
              "app": {"displayName": "Fig", "bundleId": "com.example.fig", "androidPackage": "com.example.fig"},
              "appIcon": "assets/AppIcon.png",
              "colors": {"primary": "#0B5FFF", "onPrimary": "#FFFFFF", "background": "#FFFFFF", "foreground": "#16181D", "link": "{colors.primary}"},
              "dimensions": {"spacingM": 16, "radiusM": 10, "buttonHeight": 48},
              "flags": {"analyticsTarget": "fig"}
            }

            """##)
        // acme has a colour of its own, for its premium cards.
        try edit(
            fixture, "targets/acme/style.json", replacing: "\"colors\": {",
            with: "\"colors\": {\n    \"premium\": {\"light\": \"#6A1B9A\", \"dark\": \"#CE93D8\"},")
        // verde has a font of its own.
        try fixture.write(
            "targets/verde/assets/fonts/DejaVuSans-Bold.ttf",
            [UInt8](Data(contentsOf: URL(fileURLWithPath: ExternalTool.fontDirectory + "/dejavu/DejaVuSans-Bold.ttf"))))
        try edit(
            fixture, "targets/verde/style.json", replacing: "\"images\": {",
            with: ##"""
                "fonts": {"display": {"family": "DejaVu Sans", "size": 30, "weight": "bold", "file": "assets/fonts/DejaVuSans-Bold.ttf"}},
                  "images": {
                """##)
        // bolt has three variants: a region, a season and an experiment's arm.
        try fixture.write(
            "targets/bolt/variants/canada/style.json",
            ##"{"colors": {"primary": {"light": "#C62828", "dark": "#EF9A9A"}}, "dimensions": {"radiusM": 2}}"##)
        try fixture.write(
            "targets/bolt/variants/canada/variant.json",
            ##"{"when": {"countries": ["CA"]}, "order": 1, "description": "The Canadian look"}"##)
        try fixture.write(
            "targets/bolt/variants/holiday/style.json", ##"{"colors": {"primary": {"light": "#1B5E20", "dark": "#A5D6A7"}}}"##)
        try fixture.write(
            "targets/bolt/variants/holiday/variant.json",
            ##"{"when": {"from": "2026-12-20T00:00", "until": "2026-12-27T00:00", "timeZone": "Europe/Paris"}, "order": 0}"##)
        try fixture.write("targets/bolt/variants/big-button/style.json", ##"{"dimensions": {"radiusM": 24}}"##)
        try fixture.write(
            "targets/bolt/variants/big-button/variant.json",
            ##"{"when": {"all": [{"percent": 50, "seed": "big-button"}, {"platforms": ["android"]}]}, "order": 2}"##)
        // polyglot speaks five languages, with store listings in each and what every language shares.
        let displayName = Self.names.map { "\"\($0.tag == "en-US" ? "default" : $0.tag)\": \"\($0.name)\"" }.joined(separator: ", ")
        try edit(
            fixture, "targets/polyglot/style.json", replacing: "\"displayName\": \"Polyglot\"", with: "\"displayName\": {\(displayName)}")
        for (tag, name, _) in Self.names {
            try fixture.write("targets/polyglot/store/\(tag)/name.txt", name + "\n")
            try fixture.write("targets/polyglot/store/\(tag)/title.txt", name + "\n")
            try fixture.write("targets/polyglot/store/\(tag)/description.txt", "\(name): one app, many languages.\n")
            try fixture.write("targets/polyglot/store/\(tag)/short_description.txt", "\(name) for everyone\n")
            try fixture.write("targets/polyglot/store/\(tag)/full_description.txt", "\(name): one app, many languages.\n")
        }
        try fixture.write("targets/polyglot/store/default/privacy_url.txt", "https://polyglot.example/privacy\n")
        try fixture.write("targets/polyglot/store/copyright.txt", "2026 Polyglot Ltd\n")
        try fixture.write("targets/polyglot/store/images/featureGraphic.png", TestFiles.png(width: 1024, height: 500))
        try fixture.commitAll("five clients")
        return fixture
    }

    // MARK: - The week

    @Test(.enabled(if: tools, missing))
    func aTeamsWeek() async throws {
        let fixture = try monday()
        let work = try TemporaryDirectory(prefix: "livery-week")

        // The contract from the clients as they are; the repository validates clean.
        let contract = try livery(["contract", "init"], fixture)
        try #require(contract.status == 0, "\(contract.stdout)\(contract.stderr)")
        let validate = try livery(["validate"], fixture)
        seam("2 the onboarded clients keep the contract", validate.status == 0, validate.stdout)
        try fixture.commitAll("the app's contract")

        try checkNewAgreesWithValidate(fixture)
        let dist = try checkEveryPlatform(fixture, work: work)
        try checkOneNamePerLocale(dist: dist)
        try checkStoreListings(dist: dist)
        try await checkSharedCodeAndVariants(fixture, dist: dist, work: work)
        try checkVariantFindings(fixture)
        try checkVariantInput(fixture)
        try checkRelease(fixture, work: work)
        try checkFailedBuild(fixture, work: work)
        try checkPlugin(fixture, work: work)
        try checkVersions()
    }

    // MARK: - Seams

    /// Seam 2: a contract that asks for more than a template gives: `new` and `validate`
    /// say the same, and `new` either makes a client that validates or writes nothing.
    func checkNewAgreesWithValidate(_ fixture: FixtureRepository) throws {
        try edit(
            fixture, "targets/contract.json", replacing: "\"body\": {\"optional\": true, \"requires\": [\"file\"]}",
            with: "\"body\": {\"requires\": [\"file\"]}")
        let new = try livery(
            ["new", "kiwi", "--template", "starter", "--set", "displayName=Kiwi", "--set", "bundleId=com.example.kiwi", "--no-input"],
            fixture)
        let written = FileManager.default.fileExists(atPath: fixture.path + "/targets/kiwi")
        if new.status == 0 {
            let validate = try livery(["validate", "--target", "kiwi"], fixture)
            seam("2 new admits only what validate admits", validate.status == 0, "new said \(new.stdout); validate said \(validate.stdout)")
        } else {
            seam("2 new refuses without writing", !written, "new exited \(new.status) and left targets/kiwi")
            seam("2 new names the contract's token", (new.stdout + new.stderr).contains("body"), new.stdout + new.stderr)
            seam(
                "2 new's finding is an error, as validate's",
                !(new.stdout + new.stderr).contains("warning: ") || (new.stdout + new.stderr).contains("error: "), new.stdout + new.stderr)
        }
        // The week goes on with the contract as it was.
        try fixture.git(["checkout", "--", "targets/contract.json"])
        if written { try fixture.remove("targets/kiwi") }
    }

    /// Every platform for every client, in one build.
    func checkEveryPlatform(_ fixture: FixtureRepository, work: TemporaryDirectory) throws -> String {
        let dist = work.path + "/dist"
        let build = try livery(["build", "--platform", "all", "--out", dist], fixture)
        try #require(build.status == 0, "build: \(build.stdout)\(build.stderr)")
        for id in ["fig", "acme", "verde", "bolt", "polyglot"] {
            for platform in ["ios", "android", "web", "dtcg"] {
                #expect(FileManager.default.fileExists(atPath: "\(dist)/\(id)/\(platform)"), "\(id) has no \(platform)/")
            }
        }
        #expect(FileManager.default.fileExists(atPath: dist + "/polyglot/fastlane/metadata"), "polyglot has no fastlane/")
        #expect(FileManager.default.fileExists(atPath: dist + "/bolt/variants.json"))
        return dist
    }

    /// Seam 4: each of polyglot's languages has one name, on iOS, Android, the web and in the stores.
    func checkOneNamePerLocale(dist: String) throws {
        let bundle = dist + "/polyglot"
        let catalog = try #require(try json(bundle + "/ios/InfoPlist.xcstrings") as? [String: Any])
        let strings = try #require(catalog["strings"] as? [String: Any])
        let displayName = try #require(strings["CFBundleDisplayName"] as? [String: Any])
        let localizations = try #require(displayName["localizations"] as? [String: Any])
        for (tag, name, folder) in Self.names {
            // iOS: the string catalog's value for the tag, or the source language's for the default.
            let ios = ((localizations[tag] as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String
            seam(
                "4 iOS says \(tag)'s name", ios == name || (tag == "en-US" && ios == nil), "\(tag): iOS \(ios ?? "none"), expected \(name)")
            // Android: app_name in the tag's values folder (the default in values/).
            let xml = (try? text("\(bundle)/android/res/\(folder)/strings.xml")) ?? ""
            let android = xml.range(of: #"(?<=<string name="app_name">)[^<]*"#, options: .regularExpression).map { String(xml[$0]) }
            seam("4 Android says \(tag)'s name", android == name, "\(tag): Android \(android ?? "none") in \(folder), expected \(name)")
        }
        // The web manifest and fastlane agree with both.
        let manifest = try #require(try json(bundle + "/web/manifest.webmanifest") as? [String: Any])
        seam("4 the web manifest's name is the default one", manifest["name"] as? String == "Polyglot", "\(manifest["name"] ?? "none")")
        for (tag, name, _) in Self.names where tag != "en-US" {
            let appStore = try? text("\(bundle)/fastlane/metadata/\(appStoreCode(tag))/name.txt")
            seam("4 fastlane's App Store name for \(tag)", appStore?.trimmingCharacters(in: .newlines) == name, "\(appStore ?? "none")")
        }
    }

    func appStoreCode(_ tag: String) -> String {
        ["fr-CA": "fr-CA", "de-DE": "de-DE", "ja": "ja", "he": "he", "en-US": "en-US"][tag] ?? tag
    }

    /// Seam 9: what every language shares reaches every language; deliver's root files are written.
    func checkStoreListings(dist: String) throws {
        let fastlane = dist + "/polyglot/fastlane"
        let privacy = try? text(fastlane + "/metadata/default/privacy_url.txt")
        let perLanguage = Self.names.compactMap { try? text("\(fastlane)/metadata/\(appStoreCode($0.tag))/privacy_url.txt") }
        seam(
            "9 a shared privacy URL reaches every language",
            privacy == "https://polyglot.example/privacy\n" || perLanguage.count == Self.names.count,
            "default: \(privacy ?? "none"); per language: \(perLanguage.count) of \(Self.names.count)")
        let copyright = try? text(fastlane + "/metadata/copyright.txt")
        seam(
            "9 copyright.txt is written where deliver reads it", copyright?.trimmingCharacters(in: .newlines) == "2026 Polyglot Ltd",
            copyright ?? "none")
    }

    /// Seams 1 and 11: the shared code compiled once per language runs every client with the
    /// values their style.json gives; bolt's active variant and a signed update reach the
    /// typed theme in both runtimes, as the store resolves them and as `livery variant` says.
    func checkSharedCodeAndVariants(_ fixture: FixtureRepository, dist: String, work: TemporaryDirectory) async throws {
        let generated = work.path + "/generated"
        let generate = try livery(["contract", "generate", "--swift", "app/ios", "--kotlin", "app/android"], fixture)
        try #require(generate.status == 0, "contract generate: \(generate.stdout)\(generate.stderr)")
        try FileManager.default.createDirectory(atPath: generated, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture.path + "/app/ios/AppTheme.swift", toPath: generated + "/AppTheme.swift")
        try FileManager.default.copyItem(atPath: fixture.path + "/app/android/AppTheme.kt", toPath: generated + "/AppTheme.kt")
        try FileManager.default.removeItem(atPath: fixture.path + "/app")
        let contract = try ContractParser.parse(
            Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path + "/targets/contract.json"))), file: "targets/contract.json")
        let app = AppThemeConsumerTests.App(
            contract: contract, dist: dist, clients: ["acme", "bolt", "fig", "polyglot", "verde"], generated: generated)
        let swift = try AppThemeConsumerTests.compileSwift(app, scratch: work.path + "/swift")
        try FileManager.default.createDirectory(atPath: work.path + "/week", withIntermediateDirectories: true)
        try Data(TeamWeekVariants.kotlinWeek.utf8).write(to: URL(fileURLWithPath: work.path + "/week/Week.kt"))
        let kotlin = try AppThemeConsumerTests.compileKotlin(app, scratch: work.path + "/kotlin", extra: [work.path + "/week/Week.kt"])
        try AppThemeConsumerTests.checkEveryClient(app, swift: swift, kotlin: kotlin)
        try await TeamWeekVariants.check(
            app, swift: swift, kotlin: kotlin, repository: fixture.path, base: "HEAD", scratch: work.path + "/variants"
        ) { seam($0, $1, $2) }
    }

    /// Seam 6: a finding in a variant names the variant and the file that holds the value;
    /// `contract-uneven` names the client that lacks the token.
    func checkVariantFindings(_ fixture: FixtureRepository) throws {
        try fixture.write(
            "targets/bolt/variants/holiday/style.json",
            ##"{"colors": {"primary": {"light": "#1B5E20", "dark": "#A5D6A7"}, "onPrimary": {"light": "#1C5F21", "dark": "#0B1B3F"}}}"##)
        let result = try livery(["validate", "--format", "json"], fixture)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        let findings = (report["diagnostics"] as? [[String: Any]]) ?? []
        let contrast = findings.filter { ($0["rule"] as? String) == "contrast" && ($0["target"] as? String) == "bolt" }
        seam("6 the variant's contrast finding is reported", !contrast.isEmpty, result.stdout)
        for finding in contrast {
            seam("6 a variant's finding names the variant", finding["variant"] as? String == "holiday", "\(finding)")
            seam(
                "6 a variant's finding is at the variant's file",
                (finding["file"] as? String) == "targets/bolt/variants/holiday/style.json", "\(finding)")
        }
        try fixture.git(["checkout", "--", "targets/bolt/variants/holiday/style.json"])

        // A token only fig lacks: contract-uneven (without a contract) points at fig.
        try FileManager.default.moveItem(atPath: fixture.path + "/targets/contract.json", toPath: fixture.path + "/contract.aside")
        defer {
            try? FileManager.default.moveItem(atPath: fixture.path + "/contract.aside", toPath: fixture.path + "/targets/contract.json")
        }
        let uneven = try livery(["validate", "--format", "json"], fixture)
        let unevenReport = try #require(
            try JSONSerialization.jsonObject(with: Data(uneven.stdout.utf8)) as? [String: Any], "\(uneven.stdout)")
        let spacing = ((unevenReport["diagnostics"] as? [[String: Any]]) ?? []).filter {
            ($0["rule"] as? String) == "contract-uneven" && (($0["message"] as? String) ?? "").contains("spacingS")
        }
        seam("6 contract-uneven is reported for dimensions.spacingS", !spacing.isEmpty, uneven.stdout)
        for finding in spacing {
            seam(
                "6 contract-uneven points at the client lacking the token", (finding["file"] as? String)?.hasPrefix("targets/fig/") == true,
                "\(finding)")
        }
    }

    /// Seam 10: `livery variant` refuses what is not an input, naming the form it accepts.
    func checkVariantInput(_ fixture: FixtureRepository) throws {
        let cases: [([String], String)] = [
            (["--country", "CAN"], "--country"), (["--platform", "windows"], "--platform"),
            (["--app-version", "banana"], "--app-version"), (["--install-id", ""], "--install-id"),
        ]
        for (arguments, option) in cases {
            let base = arguments.first == "--install-id" ? [] : ["--install-id", "install-1"]
            let result = try livery(["variant", "bolt"] + base + arguments, fixture)
            seam(
                "10 variant refuses \(arguments.joined(separator: " "))", result.status == 2 && result.stderr.contains(option),
                "exit \(result.status): \(result.stdout)\(result.stderr)")
        }
    }

    /// Seam 7: a failed client's bundle from an earlier good build is not left as if current.
    func checkFailedBuild(_ fixture: FixtureRepository, work: TemporaryDirectory) throws {
        let dist = work.path + "/dist-failure"
        let good = try livery(["build", "--out", dist], fixture)
        try #require(good.status == 0, "\(good.stdout)\(good.stderr)")
        try edit(fixture, "targets/fig/style.json", replacing: "\"#16181D\"", with: "\"#16181\"")
        let failed = try livery(["build", "--out", dist], fixture)
        seam("7 the failed build fails", failed.status == 1, failed.stdout + failed.stderr)
        seam(
            "7 the failed client's earlier bundle is gone", !FileManager.default.fileExists(atPath: dist + "/fig"),
            "dist/fig is still there")
        seam(
            "7 the summary says the earlier bundle was removed", (failed.stdout + failed.stderr).contains("removed"),
            failed.stdout + failed.stderr)
        seam("7 the other clients' bundles stay", FileManager.default.fileExists(atPath: dist + "/acme/style.json"), "")
        try fixture.git(["checkout", "--", "targets/fig/style.json"])
    }

    /// Seam 3: the plugin follows its selection file: editing it rebuilds for the other client.
    func checkPlugin(_ fixture: FixtureRepository, work: TemporaryDirectory) throws {
        let scratch = try TemporaryDirectory(prefix: "livery-week-plugin")
        let packed = try SwiftPMPluginTests.release(LiveryBinary.path, into: scratch.path + "/release")
        try #require(packed.status == 0, "scripts/product/package-release: \(packed.stderr)")
        let app = URL(fileURLWithPath: scratch.path).appendingPathComponent("app")
        try SwiftPMPluginTests.write(
            SwiftPMPluginTests.manifest(plugin: scratch.path + "/release/livery-plugin"), to: app.appendingPathComponent("Package.swift"))
        try SwiftPMPluginTests.write(SwiftPMPluginTests.main, to: app.appendingPathComponent("Sources/app/main.swift"))
        try FileManager.default.copyItem(atPath: fixture.path, toPath: app.appendingPathComponent("branding").path)
        let selection = app.appendingPathComponent("livery-plugin.json")
        // Back and forth, as a developer checks one client, then another, then the first again.
        for client in ["acme", "verde", "acme", "verde"] {
            try SwiftPMPluginTests.write(#"{"client": "\#(client)", "repository": "branding"}"#, to: selection)
            let built = try SwiftPMPluginTests.build(app, client: nil, folder: "app")
            seam("3 editing livery-plugin.json builds \(client)", built.output.hasPrefix("client \(client)\n"), built.log + built.output)
        }
        // A selection in the target's own folder wins over the root's, and is an input too.
        for client in ["bolt", "fig", "bolt"] {
            try SwiftPMPluginTests.write(
                #"{"client": "\#(client)", "repository": "../../branding"}"#,
                to: app.appendingPathComponent("Sources/app/livery-plugin.json"))
            let built = try SwiftPMPluginTests.build(app, client: nil, folder: "app")
            seam(
                "3 the target folder's livery-plugin.json builds \(client)", built.output.hasPrefix("client \(client)\n"),
                built.log + built.output)
        }
        // And a change to the chosen client's style rebuilds.
        let style = app.appendingPathComponent("branding/targets/bolt/style.json")
        let before = try text(style.path)
        try SwiftPMPluginTests.write(
            before.replacingOccurrences(of: "\"displayName\": \"Bolt\"", with: "\"displayName\": \"Bolt Two\""), to: style)
        let renamed = try SwiftPMPluginTests.build(app, client: nil, folder: "app")
        seam("3 a change to the client's style rebuilds", renamed.output.contains("name Bolt Two\n"), renamed.log + renamed.output)
    }

    /// Seam 8: the versions the GitHub Action and pre-commit hook name are livery's own.
    func checkVersions() throws {
        let version = try LiveryBinary.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        for file in ["action.yml", ".pre-commit-hooks.yaml"] {
            let text = try self.text(Self.root + "/" + file)
            let numbers = text.matches(of: /\b\d+\.\d+\.\d+\b/).map { String($0.output) }
            seam(
                "8 \(file) names livery's version", numbers.allSatisfy { version.hasSuffix($0) },
                "\(file) names \(numbers); livery is \(version)")
        }
    }
}
