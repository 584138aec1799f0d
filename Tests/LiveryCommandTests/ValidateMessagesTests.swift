import Foundation
import LiveryTestSupport
import Testing

/// What `livery validate` says, and where, for the mistakes a new user makes
/// first: a client's own colour that is too light, a colour, id or path in the
/// wrong form, and a misspelt key.
@Suite("livery validate: messages in the user's words, at the user's value")
struct ValidateMessagesTests {
    static let base = ##"""
        {
          "abstract": true,
          "colors": {"bg": "#FFFFFF", "fg": "#222222"},
          "components": {"text": {"body": {"background": "bg", "foreground": "fg"}}},
          "appIcon": "icon.png"
        }
        """##

    func repository(acme: String) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", Self.base)
        // Every client inherits an app icon, which iOS and Android need (else app-icon-missing).
        try fixture.write("targets/base/icon.png", TestFiles.png(width: 1024, height: 1024))
        try fixture.write("targets/acme/style.json", acme)
        try fixture.commitAll("first")
        return fixture
    }

    @Test func aClientsTooLightColourIsReportedInTheClientsFile() throws {
        let fixture = try repository(
            acme:
                "{\n  \"extends\": \"base\",\n  \"app\": {\"displayName\": \"Acme\", \"bundleId\": \"com.acme.app\"},\n  \"colors\": {\"fg\": \"#EEEEEE\"}\n}"
        )
        let text = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(
            text.stdout.contains(
                "targets/acme/style.json:4:20: warning: text.body: foreground #EEEEEE on background #FFFFFF has contrast 1.16:1 in light, below 4.5:1; the nearest passing foreground of the same hue is #767676 (4.54:1); caused by `colors.fg` as set here (at /colors/fg) [contrast]"
            ), "\(text.stdout)")
        #expect(!text.stdout.contains("targets/base/style.json:4:70: warning"), "\(text.stdout)")
        // The component that pairs the colours is related information, not the place.
        #expect(text.stdout.contains("targets/base/style.json:4:70: note: `text.body` pairs the colours here"), "\(text.stdout)")

        let json = try LiveryBinary.run(["validate", "--format", "json"], in: fixture.path)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(!diagnostics.isEmpty)
        for diagnostic in diagnostics {
            #expect(diagnostic["file"] as? String == "targets/acme/style.json")
            #expect(diagnostic["pointer"] as? String == "/colors/fg")
        }
    }

    @Test func aColourInTheWrongFormSaysWhichFormsThereAre() throws {
        let fixture = try repository(
            acme:
                "{\n  \"extends\": \"base\",\n  \"app\": {\"displayName\": \"Acme\", \"bundleId\": \"com.acme.app\"},\n  \"colors\": {\"fg\": \"#12345\"}\n}"
        )
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                ##"targets/acme/style.json:4:20: error: `colors.fg` = `"#12345"` is invalid, not a colour: use #RGB, #RRGGBB or #RRGGBBAA, e.g. #0B5FFF (at /colors/fg) [schema]"##
            ), "\(result.stdout)")
    }

    @Test func aMisspeltKeyIsReportedAtTheKeyWithTheNearestName() throws {
        let fixture = try repository(
            acme:
                "{\n  \"extends\": \"base\",\n  \"app\": {\"displayName\": \"Acme\", \"bundleId\": \"com.acme.app\"},\n  \"colour\": {\n    \"fg\": \"#111111\"\n  }\n}"
        )
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "targets/acme/style.json:4:3: error: unknown property `colour` (did you mean `colors`?) (at /colour) [schema]"
            ), "\(result.stdout)")
    }

    @Test func aRepositorysOwnSchemaCanSayWhatItExpects() throws {
        let fixture = try repository(acme: "{\n  \"extends\": \"base\",\n  \"owner\": \"nobody\"\n}")
        try fixture.write(
            "targets/style.schema.json",
            ##"""
            {
              "type": "object",
              "properties": {
                "owner": {
                  "type": "string",
                  "pattern": "^[^@]+@[^@]+$",
                  "x-livery-message": "not an e-mail address: write the owner as name@example.com"
                }
              }
            }
            """##)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                ##"targets/acme/style.json:3:12: error: `owner` = `"nobody"` is invalid, not an e-mail address: write the owner as name@example.com (at /owner) [schema]"##
            ), "\(result.stdout)")
    }
}
