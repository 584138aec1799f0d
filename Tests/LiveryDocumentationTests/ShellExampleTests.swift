import Foundation
import LiveryTestSupport
import Testing

/// Every ```sh and ```console block of README.md and docs/*.md runs, as written, in a temporary
/// copy of this repository (its `targets/` and `templates/`, committed) plus the files the page
/// names; a console block's output is compared with what the page shows. A block that cannot run
/// here is in `allowed`, with the reason and the test that covers it instead.
@Suite("The shell examples of the README and docs run as written")
struct ShellExampleTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The pages whose shell examples run: the README and every page of docs/.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: projectRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// A block that is not run: the page, its first command's beginning, and why.
    struct Allowed: Sendable {
        let page: String
        let firstCommand: String
        let reason: String
    }

    static let allowed: [Allowed] = [
        Allowed(
            page: "docs/runtime.md", firstCommand: "livery keys root create",
            reason:
                "root keys held on separate offline machines; KeysTrustCommandTests and TrustEndToEndTests (scripts/testing/make-trust-flow) run every command"
        ),
        Allowed(
            page: "README.md", firstCommand: "scripts/product/demo",
            reason: "builds every platform with its real consumers and runs the whole suite: minutes; ScriptLayoutTests checks the set-up"),
        Allowed(
            page: "README.md", firstCommand: "scripts/product/build-release",
            reason: "a release build of livery itself: minutes, and it replaces .build/release"),
        Allowed(
            page: "README.md", firstCommand: "make install",
            reason: "installs under a prefix; ReadmeTests.makeInstallPutsTheBinaryAndCompletionUnderThePrefix runs it with the built binary"
        ),
        Allowed(
            page: "docs/ci.md", firstCommand: "umask 077",
            reason:
                "CI-only: reads a CI secret and the runner's RUNNER_TEMP; RuntimeDocumentationTests.theCIStepWritesTheSecretToAPrivateFileAndSignsWithIt runs it with both"
        ),
        Allowed(
            page: "docs/diff.md", firstCommand: "livery diff v1 v2",
            reason: "the page's v1 and v2 are described in prose, and the report names their commit ids; DiffCommandTests pin the report"),
        Allowed(
            page: "docs/gallery.md", firstCommand: "livery gallery --base origin/main",
            reason: "needs Chromium and a remote's branch; GalleryBrowserTests run the gallery in Chromium"),
        Allowed(
            page: "docs/visual.md", firstCommand: "livery diff origin/main HEAD --visual",
            reason: "needs Chromium and a remote's branch; VisualDiffTests run the visual diff in Chromium"),
        Allowed(
            page: "docs/import.md", firstCommand: "livery import dtcg design/resolver.json --brand brand\n",
            reason:
                "shows a second export whose change (brand2's primary) the page describes but does not give; ImportCommandTests import one over another"
        ),
        Allowed(
            page: "docs/templates.md",
            firstCommand: "livery new acme --template bank --set displayName=\"Acme Bank\" --set bundleId=com.acme.bank\n",
            reason:
                "shows a repository without `banks`, whose template requires tokens this repository's `bank` does not; CommandLineTests and TemplateNeedsTests pin the message"
        ),
        Allowed(
            page: "docs/templates.md",
            firstCommand:
                "livery new acme --template bank --set displayName=\"Acme Bank\" --set bundleId=com.acme.bank \\\n    --set parent=plain",
            reason:
                "a `plain` target and a template requiring fonts.button, which the page describes but this repository does not have; TemplateNeedsTests pin the message"
        ),
        Allowed(
            page: "docs/runtime-android.md", firstCommand: "runtime/android/build-maven",
            reason: "compiles the Kotlin runtime with kotlinc and the Android SDK; scripts/testing/test-kotlin-runtime runs it"),
        Allowed(
            page: "docs/store-listings.md", firstCommand: "fastlane deliver",
            reason: "network: uploads to App Store Connect and Google Play with the team's credentials"),
        Allowed(
            page: "docs/swiftpm-plugin.md", firstCommand: "scripts/product/package-release",
            reason: "a release build of livery itself, then packaging: minutes"),
    ]

    /// The number of blocks that do not run; a new one must be added here on purpose.
    static let allowedCount = 14

    static func isAllowed(_ example: ShellExample) -> Allowed? {
        guard let first = example.commands.first else { return nil }
        return allowed.first { $0.page == example.page && (first.text + "\n").hasPrefix($0.firstCommand) }
    }

    static func examples(of page: String) throws -> [ShellExample] {
        let text = try String(contentsOf: projectRoot.appendingPathComponent(page), encoding: .utf8)
        return ShellExample.examples(in: text, page: page)
    }

    // MARK: The fixture a page's examples run in

    /// A committed copy of this repository's targets and templates, then what `page` names.
    func fixture(for page: String, example: ShellExample, home: String) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.copy(["targets", "templates"], from: Self.projectRoot.path)
        _ = try fixture.commitAll("this repository's targets and templates", tag: "v1")
        try PageFixtures.prepare(page: page, example: example, fixture: fixture, home: home)
        return fixture
    }

    /// bash with livery on PATH, a scratch HOME and git identity, no colour, stderr after stdout
    /// as a terminal shows them.
    func shell(_ script: String, in directory: String, home: String) throws -> ProcessResult {
        try ShellExample.run(script, in: directory, home: home, stopAtFirstFailure: false)
    }

    // MARK: Tests

    @Test func theAllowListIsCountedAndEachEntryNamesABlock() throws {
        #expect(Self.allowed.count == Self.allowedCount, "an allowed block was added or removed: update allowedCount on purpose")
        let all = try Self.pages.flatMap { try Self.examples(of: $0) }
        for entry in Self.allowed {
            let matched = all.filter { Self.isAllowed($0)?.firstCommand == entry.firstCommand && $0.page == entry.page }
            #expect(
                matched.count >= 1, "\(entry.page): no block starts with '\(entry.firstCommand)' any more; remove it from the allowed list")
            #expect(!entry.reason.isEmpty)
        }
    }

    @Test func everyPageWithAShellCommandTagsItsBlocks() throws {
        // A `$ livery` line or a line starting `livery ` outside a sh/console/text block would
        // escape this suite: every command block is tagged.
        for page in Self.pages {
            let text = try String(contentsOf: Self.projectRoot.appendingPathComponent(page), encoding: .utf8)
            var language: String?
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("```") {
                    language = language == nil ? String(trimmed.dropFirst(3)) : nil
                } else if language == "", line.hasPrefix("$ livery ") || line.hasPrefix("livery ") {
                    Issue.record(
                        "\(page):\(index + 1): a livery command in an untagged block; tag it ```sh, ```console, or ```text for a synopsis")
                }
            }
        }
    }

    @Test(arguments: pages)
    func theShellExamplesOfThePageRun(_ page: String) throws {
        for example in try Self.examples(of: page) where Self.isAllowed(example) == nil {
            let home = try TemporaryDirectory()
            for folder in [".zfunc", ".config/fish/completions"] {
                try FileManager.default.createDirectory(atPath: home.path + "/" + folder, withIntermediateDirectories: true)
            }
            let fixture = try fixture(for: page, example: example, home: home.path)
            if example.language == "console" {
                try runTranscript(example, in: fixture.path, home: home.path)
            } else {
                try runScript(example, in: fixture.path, home: home.path)
            }
        }
    }

    /// A sh block runs as one script that stops at the first failing line, which is named.
    func runScript(_ example: ShellExample, in directory: String, home: String) throws {
        let marker = "livery-documentation-failed-at-line"
        let script = "set -eu\ntrap 'echo \"\(marker) $LINENO\" >&2' ERR\n" + example.body
        let result = try shell(script, in: directory, home: home)
        if result.status != 0 {
            let reported = result.stderr.components(separatedBy: "\n").last { $0.hasPrefix(marker) }
            let line = reported.flatMap { Int($0.dropFirst(marker.count + 1)) }.map { example.line + $0 - 2 }
            Issue.record("\(example), line \(line.map(String.init) ?? "?"): exit status \(result.status)\n\(result.stdout)\(result.stderr)")
        }
    }

    /// A console block runs command by command; each prints what the page shows under it.
    func runTranscript(_ example: ShellExample, in directory: String, home: String) throws {
        for command in example.commands {
            let result = try shell("exec 2>&1\n" + command.text, in: directory, home: home)
            let printed = result.stdout.components(separatedBy: "\n")
            for mismatch in ShellExample.mismatches(shown: command.output ?? [], printed: printed) {
                Issue.record("\(example), line \(command.line): `\(command.text)` (exit status \(result.status)): \(mismatch)")
            }
        }
    }

    // MARK: The extraction and comparison themselves

    @Test func blocksCommandsAndOutputsAreReadWithTheirLines() {
        let page = """
            text
            ```sh
            livery validate   # every target
            livery build \\
              --out dist
            ```
            ```console
            $ livery variant acme \\
                --country CA
            holiday
            $ livery list
            acme
            ```
            ```json
            {"livery": 1}
            ```
            """
        let examples = ShellExample.examples(in: page, page: "p.md")
        #expect(examples.map(\.line) == [2, 7])
        #expect(examples.first?.commands.map(\.text) == ["livery validate", "livery build \\\n--out dist"])
        #expect(examples.last?.commands.map(\.line) == [8, 11])
        #expect(examples.last?.commands.map(\.output) == [["holiday"], ["acme"]])
    }

    @Test func aDifferentOutputIsReportedAndAnEllipsisStandsForAnyText() {
        #expect(ShellExample.mismatches(shown: ["holiday"], printed: ["holiday", ""]).isEmpty)
        #expect(
            ShellExample.mismatches(shown: ["holiday"], printed: ["none (the client's style)"]).first?.contains("output line 1") == true)
        #expect(
            ShellExample.mismatches(shown: ["bank — A bank. …", "…", "end"], printed: ["bank — A bank. Extends", "a", "b", "end"]).isEmpty)
        #expect(!ShellExample.mismatches(shown: ["a", "…"], printed: ["b"]).isEmpty)
    }
}
