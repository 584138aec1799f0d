import LiveryEngine

/// `livery validate --format json`: the versioned document of docs/json-output.md.
enum JSONValidationFormat: ValidationRenderer {
    static let name = "json"
    static let summary = "scripts"

    static func write(_ report: ValidationReport, context: ValidationRenderContext, to output: ReportOutput) {
        ValidationReportFormats.json(report, source: context.source, strict: context.strict, write: output.bytes)
    }
}
