import Foundation
import LiveryGit
import LiveryText
import Testing

@testable import LiveryKit

/// `livery validate` and `livery list` take their formats from a registry, as
/// diff and platforms do: names are unique and found by name, the option help
/// is made from the list, and each format writes what its renderer writes.
@Suite("Validate and list formats: the registries")
struct ReportFormatRegistryTests {
    @Test func validationFormatsAreUniqueLookedUpAndInTheHelp() {
        let names = ValidationFormat.all.map(\.name)
        #expect(names.first == "text")
        #expect(Set(names).count == names.count)
        for format in ValidationFormat.all { #expect(ValidationFormat(named: format.name) == format) }
        #expect(ValidationFormat(named: "xml") == nil)
        #expect(ValidationFormat.all.filter(\.isWorkflowAnnotations).map(\.name) == ["github"])
        #expect(
            ValidationFormat.optionHelp() == "Output: " + ValidationFormat.all.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")
                + ".")
    }

    @Test func listFormatsAreUniqueLookedUpAndInTheHelp() {
        let names = ListFormat.all.map(\.name)
        #expect(names.first == "text" && Set(names).count == names.count)
        for format in ListFormat.all { #expect(ListFormat(named: format.name) == format) }
        #expect(ListFormat(named: "csv") == nil)
        let described = ListFormat.all.map { "\($0.name) (\($0.summary))" }
        #expect(
            ListFormat.optionHelp() == "Output format: " + described.dropLast().joined(separator: ", ") + " or " + (described.last ?? "")
                + ".")
    }

    @Test func templateFormatsAreUniqueLookedUpAndInTheHelp() {
        let names = TemplateFormat.all.map(\.name)
        #expect(names.first == "text" && Set(names).count == names.count)
        for format in TemplateFormat.all { #expect(TemplateFormat(named: format.name) == format) }
        #expect(TemplateFormat(named: "yaml") == nil)
        let described = TemplateFormat.all.map { "\($0.name) (\($0.summary))" }
        #expect(
            TemplateFormat.optionHelp() == "Output format: " + described.dropLast().joined(separator: ", ") + " or "
                + (described.last ?? "") + ".")
    }

    /// Each registered validation format writes, through the registry, exactly
    /// what its renderer writes; text is coloured only when there are problems.
    @Test(arguments: [false, true])
    func everyValidationFormatWritesThroughTheRegistryAsItsRendererDoes(warningsOnly: Bool) throws {
        // With warnings only, --strict decides the result, so a format that drops it shows.
        var report = ValidationReportFormatsTests.report
        if warningsOnly { report.diagnostics = report.diagnostics.filter { $0.severity == .warning } }
        let source = MemorySource(label: "working tree", files: [:])
        let marked = Styler { text, _ in "<\(text)>" }
        let context = ValidationRenderContext(strict: true, verbose: true, styler: marked, source: source, toolVersion: "9.9.9")
        func written(_ name: String) throws -> String {
            var out = ""
            try #require(ValidationFormat(named: name)).write(
                report, context: context,
                to: ReportOutput(
                    text: { out += $0 }, bytes: { out += String(decoding: $0, as: UTF8.self) }
                ))
            return out
        }
        #expect(try written("text") == ValidationReportFormats.text(report, styler: marked, strict: true, verbose: true))
        #expect(try written("json") == ValidationReportFormats.json(report, source: source, strict: true))
        #expect(try written("github") == ValidationReportFormats.github(report, strict: true))
        #expect(
            try written("sarif")
                == DiagnosticFormats.sarif(report.diagnostics, toolVersion: "9.9.9", targetsDirectory: report.targetsDirectory))
        if warningsOnly {
            #expect(try written("json") != ValidationReportFormats.json(report, source: source, strict: false))
        }
    }
}
