import Foundation
import LiveryTestSupport
import Testing

/// What people expect of a command line: a version command, help that runs as written,
/// completion of the values only the repository knows, --quiet and --verbose.
@Suite("The command line: version, help, completion, quiet and verbose")
struct CommandLineTests {
    /// A committed repository with an abstract base, two clients (not `acme`, which the examples make) and template `bank`
    /// whose default parent (`banks`) is not there.
    func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json", ##"{"abstract": true, "colors": {"onPrimary": "#FFFFFF", "bg": "#FFFFFF", "fg": "#111111"}}"##)
        try fixture.write("targets/apex/style.json", #"{"extends": "base", "app": {"displayName": "Apex", "bundleId": "com.apex.app"}}"#)
        try fixture.write("targets/verde/style.json", #"{"extends": "base", "app": {"displayName": "Verde", "bundleId": "com.verde.app"}}"#)
        try fixture.write(
            "templates/bank/template.json",
            ##"""
            {"description": "A bank.", "requires": ["colors.onPrimary"],
             "variables": {"displayName": {"description": "The app's name.", "required": true},
                           "parent": {"description": "The target to extend.", "kind": "id", "default": "banks"}}}
            """##)
        try fixture.write(
            "templates/bank/style.json",
            #"{"extends": "{{parent}}", "app": {"displayName": "{{displayName}}", "bundleId": "com.example.{{displayName}}"}}"#)
        try fixture.commitAll("branding")
        return fixture
    }

    // MARK: version

    @Test func versionIsACommandAndAnOption() throws {
        let option = try LiveryBinary.run(["--version"])
        let command = try LiveryBinary.run(["version"])
        #expect(command.status == 0, "\(command.stderr)")
        #expect(command.stdout == option.stdout)
        #expect(command.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    // MARK: help

    @Test func buildHelpStatesTheJobsDefaultOnce() throws {
        let help = try LiveryBinary.run(["build", "--help"]).stdout
        let start = try #require(help.range(of: "\n  --jobs <n>"))
        let entry = String(help[start.upperBound...]).components(separatedBy: "\n  --")[0]
        #expect(entry.components(separatedBy: "default").count == 2, "\(entry)")
    }

    @Test func theFirstExampleOfNewHelpRunsAsWritten() throws {
        let help = try LiveryBinary.run(["new", "--help"]).stdout
        let examples = try #require(help.range(of: "Examples:\n"))
        // The first example, with its continuation lines (`\` at the end) joined.
        var first = ""
        for line in help[examples.upperBound...].split(separator: "\n") {
            first += line.trimmingCharacters(in: .whitespaces)
            guard first.hasSuffix("\\") else { break }
            first = String(first.dropLast()) + " "
        }
        #expect(first.hasPrefix("livery new "))
        // In a repository of this project's kind and in a new, empty one.
        for fixture in [try repository(), try FixtureRepository()] {
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] =
                URL(fileURLWithPath: LiveryBinary.path).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["NO_COLOR"] = "1"
            let result = try runProcess("/bin/bash", ["-euc", first], in: fixture.path, environment: environment)
            #expect(result.status == 0, "\(first): \(result.stdout)\(result.stderr)")
            // Valid, and warned of nothing but the app icon a new client has yet to get and the
            // tokens it does not share with the others (the repository has no contract).
            let validate = try LiveryBinary.run(["validate"], in: fixture.path)
            #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
            let warnings = (validate.stdout + validate.stderr).split(separator: "\n").filter { $0.contains(": warning: ") }
            #expect(warnings.allSatisfy { $0.hasSuffix("[app-icon-missing]") || $0.hasSuffix("[contract-uneven]") }, "\(warnings)")
        }
    }

    // MARK: templates that do not fit the repository

    @Test func aMissingParentIsSaidByTemplatesAndNewFailsWithTheHint() throws {
        let fixture = try repository()
        let templates = try LiveryBinary.run(["templates"], in: fixture.path)
        #expect(templates.status == 0, "\(templates.stderr)")
        #expect(templates.stdout.contains("bank — A bank.\n  ! parent 'banks' is not in this repository; use --set parent=base\n"))

        let made = try LiveryBinary.run(["new", "bob", "--template", "bank", "--set", "displayName=Bob"], in: fixture.path)
        #expect(made.status == 2)
        #expect(made.stderr.contains("parent 'banks' is not in this repository; use --set parent=base"))
        #expect(!made.stderr.contains("Fix the values (or the template)"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/targets/bob"))

        let fixed = try LiveryBinary.run(
            ["new", "bob", "--template", "bank", "--set", "displayName=Bob", "--set", "parent=base"], in: fixture.path)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
    }

    @Test func aParentWithoutTheRequiredTokensWritesNothing() throws {
        let fixture = try repository()
        try fixture.write("targets/plain/style.json", ##"{"abstract": true, "colors": {"bg": "#FFFFFF"}}"##)
        try fixture.commitAll("a parent without onPrimary")
        let before = try fixture.git(["status", "--porcelain", "--untracked-files=all"])
        let result = try LiveryBinary.run(
            ["new", "bob", "--template", "bank", "--set", "displayName=Bob", "--set", "parent=plain", "--commit"], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("parent 'plain' does not define colors.onPrimary, which template `bank` requires"))
        #expect(try fixture.git(["status", "--porcelain", "--untracked-files=all"]) == before)
        #expect(try fixture.git(["branch", "--list", "onboard/*"]) == "")
    }

    // MARK: completion

    /// What bash completes for the words typed, with livery's completion script loaded
    /// and livery on PATH, in `directory`.
    func bashCompletions(_ words: [String], in directory: String) throws -> [String] {
        let script = try LiveryBinary.run(["--generate-completion-script", "bash"]).stdout
        let scratch = try TemporaryDirectory()
        try script.write(toFile: scratch.path + "/livery.bash", atomically: true, encoding: .utf8)
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let line = words.joined(separator: " ")
        let driver = """
            source '\(scratch.path)/livery.bash'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            _livery livery "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            URL(fileURLWithPath: LiveryBinary.path).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let result = try runProcess("/bin/bash", ["-c", driver], in: directory, environment: environment)
        return result.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test func completionOffersTheRepositorysTargetsAndTemplates() throws {
        let fixture = try repository()
        #expect(try bashCompletions(["livery", "build", "--target", ""], in: fixture.path) == ["apex", "base", "verde"])
        #expect(try bashCompletions(["livery", "validate", "--target", "v"], in: fixture.path) == ["verde"])
        #expect(try bashCompletions(["livery", "diff", "HEAD", "--target", "a"], in: fixture.path) == ["apex"])
        #expect(try bashCompletions(["livery", "new", "x", "--template", ""], in: fixture.path) == ["bank", "starter"])
        #expect(try bashCompletions(["livery", "build", "--platform", "a"], in: fixture.path) == ["android", "all"])
        #expect(try bashCompletions(["livery", "validate", "--format", "s"], in: fixture.path) == ["sarif"])
        #expect(try bashCompletions(["livery", "v"], in: fixture.path) == ["validate", "variant", "version"])
        // Outside a repository, nothing, quietly.
        let scratch = try TemporaryDirectory()
        #expect(try bashCompletions(["livery", "build", "--target", ""], in: scratch.path) == [])
    }

    @Test func targetCompletionKeepsTheIdsBeforeAComma() throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(
            ["---completion", "build", "--", "--target", "3", "6", "livery", "build", "--target", "apex,v"], in: fixture.path)
        #expect(result.stdout == "apex,verde\n", "\(result.stderr)")
    }

    // MARK: --quiet and --verbose

    @Test func quietAndVerboseChangeWhatIsSaidNotWhatIsDone() throws {
        let fixture = try repository()
        let ids = try LiveryBinary.run(["list", "--quiet"], in: fixture.path)
        #expect(ids.status == 0)
        #expect(ids.stdout == "apex\nbase\nverde\n")
        #expect(try LiveryBinary.run(["list", "-v"], in: fixture.path).stdout == (try LiveryBinary.run(["list"], in: fixture.path)).stdout)

        let templates = try LiveryBinary.run(["templates", "-q"], in: fixture.path)
        #expect(templates.status == 0)
        #expect(!templates.stdout.contains("Use: livery new"))
        #expect(try LiveryBinary.run(["templates"], in: fixture.path).stdout.contains("Use: livery new"))

        let quietNew = try LiveryBinary.run(
            ["new", "bob", "--template", "starter", "--set", "displayName=Bob", "--set", "bundleId=com.bob.app", "-q"], in: fixture.path)
        #expect(quietNew.status == 0, "\(quietNew.stderr)")
        #expect(quietNew.stdout == "✓ targets/bob/\n")
        let verboseNew = try LiveryBinary.run(
            ["new", "bo", "--template", "starter", "--set", "displayName=Bo", "--set", "bundleId=com.bo.app", "--verbose"], in: fixture.path
        )
        #expect(verboseNew.status == 0)
        #expect(verboseNew.stderr.contains("  primary = #0B5FFF\n"))
        #expect(verboseNew.stdout.contains("Next: replace the template's placeholder art in targets/bo/assets/, then commit targets/bo/."))

        try fixture.write("a.json", "{}")
        let schema = try LiveryBinary.run(["schema", "check", "--schema", "a.json", "a.json", "-q"], in: fixture.path)
        #expect(schema.status == 0)
        #expect(schema.stderr == "")
        #expect(
            try LiveryBinary.run(["schema", "check", "--schema", "a.json", "a.json", "-v"], in: fixture.path).stderr
                == "a.json: valid\n1 file valid\n")
        #expect(try LiveryBinary.run(["schema", "--quiet"], in: fixture.path).status == 0)

        for command in [["list"], ["templates"], ["new", "x", "--template", "starter"], ["schema"]] {
            let both = try LiveryBinary.run(command + ["-q", "-v"], in: fixture.path)
            #expect(both.status == 2, "\(command)")
            #expect(both.stderr.contains("--quiet and --verbose cannot be used together"), "\(command)")
        }
    }
}
