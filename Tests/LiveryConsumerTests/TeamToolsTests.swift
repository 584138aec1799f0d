import Foundation
import LiveryTestSupport
import Testing

/// livery from the team's own tools: the pre-commit hook definition run by
/// pre-commit itself in a scratch repository, and the GitHub Action run step
/// by step as a runner would, against the official action schema.
@Suite("pre-commit hook and GitHub Action")
struct TeamToolsTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let base = ##"""
        {"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"},
         "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}, "fg": {"light": "#111111", "dark": "#EEEEEE"}}}
        """##

    /// A branding repository with a base and two clients, committed as `v1`.
    func branding() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", Self.base)
        for id in ["alpha", "beta"] {
            try fixture.write(
                "targets/\(id)/style.json", ##"{"extends": "base", "app": {"displayName": "\##(id)", "bundleId": "com.example.\##(id)"}}"##)
        }
        try fixture.commitAll("clients", tag: "v1")
        return fixture
    }

    /// PATH with the livery under test first; no network for what pre-commit or pip might try.
    func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            URL(fileURLWithPath: LiveryBinary.path).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["NO_COLOR"] = "1"
        for key in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT"] { environment.removeValue(forKey: key) }
        for (key, value) in [
            "HTTPS_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9", "PIP_INDEX_URL": "http://127.0.0.1:9/simple",
        ] {
            environment[key] = value
        }
        return environment.merging(extra) { $1 }
    }

    func commit(_ fixture: FixtureRepository, _ message: String, _ environment: [String: String]) throws -> ProcessResult {
        _ = try fixture.git(["add", "-A"])
        return try runProcess(try #require(which("git")), ["-C", fixture.path, "commit", "-m", message], environment: environment)
    }

    /// pre-commit installs the hook from a repository holding livery's
    /// .pre-commit-hooks.yaml and script as this checkout has them; a commit
    /// with a broken colour is refused with livery's message, a good one and
    /// one that touches no target pass.
    @Test(.enabled(if: ExternalTool.preCommit.isInstalled, "pre-commit is missing (python3 -m pip install pre-commit)"))
    func thePreCommitHookRefusesACommitWithAnInvalidTarget() throws {
        let hooks = try FixtureRepository()
        for file in [".pre-commit-hooks.yaml", "scripts/integration/pre-commit-validate"] {
            try hooks.write(file, [UInt8](Data(contentsOf: Self.projectRoot.appendingPathComponent(file))))
        }
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: hooks.path + "/scripts/integration/pre-commit-validate")
        let revision = try hooks.commitAll("hooks")
        let fixture = try branding()
        try fixture.write(
            ".pre-commit-config.yaml",
            """
            repos:
              - repo: \(hooks.path)
                rev: \(revision)
                hooks:
                  - id: livery-validate

            """)
        let home = try TemporaryDirectory(prefix: "pre-commit-home")
        let environment = environment(["PRE_COMMIT_HOME": home.path])
        let preCommit = try #require(ExternalTool.preCommit.path)
        let installed = try runProcess(preCommit, ["install"], in: fixture.path, environment: environment)
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")

        let good = try commit(fixture, "hook config", environment)
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        try fixture.write(
            "targets/beta/style.json",
            ##"{"extends": "base", "app": {"displayName": "Beta", "bundleId": "com.example.beta"}, "colors": {"fg": "#GG0000"}}"##)
        let bad = try commit(fixture, "a broken colour", environment)
        // git passes a hook's output on through its own standard error.
        let shown = bad.stdout + bad.stderr
        #expect(bad.status == 1, "\(shown)")
        #expect(shown.contains("livery validate") && shown.contains("Failed"), "\(shown)")
        #expect(shown.contains("targets/beta/style.json:1:"), "\(shown)")
        #expect(shown.contains("not a colour") && shown.contains("(at /colors/fg)"), "\(shown)")
        #expect(try fixture.git(["log", "--format=%s", "-1"]) == "hook config")

        try fixture.write(
            "targets/beta/style.json",
            ##"{"extends": "base", "app": {"displayName": "Beta", "bundleId": "com.example.beta"}, "colors": {"fg": "#220000"}}"##)
        let fixed = try commit(fixture, "a good colour", environment)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(try fixture.git(["log", "--format=%s", "-1"]) == "a good colour")
    }

    /// The hook's script maps changed paths to target ids: a parent names
    /// every target that extends it, livery.json every target.
    @Test func theHookScriptValidatesTheTargetsOfTheChangedPaths() throws {
        let fixture = try branding()
        try fixture.write("targets/alpha/style.json", #"{"extends": "base", "colors": {"fg": "wrong"}}"#)
        let script = Self.projectRoot.appendingPathComponent("scripts/integration/pre-commit-validate").path
        let onlyBeta = try runProcess(script, ["targets/beta/style.json"], in: fixture.path, environment: environment([:]))
        #expect(onlyBeta.status == 0, "\(onlyBeta.stdout)\(onlyBeta.stderr)")
        let viaBase = try runProcess(script, ["targets/base/style.json"], in: fixture.path, environment: environment([:]))
        #expect(viaBase.status == 1 && viaBase.stdout.contains("targets/alpha/style.json"), "\(viaBase.stdout)")
        let everything = try runProcess(script, ["livery.json"], in: fixture.path, environment: environment([:]))
        #expect(everything.status == 1, "\(everything.stdout)")
        let missing = try runProcess(
            script, ["targets/beta/style.json"], in: fixture.path, environment: environment(["LIVERY": "no-such-livery"]))
        #expect(missing.status == 2 && missing.stderr.contains("not on PATH"), "\(missing.stderr)")
    }

    /// action.yml is a valid action by GitHub's schema, the hook file by pre-commit's own check.
    @Test(
        .enabled(
            if: ExternalTool.checkJSONSchema.isInstalled && ExternalTool.preCommit.isInstalled, "check-jsonschema or pre-commit is missing")
    )
    func theDefinitionsPassTheirOfficialSchemas() throws {
        let check = try runProcess(
            try #require(ExternalTool.checkJSONSchema.path), ["--builtin-schema", "vendor.github-actions", "action.yml"],
            in: Self.projectRoot.path)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let manifest = try runProcess(
            try #require(ExternalTool.preCommit.path), ["validate-manifest", ".pre-commit-hooks.yaml"], in: Self.projectRoot.path)
        #expect(manifest.status == 0, "\(manifest.stdout)\(manifest.stderr)")
    }
}
