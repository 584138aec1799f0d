/// `livery list --format text`: a table for people; with `--quiet`, one id per
/// line for shell loops (`for id in $(livery list -q); do …`).
enum TextListFormat: ListRenderer {
    static let name = "text"
    static let summary = "a table"

    static func render(_ result: TargetListingResult, context: ListRenderContext) throws -> String {
        guard context.quiet else { return ListReport.text(result.listing, affected: result.affected) }
        let ids = result.affected?.ids ?? result.listing.targets.map(\.id)
        return ids.map { $0 + "\n" }.joined()
    }
}
