import Foundation
import LiveryTestSupport
import Testing

/// A token the contract deprecates in favour of another, through `validate` and `build`
/// (docs/contract.md, "Deprecation"): a client that writes only the old name is warned at
/// the token with the contract's line, one that writes neither is held to the replacement,
/// and one that writes either gets both names in its bundles, the old one marked.
@Suite("Deprecated contract tokens in validate and build")
struct ContractDeprecationCommandTests {
    static let contract = """
        {
          "colors": {
            "accent": {"deprecated": {"reason": "Accent is now the brand's highlight.", "replacement": "highlight"}},
            "highlight": {}
          }
        }
        """

    static func client(_ name: String, _ colors: String) -> String {
        ##"{"app": {"displayName": "\##(name.capitalized)", "bundleId": "com.example.\##(name)"}, "appIcon": "icon.png", "colors": {\##(colors)}}"##
    }

    func repository(_ clients: [String: String]) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        for (id, colors) in clients {
            try fixture.write("targets/\(id)/style.json", Self.client(id, colors))
            try fixture.write("targets/\(id)/icon.png", TestFiles.png(width: 1024, height: 1024))
        }
        try fixture.write("targets/contract.json", Self.contract)
        try fixture.commitAll("first")
        return fixture
    }

    @Test func onlyTheOldNameIsAWarningAtTheToken() throws {
        let fixture = try repository(["alpha": ##""accent": "#FF0000""##, "beta": ##""highlight": "#00FF00""##])
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "targets/alpha/style.json:1:102: warning: colour 'accent' is deprecated in the app's contract (Accent is now the brand's highlight.): write it as 'highlight'; until then the app reads this value under both names (at /colors/accent) [contract-deprecated]"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("targets/contract.json:3:5: note: the contract deprecates colors.accent here"), "\(result.stdout)")
        #expect(!result.stdout.contains("targets/beta/style.json"), "\(result.stdout)")
        // livery.json's rules turn it up like any configurable warning.
        try fixture.write("livery.json", #"{"rules": {"contract-deprecated": "error"}}"#)
        try fixture.commitAll("strict")
        #expect(try LiveryBinary.run(["validate"], in: fixture.path).status == 1)
    }

    @Test func aClientWithNeitherNameIsHeldToTheReplacement() throws {
        let fixture = try repository(["none": ##""other": "#000000""##])
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        #expect(result.stdout.contains("'none' has no colour 'highlight'"), "\(result.stdout)")
        #expect(!result.stdout.contains("'none' has no colour 'accent'"), "\(result.stdout)")
    }

    @Test func eitherNameGivesBothInEveryBundleTheOldOneMarked() throws {
        let fixture = try repository(["alpha": ##""accent": "#FF0000""##, "beta": ##""highlight": "#00FF00""##])
        let out = fixture.path + "/out"
        let build = try LiveryBinary.run(["build", "--platform", "web,dtcg,android", "--out", out], in: fixture.path)
        try #require(build.status == 0, "\(build.stdout)\(build.stderr)")
        for (id, hex) in [("alpha", "#FF0000"), ("beta", "#00FF00")] {
            let css = try String(contentsOfFile: "\(out)/\(id)/web/theme.css", encoding: .utf8)
            #expect(
                css.contains(
                    "  /* --color-accent is deprecated: Accent is now the brand's highlight. Use --color-highlight. */\n  --color-accent: \(hex);\n  --color-highlight: \(hex);\n"
                ), "\(css)")
            let style = try String(contentsOfFile: "\(out)/\(id)/style.json", encoding: .utf8)
            #expect(style.contains("\"accent\"") && style.contains("\"highlight\""), "\(style)")
            let colors = try String(contentsOfFile: "\(out)/\(id)/android/res/values/colors.xml", encoding: .utf8)
            #expect(colors.contains("accent") && colors.contains("highlight"), "\(colors)")
            let light = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(id)/dtcg/light.tokens.json"))
            let document = try #require(try JSONSerialization.jsonObject(with: light) as? [String: Any])
            let accent = (document["colors"] as? [String: Any])?["accent"] as? [String: Any]
            #expect(accent?["$deprecated"] as? String == "Accent is now the brand's highlight. Use {colors.highlight}.", "\(document)")
            let highlight = (document["colors"] as? [String: Any])?["highlight"] as? [String: Any]
            #expect(highlight != nil && highlight?["$deprecated"] == nil)
        }
    }
}

/// `diff --app-sources DIR`: the lines of the app's code that still read a token the contract
/// removes, found under DIR only (a symbolic link is not followed, a build directory skipped).
@Suite("diff --app-sources")
struct DiffAppSourcesTests {
    @Test func theRemovedDeprecatedTokenIsFoundInTheAppsCodeAndNowhereElse() throws {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/alpha/style.json",
            ##"{"app": {"displayName": "Alpha", "bundleId": "com.example.alpha"}, "appIcon": "icon.png", "colors": {"highlight": "#00FF00"}}"##
        )
        try fixture.write("targets/alpha/icon.png", TestFiles.png(width: 1024, height: 1024))
        try fixture.write("targets/contract.json", ContractDeprecationCommandTests.contract)
        _ = try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/contract.json", #"{"colors": {"highlight": {}}}"#)
        _ = try fixture.commitAll("v2", tag: "v2")
        let app = try TemporaryDirectory(prefix: "livery-app-sources")
        let outside = try TemporaryDirectory(prefix: "livery-outside")
        try FileManager.default.createDirectory(atPath: app.path + "/Sources/.build", withIntermediateDirectories: true)
        try Data("import UIKit\n\nlet tint = theme.colors.accent.resolved(dark: false)\n".utf8).write(
            to: URL(fileURLWithPath: app.path + "/Sources/Screen.swift"))
        try Data(".banner { color: var(--color-accent); }\n".utf8).write(to: URL(fileURLWithPath: app.path + "/Sources/app.css"))
        try Data("let x = theme.colors.accent\n".utf8).write(to: URL(fileURLWithPath: app.path + "/Sources/.build/Generated.swift"))
        try Data("let y = theme.colors.accent\n".utf8).write(to: URL(fileURLWithPath: outside.path + "/Elsewhere.swift"))
        try FileManager.default.createSymbolicLink(atPath: app.path + "/Sources/linked", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: app.path + "/Linked.swift", withDestinationPath: outside.path + "/Elsewhere.swift")

        let result = try LiveryBinary.run(["diff", "v1", "v2", "--app-sources", app.path], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "BREAKING: the deprecated theme.colors.accent is removed, the breaking step of its rename to highlight: shared code that still reads it no longer compiles"
            ), "\(result.stdout)")
        #expect(
            result.stdout.contains("colors.accent read at Sources/Screen.swift:3:18: let tint = theme.colors.accent.resolved(dark: false)"),
            "\(result.stdout)")
        #expect(result.stdout.contains("colors.accent read at Sources/app.css:1:22: .banner { color: var(--color-accent); }"))
        #expect(!result.stdout.contains("Generated.swift") && !result.stdout.contains("Elsewhere") && !result.stdout.contains("Linked"))

        let json = try LiveryBinary.run(["diff", "v1", "v2", "--format", "json", "--app-sources", app.path], in: fixture.path)
        #expect(json.stdout.contains(#""file": "Sources/Screen.swift""#), "\(json.stdout)")
        // A directory that is not there is a usage error before any work.
        let missing = try LiveryBinary.run(["diff", "v1", "v2", "--app-sources", app.path + "/nope"], in: fixture.path)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--app-sources"), "\(missing.stderr)")
    }
}
