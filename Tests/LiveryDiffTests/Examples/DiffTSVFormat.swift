import LiveryDiff

/// `livery diff --format tsv`: one line per target that differs, for scripts:
/// its id, status and number of changes, separated by tabs.
public enum DiffTSVFormat: DiffRenderer {
    public static let name = "tsv"
    public static let summary = "one line per target that differs: id, status, changes, separated by tabs"

    public static func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        report.targets.map { "\($0.id)\t\($0.status.rawValue)\t\($0.changes.count)\n" }.joined()
    }
}
