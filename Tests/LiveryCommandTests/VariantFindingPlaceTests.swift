import Foundation
import LiveryTestSupport
import Testing

/// Findings of a client's variant name the variant and the file that holds the value;
/// a token some clients lack is reported at a client that lacks it.
@Suite("validate: a variant's findings and uneven tokens are placed where the value is, or is missing")
struct VariantFindingPlaceTests {
    static let bolt = """
        {
          "colors": {
            "primary": "#1565C0",
            "onPrimary": "#FFFFFF"
          },
          "components": {
            "button": {
              "primary": {"background": "primary", "foreground": "onPrimary"}
            }
          },
          "app": {"displayName": "Bolt", "bundleId": "com.example.bolt"}
        }
        """

    func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/bolt/style.json", Self.bolt)
        try fixture.write(
            "targets/bolt/variants/night/variant.json", #"{"when": {"from": "2026-12-01T00:00", "until": "2026-12-27T00:00"}}"#)
        try fixture.write(
            "targets/bolt/variants/night/style.json",
            """
            {
              "colors": {
                "primary": "#F0F0F0"
              }
            }
            """)
        _ = try fixture.commitAll("bolt")
        return fixture
    }

    /// The variant's too-light primary is its own problem: reported at its file, where
    /// the colour is, with the variant's name in the message and in the JSON's `variant`.
    @Test func aVariantsContrastWarningIsAtTheVariantsColourAndNamesIt() throws {
        let fixture = try repository()
        let run = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let contrast = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[contrast]") }
        #expect(contrast.count == 2, "\(run.stdout)")
        for line in contrast {
            #expect(
                line.contains(
                    "targets/bolt/variants/night/style.json:3:16: warning: variant 'night': button.primary: foreground #FFFFFF on background #F0F0F0 has contrast 1.13:1"
                ), "\(line)")
        }
        // The client alone has no contrast problem, so nothing is placed in its file.
        #expect(!run.stdout.contains("targets/bolt/style.json:8:58: warning"), "\(run.stdout)")
        #expect(run.stdout.contains("targets/bolt/style.json:8:58: note: `button.primary` pairs the colours here"), "\(run.stdout)")

        let json = try LiveryBinary.run(["validate", "--format", "json"], in: fixture.path)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let found = diagnostics.filter { $0["rule"] as? String == "contrast" }
        #expect(found.count == 2)
        for diagnostic in found {
            #expect(diagnostic["variant"] as? String == "night")
            #expect(diagnostic["file"] as? String == "targets/bolt/variants/night/style.json")
            #expect(diagnostic["line"] as? Int == 3 && diagnostic["column"] as? Int == 16)
            #expect(diagnostic["pointer"] as? String == "/colors/primary")
            let related = try #require(diagnostic["related"] as? [[String: Any]])
            #expect(related.first?["file"] as? String == "targets/bolt/style.json" && related.first?["line"] as? Int == 8, "\(related)")
        }
        // Every diagnostic has the member; a client's own finding has null.
        let icon = try #require(diagnostics.first { $0["rule"] as? String == "app-icon-missing" })
        #expect(icon.keys.contains("variant") && icon["variant"] is NSNull)

        let sarif = try LiveryBinary.run(["validate", "--format", "sarif"], in: fixture.path)
        #expect(
            sarif.stdout.contains(#""variant":"night""#) || sarif.stdout.contains(#""variant": "night""#), "\(sarif.stdout.prefix(3_000))")
    }

    /// A token one client defines and another lacks is reported at the one lacking it,
    /// where its file opens the group, naming it; the definer's place is related.
    @Test func anUnevenTokenIsReportedAtTheClientLackingIt() throws {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/acme/style.json",
            """
            {
              "colors": {
                "primary": "#1565C0",
                "accent": "#B71C1C"
              },
              "app": {"displayName": "Acme", "bundleId": "com.example.acme"}
            }
            """)
        try fixture.write(
            "targets/bolt/style.json",
            """
            {
              "app": {"displayName": "Bolt", "bundleId": "com.example.bolt"},
              "colors": {
                "primary": "#1565C0"
              }
            }
            """)
        try fixture.write(
            "targets/cedar/style.json",
            """
            {"colors": {"primary": "#1565C0"}, "app": {"displayName": "Cedar", "bundleId": "com.example.cedar"}}
            """)
        _ = try fixture.commitAll("three")
        let run = try LiveryBinary.run(["validate"], in: fixture.path)
        let lines = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[contract-uneven]") }
        #expect(lines.count == 1, "\(run.stdout)")
        #expect(
            lines.first?.contains(
                "targets/bolt/style.json:3:3: warning: colors.accent is not defined by bolt, cedar, though 1 of 3 clients define it (acme)")
                == true, "\(run.stdout)")
        #expect(
            run.stdout.contains("affects 2 targets: bolt, cedar\n    targets/acme/style.json:4:5: note: 'acme' defines it here"),
            "\(run.stdout)")
        #expect(!run.stdout.contains("targets/acme/style.json:4:5: warning"), "\(run.stdout)")

        let json = try LiveryBinary.run(["validate", "--format", "json"], in: fixture.path)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let uneven = try #require((report["diagnostics"] as? [[String: Any]])?.first { $0["rule"] as? String == "contract-uneven" })
        #expect(uneven["affectedTargets"] as? [String] == ["bolt", "cedar"])
        let related = try #require((uneven["related"] as? [[String: Any]])?.first)
        #expect(
            related["file"] as? String == "targets/acme/style.json" && related["line"] as? Int == 4 && related["column"] as? Int == 5,
            "\(related)")

        // One client lacking it: that client is the finding's target.
        try fixture.write(
            "targets/cedar/style.json",
            """
            {"colors": {"primary": "#1565C0", "accent": "#B71C1C"}, "app": {"displayName": "Cedar", "bundleId": "com.example.cedar"}}
            """)
        _ = try fixture.commitAll("cedar")
        let one = try LiveryBinary.run(["validate", "--format", "json"], in: fixture.path)
        let oneReport = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        let single = try #require((oneReport["diagnostics"] as? [[String: Any]])?.first { $0["rule"] as? String == "contract-uneven" })
        #expect(single["target"] as? String == "bolt" && single["file"] as? String == "targets/bolt/style.json")
        #expect(
            (single["message"] as? String)?.hasPrefix("colors.accent is not defined by bolt, though 2 of 3 clients define it (acme)")
                == true, "\(single)")
    }
}
