import LiveryEngine

/// `livery validate --format github`: workflow commands that GitHub shows as
/// annotations on a pull request, then the result line.
enum GitHubValidationFormat: ValidationRenderer {
    static let name = "github"
    static let summary = "workflow annotations"
    static let isWorkflowAnnotations = true

    static func write(_ report: ValidationReport, context: ValidationRenderContext, to output: ReportOutput) {
        ValidationReportFormats.github(report, strict: context.strict, write: output.text)
    }
}
