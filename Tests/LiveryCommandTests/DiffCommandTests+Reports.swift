import Foundation
import LiveryTestSupport
import Testing

/// What `livery diff`'s reports say and where they go: the patch an app applies, the HTML page
/// (no repository markup, and it renders), the step summary under GitHub Actions, how the
/// working tree and alias chains are named, and what --quiet and --verbose print.
extension DiffCommandTests {
    /// RFC 7396 merge over Foundation JSON values, as an app would apply a downloaded patch.
    static func merge(_ patch: Any, into target: Any?) -> Any? {
        guard let patchObject = patch as? [String: Any] else { return patch is NSNull ? nil : patch }
        var result = target as? [String: Any] ?? [:]
        for (key, value) in patchObject {
            result[key] = merge(value, into: result[key])
        }
        return result
    }

    @Test func eachPatchTurnsTheBaseBundleStyleIntoTheHeadBundleStyle() throws {
        let fixture = try repository()
        try fixture.write(
            "targets/base/style.json",
            Self.base.replacingOccurrences(
                of: ##""accent": "#0000AA""##, with: ##""accent": {"light": "#0000AA", "dark": "#AAAAFF"}, "new": "#123456""##))
        try fixture.write(
            "targets/acme/style.json", Self.child("acme", extra: ##", "flags": {"beta": true}, "dimensions": {"spacingM": 12}"##))
        try fixture.git(["mv", "targets/bolt", "targets/bolt-two"])
        try fixture.commitAll("v2", tag: "v2")
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--rev", "v1", "--out", out.path + "/v1"], in: fixture.path).status == 0)
        #expect(try LiveryBinary.run(["build", "--rev", "v2", "--out", out.path + "/v2"], in: fixture.path).status == 0)
        let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", "patch"], in: fixture.path)
        let patches = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        #expect(patches.keys.sorted() == ["$release", "acme", "bolt-two", "cove"])
        #expect((patches["$release"] as? [String: String])?["level"] == "major", "bolt was renamed: apps built from it break")
        for (id, oldID) in [("acme", "acme"), ("bolt-two", "bolt"), ("cove", "cove")] {
            let before = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(out.path)/v1/\(oldID)/style.json")))
            let after = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out.path)/v2/\(id)/style.json")))
            let patch = try #require(patches[id])
            let merged = try #require(Self.merge(patch, into: before) as? NSDictionary)
            #expect(merged == after as? NSDictionary, "\(id)")
        }
    }

    /// Writes the HTML diff of a display name that tries to run script into
    /// `scratch` and returns the page's path.
    func hostileHTMLPage(in scratch: TemporaryDirectory) throws -> String {
        let fixture = try repository()
        try fixture.write(
            "targets/acme/style.json",
            ##"{"extends": "base", "app": {"displayName": "<script>document.title='pwned'</script><img src=x onerror=\"document.title='pwned'\">", "bundleId": "com.example.acme"}, "colors": {"accent": {"light": "#0000AA", "dark": "#5555FF"}}, "images": {"logo": "logo.png"}}"##
        )
        try fixture.write("targets/acme/logo.png", TestFiles.png(width: 16, height: 16))
        try fixture.commitAll("v2", tag: "v2")
        let page = scratch.path + "/diff.html"
        let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", "html", "--output", page], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        return page
    }

    @Test func theHTMLPageCarriesNoRepositoryMarkup() throws {
        let scratch = try TemporaryDirectory()
        let html = try String(contentsOfFile: try hostileHTMLPage(in: scratch), encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("src=\"data:image/png;base64,"))
    }

    @Test(
        .enabled(
            if: ExternalTool.chromium.isInstalled,
            "chromium is not installed: the HTML diff is not loaded in a browser (scripts/product/bootstrap --test installs it)"))
    func theHTMLPageRendersInChromiumWithoutRunningRepositoryText() throws {
        let chromium = try #require(ExternalTool.chromium.path)
        let scratch = try TemporaryDirectory()
        let page = try hostileHTMLPage(in: scratch)
        let run = try runProcess(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + page])
        #expect(run.stdout.contains("<title>livery diff v1"), "\(run.stderr.suffix(300))")
        #expect(!run.stdout.contains("pwned</title>"))
        #expect(run.stdout.contains("id=\"summary\">1 target changed · 3 changes, 0 breaking · 2 unchanged</p>"))
        #expect(run.stdout.contains("data-appearance=\"dark\""))
    }

    @Test func underGitHubActionsTheMarkdownReportGoesToTheStepSummary() throws {
        let fixture = try repository()
        try fixture.write("targets/acme/style.json", Self.child("acme-x"))
        let scratch = try TemporaryDirectory()
        let summary = scratch.path + "/summary.md"
        try Data("# earlier step\n".utf8).write(to: URL(fileURLWithPath: summary))
        let result = try LiveryBinary.run(
            ["diff", "v1", "--format", "json"], in: fixture.path, environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{"))
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(written.hasPrefix("# earlier step\n### livery diff — v1 ("))
        #expect(written.contains("→ working tree\n\n**1 target changed · 2 changes, 0 breaking · 2 unchanged**\n"))
        #expect(written.contains("| ✏️ | app.displayName (needs an app release) | \"acme\" | \"acme-x\" |  |  |"))
    }

    @Test func anUncommittedMistakeIsNamedAsTheWorkingTreeAndARevisionAsWritten() throws {
        let fixture = try repository()
        try fixture.write("targets/acme/style.json", Self.child("acme", extra: ##", "colors": {"bg": "{colors.nope}"}"##))
        let text = try LiveryBinary.run(["diff", "HEAD"], in: fixture.path)
        #expect(text.status == 0)
        #expect(text.stdout.contains("\nacme: invalid\n  invalid in working tree:\n    targets/acme/style.json:"), "\(text.stdout)")
        #expect(!text.stdout.contains("invalid in HEAD"))
        let markdown = try LiveryBinary.run(["diff", "HEAD", "--format", "markdown"], in: fixture.path).stdout
        #expect(markdown.contains("Invalid in working tree:\n"))
        #expect(!markdown.contains("Invalid in HEAD"))
        let html = try LiveryBinary.run(["diff", "HEAD", "--format", "html"], in: fixture.path).stdout
        #expect(html.contains("<p>Invalid in <span class=\"rev\">working tree</span>:</p>"))
        #expect(!html.contains("Invalid in HEAD"))
        let document = try json(try LiveryBinary.run(["diff", "HEAD", "--format", "json"], in: fixture.path))
        #expect((document["base"] as? [String: Any])?["name"] as? String == "HEAD")
        #expect((document["head"] as? [String: Any])?["name"] as? String == "working tree")
        #expect(((targets(document)["acme"]?["errors"] as? [String: Any])?["head"] as? [Any])?.count == 1)

        // Committed: each side is the revision exactly as written.
        try fixture.commitAll("broken")
        let forward = try LiveryBinary.run(["diff", "HEAD~1", "HEAD"], in: fixture.path).stdout
        #expect(forward.contains("  invalid in HEAD:\n"), "\(forward)")
        let backward = try LiveryBinary.run(["diff", "HEAD", "HEAD~1"], in: fixture.path).stdout
        #expect(backward.contains("  invalid in HEAD:\n"), "\(backward)")
        #expect(!backward.contains("invalid in HEAD~1"))
        let fromWorkingTree = try LiveryBinary.run(["diff", "HEAD~1"], in: fixture.path).stdout
        #expect(fromWorkingTree.contains("  invalid in working tree:\n"), "\(fromWorkingTree)")
    }

    @Test func valuesThatChangedThroughAnAliasShowTheirChain() throws {
        let fixture = try repository()
        let withLink = Self.base.replacingOccurrences(
            of: ##""accent": "#0000AA""##, with: ##""accent": "#0000AA", "link": "{colors.primary}""##)
        try fixture.write("targets/base/style.json", withLink)
        try fixture.commitAll("v2", tag: "v2")
        // acme changes its own primary: link and the text colour follow it.
        try fixture.write(
            "targets/acme/style.json", Self.child("acme", extra: ##", "colors": {"primary": {"light": "#111111", "dark": "#333333"}}"##))
        try fixture.commitAll("v3", tag: "v3")
        let text = try LiveryBinary.run(["diff", "v2", "v3"], in: fixture.path).stdout
        #expect(text.contains("1 target changed · 3 changes (1 direct, 2 through aliases), 0 breaking · 2 unchanged\n"), "\(text)")
        #expect(text.contains("    ~ link  dark #222222 → #333333  (link → colors.primary)\n"), "\(text)")
        #expect(text.contains("    ~ text.body.foreground  dark #222222 → #333333  (text.body.foreground → colors.primary)\n"))
        #expect(text.contains("    ~ primary  dark #222222 → #333333\n"))
        let markdown = try LiveryBinary.run(["diff", "v2", "v3", "--format", "markdown"], in: fixture.path).stdout
        #expect(markdown.contains("**1 target changed · 3 changes (1 direct, 2 through aliases), 0 breaking · 2 unchanged**"))
        #expect(markdown.contains("| ✏️ | colors.link | dark #222222 | dark #333333 | colors.link → colors.primary |  |  |"), "\(markdown)")
        let html = try LiveryBinary.run(["diff", "v2", "v3", "--format", "html"], in: fixture.path).stdout.replacingOccurrences(
            of: "<wbr>", with: "")
        #expect(html.contains("<td class=\"chain\">colors.link → colors.primary</td>"))
        let document = try json(try LiveryBinary.run(["diff", "v2", "v3", "--format", "json"], in: fixture.path))
        let summary = try #require(document["summary"] as? [String: Any])
        #expect([summary["changes"], summary["changesDirect"], summary["changesThroughAliases"]] as? [Int] == [3, 1, 2])
        let acme = changes(targets(document)["acme"])
        #expect(acme["colors.link"]?["aliasChains"] as? [[String]] == [["colors.link", "colors.primary"]])
        #expect(acme["colors.link"]?["direct"] as? Bool == false)
        #expect(acme["colors.primary"]?["direct"] as? Bool == true)

        // base changes primary: bolt's link follows it, via base.
        try fixture.write("targets/base/style.json", withLink.replacingOccurrences(of: "#222222", with: "#444444"))
        try fixture.commitAll("v4", tag: "v4")
        let fromBase = try LiveryBinary.run(["diff", "v3", "v4", "--target", "bolt"], in: fixture.path).stdout
        #expect(fromBase.contains("    ~ link  dark #222222 → #444444  (link → colors.primary; via base)\n"), "\(fromBase)")
    }

    @Test func quietPrintsTheCountsAndVerboseListsUnchangedTargets() throws {
        let fixture = try repository()
        try fixture.write("targets/acme/style.json", Self.child("acme-x"))
        let short = try fixture.git(["rev-parse", "--short=7", "v1"])
        let quiet = try LiveryBinary.run(["diff", "v1", "-q"], in: fixture.path)
        #expect(quiet.status == 0)
        #expect(
            quiet.stdout
                == "livery diff v1 (\(short)) → working tree\n1 target changed · 2 changes, 0 breaking · 2 unchanged\n"
                + "release: patch — acme: app.bundleId changed (and 1 more)\n")
        let verbose = try LiveryBinary.run(["diff", "v1", "--verbose"], in: fixture.path)
        #expect(verbose.stdout.contains("acme: changed (2 changes)\n"))
        #expect(verbose.stdout.hasSuffix("\nunchanged (2)\n  bolt\n  cove\n"), "\(verbose.stdout)")
        #expect(!(try LiveryBinary.run(["diff", "v1"], in: fixture.path).stdout.contains("bolt")))
        let document = try json(try LiveryBinary.run(["diff", "v1", "-v", "--format", "json"], in: fixture.path))
        #expect(document["unchangedTargets"] as? [String] == ["bolt", "cove"])
        #expect(try LiveryBinary.run(["diff", "v1", "-q", "-v"], in: fixture.path).status == 2)
    }

    /// A range that adds a token is minor: `--exit-code minor` and `patch` fail it, `major` passes it;
    /// removing that token again is major, which every level's gate fails.
    @Test func theExitCodeGatesOnTheReleaseLevel() throws {
        let fixture = try repository()
        try fixture.write("targets/acme/style.json", Self.child("acme", extra: ##", "colors": {"link": "#0000EE"}"##))
        try fixture.commitAll("v2", tag: "v2")
        let statuses = { (base: String, head: String) in
            try ["major", "minor", "patch"].map { try LiveryBinary.run(["diff", base, head, "--exit-code", $0], in: fixture.path).status }
        }
        #expect(try statuses("v1", "v2") == [0, 1, 1])
        let text = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path).stdout
        #expect(text.contains("\nrelease: minor — acme: colors.link added\n"), "\(text)")
        #expect(try statuses("v2", "v1") == [1, 1, 1])
        #expect(try statuses("v1", "v1") == [0, 0, 0])
    }
}
