import LiveryEngine
import LiveryGit
import LiveryRegistry
import LiveryText

/// One way `livery validate` writes its report: a name, what it is for, and a
/// function that writes the report in pieces as it is made.
///
/// Adding a format is one file with one type conforming to this protocol and
/// one line in ``ValidationFormat/all``: `--format`, its help and shell
/// completion read that list.
protocol ValidationRenderer: Sendable {
    /// How users name it: `--format NAME`.
    static var name: String { get }
    /// Who reads it, shown after the name in `livery validate --help`: `text (people)`.
    static var summary: String { get }
    /// True for GitHub's workflow commands: under GitHub Actions every other
    /// format is followed by the same annotations on standard error.
    static var isWorkflowAnnotations: Bool { get }
    static func write(_ report: ValidationReport, context: ValidationRenderContext, to output: ReportOutput)
}

extension ValidationRenderer {
    static var isWorkflowAnnotations: Bool { false }
}

/// What a validation format may use besides the report.
package struct ValidationRenderContext {
    /// `--strict`: warnings fail the run, and the result line says so.
    var strict: Bool
    var verbose: Bool
    /// Colours for a terminal (plain otherwise); used only to mark problems.
    var styler: Styler
    /// What was validated, for formats that name its revision.
    var source: any Source
    /// livery's version, for formats that name their tool.
    var toolVersion: String

    package init(strict: Bool = false, verbose: Bool = false, styler: Styler = .plain, source: any Source, toolVersion: String) {
        self.strict = strict
        self.verbose = verbose
        self.styler = styler
        self.source = source
        self.toolVersion = toolVersion
    }
}

/// Where a report goes, as text or as bytes, in pieces.
package struct ReportOutput {
    var text: (String) -> Void
    var bytes: ([UInt8]) -> Void

    package init(text: @escaping (String) -> Void, bytes: @escaping ([UInt8]) -> Void) {
        self.text = text
        self.bytes = bytes
    }
}

/// A registered validation format, as a value: what `--format` holds.
package struct ValidationFormat: Registered {
    package static let kind = "format"

    let renderer: any ValidationRenderer.Type

    init(_ renderer: any ValidationRenderer.Type) {
        self.renderer = renderer
    }

    /// Every format `livery validate` writes, in the order help lists them.
    /// A new format is one line here.
    package static let all: [ValidationFormat] = [
        ValidationFormat(TextValidationFormat.self),
        ValidationFormat(JSONValidationFormat.self),
        ValidationFormat(GitHubValidationFormat.self),
        ValidationFormat(SARIFValidationFormat.self),
    ]

    package static let text = ValidationFormat(TextValidationFormat.self)

    package var name: String { renderer.name }
    package var summary: String { renderer.summary }
    package var isWorkflowAnnotations: Bool { renderer.isWorkflowAnnotations }

    package func write(_ report: ValidationReport, context: ValidationRenderContext, to output: ReportOutput) {
        renderer.write(report, context: context, to: output)
    }

    /// `--format`'s help: `Output: text (people), json (scripts).`
    package static func optionHelp(_ formats: [ValidationFormat] = all) -> String {
        "Output: " + Registry(formats).phrase(Registry.nameAndSummary) + "."
    }
}
