import LiveryEngine

/// `livery validate --format sarif`: a SARIF 2.1.0 log for code scanning.
enum SARIFValidationFormat: ValidationRenderer {
    static let name = "sarif"
    static let summary = "code scanning"

    static func write(_ report: ValidationReport, context: ValidationRenderContext, to output: ReportOutput) {
        DiagnosticFormats.sarif(
            report.diagnostics, toolVersion: context.toolVersion, targetsDirectory: report.targetsDirectory, write: output.bytes)
    }
}
