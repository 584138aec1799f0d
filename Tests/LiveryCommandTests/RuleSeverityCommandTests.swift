import Foundation
import LiveryTestSupport
import Testing

/// livery.json's `"rules"`: a repository turns a rule off or changes its severity,
/// and every command that reports the rule follows; a wrong entry is an error at
/// its place in livery.json.
@Suite("livery.json rules")
struct RuleSeverityCommandTests {
    /// Three warnings: `base`'s text pairs #EEEEEE with white (`contrast`, light and dark), and a
    /// note lies directly under targets/ (`stray-file`). `acme` has no app icon
    /// (`app-icon-missing`) unless `icon` is set.
    func repository(rules: String?, icon: Bool = true) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "colors": {"bg": "#FFFFFF", "fg": "#EEEEEE"}, "components": {"text": {"body": {"background": "bg", "foreground": "fg"}}}}"##
        )
        try fixture.write(
            "targets/acme/style.json",
            ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.acme.app"}\##(icon ? #", "appIcon": "icon.png""# : "")}"##
        )
        try fixture.write("targets/acme/icon.png", TestFiles.png(width: 1024, height: 1024))
        try fixture.write("targets/notes.txt", "not a target")
        if let rules { try fixture.write("livery.json", #"{"platforms": ["web", "ios"], "rules": \#(rules)}"#) }
        try fixture.commitAll("first", tag: "v1")
        return fixture
    }

    /// `livery validate` in a repository made with `rules`; the fixture lives until livery exits.
    func validate(rules: String?, icon: Bool = true) throws -> ProcessResult {
        let fixture = try repository(rules: rules, icon: icon)
        return try withExtendedLifetime(fixture) { try LiveryBinary.run(["validate"], in: fixture.path) }
    }

    @Test func withoutRulesBothWarningsAreReported() throws {
        let result = try validate(rules: nil)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("[contrast]") && result.stdout.contains("[stray-file]"))
        #expect(result.stdout.hasSuffix("✓ 2 targets valid (3 warnings)\n"), "\(result.stdout)")
    }

    @Test func offDropsARule() throws {
        let result = try validate(rules: #"{"contrast": "off", "stray-file": "off"}"#)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "✓ 2 targets valid\n")
    }

    @Test func errorFailsValidateAndLeavesTheBundleUnbuilt() throws {
        let fixture = try repository(rules: #"{"contrast": "error"}"#)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(": error: ") && result.stdout.contains("[contrast]"), "\(result.stdout)")
        #expect(result.stdout.contains("warning: ") && result.stdout.contains("[stray-file]"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("✗ 2 errors, 1 warning in 1 of 2 targets\n"), "\(result.stdout)")
        let json = try LiveryBinary.run(["validate", "--format", "json"], in: fixture.path)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let contrast = (document["diagnostics"] as? [[String: Any]])?.first { $0["rule"] as? String == "contrast" }
        #expect(contrast?["severity"] as? String == "error")

        let build = try LiveryBinary.run(["build", "--platform", "web"], in: fixture.path)
        #expect(build.status == 1, "\(build.stdout)\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/dist/acme"))
    }

    @Test func warningKeepsALayoutRuleAWarningAndErrorMakesItOne() throws {
        let kept = try validate(rules: #"{"stray-file": "warning"}"#)
        #expect(kept.status == 0 && kept.stdout.hasSuffix("✓ 2 targets valid (3 warnings)\n"), "\(kept.stdout)\(kept.stderr)")
        let raised = try validate(rules: #"{"stray-file": "error"}"#)
        #expect(raised.status == 1, "\(raised.stdout)\(raised.stderr)")
        #expect(raised.stdout.contains("error: ") && raised.stdout.contains("[stray-file]"))
    }

    /// A platform's rule (reported after the target resolves) follows livery.json too.
    @Test func aPlatformRuleFollowsLiveryJSON() throws {
        let reported = try validate(rules: #"{}"#, icon: false)
        #expect(reported.status == 0 && reported.stdout.contains("[app-icon-missing]"), "\(reported.stdout)\(reported.stderr)")
        let off = try validate(rules: #"{"app-icon-missing": "off"}"#, icon: false)
        #expect(off.status == 0 && !off.stdout.contains("[app-icon-missing]"), "\(off.stdout)\(off.stderr)")
        let raised = try validate(rules: #"{"app-icon-missing": "error"}"#, icon: false)
        #expect(raised.status == 1 && raised.stdout.contains("[app-icon-missing]"), "\(raised.stdout)\(raised.stderr)")
    }

    /// Each wrong entry is an error with livery.json's line and column and the
    /// entry's pointer, and exit status 2; nothing is validated.
    @Test(arguments: [
        (#"{"contrats": "off"}"#, #"livery.json:1:41: error: "rules" names unknown rule "contrats" (did you mean "contrast"?)"#),
        (#"{"contrast": "loud"}"#, #"livery.json:1:53: error: "rules" sets "contrast" to "loud"; use "off", "warning" or "error""#),
        (#"{"contrast": 1}"#, #"livery.json:1:53: error: "rules" sets "contrast" to 1"#),
        (#"{"schema": "off"}"#, #"livery.json:1:41: error: rule "schema" cannot be changed"#),
        (#"["contrast"]"#, #"livery.json:1:40: error: "rules" must be an object"#),
    ])
    func aWrongEntryIsAnErrorAtItsPlace(rules: String, expected: String) throws {
        let result = try validate(rules: rules)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stderr.contains("/rules"), "\(result.stderr)")
    }
}
