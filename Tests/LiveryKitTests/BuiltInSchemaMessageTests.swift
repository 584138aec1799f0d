import LiveryGit
import LiveryJSON
import LiveryTargets
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("The built-in schema says what each kind of value expects")
struct BuiltInSchemaMessageTests {
    static let valid = ##"""
        {
          "app": {"displayName": "Acme", "bundleId": "com.acme.app"},
          "colors": {"primary": "#11A4D6"},
          "fonts": {"body": {"family": "Inter", "size": 16, "weight": "regular"}}
        }
        """##

    func violations(_ patch: String) throws -> [SchemaViolation] {
        let base = try JSONReader.parse(Array(Self.valid.utf8), file: "style.json")
        let change = try JSONReader.parse(Array(patch.utf8), file: "patch.json")
        let document = try #require(MergePatch.apply(change, to: base))
        return try SchemaLoader.builtIn().schema.validate(document)
    }

    @Test(arguments: [
        (
            ##"{"colors": {"primary": "#12345"}}"##, "/colors/primary",
            ##"`colors.primary` = `"#12345"` is invalid, not a colour: use #RGB, #RRGGBB or #RRGGBBAA, e.g. #0B5FFF"##
        ),
        (
            ##"{"colors": {"primary": {"light": "blue", "dark": "#000"}}}"##, "/colors/primary/light",
            ##"`colors.primary.light` = `"blue"` is invalid, not a colour: use #RGB, #RRGGBB or #RRGGBBAA, e.g. #0B5FFF"##
        ),
        (##"{"colors": {"primary": "{colors.a.b.c}"}}"##, "/colors/primary", "is invalid, not a colour alias: write {colors.name}"),
        (
            ##"{"extends": "Acme_Bank"}"##, "/extends",
            ##"`extends` = `"Acme_Bank"` is invalid, not a target id: use lower-case letters, digits and hyphens"##
        ),
        (
            ##"{"app": {"bundleId": "acme bank"}}"##, "/app/bundleId",
            ##"`app.bundleId` = `"acme bank"` is invalid, not a bundle id: use two or more parts"##
        ),
        (##"{"app": {"androidPackage": "com.acme-bank"}}"##, "/app/androidPackage", "is invalid, not an Android application id"),
        (
            ##"{"components": {"button": {"primary": {"background": "9lives"}}}}"##, "/components/button/primary/background",
            "is invalid, not a name: use a letter, then letters, digits or underscores"
        ),
        (
            ##"{"images": {"logo": "assets/logo.gif"}}"##, "/images/logo",
            "is invalid, not an image: use a .png, .jpg, .jpeg, .pdf or .svg file"
        ),
        (
            ##"{"images": {"logo": "/etc/logo.png"}}"##, "/images/logo",
            "is invalid, not a relative path: write it relative to the target directory, without a leading /"
        ),
        (
            ##"{"images": {"logo": "assets/../../x.png"}}"##, "/images/logo",
            "is invalid, not a relative path: use no empty, . or .. segment"
        ),
        (##"{"images": {"logo": "assets\\logo.png"}}"##, "/images/logo", "is invalid, not a relative path: separate folders with /"),
        (##"{"images": {"logo": ".git/logo.png"}}"##, "/images/logo", "is invalid, not a relative path: a .git segment is not allowed"),
        (##"{"appIcon": "assets/icon.jpg"}"##, "/appIcon", "is invalid, not a PNG: use a .png file"),
        (
            ##"{"fonts": {"body": {"file": "assets/Inter.woff"}}}"##, "/fonts/body/file",
            "is invalid, not a font file: use a .ttf or .otf file"
        ),
        (##"{"fonts": {"body": {"size": "16"}}}"##, "/fonts/body/size", "is invalid, not a dimension: write a number or an alias"),
    ])
    func aFailedPatternSaysWhatIsExpected(patch: String, pointer: String, words: String) throws {
        let found = try violations(patch)
        #expect(found.count == 1, "\(found)")
        let violation = try #require(found.first)
        #expect(violation.instancePointer.description == pointer)
        #expect(violation.message.contains(words), "\(violation.message)")
        #expect(!violation.message.contains("must match"), "\(violation.message)")
    }

    @Test func aMisspeltTopLevelKeyIsPlacedAtTheKeyWithTheNearestName() throws {
        let found = try violations("{\n  \"colour\": {\n    \"primary\": \"#FFF\"\n  }\n}")
        let violation = try #require(found.first)
        #expect(found.count == 1)
        #expect(violation.message == "unknown property `colour` (did you mean `colors`?)")
        #expect(violation.location == JSONLocation(file: "patch.json", line: 2, column: 3))
        #expect(violation.instancePointer.description == "/colour")
    }

    @Test func aMisspeltAppKeyNamesItsObject() throws {
        let found = try violations(#"{"app": {"bundleID": "com.acme.app"}}"#)
        #expect(found.map(\.message) == ["unknown property `bundleID` in `app` (did you mean `bundleId`?)"])
        #expect(found.first?.location == JSONLocation(file: "patch.json", line: 1, column: 10))
    }
}
