import LiveryEngine
import LiveryStyle

/// What `livery templates` asks: the templates of one revision.
public struct TemplatesRequest: Sendable {
    var repository: RepositorySelection

    public init(repository: RepositorySelection) {
        self.repository = repository
    }
}

/// The templates found, and the problems of the repository and of each template.
public struct TemplatesResult: CommandOutcome, Sendable {
    public let listing: TemplateListing
    public let templatesDirectory: String
    /// livery.json's problems, then the templates'.
    public let diagnostics: [Diagnostic]

    /// 1 when a template is broken (or livery.json has errors).
    public var exitStatus: ExitStatus { ExitStatus(failed: diagnostics.hasErrors) }
}

/// `livery templates`: every template `livery new` can start from, with what
/// stops one from being used here.
public enum TemplatesService {
    public static func run(_ request: TemplatesRequest) throws -> TemplatesResult {
        let workspace = try Workspace.open(request.repository)
        let listing = try TemplateListing.read(from: workspace)
        return TemplatesResult(
            listing: listing, templatesDirectory: workspace.configuration.templatesDirectory,
            diagnostics: workspace.diagnostics + listing.diagnostics
        )
    }
}
