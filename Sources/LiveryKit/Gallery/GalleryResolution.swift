import LiveryDiff
import LiveryGallery
import LiveryStyle

extension SideResolver {
    /// A target as the gallery shows it: resolved with its warnings (schema and
    /// resolver warnings, contrast among them), or invalid with its errors.
    func galleryState(of id: String) -> GalleryClient.State {
        guard let chain = graph.chain(of: id) else {
            return .invalid(errors(graph.diagnostics.filter { $0.target == id }).orMerge(id))
        }
        switch steps.load(id) {
        case .failed:
            // The diff's snapshot already names an ancestor's problem when the target's own file is fine.
            if case .invalid(let found) = snapshot(of: id).state { return .invalid(found) }
            return .invalid([].orMerge(id))
        case .merged(let document):
            let violations = steps.validate(document, target: id)
            if violations.hasErrors { return .invalid(errors(violations)) }
            let (style, problems) = steps.resolve(id, chain: chain, document: document)
            if problems.hasErrors { return .invalid(errors(problems)) }
            let warnings = (violations + problems).filter { $0.severity != .error }.sorted()
            return .resolved(style, Provenance.of(document, targetsDirectory: targetsDirectory), warnings: warnings)
        }
    }
}

extension [Diagnostic] {
    /// Never an invalid client without a reason.
    func orMerge(_ id: String) -> [Diagnostic] {
        isEmpty ? [Diagnostic(.error, rule: .merge, "the style of '\(id)' could not be merged with its ancestors", target: id)] : self
    }
}
