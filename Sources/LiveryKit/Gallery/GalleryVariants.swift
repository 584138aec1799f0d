import LiveryCore
import LiveryDiff
import LiveryEngine
import LiveryGallery
import LiveryTargets

extension SideResolver {
    /// A client's variants as the gallery shows them beside it (docs/variants.md):
    /// each merged over the client, validated and resolved like it through the pipeline's stages, named
    /// `<id> · <variant>`; none when the client itself does not resolve.
    func galleryVariants(of id: String, chain: [String]) -> [GalleryClient] {
        guard case .merged(let document) = pipeline.load(id) else { return [] }
        // Variants that cannot be read are validate's to report; the gallery shows those that can.
        guard
            let variants = try? VariantSteps(pipeline: pipeline, colorPairs: options.colorPairs, renames: options.appContract).compare(
                id, chain: chain, document: document)
        else { return [] }
        // In the order they are tried, as validate and the runtimes take them.
        let tried = variants.compactMap { variant in variant.definition.map { (variant, $0) } }
            .sorted { VariantDefinition.triedBefore($0.1, $1.1) }.map(\.0)
        return tried.compactMap { variant in
            let state: GalleryClient.State
            switch variant.outcome {
            case .unreadable: return nil
            case .invalid(let errors): state = .invalid(errors)
            case .resolved(_, let style, let document, let warnings):
                state = .resolved(style, Provenance.of(document, targetsDirectory: targetsDirectory), warnings: warnings)
            }
            return GalleryClient(id: "\(id) · \(variant.name)", chain: chain, state: state)
        }
    }
}
