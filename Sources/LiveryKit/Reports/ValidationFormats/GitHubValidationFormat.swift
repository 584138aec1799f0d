/// `livery validate --format github`: workflow commands that GitHub shows as
/// annotations on a pull request, then the result line.
public enum GitHubValidationFormat: ValidationRenderer {
    public static let name = "github"
    public static let summary = "workflow annotations"
    public static let isWorkflowAnnotations = true

    public static func write(_ report: ValidationReport, context: ValidationRenderContext, to output: ReportOutput) {
        ValidationReportFormats.github(report, strict: context.strict, write: output.text)
    }
}
