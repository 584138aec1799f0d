/// `livery diff --format update`: signed remote style updates, one file per
/// changed client, which `livery diff` writes into `--output DIR` itself (they
/// need keys, a release sequence and the updates already there). Rendered as a
/// report, it is the merge patches the updates carry.
public enum DiffUpdateFormat: DiffRenderer {
    public static let name = "update"
    public static let summary =
        "remote style updates for apps that link LiveryRuntime: --output is then a directory, and each changed client gets DIR/<id>/<base-digest>.json, signed with --signing-key; see docs/runtime.md"
    public static let writesUpdates = true

    public static func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        DiffPatchFormat.render(report)
    }
}
