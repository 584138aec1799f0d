import LiveryDiff
import LiveryGallery
import LiveryStyle

extension SideResolver {
    /// A client's variants as the gallery shows them beside it (docs/variants.md):
    /// each merged over the client, validated and resolved like it, named
    /// `<id> · <variant>`; none when the client itself does not resolve.
    func galleryVariants(of id: String, chain: [String]) -> [GalleryClient] {
        guard case .merged(let document) = steps.load(id) else { return [] }
        let loader = VariantLoader(source: steps.loader.source, targetsDirectory: targetsDirectory, replacesWhole: { [steps] in steps.schema.replacesWhole($0) })
        // Variants that cannot be read are validate's to report; the gallery shows those that can.
        guard let (variants, _) = try? loader.variants(of: id, over: document) else { return [] }
        var shown: [GalleryClient] = []
        for variant in variants {
            let violations = steps.validate(variant.document, target: id)
            let (style, found) = steps.resolve(id, chain: chain, document: variant.document)
            let all = violations + found
            let state: GalleryClient.State = all.hasErrors
                ? .invalid(all.filter { $0.severity == .error })
                : .resolved(style, Provenance.of(variant.document, targetsDirectory: targetsDirectory), warnings: all.sorted())
            shown.append(GalleryClient(id: "\(id) · \(variant.name)", chain: chain, state: state))
        }
        return shown
    }
}
