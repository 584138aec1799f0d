import LiveryRegistry

/// One way `livery templates` prints the templates it found: a name, who reads
/// it, and a function from the listing to text.
///
/// Adding a format is one type conforming to this protocol and one line in
/// ``TemplateFormat/all``: `--format`, its help and shell completion read that list.
protocol TemplateRenderer: Sendable {
    /// How users name it: `--format NAME`.
    static var name: String { get }
    /// Who reads it, shown after the name in `livery templates --help`: `text (people)`.
    static var summary: String { get }
    static func render(_ listing: TemplateListing, context: TemplateRenderContext) -> String
}

/// What a templates format may use besides the listing.
package struct TemplateRenderContext: Sendable {
    /// Where the templates were looked for, for the message when there are none.
    var templatesDirectory: String
    /// `--quiet`: no closing hint.
    var quiet: Bool
    /// `--verbose`: each variable's pattern too.
    var verbose: Bool

    package init(templatesDirectory: String, quiet: Bool = false, verbose: Bool = false) {
        self.templatesDirectory = templatesDirectory
        self.quiet = quiet
        self.verbose = verbose
    }
}

/// A registered templates format, as a value: what `--format` holds.
package struct TemplateFormat: Registered {
    package static let kind = "format"
    let renderer: any TemplateRenderer.Type

    init(_ renderer: any TemplateRenderer.Type) {
        self.renderer = renderer
    }

    /// Every format `livery templates` writes, in the order help lists them.
    /// A new format is one line here.
    package static let all: [TemplateFormat] = [
        TemplateFormat(TextTemplateFormat.self),
        TemplateFormat(JSONTemplateFormat.self),
    ]

    package static let text = TemplateFormat(TextTemplateFormat.self)

    package var name: String { renderer.name }
    package var summary: String { renderer.summary }

    package func render(_ listing: TemplateListing, context: TemplateRenderContext) -> String {
        renderer.render(listing, context: context)
    }

    /// `--format`'s help: `Output format: text (people) or json (scripts).`
    package static func optionHelp(_ formats: [TemplateFormat] = all) -> String {
        "Output format: " + Registry(formats).phrase(lastSeparator: " or ", Registry.nameAndSummary) + "."
    }
}

/// `livery templates`: each template, its notes and variables, for people.
enum TextTemplateFormat: TemplateRenderer {
    static let name = "text"
    static let summary = "people"

    static func render(_ listing: TemplateListing, context: TemplateRenderContext) -> String {
        TemplateReport.text(listing, templatesDirectory: context.templatesDirectory, quiet: context.quiet, verbose: context.verbose)
    }
}

/// `livery templates --format json`: the listing as one JSON document, for scripts.
enum JSONTemplateFormat: TemplateRenderer {
    static let name = "json"
    static let summary = "scripts"

    static func render(_ listing: TemplateListing, context: TemplateRenderContext) -> String {
        TemplateReport.json(listing)
    }
}
