import LiveryEngine
import LiveryText

/// `livery validate --format text`: problems grouped by file, then the result line.
enum TextValidationFormat: ValidationRenderer {
    static let name = "text"
    static let summary = "people"

    static func write(_ report: ValidationReport, context: ValidationRenderContext, to output: ReportOutput) {
        // --quiet changes nothing here: the text is already only problems and the result.
        let styler = report.diagnostics.isEmpty ? Styler.plain : context.styler
        ValidationReportFormats.text(report, styler: styler, strict: context.strict, verbose: context.verbose, write: output.text)
    }
}
