import LiveryDiff
import LiveryGallery
import LiveryTargets

extension SideResolver {
    /// A target as the gallery shows it: resolved with its warnings (schema and
    /// resolver warnings, contrast among them), or invalid with its errors.
    func galleryState(of id: String) -> GalleryClient.State {
        guard let outcome = outcome(of: id) else {
            return .invalid(errors(graph.diagnostics.filter { $0.target == id }).orMerge(id))
        }
        guard let resolved = outcome.resolved else { return .invalid(errors(reasons(id, outcome))) }
        let warnings = outcome.diagnostics.filter { $0.severity != .error }.sorted()
        return .resolved(resolved.style, Provenance.of(resolved.document, targetsDirectory: targetsDirectory), warnings: warnings)
    }
}

extension [Diagnostic] {
    /// Never an invalid client without a reason.
    func orMerge(_ id: String) -> [Diagnostic] {
        isEmpty ? [Diagnostic(.error, rule: .merge, "the style of '\(id)' could not be merged with its ancestors", target: id)] : self
    }
}
