/// `livery validate --format json`: the versioned document of docs/json-output.md.
public enum JSONValidationFormat: ValidationRenderer {
    public static let name = "json"
    public static let summary = "scripts"

    public static func write(_ report: ValidationReport, context: ValidationRenderContext, to output: ReportOutput) {
        ValidationReportFormats.json(report, source: context.source, strict: context.strict, write: output.bytes)
    }
}
