import LiveryText

/// `livery validate --format text`: problems grouped by file, then the result line.
public enum TextValidationFormat: ValidationRenderer {
    public static let name = "text"
    public static let summary = "people"

    public static func write(_ report: ValidationReport, context: ValidationRenderContext, to output: ReportOutput) {
        // --quiet changes nothing here: the text is already only problems and the result.
        let styler = report.diagnostics.isEmpty ? Styler.plain : context.styler
        ValidationReportFormats.text(report, styler: styler, strict: context.strict, verbose: context.verbose, write: output.text)
    }
}
