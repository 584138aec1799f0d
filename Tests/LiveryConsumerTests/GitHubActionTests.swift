import Foundation
import LiveryTestSupport
import Testing

/// action.yml run as a GitHub runner runs a composite action: each step's
/// `${{ … }}` expressions filled from the inputs (defaults included), its
/// `env`, `if` and `working-directory` honoured, and GITHUB_PATH carried to
/// the next step. The release it installs is this livery, packed by
/// scripts/product/package-release and served from a file: URL.
@Suite("GitHub Action")
struct GitHubActionTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// python3 with PyYAML (pre-commit brings it).
    static let yaml: String? = {
        guard let python = ExternalTool.python3.path, (try? runProcess(python, ["-c", "import yaml"]))?.status == 0 else { return nil }
        return python
    }()

    /// Runs action.yml's steps with the inputs given as JSON; an expression it
    /// does not know fails, so the action cannot use one this runner skips.
    static let runner = #"""
        import json, os, re, subprocess, sys, yaml
        action = yaml.safe_load(open(sys.argv[1]))
        given = json.loads(sys.argv[2])
        unknown = set(given) - set(action["inputs"])
        if unknown: sys.exit("unknown inputs %s" % sorted(unknown))
        inputs = {name: given.get(name, spec.get("default", "")) for name, spec in action["inputs"].items()}
        for name, spec in action["inputs"].items():
            if spec.get("required") and not inputs[name]: sys.exit("input %s is required" % name)
        context = {"github.action_repository": "example/livery"}
        def expand(text):
            def value(match):
                expression = match.group(1).strip()
                if expression.startswith("inputs."): return str(inputs[expression[len("inputs."):]])
                return context[expression]
            return re.sub(r"\$\{\{(.*?)\}\}", value, str(text))
        assert action["runs"]["using"] == "composite"
        for step in action["runs"]["steps"]:
            condition = step.get("if")
            if condition:
                match = re.fullmatch(r"inputs\.([\w-]+) != '(.*)'", condition.strip())
                if inputs[match.group(1)] == match.group(2): continue
            environment = dict(os.environ)
            environment.update({key: expand(value) for key, value in step.get("env", {}).items()})
            added = [line for line in open(environment["GITHUB_PATH"]).read().split("\n") if line]
            environment["PATH"] = ":".join(reversed(added) if added else []) + (":" if added else "") + environment["PATH"]
            directory = os.path.join(environment["GITHUB_WORKSPACE"], expand(step.get("working-directory", ".")))
            done = subprocess.run([step["shell"], "-e", "-c", expand(step["run"])], env=environment, cwd=directory)
            if done.returncode: sys.exit(done.returncode)
        """#

    struct Runner {
        let scratch: TemporaryDirectory
        let releases: String
        let sha256: String
        let version: String

        init() throws {
            scratch = try TemporaryDirectory(prefix: "livery-action")
            releases = scratch.path + "/releases"
            let packed = try runProcess(
                GitHubActionTests.projectRoot.appendingPathComponent("scripts/product/package-release").path, [LiveryBinary.path, releases])
            try #require(packed.status == 0, "scripts/product/package-release: \(packed.stderr)")
            // The archive's path comes first; the plugin's bundle and package follow.
            let archive = try #require(packed.stdout.split(separator: "\n").first.map(String.init))
            let digest = try runProcess(try #require(which("sha256sum")), [archive])
            sha256 = String(digest.stdout.prefix(64))
            version = try LiveryBinary.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Runs the action in `workspace`; the files GitHub gives a step are fresh each run.
        func run(_ inputs: [String: String], in workspace: String) throws -> (result: ProcessResult, outputs: String) {
            let run = try TemporaryDirectory(prefix: "livery-action-run")
            for file in ["path", "output", "summary"] { FileManager.default.createFile(atPath: run.path + "/" + file, contents: nil) }
            var environment = ProcessInfo.processInfo.environment
            for key in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT", "GITHUB_PATH"] { environment.removeValue(forKey: key) }
            // The runner's PATH has no livery: the action must put it there.
            environment["PATH"] = "/usr/local/bin:/usr/bin:/bin"
            environment.merge([
                "GITHUB_ACTIONS": "true", "GITHUB_ACTION_PATH": GitHubActionTests.projectRoot.path, "GITHUB_WORKSPACE": workspace,
                "GITHUB_PATH": run.path + "/path", "GITHUB_OUTPUT": run.path + "/output", "GITHUB_STEP_SUMMARY": run.path + "/summary",
                "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64", "RUNNER_TEMP": scratch.path, "NO_COLOR": "1",
            ]) { $1 }
            var all = ["version": version, "release-url": "file://\(releases)/livery-{version}-{os}-{arch}.tar.gz", "sha256": sha256]
            all.merge(inputs) { $1 }
            let json = String(decoding: try JSONSerialization.data(withJSONObject: all, options: [.sortedKeys]), as: UTF8.self)
            let action = GitHubActionTests.projectRoot.appendingPathComponent("action.yml").path
            let result = try runProcess(
                try #require(GitHubActionTests.yaml), ["-c", GitHubActionTests.runner, action, json], environment: environment)
            return (result, (try? String(contentsOfFile: run.path + "/output", encoding: .utf8)) ?? "")
        }
    }

    func branding() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", TeamToolsTests.base)
        for id in ["alpha", "beta"] {
            try fixture.write(
                "targets/\(id)/style.json", ##"{"extends": "base", "app": {"displayName": "\##(id)", "bundleId": "com.example.\##(id)"}}"##)
        }
        try fixture.commitAll("clients", tag: "v1")
        return fixture
    }

    /// One runner for every command (packing the release once): install only,
    /// a refused download, validate's annotations, build of a matrix job's
    /// targets, and diff's report and breaking-change gate.
    @Test(.enabled(if: yaml != nil, "python3 with PyYAML is missing (python3 -m pip install pre-commit)"))
    func theActionInstallsAReleaseAndRunsEachCommand() throws {
        let runner = try Runner()
        let fixture = try branding()

        let installOnly = try runner.run([:], in: fixture.path)
        #expect(installOnly.result.status == 0, "\(installOnly.result.stdout)\(installOnly.result.stderr)")
        #expect(installOnly.result.stdout.contains("livery \(runner.version) installed"))

        let tampered = try runner.run(["sha256": String(repeating: "0", count: 64)], in: fixture.path)
        #expect(tampered.result.status == 2)
        #expect(
            tampered.result.stdout.contains("::error title=livery::") && tampered.result.stdout.contains("not the 0000"),
            "\(tampered.result.stdout)")

        try fixture.write(
            "targets/beta/style.json",
            ##"{"extends": "base", "app": {"displayName": "Beta", "bundleId": "com.example.beta"}, "colors": {"fg": "#GG0000"}}"##)
        let validate = try runner.run(["command": "validate"], in: fixture.path)
        #expect(validate.result.status == 1)
        #expect(validate.result.stdout.contains("::error file=targets/beta/style.json,line=1,col="), "\(validate.result.stdout)")
        let build = try runner.run(["command": "build", "targets": "alpha beta", "output": "dist"], in: fixture.path)
        #expect(build.result.status == 1, "beta does not validate, so the build fails")
        #expect(build.result.stdout.contains("::error file=targets/beta/style.json"), "\(build.result.stdout)")
        #expect(FileManager.default.fileExists(atPath: fixture.path + "/dist/alpha/style.json"), "alpha is built all the same")

        try fixture.write(
            "targets/beta/style.json",
            ##"{"extends": "base", "app": {"displayName": "Beta", "bundleId": "com.example.beta"}, "colors": {"accent": "#220000"}}"##)
        let built = try runner.run(["command": "build", "base": "v1", "output": "affected"], in: fixture.path)
        #expect(built.result.status == 0, "\(built.result.stdout)\(built.result.stderr)")
        let affected = (try? FileManager.default.contentsOfDirectory(atPath: fixture.path + "/affected")) ?? []
        #expect(affected.filter { !$0.hasPrefix(".") } == ["beta"])

        let diff = try runner.run(["command": "diff", "base": "v1", "output": "changes.md", "fail-on": "breaking"], in: fixture.path)
        #expect(diff.result.status == 0, "an added colour breaks nothing: \(diff.result.stdout)\(diff.result.stderr)")
        #expect(diff.outputs.contains("report=changes.md"))
        #expect(try String(contentsOfFile: fixture.path + "/changes.md", encoding: .utf8).contains("beta"))
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}, "colors": {"bg": "#FFFFFF"}}"##)
        let breaking = try runner.run(["command": "diff", "base": "v1", "fail-on": "breaking"], in: fixture.path)
        #expect(breaking.result.status == 1, "a removed colour breaks the apps: \(breaking.result.stdout)")
        #expect(FileManager.default.fileExists(atPath: fixture.path + "/livery-diff.md"))

        let wrong = try runner.run(["command": "deploy"], in: fixture.path)
        #expect(wrong.result.status == 2 && wrong.result.stdout.contains("command is validate, build, diff or none"))
    }
}
