import LiveryDiff
import LiveryGallery
import LiveryStyle

extension SideResolver {
    /// A client's variants as the gallery shows them beside it (docs/variants.md):
    /// each merged over the client, validated and resolved like it through the pipeline's stages, named
    /// `<id> · <variant>`; none when the client itself does not resolve.
    func galleryVariants(of id: String, chain: [String]) -> [GalleryClient] {
        guard case .merged(let document) = pipeline.load(id) else { return [] }
        // Variants that cannot be read are validate's to report; the gallery shows those that can.
        guard let (variants, _) = try? pipeline.variantLoader.variants(of: id, over: document) else { return [] }
        var shown: [GalleryClient] = []
        for variant in variants {
            let violations = pipeline.validate(variant.document, target: id)
            let (style, found) = pipeline.resolve(id, chain: chain, document: variant.document)
            let all = violations + found
            let state: GalleryClient.State = all.hasErrors
                ? .invalid(all.filter { $0.severity == .error })
                : .resolved(style, Provenance.of(variant.document, targetsDirectory: targetsDirectory), warnings: all.sorted())
            shown.append(GalleryClient(id: "\(id) · \(variant.name)", chain: chain, state: state))
        }
        return shown
    }
}
