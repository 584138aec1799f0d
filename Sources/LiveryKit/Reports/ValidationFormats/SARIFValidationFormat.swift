/// `livery validate --format sarif`: a SARIF 2.1.0 log for code scanning.
public enum SARIFValidationFormat: ValidationRenderer {
    public static let name = "sarif"
    public static let summary = "code scanning"

    public static func write(_ report: ValidationReport, context: ValidationRenderContext, to output: ReportOutput) {
        DiagnosticFormats.sarif(report.diagnostics, toolVersion: context.toolVersion, targetsDirectory: report.targetsDirectory, write: output.bytes)
    }
}
