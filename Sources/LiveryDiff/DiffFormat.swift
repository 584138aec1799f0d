import LiveryRegistry
import LiveryText

/// One way `livery diff` writes its report: a name, a line saying what it is
/// for, and a pure function from the report to text.
///
/// Adding a format is one file with one type conforming to this protocol and
/// one line in ``DiffFormat/all``: `--format`, its help, shell completion and
/// the error for an unknown name all read that list (docs/architecture.md,
/// "Adding a format").
public protocol DiffRenderer: Sendable {
    /// How users name it: `--format NAME`.
    static var name: String { get }
    /// What it is for, shown after the name in `livery diff --help`: `text (a terminal)`.
    static var summary: String { get }
    /// True for a format that writes signed update files into `--output DIR`
    /// instead of one report; the command does that work, not `render`.
    static var writesUpdates: Bool { get }
    static func render(_ report: DiffReport, context: DiffRenderContext) -> String
}

extension DiffRenderer {
    public static var writesUpdates: Bool { false }
}

/// What a renderer may use besides the report: how much to say, how to
/// emphasise, and the images' bytes for a format that embeds them.
public struct DiffRenderContext: Sendable {
    /// `--quiet`, `--verbose` or neither.
    public var detail: DiffDetail
    /// Colours on a terminal, plain text otherwise.
    public var styler: Styler
    /// The bytes of the images the report shows, files over `limit` bytes left
    /// out: read from the repository only when a format asks.
    public var assets: @Sendable (_ limit: Int) -> AssetPreviews

    public init(
        detail: DiffDetail = .normal, styler: Styler = .plain,
        assets: @escaping @Sendable (_ limit: Int) -> AssetPreviews = { _ in AssetPreviews() }
    ) {
        self.detail = detail
        self.styler = styler
        self.assets = assets
    }

    public var verbose: Bool { detail == .verbose }
}

/// A registered diff format, as a value: what `--format` holds. Two values
/// are equal when they name the same format (``Registered``).
public struct DiffFormat: Registered {
    public static let kind = "format"

    public let renderer: any DiffRenderer.Type

    public init(_ renderer: any DiffRenderer.Type) {
        self.renderer = renderer
    }

    /// Every format `livery diff` writes, in the order help lists them.
    /// A new format is one line here.
    public static let all: [DiffFormat] = [
        DiffFormat(DiffTextFormat.self),
        DiffFormat(DiffMarkdownFormat.self),
        DiffFormat(DiffJSONFormat.self),
        DiffFormat(DiffHTMLFormat.self),
        DiffFormat(DiffPatchFormat.self),
        DiffFormat(DiffChangelogFormat.self),
        DiffFormat(DiffChangelogHTMLFormat.self),
        DiffFormat(DiffUpdateFormat.self),
    ]

    public var name: String { renderer.name }
    public var summary: String { renderer.summary }
    public var writesUpdates: Bool { renderer.writesUpdates }

    public func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        renderer.render(report, context: context)
    }

    public static let text = DiffFormat(DiffTextFormat.self)
    public static let markdown = DiffFormat(DiffMarkdownFormat.self)

    /// `--format`'s help: `Output: text, markdown, json or update.`
    public static func optionHelp(_ formats: [DiffFormat] = all) -> String {
        "Output: " + Registry(formats).phrase(lastSeparator: " or ") + "."
    }

    /// The paragraph of `livery diff --help` that says what each format is for.
    public static func helpParagraph(_ formats: [DiffFormat] = all) -> String {
        "Formats: " + Registry(formats).phrase(Registry.nameAndSummary) + ". See docs/diff.md."
    }
}
