import Foundation
import LiveryTestSupport
import Testing

@Suite("livery new and livery templates")
struct NewCommandTests {
    /// This repository's root, whose targets/ and templates/ the fixtures copy.
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A repository holding a copy of this project's targets/ and templates/, committed.
    func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        // Without the demo's contract: these check templates, not the app's contract.
        try fixture.copy(["targets", "templates"], from: Self.projectRoot.path, excluding: ["targets/contract.json"])
        try fixture.commitAll("branding")
        return fixture
    }

    func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Every path under `root`, hidden ones included.
    func listing(_ root: String) -> Set<String> {
        Set((FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? [])
    }

    static let required = ["--set", "displayName=Acme Money", "--set", "bundleId=com.acme.bank"]

    // MARK: making a target

    @Test(arguments: ["bank", "retail"])
    func eachShippedTemplateMakesAValidTargetFromItsDefaults(template: String) throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(["new", "acme", "--template", template] + Self.required, in: fixture.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                "✓ targets/acme/ made from template \(template): assets/AppIcon.png, assets/logo.svg, assets/splash-dark.svg, assets/splash.svg, style.json\n"
            ))
        let templateDir = fixture.path + "/templates/\(template)"
        let targetDir = fixture.path + "/targets/acme"
        #expect(try bytes(targetDir + "/assets/AppIcon.png") == bytes(templateDir + "/assets/AppIcon.png"))
        #expect(try bytes(targetDir + "/assets/logo.svg") == bytes(templateDir + "/assets/logo.svg"))
        #expect(!FileManager.default.fileExists(atPath: targetDir + "/template.json"))
        let style = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: targetDir + "/style.json"))) as? [String: Any])
        let app = try #require(style["app"] as? [String: Any])
        #expect(app["displayName"] as? String == "Acme Money")
        #expect(app["bundleId"] as? String == "com.acme.bank")
        #expect((style["flags"] as? [String: Any])?["analyticsTarget"] as? String == "acme")
        #expect(!(try String(contentsOfFile: targetDir + "/style.json", encoding: .utf8)).contains("{{"))
        let validate = try LiveryBinary.run(["validate", "--strict", "--target", "acme"], in: fixture.path)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        // No scratch directory is left beside the target.
        #expect(listing(fixture.path + "/targets").filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func quotesAndBackslashesInAValueKeepStyleJSONValid() throws {
        let fixture = try repository()
        let name = #"Bob's "Best" \ Bank"#
        let result = try LiveryBinary.run(
            [
                "new", "bob", "--template", "bank", "--set", "displayName=\(name)", "--set", "bundleId=com.bob.bank", "--set",
                "welcomeText=Hi {{there}} {colors.x}",
            ], in: fixture.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let style = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture.path + "/targets/bob/style.json")))
                as? [String: Any])
        #expect((style["app"] as? [String: Any])?["displayName"] as? String == name)
        #expect((style["flags"] as? [String: Any])?["welcomeText"] as? String == "Hi {{there}} {colors.x}")
    }

    @Test func aTemplateWithBinaryAssetsRoundTripsByteForByte() throws {
        let fixture = try repository()
        var random = SeededRandom(seed: 42)
        // Random bytes with a NUL, invalid UTF-8 and something that looks like a placeholder.
        var blob: [UInt8] = [0, 0xFF, 0xFE] + Array("{{displayName}}".utf8)
        for _ in 0..<65_536 { blob.append(UInt8.random(in: 0...255, using: &random)) }
        let font = try bytes(Self.projectRoot.path + "/templates/bank/assets/AppIcon.png")
        try fixture.write(
            "templates/binary/template.json",
            #"{"description": "Binary assets.", "variables": {"name": {"description": "A name.", "required": true}}}"#)
        try fixture.write(
            "templates/binary/style.json", #"{"extends": "banks", "app": {"displayName": "{{name}}", "bundleId": "com.example.binary"}}"#)
        try fixture.write("templates/binary/assets/data.bin", blob)
        try fixture.write("templates/binary/assets/deep/icon.png", font)
        try fixture.commitAll("binary template")

        let written = try LiveryBinary.run(["new", "bin", "--template", "binary", "--set", "name=Bin"], in: fixture.path)
        #expect(written.status == 0, "\(written.stdout)\(written.stderr)")
        #expect(try bytes(fixture.path + "/targets/bin/assets/data.bin") == blob)
        #expect(try bytes(fixture.path + "/targets/bin/assets/deep/icon.png") == font)

        let committed = try LiveryBinary.run(["new", "bin2", "--template", "binary", "--set", "name=Bin", "--commit"], in: fixture.path)
        #expect(committed.status == 0, "\(committed.stdout)\(committed.stderr)")
        let blobID = try fixture.git(["rev-parse", "onboard/bin2:targets/bin2/assets/data.bin"])
        #expect(blobID == (try fixture.blob(blob)))
        let iconID = try fixture.git(["rev-parse", "onboard/bin2:targets/bin2/assets/deep/icon.png"])
        #expect(iconID == (try fixture.blob(font)))
    }

    // MARK: --commit

    @Test func commitRecordsExactlyTheNewTargetOnABranchWithoutTouchingTheCheckout() throws {
        let fixture = try repository()
        try fixture.write("scratch.txt", "an untracked file\n")
        try fixture.git(["add", "scratch.txt"])
        let headBefore = try fixture.git(["rev-parse", "HEAD"])
        let statusBefore = try fixture.git(["status", "--porcelain"])
        let indexBefore = try fixture.git(["ls-files", "--stage"])

        let result = try LiveryBinary.run(["new", "acme", "--template", "bank", "--commit"] + Self.required, in: fixture.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let commit = try fixture.git(["rev-parse", "onboard/acme"])
        #expect(result.stdout.contains("branch: onboard/acme\ncommit: \(commit)\n"))

        #expect(try fixture.git(["rev-parse", "HEAD"]) == headBefore)
        #expect(try fixture.git(["symbolic-ref", "HEAD"]) == "refs/heads/main")
        #expect(try fixture.git(["status", "--porcelain"]) == statusBefore)
        #expect(try fixture.git(["ls-files", "--stage"]) == indexBefore)
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/targets/acme"))

        #expect(try fixture.git(["rev-parse", "onboard/acme^"]) == headBefore)
        let changes = try fixture.git(["diff-tree", "-r", "--name-status", "--no-renames", headBefore, commit])
        #expect(
            changes
                == "A\ttargets/acme/assets/AppIcon.png\nA\ttargets/acme/assets/logo.svg\nA\ttargets/acme/assets/splash-dark.svg\nA\ttargets/acme/assets/splash.svg\nA\ttargets/acme/style.json"
        )
        let icon = try fixture.git(["rev-parse", "\(commit):targets/acme/assets/AppIcon.png"])
        #expect(icon == (try fixture.git(["rev-parse", "HEAD:templates/bank/assets/AppIcon.png"])))
        #expect(try fixture.git(["log", "-1", "--format=%s", commit]) == "Onboard acme from template bank")
        #expect(try fixture.git(["log", "-1", "--format=%an <%ae>", commit]) == "Livery Tests <tests@livery.invalid>")

        let validate = try LiveryBinary.run(["validate", "--rev", "onboard/acme", "--target", "acme"], in: fixture.path)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")

        let again = try LiveryBinary.run(["new", "acme", "--template", "bank", "--commit"] + Self.required, in: fixture.path)
        #expect(again.status == 2)
        #expect(
            again.stderr
                == "error: branch 'onboard/acme' already exists. Choose another name with --branch, or delete it with `git branch -D onboard/acme`.\n"
        )
        #expect(try fixture.git(["rev-parse", "onboard/acme"]) == commit)
    }

    @Test func commitGoesToTheBranchNamedAndReadsHEADNotTheWorkingTree() throws {
        let fixture = try repository()
        // A target in the working tree only: --commit builds on HEAD, where the id is free.
        try fixture.write("targets/acme/style.json", "{ not json")
        let result = try LiveryBinary.run(
            ["new", "acme", "--template", "retail", "--commit", "--branch", "clients/acme"] + Self.required, in: fixture.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("branch: clients/acme\n"))
        #expect(try fixture.git(["rev-parse", "--verify", "--quiet", "clients/acme:targets/acme/style.json"]).count == 40)
        #expect(try String(contentsOfFile: fixture.path + "/targets/acme/style.json", encoding: .utf8) == "{ not json")

        let invalid = try LiveryBinary.run(
            ["new", "other", "--template", "retail", "--commit", "--branch", "bad..name"] + Self.required, in: fixture.path)
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("'bad..name' is not a valid branch name"))
    }

    @Test func commitWorksInABareRepositoryAndWritingNeedsAWorkingTree() throws {
        let fixture = try repository()
        let scratch = try TemporaryDirectory()
        let bare = scratch.path + "/bare.git"
        try runProcess(which("git") ?? "/usr/bin/git", ["clone", "--quiet", "--bare", fixture.path, bare])
        let written = try LiveryBinary.run(["new", "acme", "--template", "bank", "--repo", bare] + Self.required)
        #expect(written.status == 2)
        #expect(written.stderr.contains("no working tree"))
        let committed = try LiveryBinary.run(["new", "acme", "--template", "bank", "--repo", bare, "--commit"] + Self.required)
        #expect(committed.status == 0, "\(committed.stdout)\(committed.stderr)")
    }

    // MARK: error paths

    @Test func anUnknownTemplateIsAUsageError() throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(["new", "acme", "--template", "bnak"] + Self.required, in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr == "error: template `bnak` not found (did you mean `bank`?). Run `livery templates` to list them.\n")
    }

    @Test(arguments: ["Acme", "-acme", "acme_bank", String(repeating: "a", count: 64)])
    func anInvalidIdIsAUsageError(id: String) throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(["new", "--template", "bank"] + Self.required + ["--", id], in: fixture.path)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("'\(id)' is not a valid target id: use lowercase letters, digits and '-'"))
    }

    @Test func anIdInUseIsRefusedAndTheTargetIsUntouched() throws {
        let fixture = try repository()
        let before = try bytes(fixture.path + "/targets/acme-bank/style.json")
        let result = try LiveryBinary.run(["new", "acme-bank", "--template", "bank"] + Self.required, in: fixture.path)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "error: target 'acme-bank' already exists (targets/acme-bank/); livery new never overwrites a target. Choose another id, or run `livery list` to see the targets.\n"
        )
        #expect(try bytes(fixture.path + "/targets/acme-bank/style.json") == before)
        // An ignored directory of that name is in the way too.
        try fixture.write(".gitignore", "targets/ignored/\n")
        try fixture.write("targets/ignored/keep.txt", "mine\n")
        let ignored = try LiveryBinary.run(["new", "ignored", "--template", "bank"] + Self.required, in: fixture.path)
        #expect(ignored.status == 2)
        #expect(try String(contentsOfFile: fixture.path + "/targets/ignored/keep.txt", encoding: .utf8) == "mine\n")
    }

    @Test func everyMissingOrInvalidVariableIsNamedInOneMessage() throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(
            ["new", "acme", "--template", "bank", "--set", "primary=blue", "--set", "supportEmail=nobody", "--set", "colour=#FFF"],
            in: fixture.path)
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                error: template `bank`: 5 variables to fix:
                  `colour` is not a variable of this template
                  `displayName` is missing: The app's name under its icon and in the stores, e.g. "Acme Bank".
                  `bundleId` is missing: The reverse-DNS bundle identifier, e.g. com.acmebank.mobile.
                  `primary` = `blue` is invalid, not a colour: use #RGB, #RRGGBB or #RRGGBBAA, e.g. #0B5FFF. The brand colour in light mode, for buttons, links and account cards. White text sits on it, so pick a colour with at least 4.5:1 contrast against white.
                  `supportEmail` = `nobody` is invalid, it must match `^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$`. The address the app's help screen offers.
                Give each with --set NAME=VALUE (`livery templates` lists the variables).

                """)
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/targets/acme"))
    }

    @Test func noInputAndPipesNeverAsk() throws {
        let fixture = try repository()
        // Standard input is a pipe with answers in it: they are not read.
        let piped = try LiveryBinary.run(
            ["new", "acme", "--template", "bank"], in: fixture.path, input: Array("Acme\ncom.acme.app\n".utf8))
        #expect(piped.status == 2)
        #expect(piped.stderr.contains("`displayName` is missing"))
        #expect(!piped.stderr.contains("displayName — "))
        let noInput = try LiveryBinary.run(["new", "acme", "--template", "bank", "--no-input", "--set", "displayName=A"], in: fixture.path)
        #expect(noInput.status == 2)
        #expect(noInput.stderr.contains("`bundleId` is missing"))
    }

    @Test func malformedArgumentsAreUsageErrors() throws {
        let fixture = try repository()
        let noEquals = try LiveryBinary.run(["new", "acme", "--template", "bank", "--set", "displayName"], in: fixture.path)
        #expect(noEquals.status == 2)
        #expect(noEquals.stderr.contains("--set needs KEY=VALUE"))
        let twice = try LiveryBinary.run(
            ["new", "acme", "--template", "bank", "--set", "primary=#000", "--set", "primary=#111"], in: fixture.path)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("--set primary is given more than once"))
        let branchAlone = try LiveryBinary.run(["new", "acme", "--template", "bank", "--branch", "x"] + Self.required, in: fixture.path)
        #expect(branchAlone.status == 2)
        #expect(branchAlone.stderr.contains("--branch names the branch for --commit"))
        let noTemplate = try LiveryBinary.run(["new", "acme"], in: fixture.path)
        #expect(noTemplate.status == 2)
    }

    @Test func commitNeedsACommitToBuildOn() throws {
        let fixture = try FixtureRepository()
        try fixture.write("templates/t/template.json", #"{"description": "T.", "variables": {}}"#)
        let result = try LiveryBinary.run(["new", "acme", "--template", "t", "--commit"], in: fixture.path)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "error: the repository has no commits yet: --commit records the new target on top of HEAD. Commit first, or leave out --commit.\n"
        )
    }

    @Test func outsideARepositoryIsAUsageError() throws {
        let scratch = try TemporaryDirectory()
        let result = try LiveryBinary.run(
            ["new", "acme", "--template", "bank"] + Self.required, in: scratch.path, environment: ["GIT_CEILING_DIRECTORIES": scratch.path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: not a git repository"))
    }

    @Test func aTargetThatFailsValidationIsNotWritten() throws {
        let fixture = try repository()
        // A key the schema does not know, in the template's own file.
        try fixture.write(
            "templates/misspelt/template.json",
            #"{"description": "Misspelt.", "variables": {"name": {"description": "A name.", "required": true}}}"#)
        try fixture.write(
            "templates/misspelt/style.json",
            ##"{"extends": "banks", "app": {"displayName": "{{name}}", "bundleId": "com.example.misspelt"}, "colour": "#123456"}"##)
        try fixture.commitAll("misspelt template")
        let before = listing(fixture.path)
        let result = try LiveryBinary.run(["new", "acme", "--template", "misspelt", "--set", "name=Acme"], in: fixture.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("targets/acme/style.json"))
        #expect(result.stderr.contains("colour"))
        #expect(
            result.stderr.hasSuffix(
                "✗ targets/acme/ would not pass validation, so nothing was written. Fix the values (or the template) and run again.\n"))
        #expect(listing(fixture.path) == before)

        let committed = try LiveryBinary.run(["new", "acme", "--template", "misspelt", "--commit", "--set", "name=Acme"], in: fixture.path)
        #expect(committed.status == 1)
        #expect(try fixture.git(["branch", "--list", "onboard/*"]) == "")

        // A low-contrast colour is a warning: written, unless --strict.
        let strict = try LiveryBinary.run(
            ["new", "pale", "--template", "bank", "--strict", "--set", "primary=#FFFF00"] + Self.required, in: fixture.path)
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        #expect(strict.stderr.contains("[contrast]"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/targets/pale"))
    }

    @Test func aBrokenTemplateIsNamedWithTheFileToFix() throws {
        let fixture = try repository()
        try fixture.write(
            "templates/broken/template.json",
            #"{"description": "Broken.", "variables": {"name": {"description": "A name.", "required": true}}}"#)
        try fixture.write("templates/broken/style.json", "{\n  \"app\": {\"displayName\": \"{{name}}\", \"bundleId\": \"{{bundle}}\"}\n}")
        let result = try LiveryBinary.run(["new", "acme", "--template", "broken", "--set", "name=A"], in: fixture.path)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "template `broken` cannot be used:\n  templates/broken/style.json: error: placeholder {{bundle}} names no variable declared in template.json"
            ))
        let templates = try LiveryBinary.run(["templates"], in: fixture.path)
        #expect(templates.status == 1)
        #expect(templates.stderr.contains("templates/broken/style.json"))
    }

    // MARK: asking on a terminal

    /// util-linux's script(1); the BSD one on macOS takes other arguments.
    static let script: String? = {
        #if os(Linux)
            return which("script")
        #else
            return nil
        #endif
    }()

    @Test(.enabled(if: script != nil, "needs util-linux script(1) to make a pseudo-terminal"))
    func onATerminalMissingVariablesAreAskedOneByOne() throws {
        let fixture = try repository()
        let script = try #require(Self.script)
        // script(1) runs livery on a pseudo-terminal and passes our input to it.
        let command = [LiveryBinary.path, "new", "acme", "--template", "bank", "--set", "welcomeText=Hello"]
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "CI")
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "dumb"
        let answers = "Acme Bank\nnot-a-bundle-id\ncom.acme.bank\n#123456\n\n\n\n"
        let result = try runProcess(
            script, ["-qec", command, "/dev/null"], in: fixture.path, environment: environment, input: Array(answers.utf8))
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("displayName — The app's name under its icon"))
        #expect(result.stdout.contains("primaryDark [#8FB0FF]: "))
        #expect(result.stdout.contains("✗ `not-a-bundle-id` is invalid, not a bundle id"))
        #expect(!result.stdout.contains("welcomeText — "))
        let style = try String(contentsOfFile: fixture.path + "/targets/acme/style.json", encoding: .utf8)
        #expect(style.contains("\"brand\": \"#123456\""))
        #expect(style.contains("\"dark\": \"#8FB0FF\""))
        #expect(style.contains("\"welcomeText\": \"Hello\""))

        environment["CI"] = "true"
        let ci = try runProcess(
            script, ["-qec", command.replacingOccurrences(of: "'acme'", with: "'acme2'"), "/dev/null"], in: fixture.path,
            environment: environment, input: Array(answers.utf8))
        #expect(ci.status == 2)
        #expect(ci.stdout.contains("`displayName` is missing"))
    }

    // MARK: livery templates

    @Test func templatesListsEachTemplateWithItsVariables() throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(["templates"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("bank — A retail bank or credit union."))
        #expect(result.stdout.contains("\nretail — A shop, grocer or marketplace."))
        #expect(result.stdout.contains("  displayName   text      required\n"))
        #expect(result.stdout.contains("  primary       color     default #0B5FFF\n"))
        #expect(result.stdout.hasSuffix("Use: livery new ID --template NAME --set VARIABLE=VALUE …\n"))

        let json = try LiveryBinary.run(["templates", "--format", "json"], in: fixture.path)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let templates = try #require(document["templates"] as? [[String: Any]])
        #expect(templates.map { $0["name"] as? String } == ["bank", "retail", "starter"])
        #expect(templates.map { $0["builtIn"] as? Bool } == [false, false, true])
        let variables = try #require(templates.first?["variables"] as? [[String: Any]])
        #expect(variables.first?["name"] as? String == "displayName")
        #expect(variables.first?["required"] as? Bool == true)
    }
}
