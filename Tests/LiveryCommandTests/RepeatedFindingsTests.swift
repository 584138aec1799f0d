import Foundation
import LiveryTestSupport
import Testing

/// Findings repeated across clients stay readable: validate's text prints a warning every
/// client has once, with a count, and an import context that gives the same style as the
/// client or another context is reported, not written as an empty theme.
@Suite("Repeated warnings and contexts that change nothing")
struct RepeatedFindingsTests {
    @Test func aWarningRepeatedAcrossTargetsIsOneLineWithACount() throws {
        let fixture = try FixtureRepository()
        for name in ["alpha", "beta", "gamma", "delta"] {
            try fixture.write(
                "targets/\(name)/style.json",
                ##"{"app": {"displayName": "\##(name.capitalized)", "bundleId": "com.example.\##(name)"}, "colors": {"x": "#000000"}}"##)
        }
        try fixture.commitAll("four clients without an icon")
        let text = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(text.status == 0, "\(text.stdout)")
        let lines = text.stdout.split(separator: "\n").filter { $0.contains("[app-icon-missing]") }
        #expect(lines.count == 1, "\(text.stdout)")
        #expect(lines.first?.contains("(and 3 more targets like it: beta, delta, gamma; --verbose lists each)") == true, "\(text.stdout)")
        #expect(lines.first?.hasPrefix("  targets/alpha/style.json:1:9: warning: the style has no appIcon") == true, "\(text.stdout)")
        #expect(text.stdout.hasSuffix("✓ 4 targets valid (4 warnings)\n"), "\(text.stdout)")
        // --verbose and the machine formats keep every one.
        let verbose = try LiveryBinary.run(["validate", "--verbose"], in: fixture.path)
        #expect(verbose.stdout.split(separator: "\n").filter { $0.contains("[app-icon-missing]") }.count == 4, "\(verbose.stdout)")
        let json = try LiveryBinary.run(["validate", "--format", "json"], in: fixture.path)
        #expect(json.stdout.components(separatedBy: "\"app-icon-missing\"").count - 1 == 4, "\(json.stdout)")
    }

    @Test func anImportContextEqualToAnotherIsReportedNotWritten() throws {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.commitAll("start")
        try DTCGSevenContextsExample.write(to: fixture.path + "/design")
        // light-colorblind is light itself; dark-dimmed is dark-colorblind again.
        let resolver = fixture.path + "/design/seven.resolver.json"
        let text = try String(contentsOfFile: resolver, encoding: .utf8)
            .replacingOccurrences(
                of: #""light-colorblind": [{ "$ref": "themes.tokens.json#/lightColorblind" }]"#, with: #""light-colorblind": []"#
            )
            .replacingOccurrences(
                of: #""dark-dimmed": [{ "$ref": "themes.tokens.json#/darkDimmed" }]"#,
                with: #""dark-dimmed": [{ "$ref": "themes.tokens.json#/darkColorblind" }]"#)
        #expect(
            text.contains(#""light-colorblind": []"#) && text.contains("#/darkColorblind\" }],\n"), "the example's contexts moved: \(text)")
        try Data(text.utf8).write(to: URL(fileURLWithPath: resolver))
        let result = try LiveryBinary.run(
            [
                "import", "dtcg", "design/seven.resolver.json", "--bundle-id-prefix", "com.example",
                "--context-as-theme", "theme=light-colorblind", "--context-as-theme", "theme=dark-colorblind", "--context-as-theme",
                "theme=dark-dimmed",
            ], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: context light-colorblind of brand acme gives the same style as the client itself, so no theme 'acme-light-colorblind' is written; leave it out with --skip-context [dtcg-context-same]"
            ), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: context dark-dimmed of brand acme gives the same style as 'acme-dark-colorblind', so no theme 'acme-dark-dimmed' is written; leave it out with --skip-context [dtcg-context-same]"
            ), "\(result.stderr)")
        let targets = try FileManager.default.contentsOfDirectory(atPath: fixture.path + "/targets").sorted()
        #expect(targets == ["acme", "acme-dark-colorblind", "globex", "globex-dark-colorblind", "seven"], "\(targets)")
        #expect(result.stdout.contains("targets/acme-dark-colorblind/ (context theme of brand acme, new)"), "\(result.stdout)")
        #expect(!result.stdout.contains("dark-dimmed") && !result.stdout.contains("light-colorblind"), "\(result.stdout)")
    }
}
