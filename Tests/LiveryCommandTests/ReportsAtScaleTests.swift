import Foundation
import LiveryTestSupport
import Testing

/// What a new user sees first: one report per mistake, status lines that agree
/// with the exit code, and output that stays short on many clients.
@Suite("livery validate and build: one report per mistake, honest status lines")
struct ReportsAtScaleTests {
    static let clientCount = 50

    static func client(_ index: Int) -> String { "client-" + String(format: "%02d", index) }

    /// `count` clients extending a base; `typo` puts an invalid colour in base.
    func repository(clients count: Int = clientCount, typo: Bool = false, lowContrast: Int = 0) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        let error = typo ? "#C6282" : "#C62828"
        try fixture.write(
            "targets/base/style.json",
            """
            {
              "abstract": true,
              "colors": {
                "bg": "#FFFFFF",
                "fg": "#111111",
                "error": "\(error)"
              },
              "components": {"text": {"body": {"background": "bg", "foreground": "fg"}}},
              "appIcon": "icon.png"
            }
            """)
        // Every client inherits an app icon, which iOS and Android need (else app-icon-missing).
        try fixture.write("targets/base/icon.png", TestFiles.png(width: 1024, height: 1024))
        for index in 0..<count {
            let fg = index < lowContrast ? ##", "colors": {"fg": "#EEEEEE"}"## : ""
            try fixture.write(
                "targets/\(Self.client(index))/style.json",
                ##"{"extends": "base", "app": {"displayName": "C\##(index)", "bundleId": "com.example.c\##(index)"}\##(fg)}"##)
        }
        try fixture.commitAll("clients")
        return fixture
    }

    @Test func aTypoInBaseIsOneErrorAtItsSourceWithTheTargetsItAffects() throws {
        let fixture = try repository(typo: true)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains("[schema]") }.count == 1, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("targets/base/style.json:\n  targets/base/style.json:6:14: error: "), "\(result.stdout)")
        #expect(result.stdout.contains("\n    affects 50 targets: client-00, client-01, client-02, client-03, client-04, …\n"))
        #expect(result.stdout.hasSuffix("✗ 1 error in 50 of 51 targets\n"))
        #expect(lines.count < 10, "\(result.stdout)")
    }

    @Test func everyFormatReportsTheTypoOnce() throws {
        let fixture = try repository(typo: true)
        let json = try LiveryBinary.run(["validate", "--format", "json"], in: fixture.path)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        #expect(document["errors"] as? Int == 1)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect((diagnostics.first?["affectedTargets"] as? [String])?.count == Self.clientCount)

        let github = try LiveryBinary.run(["validate", "--format", "github"], in: fixture.path)
        #expect(github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error") }.count == 1)

        let sarif = try LiveryBinary.run(["validate", "--format", "sarif"], in: fixture.path)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdoutBytes)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect(((results.first?["properties"] as? [String: Any])?["affectedTargets"] as? [String])?.count == Self.clientCount)

        let scratch = try TemporaryDirectory()
        let summary = scratch.path + "/summary.md"
        let actions = try LiveryBinary.run(
            ["validate"], in: fixture.path, environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary])
        #expect(actions.stderr.split(separator: "\n").filter { $0.hasPrefix("::error") }.count == 1)
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(written.split(separator: "\n").filter { $0.hasPrefix("| ❌") }.count == 1)
        #expect(
            written.contains("| ❌ | 50 targets: client-00, client-01, client-02, client-03, client-04, … | targets/base/style.json:6:14"))
    }

    @Test func buildPrintsTheSameDeduplicatedLinesWithTargetNames() throws {
        let fixture = try repository(typo: true)
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--out", out.path, "--platform", "web"], in: fixture.path)
        #expect(build.status == 1)
        #expect(build.stderr.split(separator: "\n").filter { $0.contains("[schema]") }.count == 1, "\(build.stderr)")
        #expect(
            build.stderr.contains("\n  affects 50 targets: client-00, client-01, client-02, client-03, client-04, …\n"), "\(build.stderr)")
        #expect(
            build.stdout.hasSuffix("failed    … and 40 more (--verbose lists them)\n✗ 0 built, 0 unchanged, 50 failed → \(out.path)\n"),
            "\(build.stdout)")
        #expect(build.stdout.split(separator: "\n").count == 12)
        let verbose = try LiveryBinary.run(["build", "--out", out.path, "--platform", "web", "--verbose"], in: fixture.path)
        #expect(verbose.stdout.split(separator: "\n").filter { $0.hasPrefix("failed    client-") }.count == 50)
    }

    @Test func aBuildThatFailsEveryClientShowsTheErrorNotPagesOfWarnings() throws {
        let fixture = try repository(clients: 8, typo: true, lowContrast: 8)
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--out", out.path, "--platform", "web"], in: fixture.path)
        #expect(build.status == 1)
        let lines = build.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("targets/base/style.json:6:14: error: ") == true, "\(build.stderr)")
        #expect(lines.filter { $0.hasSuffix("[contrast]") }.count == 5, "\(build.stderr)")
        #expect(build.stderr.contains("… and 11 more contrast warnings; `livery validate` lists them all"), "\(build.stderr)")
        let verbose = try LiveryBinary.run(["build", "--out", out.path, "--platform", "web", "-v"], in: fixture.path)
        #expect(verbose.stderr.split(separator: "\n").filter { $0.hasSuffix("[contrast]") }.count == 16)
    }

    @Test func strictWithWarningsPrintsNoCheckMark() throws {
        let fixture = try repository(clients: 2, lowContrast: 1)
        let lenient = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(lenient.status == 0, "\(lenient.stdout)")
        #expect(lenient.stdout.hasSuffix("✓ 3 targets valid (2 warnings)\n"), "\(lenient.stdout)")
        let strict = try LiveryBinary.run(["validate", "--strict"], in: fixture.path)
        #expect(strict.status == 1)
        #expect(!strict.stdout.contains("✓"), "\(strict.stdout)")
        #expect(strict.stdout.hasSuffix("✗ 2 warnings in 1 of 3 targets (--strict fails on warnings)\n"), "\(strict.stdout)")
        let github = try LiveryBinary.run(["validate", "--strict", "--format", "github"], in: fixture.path)
        #expect(!github.stdout.contains("✓"))
    }

    @Test func anEmptyRepositorySaysHowToStartAndCreatesNothing() throws {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "my brands\n")
        try fixture.commitAll("empty")
        let build = try LiveryBinary.run(["build"], in: fixture.path)
        #expect(build.status == 1)
        #expect(!build.stdout.contains("✓") && !build.stderr.contains("✓"), "\(build.stdout)")
        #expect(build.stdout == "✗ nothing built: no targets\n")
        #expect(build.stderr.contains("livery new <id> --template starter"), "\(build.stderr)")
        #expect(build.stderr.contains("[no-targets]"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/dist"))
        let scratch = try TemporaryDirectory()
        _ = try LiveryBinary.run(["build", "--out", scratch.path + "/out"], in: fixture.path)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"))

        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 1)
        #expect(!validate.stdout.contains("✓"))
        #expect(validate.stdout.contains("livery new <id> --template starter"))
        #expect(validate.stdout.hasSuffix("✗ 1 error, no targets\n"))

        // A targets directory with nothing in it but the schema is no better.
        try fixture.write("targets/style.schema.json", "{}")
        let schemaOnly = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(schemaOnly.status == 1)
        #expect(schemaOnly.stdout.contains("no targets in 'targets/'"))
        let schemaOnlyBuild = try LiveryBinary.run(["build"], in: fixture.path)
        #expect(schemaOnlyBuild.status == 1)
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/dist"))
    }

    @Test func aCycleInExtendsReportsOnlyTheCycle() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/a/style.json", #"{"abstract": true, "extends": "b"}"#)
        try fixture.write("targets/b/style.json", #"{"extends": "a", "app": {"displayName": "B", "bundleId": "com.example.b"}}"#)
        try fixture.write("targets/c/style.json", #"{"abstract": true, "extends": "a"}"#)
        try fixture.commitAll("cycle")
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        #expect(!result.stdout.contains("abstract-unused"), "\(result.stdout)")
        #expect(result.stdout.contains("targets extend each other in a cycle: a → b → a"))
        #expect(result.stdout.hasSuffix("✗ 1 error in 1 of 3 targets\n"), "\(result.stdout)")
    }

    @Test func aNoOpRebuildIsOneLineUnlessVerbose() throws {
        let fixture = try repository(clients: 3)
        let out = try TemporaryDirectory()
        let first = try LiveryBinary.run(["build", "--out", out.path, "--platform", "web"], in: fixture.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("built     client-00\n"))
        let again = try LiveryBinary.run(["build", "--out", out.path, "--platform", "web"], in: fixture.path)
        #expect(again.status == 0)
        #expect(again.stdout == "✓ 0 built, 3 unchanged → \(out.path)\n", "\(again.stdout)")
        let verbose = try LiveryBinary.run(["build", "--out", out.path, "--platform", "web", "--verbose"], in: fixture.path)
        #expect(verbose.stdout == "unchanged client-00\nunchanged client-01\nunchanged client-02\n✓ 0 built, 3 unchanged → \(out.path)\n")
        let quiet = try LiveryBinary.run(["build", "--out", out.path, "--platform", "web", "--force", "-q"], in: fixture.path)
        #expect(quiet.stdout == "✓ 3 built, 0 unchanged → \(out.path)\n", "\(quiet.stdout)")
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        let both = try LiveryBinary.run(["build", "--quiet", "--verbose"], in: fixture.path)
        #expect(both.status == 2, "\(both.stderr)")
    }

    @Test func validateVerboseListsEveryTargetAndQuietOnlyTheResult() throws {
        let fixture = try repository(clients: 2, lowContrast: 1)
        let verbose = try LiveryBinary.run(["validate", "-v"], in: fixture.path)
        #expect(verbose.status == 0)
        #expect(verbose.stdout.contains("valid     client-00 (2 warnings)\nvalid     client-01\n"), "\(verbose.stdout)")
        let quiet = try LiveryBinary.run(["validate", "--quiet"], in: fixture.path)
        #expect(quiet.stdout == (try LiveryBinary.run(["validate"], in: fixture.path)).stdout)
        #expect(!quiet.stdout.contains("valid     client-01"))
    }
}
