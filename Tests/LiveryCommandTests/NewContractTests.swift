import Foundation
import LiveryTestSupport
import Testing

/// `livery new` and the app's contract: a finding has the severity `validate` gives it, a
/// client the contract refuses is never written, and every shipped template keeps the
/// shipped contract.
@Suite("livery new holds a new client to the app's contract")
struct NewContractTests {
    /// This repository's root, whose targets/ (contract included) and templates/ the fixtures copy.
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A repository holding a copy of this project's targets/ (with targets/contract.json)
    /// and templates/, committed.
    func shippedRepository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.copy(["targets", "templates"], from: Self.projectRoot.path)
        try fixture.commitAll("branding")
        return fixture
    }

    /// The shipped templates: this repository's and the built-in one.
    static let shippedTemplates: [String] = {
        let root = projectRoot.appendingPathComponent("templates").path
        let own = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter {
            FileManager.default.fileExists(atPath: root + "/" + $0 + "/template.json")
        }
        return own.sorted() + ["starter"]
    }()

    @Test func theShippedTemplatesAreThisRepositorysAndTheBuiltInOne() {
        #expect(Self.shippedTemplates == ["bank", "retail", "starter"])
    }

    @Test(arguments: shippedTemplates)
    func everyShippedTemplateMakesAClientThatKeepsTheShippedContract(template: String) throws {
        let fixture = try shippedRepository()
        var arguments = [
            "new", "fig", "--template", template, "--set", "displayName=Fig", "--set", "bundleId=com.example.fig", "--no-input",
        ]
        // The built-in starter extends nothing unless told; here it takes a client that has what the contract asks.
        if template == "starter" { arguments += ["--set", "parent=acme-bank"] }
        let new = try LiveryBinary.run(arguments, in: fixture.path)
        #expect(new.status == 0, "\(new.stdout)\(new.stderr)")
        #expect(!(new.stdout + new.stderr).contains("error:"), "\(new.stdout)\(new.stderr)")
        let validate = try LiveryBinary.run(["validate", "--target", "fig"], in: fixture.path)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        #expect(!validate.stdout.contains("error:"), "\(validate.stdout)")
        // The whole repository, the new client among the others, still holds.
        let all = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(all.status == 0, "\(all.stdout)\(all.stderr)")
    }

    /// A repository of one starter client, then a contract that asks for a font with its file.
    func repositoryWithAFontContract(rules: String? = nil) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.commitAll("start")
        let first = try LiveryBinary.run(
            ["new", "north", "--template", "starter", "--set", "displayName=North", "--set", "bundleId=com.example.north", "--no-input"],
            in: fixture.path
        )
        try #require(first.status == 0, "\(first.stdout)\(first.stderr)")
        try fixture.write("targets/contract.json", #"{"colors": {"primary": {}}, "fonts": {"body": {"requires": ["file"]}}}"#)
        if let rules { try fixture.write("livery.json", rules) }
        try fixture.commitAll("contract")
        return fixture
    }

    /// Lines of the contract's findings, as a command prints them.
    func contractLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains("[contract-") }
    }

    @Test func newRefusesWhatValidateRefusesWithTheSameFindingsAndWritesNothing() throws {
        let fixture = try repositoryWithAFontContract()
        let new = try LiveryBinary.run(
            ["new", "fig", "--template", "starter", "--set", "displayName=Fig", "--set", "bundleId=com.example.fig", "--no-input"],
            in: fixture.path
        )
        #expect(new.status == 1, "\(new.stdout)\(new.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/targets/fig"))
        #expect(
            new.stderr.hasSuffix(
                "✗ targets/fig/ would not pass validation, so nothing was written. Fix the values (or the template) and run again.\n"))
        let found = contractLines(new.stdout + new.stderr).filter { $0.hasSuffix("[contract-missing]") }
        #expect(
            found == [
                "targets/fig/style.json: error: 'fig' has no font 'body', which the app's contract declares: add it to targets/fig/style.json (at /fonts/body) [contract-missing]"
            ], "\(new.stdout)\(new.stderr)")
        #expect(!(new.stdout + new.stderr).contains("warning: 'fig' has no"), "\(new.stdout)\(new.stderr)")

        // The same client written by hand: validate says the same, line for line.
        let made = try FixtureRepository()
        try made.write("README.md", "branding\n")
        try made.commitAll("start")
        let unchecked = try LiveryBinary.run(
            ["new", "fig", "--template", "starter", "--set", "displayName=Fig", "--set", "bundleId=com.example.fig", "--no-input"],
            in: made.path
        )
        try #require(unchecked.status == 0, "\(unchecked.stdout)\(unchecked.stderr)")
        try FileManager.default.copyItem(atPath: made.path + "/targets/fig", toPath: fixture.path + "/targets/fig")
        let validate = try LiveryBinary.run(["validate", "--target", "fig"], in: fixture.path)
        #expect(validate.status == 1, "\(validate.stdout)")
        #expect(
            contractLines(validate.stdout + validate.stderr).filter { $0.hasSuffix("[contract-missing]") } == found, "\(validate.stdout)")
    }

    @Test func commitRefusesTooAndMakesNoBranch() throws {
        let fixture = try repositoryWithAFontContract()
        let new = try LiveryBinary.run(
            [
                "new", "fig", "--template", "starter", "--commit", "--set", "displayName=Fig", "--set", "bundleId=com.example.fig",
                "--no-input",
            ], in: fixture.path
        )
        #expect(new.status == 1, "\(new.stdout)\(new.stderr)")
        #expect(try fixture.git(["branch", "--list", "onboard/*"]) == "")
    }

    @Test func livery_jsonRulesSetTheSeverityForNewAsForValidate() throws {
        // The contract declares no flag analyticsTarget, which the starter writes: contract-extra,
        // a warning by default. The contract's body font is given by the parent, north.
        let fixture = try repositoryWithAFontContract(rules: #"{"rules": {"contract-extra": "error"}}"#)
        try fixture.write("targets/contract.json", #"{"colors": {"primary": {}}}"#)
        try fixture.write(
            "targets/north/style.json",
            try String(contentsOfFile: fixture.path + "/targets/north/style.json", encoding: .utf8)
                .replacingOccurrences(of: "\"flags\": {\n    \"analyticsTarget\": \"north\"\n  }", with: "\"flags\": {}"))
        try fixture.commitAll("no flags")
        let arguments = [
            "new", "fig", "--template", "starter", "--set", "displayName=Fig", "--set", "bundleId=com.example.fig", "--no-input",
        ]
        // Raised to an error: new refuses, as validate would.
        let refused = try LiveryBinary.run(arguments, in: fixture.path)
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(
            contractLines(refused.stderr).allSatisfy { $0.contains(": error: ") && $0.hasSuffix("[contract-extra]") }
                && !contractLines(refused.stderr).isEmpty, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/targets/fig"))

        // As a warning: written and reported as validate reports it.
        try fixture.write("livery.json", #"{"rules": {"contract-extra": "warning"}}"#)
        let warned = try LiveryBinary.run(arguments, in: fixture.path)
        #expect(warned.status == 0, "\(warned.stdout)\(warned.stderr)")
        let found = contractLines(warned.stdout + warned.stderr)
        #expect(!found.isEmpty && found.allSatisfy { $0.contains(": warning: ") }, "\(warned.stdout)\(warned.stderr)")
        let validate = try LiveryBinary.run(["validate", "--target", "fig"], in: fixture.path)
        #expect(validate.status == 0, "\(validate.stdout)")
        #expect(contractLines(validate.stdout + validate.stderr) == found, "\(validate.stdout)")

        // Off: neither says anything of it.
        try fixture.write("livery.json", #"{"rules": {"contract-extra": "off"}}"#)
        let quiet = try LiveryBinary.run(
            ["new", "kiwi", "--template", "starter", "--set", "displayName=Kiwi", "--set", "bundleId=com.example.kiwi", "--no-input"],
            in: fixture.path)
        #expect(quiet.status == 0 && contractLines(quiet.stdout + quiet.stderr).isEmpty, "\(quiet.stdout)\(quiet.stderr)")
    }

    @Test func aParentThatGivesWhatTheContractAsksLetsTheStarterThrough() throws {
        let fixture = try repositoryWithAFontContract()
        // north gets the font (with its file) and becomes the parent of the next client.
        try fixture.write(
            "targets/north/assets/Body.ttf",
            [UInt8](Data(contentsOf: URL(fileURLWithPath: ExternalTool.fontDirectory + "/dejavu/DejaVuSans.ttf"))))
        let style = try String(contentsOfFile: fixture.path + "/targets/north/style.json", encoding: .utf8)
        try fixture.write(
            "targets/north/style.json",
            style.replacingOccurrences(
                of: "\"dimensions\": {",
                with:
                    "\"fonts\": {\"body\": {\"family\": \"DejaVu Sans\", \"size\": 16, \"weight\": \"regular\", \"file\": \"assets/Body.ttf\"}},\n  \"dimensions\": {"
            ))
        try fixture.commitAll("north's font")
        let new = try LiveryBinary.run(
            [
                "new", "fig", "--template", "starter", "--set", "displayName=Fig", "--set", "bundleId=com.example.fig", "--set",
                "parent=north", "--no-input",
            ],
            in: fixture.path
        )
        #expect(new.status == 0, "\(new.stdout)\(new.stderr)")
        let written = try String(contentsOfFile: fixture.path + "/targets/fig/style.json", encoding: .utf8)
        #expect(written.contains("\"extends\": \"north\""), "\(written)")
        // Without a parent, the starter extends nothing: no "extends" is written.
        let own = try String(contentsOfFile: fixture.path + "/targets/north/style.json", encoding: .utf8)
        #expect(!own.contains("\"extends\""), "\(own)")
    }
}
