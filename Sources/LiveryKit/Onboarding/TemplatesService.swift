import LiveryEngine
import LiveryTargets

/// What `livery templates` asks: the templates of one revision.
package struct TemplatesRequest: Sendable {
    var repository: RepositorySelection

    package init(repository: RepositorySelection) {
        self.repository = repository
    }
}

/// The templates found, and the problems of the repository and of each template.
package struct TemplatesResult: CommandOutcome, Sendable {
    package let listing: TemplateListing
    package let templatesDirectory: String
    /// livery.json's problems, then the templates'.
    package let diagnostics: [Diagnostic]

    /// 1 when a template is broken (or livery.json has errors).
    package var exitStatus: ExitStatus { ExitStatus(failed: diagnostics.hasErrors) }
}

/// `livery templates`: every template `livery new` can start from, with what
/// stops one from being used here.
package enum TemplatesService {
    package static func run(_ request: TemplatesRequest) throws -> TemplatesResult {
        let workspace = try Workspace.open(request.repository)
        let listing = try TemplateListing.read(from: workspace)
        return TemplatesResult(
            listing: listing, templatesDirectory: workspace.configuration.templatesDirectory,
            diagnostics: workspace.diagnostics + listing.diagnostics
        )
    }
}
