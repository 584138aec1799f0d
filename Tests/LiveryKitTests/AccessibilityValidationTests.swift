import Foundation
import LiveryCore
import LiveryGit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// `validate` over a repository whose contract declares colour pairs: each pair's
/// normal-contrast failure with its nearest passing value (message, JSON `fix`, SARIF
/// `fixes`), the high-contrast values derived for a client that writes none and listed
/// in `--format json`, and a client's written high-contrast values held to 7:1.
@Suite("Accessibility in validate")
struct AccessibilityValidationTests {
    static let contract = #"""
        {"colors": {
          "primary": {}, "onPrimary": {},
          "background": {}, "foreground": {"on": ["background"]},
          "accent": {"on": ["background"], "use": "nonText"}
        }}
        """#

    static let acme = #"""
        {
          "app": {"displayName": "Acme", "bundleId": "com.example.acme"},
          "colors": {
            "primary": {"light": "#11A4D6", "dark": "#0E8AB4"},
            "onPrimary": "#FFFFFF",
            "background": {"light": "#FFFFFF", "dark": "#121417"},
            "foreground": {"light": "#16181D", "dark": "#ECEEF2", "highContrastLight": "#5F5F5F", "highContrastDark": "#FFFFFF"},
            "accent": "#F2A900"
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

    @Test func pairsAreCheckedWithAFixAndHighContrastIsDerived() throws {
        let report = try Self.report()
        let lines = report.diagnostics.filter { $0.rule != .appIconMissing }.map { DiagnosticFormats.line($0) }
        #expect(
            lines == [
                "targets/acme/style.json:5:18: warning: colors.onPrimary #FFFFFF on colors.primary #0E8AB4 has contrast 3.95:1 in dark, below 4.5:1 for text; the nearest passing colors.primary of the same hue is #0080A9 (4.5:1) (at /colors/onPrimary) [contrast]",
                "targets/acme/style.json:5:18: warning: colors.onPrimary #FFFFFF on colors.primary #11A4D6 has contrast 2.87:1 in light, below 4.5:1 for text; the nearest passing colors.primary of the same hue is #007FAF (4.51:1) (at /colors/onPrimary) [contrast]",
                // The written high-contrast foreground stays; white cannot get lighter behind it.
                "targets/acme/style.json:7:80: warning: colors.foreground on colors.background cannot reach 7:1 in high-contrast light for text by moving the lightness of their hues: the best reachable is 6.38:1; write highContrastLight for them (at /colors/foreground/highContrastLight) [high-contrast]",
                "targets/acme/style.json:8:15: warning: colors.accent #F2A900 on colors.background #FFFFFF has contrast 2:1 in light, below 3:1 for non-text; the nearest passing colors.accent of the same hue is #CC8600 (3:1) (at /colors/accent) [contrast]",
            ])
        let fix = try #require(report.diagnostics.first { $0.rule == .contrast }?.fix)
        #expect(fix.replacement == "\"#0080A9\"")
        #expect((fix.file, fix.line, fix.column, fix.endColumn) == ("targets/acme/style.json", 4, 45, 54))
        #expect(fix.pointer?.description == "/colors/primary/dark")
        // The derived values: primary under white text, and the accent icon on white; the
        // written foreground is not touched.
        let derived = try #require(report.derived.first)
        #expect(derived.target == "acme")
        #expect(Set(derived.values.map(\.token)) == ["accent", "primary"])
        for value in derived.values {
            let against =
                value.token == "primary"
                ? ColorValue(RGBA.white)
                : value.appearance == "highContrastLight" ? ColorValue(RGBA.white) : ColorValue(RGBA(hex: "#121417") ?? .black)
            let target = value.token == "primary" ? 7.0 : 4.5
            #expect(
                PairContrast.ratio(value.value, on: against) >= target || PairContrast.ratio(against, on: value.value) >= target, "\(value)"
            )
        }
    }

    @Test func jsonAndSARIFCarryTheFixAndTheDerivedValues() throws {
        let report = try Self.report()
        let json = try JSONReader.parse(
            Array(ValidationReportFormats.json(report, source: MemorySource(files: [:]), strict: false).utf8), file: "report.json")
        let root = try #require(json.value.objectValue)
        let first = try #require(root["diagnostics"]?.value.arrayValue?.dropFirst().first?.value.objectValue)
        let fix = try #require(first["fix"]?.value.objectValue)
        #expect(fix["replacement"]?.value.stringValue == "\"#0080A9\"")
        #expect(fix["pointer"]?.value.stringValue == "/colors/primary/dark")
        let derived = try #require(root["derived"]?.value.arrayValue?.first?.value.objectValue)
        #expect(derived["target"]?.value.stringValue == "acme")
        let values = derived["values"]?.value.arrayValue ?? []
        let tokens: [String] = values.compactMap { value in value.value.objectValue?["token"]?.value.stringValue }
        #expect(tokens.contains("colors.primary"))

        let sarif = try JSONReader.parse(Array(DiagnosticFormats.sarif(report.diagnostics, toolVersion: "0").utf8), file: "report.sarif")
        let result = sarif.value.objectValue?["runs"]?.value.arrayValue?.first?.value.objectValue?["results"]?.value.arrayValue?.dropFirst()
            .first
        let fixes = try #require(result?.value.objectValue?["fixes"]?.value.arrayValue)
        let change = fixes.first?.value.objectValue?["artifactChanges"]?.value.arrayValue?.first?.value.objectValue
        let replacement = change?["replacements"]?.value.arrayValue?.first?.value.objectValue
        #expect(replacement?["insertedContent"]?.value.objectValue?["text"]?.value.stringValue == "\"#0080A9\"")
        let region = replacement?["deletedRegion"]?.value.objectValue
        #expect(region.map { JSONWriter.compact(.object($0)) } == "{\"startLine\":4,\"startColumn\":45,\"endLine\":4,\"endColumn\":54}")
    }

    @Test func aSecondRunWritesTheSameBytes() throws {
        let first = ValidationReportFormats.json(try Self.report(), source: MemorySource(files: [:]), strict: false)
        let second = ValidationReportFormats.json(try Self.report(), source: MemorySource(files: [:]), strict: false)
        #expect(first == second)
        #expect(first.contains("\"derived\""))
    }

    @Test func aRepositoryWithoutPairsIsCheckedAsBefore() throws {
        let files: [String: [UInt8]] = [
            "targets/contract.json": Array(#"{"colors": {"primary": {}, "background": {}}}"#.utf8),
            "targets/acme/style.json": Array(
                ##"{"app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "colors": {"primary": "#11A4D6", "background": "#FFFFFF"}}"##
                    .utf8),
        ]
        let workspace = Workspace(repository: nil, source: MemorySource(files: files))
        let report = try ValidationService(workspace: workspace, schema: AcceptingSchema()).validate()
        #expect(report.diagnostics.map(\.rule) == [.appIconMissing])
        #expect(report.derived.isEmpty)
        #expect(!ValidationReportFormats.json(report, source: MemorySource(files: [:]), strict: false).contains("\"derived\""))
    }
}
