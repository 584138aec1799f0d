import LiveryGit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("The style format accepts Display P3 and OKLCH colours wherever it accepts a colour")
struct WideColorSchemaTests {
    static let wide = ##"""
        {
          "app": {"displayName": "Acme", "bundleId": "com.acme.app"},
          "palettes": {"brand": "oklch(0.62 0.21 255)", "p3": "color(display-p3 0.2 0.4 0.9 / 0.5)"},
          "colors": {
            "primary": {"light": "color(display-p3 0.1 0.3 0.8)", "dark": "oklch(80% 0.1 250)", "highContrastLight": "#000", "highContrastDark": "oklch(1 0 0)"},
            "accent": "color(display-p3 1 0.5 0)",
            "shade": "{palettes.brand.dark04}"
          },
          "components": {"button": {"primary": {"background": "primary", "foreground": "oklch(1 0 0)", "border": "color(display-p3 0 0 0 / 50%)"}}},
          "appIcon": {"image": "assets/icon.png", "android": {"foreground": "assets/fg.png", "background": "color(display-p3 0.1 0.3 0.8)"}}
        }
        """##

    @Test func everyColourPlaceAcceptsWideColours() throws {
        let document = try JSONReader.parse(Array(Self.wide.utf8), file: "style.json")
        let found = try SchemaLoader.builtIn().schema.validate(document)
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test(arguments: [
        (##"{"colors": {"accent": "color(display-p3 1 0 0"}}"##, "/colors/accent"),
        (##"{"palettes": {"brand": "oklch(0.5 0.1 30"}}"##, "/palettes/brand"),
        (##"{"components": {"button": {"primary": {"border": "oklch(0.5 (0.1) 30)"}}}}"##, "/components/button/primary/border"),
        (##"{"colors": {"primary": {"light": "color(display-p3)", "dark": "#000"}}}"##, "/colors/primary/light"),
    ])
    func aColourFunctionWithoutItsShapeIsRejectedWithThePointer(patch: String, pointer: String) throws {
        let base = try JSONReader.parse(Array(Self.wide.utf8), file: "style.json")
        let change = try JSONReader.parse(Array(patch.utf8), file: "patch.json")
        let document = try #require(MergePatch.apply(change, to: base))
        let found = try SchemaLoader.builtIn().schema.validate(document)
        #expect(found.count == 1, "\(found.map(\.message))")
        #expect(found.first?.instancePointer.description == pointer)
        #expect(
            found.first?.message.contains("not a colour: write color(display-p3 R G B) or oklch(L C H)") == true, "\(found.map(\.message))")
    }

    /// The schema checks the shape; the resolver checks each number and says which
    /// one is wrong, at the value's line and column.
    @Test func anOutOfRangeComponentIsOneErrorWithItsPlace() throws {
        let style = ##"""
            {
              "app": {"displayName": "Acme", "bundleId": "com.acme.app"},
              "colors": {"primary": "oklch(0.5 0.9 30)"}
            }
            """##
        let workspace = Workspace(repository: nil, source: MemorySource(files: ["targets/acme/style.json": Array(style.utf8)]))
        let report = try ValidationService(workspace: workspace, schema: try SchemaLoader.builtIn()).validate()
        let errors = report.diagnostics.filter { $0.severity == .error }.map { DiagnosticFormats.line($0) }
        #expect(
            errors == [
                #"targets/acme/style.json:3:25: error: "oklch(0.5 0.9 30)": 0.9 is out of range (chroma 0…0.5) (at /colors/primary) [color]"#
            ])
    }
}
