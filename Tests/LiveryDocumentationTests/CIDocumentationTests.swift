import Foundation
import LiveryTestSupport
import Testing

/// Runs every `livery` command of docs/ci.md against a fixture history, with
/// the variables GitHub Actions and GitLab CI would set, so the documented
/// workflows keep working as the CLI changes.
@Suite("docs/ci.md runs as written")
struct CIDocumentationTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A base, two groups of clients and a lone client at `v1`; then the
    /// `banks` group changes in the working tree.
    func history() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"""
            {"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"},
             "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}, "fg": {"light": "#111111", "dark": "#EEEEEE"}}}
            """##)
        try fixture.write("targets/banks/style.json", #"{"abstract": true, "extends": "base", "flags": {"bank": true}}"#)
        try fixture.write("targets/shops/style.json", #"{"abstract": true, "extends": "base", "flags": {"shop": true}}"#)
        for index in 0..<5 {
            try fixture.write(
                "targets/bank-\(index)/style.json",
                ##"{"extends": "banks", "app": {"displayName": "Bank \##(index)", "bundleId": "com.example.b\##(index)"}, "images": {"logo": "logo.png"}}"##
            )
            try fixture.write("targets/bank-\(index)/logo.png", TestFiles.png(width: 4 * (index + 1), height: 4, rgb: (UInt8(index), 1, 2)))
            try fixture.write(
                "targets/shop-\(index)/style.json",
                ##"{"extends": "shops", "app": {"displayName": "Shop \##(index)", "bundleId": "com.example.s\##(index)"}}"##)
        }
        try fixture.commitAll("clients", tag: "v1")
        try fixture.write(
            "targets/banks/style.json", #"{"abstract": true, "extends": "base", "flags": {"bank": true, "biometrics": true}}"#)
        return fixture
    }

    /// The shell lines in docs/ci.md's YAML blocks that run livery.
    static func documentedCommands() throws -> [String] {
        let text = try String(contentsOf: projectRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        var inYAML = false
        var commands: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inYAML = line.hasPrefix("```yaml")
                continue
            }
            guard inYAML,
                line.range(of: #"(^|[\s($"])livery (validate|build|list|diff|new|templates|schema)\b"#, options: .regularExpression) != nil
            else { continue }
            var command = line.trimmingCharacters(in: .whitespaces)
            for prefix in ["- run: ", "run: ", "- "] where command.hasPrefix(prefix) {
                command = String(command.dropFirst(prefix.count))
                break
            }
            commands.append(command)
        }
        return commands
    }

    /// The `with:` inputs of each step of docs/ci.md that uses livery's action (`uses: …/livery@…`).
    static func documentedActionSteps() throws -> [[String: String]] {
        let text = try String(contentsOf: projectRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        var steps: [[String: String]] = []
        var withIndent: Int?
        func indent(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let depth = withIndent {
                if indent(line) > depth, let colon = trimmed.firstIndex(of: ":") {
                    let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    steps[steps.count - 1][String(trimmed[..<colon])] = value
                    continue
                }
                withIndent = nil
            }
            if trimmed.range(of: #"^(- )?uses: [\w.-]+/livery@"#, options: .regularExpression) != nil {
                steps.append([:])
            } else if trimmed == "with:", !steps.isEmpty, steps[steps.count - 1].isEmpty {
                withIndent = indent(line)
            }
        }
        return steps
    }

    /// Runs the action's command step (scripts/integration/action-run) with a documented step's
    /// inputs, its expressions replaced by what GitHub would give in `values`.
    func runAction(_ step: [String: String], in directory: String, _ values: [String: String]) throws -> ProcessResult {
        var variables: [String: String] = [:]
        for (input, variable) in [
            "command": "LIVERY_COMMAND", "targets": "LIVERY_TARGETS", "base": "LIVERY_BASE", "output": "LIVERY_OUTPUT",
            "format": "LIVERY_FORMAT", "fail-on": "LIVERY_FAIL_ON", "args": "LIVERY_ARGS",
        ] {
            guard var value = step[input] else { continue }
            for (expression, replacement) in values { value = value.replacingOccurrences(of: "${{ \(expression) }}", with: replacement) }
            #expect(!value.contains("${{"), "an expression the test does not fill: \(value)")
            variables[variable] = value
        }
        return try shell(
            "\"$ACTION_RUN\"", in: directory,
            variables.merging(["ACTION_RUN": Self.projectRoot.appendingPathComponent("scripts/integration/action-run").path]) { $1 })
    }

    func shell(_ command: String, in directory: String, _ variables: [String: String]) throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            URL(fileURLWithPath: LiveryBinary.path).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "GITHUB_ACTIONS")
        for (key, value) in variables { environment[key] = value }
        return try runProcess("/bin/bash", ["-euo", "pipefail", "-c", command], in: directory, environment: environment)
    }

    func bundles(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static let affected = (0..<5).map { "bank-\($0)" }

    @Test func theDocumentNamesEveryStepCIUses() throws {
        let commands = try Self.documentedCommands()
        let actions = try Self.documentedActionSteps()
        #expect(actions.contains { $0["command"] == "validate" })
        #expect(commands.contains { $0.contains("livery list --affected-since") && $0.contains("--format matrix") })
        #expect(actions.contains { $0["command"] == "build" && $0["targets"] == "${{ matrix.targets }}" })
        #expect(actions.allSatisfy { $0["version"] == "${{ env.LIVERY_VERSION }}" }, "every job installs the same release")
        #expect(!commands.contains { $0.contains("swift build") }, "no job compiles livery")
        #expect(commands.contains { $0.contains("--shard \"$CI_NODE_INDEX/$CI_NODE_TOTAL\"") })
        #expect(commands.contains { $0.contains("livery diff") })
    }

    @Test func theGitHubWorkflowValidatesPlansAndBuildsEachAffectedClientOnce() throws {
        let fixture = try history()
        let commands = try Self.documentedCommands()
        let scratch = try TemporaryDirectory()
        let output = scratch.path + "/github-output"
        let summary = scratch.path + "/step-summary"
        // GitHub makes both files before a step runs; the commands append to them.
        try #require(FileManager.default.createFile(atPath: output, contents: nil))
        try #require(FileManager.default.createFile(atPath: summary, contents: nil))
        let github = ["BASE": "v1", "GITHUB_OUTPUT": output, "GITHUB_STEP_SUMMARY": summary, "RUNNER_TEMP": scratch.path]

        let actions = try Self.documentedActionSteps()
        let pullRequest = ["github.event.pull_request.base.sha": "v1"]
        let validate = try #require(actions.first { $0["command"] == "validate" })
        let checked = try runAction(validate, in: fixture.path, [:])
        #expect(checked.status == 0, "\(validate): \(checked.stderr)")

        let plan = try #require(commands.first { $0.contains("--format matrix") })
        let planned = try shell(plan, in: fixture.path, github)
        #expect(planned.status == 0, "\(plan): \(planned.stderr)")
        let line = try #require(
            try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("matrix=") })
        let matrix = try #require(try JSONSerialization.jsonObject(with: Data(line.dropFirst("matrix=".count).utf8)) as? [String: Any])
        let include = try #require(matrix["include"] as? [[String: Any]])
        #expect(!include.isEmpty && include.count <= 8)

        let build = try #require(actions.first { $0["command"] == "build" })
        for entry in include {
            let targets = try #require(entry["targets"] as? String)
            let result = try runAction(build, in: fixture.path, ["matrix.targets": targets])
            #expect(result.status == 0, "\(build) with \(targets): \(result.stderr)")
        }
        #expect(bundles(in: fixture.path + "/dist") == Self.affected)

        let diff = try #require(actions.first { $0["command"] == "diff" })
        let reported = try runAction(diff, in: fixture.path, pullRequest)
        #expect(reported.status == 0, "\(diff): \(reported.stderr)")
        #expect(try String(contentsOfFile: fixture.path + "/diff.md", encoding: .utf8).contains("bank-0"))

        // The gate: a new flag breaks nothing; removing one does.
        let gate = try #require(commands.first { $0.contains("livery diff") && $0.contains("--exit-code breaking") })
        let passed = try shell(gate, in: fixture.path, github)
        #expect(passed.status == 0, "\(gate): \(passed.stdout)\(passed.stderr)")
        try fixture.write("targets/banks/style.json", #"{"abstract": true, "extends": "base", "flags": {"biometrics": true}}"#)
        let stopped = try shell(gate, in: fixture.path, github)
        #expect(stopped.status == 1, "\(gate): \(stopped.stdout)\(stopped.stderr)")
    }

    @Test func theGitLabPipelineBuildsEachAffectedClientOnceAcrossParallelJobs() throws {
        let fixture = try history()
        let commands = try Self.documentedCommands()
        let validate = try #require(commands.first { $0.hasPrefix("livery validate --format json") })
        #expect(try shell(validate, in: fixture.path, ["BASE": "v1"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: fixture.path + "/validation.json"))

        let build = try #require(commands.first { $0.contains("$CI_NODE_INDEX/$CI_NODE_TOTAL") })
        var built: [String] = []
        for index in 1...4 {
            let out = try TemporaryDirectory()
            let line = build.replacingOccurrences(of: "--out dist", with: "--out \(out.path)")
            let result = try shell(line, in: fixture.path, ["BASE": "v1", "CI_NODE_INDEX": "\(index)", "CI_NODE_TOTAL": "4"])
            #expect(result.status == 0, "\(line): \(result.stderr)")
            built += bundles(in: out.path)
        }
        #expect(built.sorted() == Self.affected)
    }

    /// docs/ci.md's pipelines among its YAML blocks: the GitHub workflow, then the GitLab
    /// pipeline (the pre-commit configuration is neither).
    static func yamlBlocks() throws -> [String] {
        let text = try String(contentsOf: projectRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        return text.components(separatedBy: "```yaml\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
            .filter { $0.contains("\njobs:\n") || $0.hasPrefix("stages:") }
    }

    @Test(
        .enabled(
            if: ExternalTool.checkJSONSchema.isInstalled, "check-jsonschema is not installed (scripts/product/bootstrap --test installs it)"
        ))
    func bothExamplesAreValidByTheOfficialSchemas() throws {
        let blocks = try Self.yamlBlocks()
        try #require(blocks.count == 2)
        let scratch = try TemporaryDirectory()
        for (block, schema) in zip(blocks, ["vendor.github-workflows", "vendor.gitlab-ci"]) {
            let file = scratch.path + "/\(schema).yml"
            try Data(block.utf8).write(to: URL(fileURLWithPath: file))
            let checked = try runProcess(try #require(ExternalTool.checkJSONSchema.path), ["--builtin-schema", schema, file])
            #expect(checked.status == 0, "\(schema): \(checked.stdout)\(checked.stderr)")
            // The check can fail: a permission no schema allows is refused.
            let broken = block.replacingOccurrences(of: "when: always", with: "when: sometimes")
                .replacingOccurrences(of: "contents: read", with: "contents: reed")
            try Data(broken.utf8).write(to: URL(fileURLWithPath: file))
            #expect(try runProcess(try #require(ExternalTool.checkJSONSchema.path), ["--builtin-schema", schema, file]).status != 0)
        }
    }

    /// GitHub's jobs install livery with the action (no apt-get, no compile); GitLab's install
    /// step gets libgd and libgit2 after `apt-get update`; the workflow only reads the
    /// repository; the report is written, uploaded and posted before the gate.
    @Test func theExamplesInstallEverythingAndReportBeforeTheGate() throws {
        let blocks = try Self.yamlBlocks()
        try #require(blocks.count == 2)
        let (github, gitlab) = (blocks[0], blocks[1])
        #expect(!github.contains("apt-get") && !github.contains("swift build"), "the action installs a release")
        for block in [gitlab] {
            for install in block.components(separatedBy: "\n").filter({ $0.contains("apt-get install") }) {
                #expect(install.contains("libgd-dev") && install.contains("libgit2-dev"), "\(install)")
            }
            let update = try #require(block.range(of: "apt-get update"))
            let install = try #require(block.range(of: "apt-get install"))
            #expect(update.lowerBound < install.lowerBound)
        }
        #expect(github.contains("permissions:\n  contents: read\n"))
        #expect(github.components(separatedBy: "      contents: read\n      pull-requests: write\n").count == 2)
        let reportStart = try #require(github.range(of: "  report:"))
        let report = String(github[reportStart.lowerBound...])
        let order = ["command: diff", "actions/upload-artifact", "gh pr comment", "--exit-code breaking"]
        let places = order.map { report.range(of: $0)?.lowerBound }
        #expect(places.allSatisfy { $0 != nil })
        #expect(
            places.compactMap { $0 } == places.compactMap { $0 }.sorted(), "the report job writes, uploads and comments before the gate")
        let jobStart = try #require(gitlab.range(of: "\ndiff:"))
        let job = String(gitlab[jobStart.lowerBound...])
        let gitlabOrder = [
            "--format markdown --output diff.md", "merge_requests/$CI_MERGE_REQUEST_IID/notes", "--exit-code breaking", "when: always",
        ]
        let gitlabPlaces = gitlabOrder.map { job.range(of: $0)?.lowerBound }
        #expect(gitlabPlaces.allSatisfy { $0 != nil })
        #expect(gitlabPlaces.compactMap { $0 } == gitlabPlaces.compactMap { $0 }.sorted())
    }
}
