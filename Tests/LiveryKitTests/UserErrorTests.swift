import LiveryGit
import LiveryJSON
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// Errors shown to people carry their message, hint, place and exit code
/// (`UserError`), so the command line shows every one the same way.
@Suite("User errors: message, hint, place and exit code")
struct UserErrorTests {
    @Test func anUnusableLiveryJSONSaysWhereLikeADiagnostic() throws {
        let error = #expect(throws: ConfigurationError.self) { try Configuration.parse(Array(#"{"outputDir": 3}"#.utf8)) }
        let shown: any UserError = try #require(error)
        #expect(shown.place == "livery.json:1:15")
        #expect(shown.message.hasSuffix("(at /outputDir) [config]"), "\(shown.message)")
        #expect(shown.hint == nil)
        #expect(shown.exitCode == 2)
    }

    @Test func missingVariablesAreListedThenTheHint() {
        let error: any UserError = VariablesError(
            template: "bank", problems: [VariableProblem(name: "displayName", reason: .missing, description: "The app's name.")])
        #expect(error.message.hasPrefix("template `bank`: 1 variable to fix:\n  `displayName` is missing"))
        #expect(error.hint == "Give each with --set NAME=VALUE (`livery templates` lists the variables).")
        #expect(error.place == nil)
        #expect(error.exitCode == 2)
    }

    @Test func localizedErrorsUseTheirDescription() {
        let error: any UserError = RepositoryError.unknownRevision("v9")
        #expect(error.message.hasPrefix("unknown revision 'v9'"))
        #expect(error.exitCode == 2)
        let schema: any UserError = SchemaError(location: nil, schemaPointer: "", message: "cannot read schema file 'x.json'")
        #expect(schema.message.contains("cannot read schema file 'x.json'"))
    }
}
