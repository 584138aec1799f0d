import Foundation
import LiveryTestSupport
import Testing

@Suite("livery validate and livery schema")
struct ValidateCommandTests {
    func repository(
        acme: String = ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.acme.app"}, "colors": {"fg": "#111111"}}"##
    ) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "colors": {"bg": "#FFFFFF", "fg": "#222222"}, "components": {"text": {"body": {"background": "bg", "foreground": "fg"}}}, "appIcon": "icon.png"}"##
        )
        // Every client inherits an app icon, which iOS and Android need (else app-icon-missing).
        try fixture.write("targets/base/icon.png", TestFiles.png(width: 1024, height: 1024))
        try fixture.write("targets/acme/style.json", acme)
        try fixture.commitAll("first", tag: "v1")
        return fixture
    }

    static let broken =
        "{\n  \"extends\": \"base\",\n  \"app\": {\"displayName\": \"Acme\", \"bundleId\": \"com.acme.app\"},\n  \"colors\": {\"fg\": \"#12345\", \"x\": \"{colors.nope}\"}\n}"

    @Test func aCleanRepositoryExitsZero() throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "✓ 2 targets valid\n")
    }

    @Test func problemsAreGroupedByTargetWithPositionsAndExitOne() throws {
        let fixture = try repository(acme: Self.broken)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                targets/acme/style.json:
                  targets/acme/style.json:4:20: error: `colors.fg` = `"#12345"` is invalid, not a colour: use #RGB, #RRGGBB or #RRGGBBAA, e.g. #0B5FFF (at /colors/fg) [schema]
                  targets/acme/style.json:4:35: error: {colors.nope} points at no colour token (at /colors/x) [alias-missing]
                ✗ 2 errors in 1 of 2 targets

                """)
    }

    @Test func theCommittedRevisionIsReadWithRev() throws {
        let fixture = try repository()
        try fixture.write("targets/acme/style.json", Self.broken)
        #expect(try LiveryBinary.run(["validate"], in: fixture.path).status == 1)
        #expect(try LiveryBinary.run(["validate", "--rev", "v1"], in: fixture.path).status == 0)
    }

    @Test func jsonOutputIsDocumented() throws {
        let fixture = try repository(acme: Self.broken)
        let result = try LiveryBinary.run(["validate", "--format", "json"], in: fixture.path)
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        #expect(document["valid"] as? Bool == false)
        #expect(document["errors"] as? Int == 2)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["file"] as? String == "targets/acme/style.json")
        #expect(diagnostics.first?["line"] as? Int == 4)
        #expect(diagnostics.first?["column"] as? Int == 20)
        #expect(diagnostics.first?["pointer"] as? String == "/colors/fg")
        #expect(diagnostics.first?["target"] as? String == "acme")
    }

    @Test func anUnusableLiveryJSONIsShownLikeEveryUserError() throws {
        let fixture = try repository()
        try fixture.write("livery.json", #"{"outputDir": 3}"#)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 2)
        // One line, compilers' form: place, label, message with its pointer and rule.
        #expect(result.stderr.hasPrefix("livery.json:1:15: error: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(" (at /outputDir) [config]\n"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func githubFormatPrintsEscapedWorkflowCommands() throws {
        let fixture = try repository(acme: Self.broken)
        let result = try LiveryBinary.run(["validate", "--format", "github"], in: fixture.path)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(
            lines.first?.hasPrefix(
                "::error file=targets/acme/style.json,line=4,col=20,title=livery schema::`colors.fg` = `\"#12345\"` is invalid, not a colour"
            ) == true)
        #expect(lines.last == "✗ 2 errors in 1 of 2 targets")
    }

    @Test func underGitHubActionsAnnotationsAndTheStepSummaryAreWritten() throws {
        let fixture = try repository(acme: Self.broken)
        let scratch = try TemporaryDirectory()
        let summary = scratch.path + "/summary.md"
        try Data("# earlier step\n".utf8).write(to: URL(fileURLWithPath: summary))
        let result = try LiveryBinary.run(
            ["validate"], in: fixture.path, environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary])
        #expect(result.status == 1)
        #expect(result.stderr.contains("::error file=targets/acme/style.json,line=4,col=20,title=livery schema::"))
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(written.hasPrefix("# earlier step\n### livery validate — working tree\n\n✗ 2 errors in 1 of 2 targets\n"))
        #expect(
            written.contains(
                "| ❌ | acme | targets/acme/style.json:4:35 <code>/colors/x</code> | {colors.nope} points at no colour token |"),
            "\(written)")
    }

    @Test func sarifIsVersion210() throws {
        let fixture = try repository(acme: Self.broken)
        let result = try LiveryBinary.run(["validate", "--format", "sarif"], in: fixture.path)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        let region =
            ((results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == 4)
        #expect(region?["startColumn"] as? Int == 20)
    }

    @Test func warningsFailOnlyUnderStrict() throws {
        let fixture = try repository(
            acme: ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.acme.app"}, "colors": {"fg": "#EEEEEE"}}"##)
        let relaxed = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(relaxed.status == 0)
        #expect(
            relaxed.stdout.contains(
                "warning: text.body: foreground #EEEEEE on background #FFFFFF has contrast 1.16:1 in light, below 4.5:1"))
        #expect(relaxed.stdout.hasSuffix("✓ 2 targets valid (2 warnings)\n"))
        #expect(try LiveryBinary.run(["validate", "--strict"], in: fixture.path).status == 1)
    }

    @Test func anUnknownTargetIsAUsageError() throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(["validate", "--target", "acmee"], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr == "error: unknown target 'acmee' (did you mean 'acme'?). Run `livery list` to see the targets.\n")
    }

    @Test func aRepositorySchemaOverridesTheBuiltInOne() throws {
        let fixture = try repository()
        try fixture.write("targets/style.schema.json", #"{"type": "object", "required": ["owner"]}"#)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        #expect(result.stdout.contains("is missing required property `owner`"))
        let printed = try LiveryBinary.run(["schema"], in: fixture.path)
        #expect(printed.stdout == #"{"type": "object", "required": ["owner"]}"#)
        try fixture.write("targets/style.schema.json", ##"{"$ref": "#/nowhere"}"##)
        let unusable = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(unusable.status == 2)
        #expect(unusable.stderr.contains("leads nowhere"))
    }

    @Test func schemaPrintsTheBuiltInSchema() throws {
        let result = try LiveryBinary.run(["schema", "--built-in"])
        #expect(result.status == 0)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = try Data(contentsOf: root.appendingPathComponent("Sources/LiveryCore/Resources/style.schema.json"))
        #expect(result.stdoutBytes == [UInt8](file))
    }

    @Test func schemaCheckValidatesAnyFiles() throws {
        let scratch = try TemporaryDirectory()
        let schema = scratch.path + "/s.json"
        let good = scratch.path + "/good.json"
        let bad = scratch.path + "/bad.json"
        let broken = scratch.path + "/broken.json"
        try Data(#"{"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}}"#.utf8).write(
            to: URL(fileURLWithPath: schema))
        try Data(#"{"n": 2}"#.utf8).write(to: URL(fileURLWithPath: good))
        try Data("{\n  \"n\": 0\n}".utf8).write(to: URL(fileURLWithPath: bad))
        try Data("{\"n\": ".utf8).write(to: URL(fileURLWithPath: broken))
        let ok = try LiveryBinary.run(["schema", "check", "--schema", schema, good])
        #expect(ok.status == 0)
        let failing = try LiveryBinary.run(["schema", "check", "--schema", schema, good, bad, broken])
        #expect(failing.status == 1)
        #expect(
            failing.stdout == """
                \(bad):2:8: error: `n` must be at least 1, found 0 (at /n) [schema: #/properties/n/minimum]
                \(broken):1:7: error: unexpected end of input: expected a value (at /n)

                """)
        try Data(#"{"pattern": "("}"#.utf8).write(to: URL(fileURLWithPath: schema))
        let unusable = try LiveryBinary.run(["schema", "check", "--schema", schema, good])
        #expect(unusable.status == 2)
        #expect(unusable.stderr.contains("invalid regular expression"))
        let missing = try LiveryBinary.run(["schema", "check", "--schema", scratch.path + "/none.json", good])
        #expect(missing.status == 2)
    }
}

@Suite("Corrupted input through the binary")
struct BinaryMutationTests {
    @Test func everyRunEndsWithADocumentedExitStatusAndAMessage() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", ##"{"abstract": true, "colors": {"bg": "#FFFFFF"}}"##)
        let original = Array(
            ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.acme.app"}, "colors": {"fg": "{colors.bg}", "p": {"light": "#000", "dark": "#FFF"}}, "images": {"logo": "a.svg"}}"##
                .utf8)
        try fixture.write("targets/acme/a.svg", Array(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8))
        var generator = SeededRandom(seed: 99)
        var statuses: [Int32: Int] = [:]
        for _ in 0..<40 {
            var mutant = original
            let at = Int.random(in: 0..<mutant.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: mutant = Array(mutant.prefix(at))
            case 1: mutant[at] = UInt8.random(in: 0...255, using: &generator)
            default: mutant.insert(contentsOf: Array("{\"x\":[".utf8), at: at)
            }
            try fixture.write("targets/acme/style.json", mutant)
            let result = try LiveryBinary.run(["validate"], in: fixture.path)
            #expect([0, 1].contains(result.status), "status \(result.status): \(result.stderr)")
            #expect(!result.stdout.isEmpty)
            if result.status == 1 { #expect(result.stdout.contains("error:")) }
            statuses[result.status, default: 0] += 1
        }
        #expect((statuses[1] ?? 0) > 10)
    }
}
