import Foundation
import LiveryCore
import LiveryGit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// `validate` over a repository whose contract marks colours distinct: two colours a
/// deuteranope cannot tell apart are a `distinct-colors` warning placed at the first
/// colour's value, the second as related information, in text, JSON and SARIF; the
/// high-contrast values livery derives are checked too.
@Suite("Distinct colours in validate")
struct DistinctColorsValidationTests {
    static let contract = #"""
        {"colors": {"error": {}, "success": {}, "info": {}, "background": {}, "onError": {"on": ["background"]}},
         "distinct": {"status": {"colors": ["error", "success", "info"]}}}
        """#

    static let acme = #"""
        {
          "app": {"displayName": "Acme", "bundleId": "com.example.acme"},
          "colors": {
            "error": {"light": "#E53935", "dark": "#EF9A9A"},
            "success": {"light": "#43A047", "dark": "#A5D6A7"},
            "info": "#1565C0",
            "background": {"light": "#FFFFFF", "dark": "#121417"},
            "onError": "#101010"
          }
        }
        """#

    static func report() throws -> ValidationReport {
        let files: [String: [UInt8]] = [
            "targets/contract.json": Array(Self.contract.utf8), "targets/acme/style.json": Array(Self.acme.utf8),
        ]
        let workspace = Workspace(repository: nil, source: MemorySource(files: files))
        return try ValidationService(workspace: workspace, schema: AcceptingSchema()).validate()
    }

    @Test func twoColoursADeficiencyConfusesAreAWarningInEveryFormat() throws {
        let report = try Self.report()
        let found = report.diagnostics.filter { $0.rule == .distinctColors }
        let lines = found.map { DiagnosticFormats.line($0) }
        #expect(lines.count >= 1, "\(report.diagnostics.map { DiagnosticFormats.line($0) })")
        let light = try #require(found.first { $0.message.contains("under deuteranopia in light") })
        #expect(
            DiagnosticFormats.line(light)
                == "targets/acme/style.json:4:24: warning: colors.error #E53935 and colors.success #43A047 of the distinct set 'status' are 5.2 apart under deuteranopia in light and high-contrast light (CIEDE2000), below 10: seen as #98892E and #978A4E (at /colors/error/light) [distinct-colors]"
        )
        #expect(light.related.first?.pointer?.description == "/colors/success/light")
        #expect(light.related.first?.line == 5)
        // Every failure names both tokens, a deficiency, the distance and two simulated colours.
        for diagnostic in found {
            #expect(diagnostic.message.contains("colors.error") || diagnostic.message.contains("colors.info"))
            #expect(diagnostic.message.contains("seen as #"))
        }

        let json = try JSONReader.parse(
            Array(ValidationReportFormats.json(report, source: MemorySource(files: [:]), strict: false).utf8), file: "report.json")
        let entries = json.value.objectValue?["diagnostics"]?.value.arrayValue ?? []
        let entry = try #require(
            entries.compactMap { $0.value.objectValue }.first { $0["rule"]?.value.stringValue == "distinct-colors" })
        #expect(entry["pointer"]?.value.stringValue == "/colors/error/light")
        #expect(entry["line"]?.value.numberValue?.doubleValue == 4)

        let sarif = DiagnosticFormats.sarif(report.diagnostics, toolVersion: "0")
        #expect(sarif.contains("\"ruleId\":\"distinct-colors\"") || sarif.contains("\"ruleId\": \"distinct-colors\""))
        #expect(sarif.contains("relatedLocations"))
    }
}
