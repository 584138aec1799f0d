import LiveryRegistry

/// One way `livery list` writes what it found: a name, what it is, and a
/// function from the listing to text.
///
/// Adding a format is one file with one type conforming to this protocol and
/// one line in ``ListFormat/all``: `--format`, its help and shell completion
/// read that list.
protocol ListRenderer: Sendable {
    /// How users name it: `--format NAME`.
    static var name: String { get }
    /// What it is, shown after the name in `livery list --help`: `text (a table)`.
    static var summary: String { get }
    /// May read the repository (identities, asset sizes), so it can fail.
    static func render(_ result: TargetListingResult, context: ListRenderContext) throws -> String
}

/// What a list format may use besides the listing.
package struct ListRenderContext: Sendable {
    /// `--quiet`: as little as the format can say.
    var quiet: Bool
    /// `--shards N`: the jobs a build matrix splits the targets into.
    var shards: Int

    package init(quiet: Bool = false, shards: Int = 4) {
        self.quiet = quiet
        self.shards = shards
    }
}

/// A registered list format, as a value: what `--format` holds.
package struct ListFormat: Registered {
    package static let kind = "format"

    let renderer: any ListRenderer.Type

    init(_ renderer: any ListRenderer.Type) {
        self.renderer = renderer
    }

    /// Every format `livery list` writes, in the order help lists them.
    /// A new format is one line here.
    package static let all: [ListFormat] = [
        ListFormat(TextListFormat.self),
        ListFormat(JSONListFormat.self),
        ListFormat(MatrixListFormat.self),
    ]

    package static let text = ListFormat(TextListFormat.self)

    package var name: String { renderer.name }
    package var summary: String { renderer.summary }

    package func render(_ result: TargetListingResult, context: ListRenderContext) throws -> String {
        try renderer.render(result, context: context)
    }

    /// `--format`'s help: `Output format: text (a table) or json (…).`
    package static func optionHelp(_ formats: [ListFormat] = all) -> String {
        "Output format: " + Registry(formats).phrase(lastSeparator: " or ", Registry.nameAndSummary) + "."
    }
}
