import LiveryDiff
import LiveryText

extension DiffService {
    /// The report in a registered format; a format that embeds images reads
    /// them from this service's revisions, and only then.
    func render(_ report: DiffReport, as format: DiffFormat, detail: DiffDetail = .normal, styler: Styler = .plain) -> String {
        let service = self
        let context = DiffRenderContext(detail: detail, styler: styler) { limit in service.assetBytes(for: report, limit: limit) }
        return format.render(report, context: context)
    }
}
