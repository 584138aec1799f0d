import LiveryJSON

/// `livery diff --format patch`: for each target added, changed or renamed, the
/// RFC 7396 merge patch that turns BASE's resolved style.json (an empty object
/// for an added target) into HEAD's — what a running app downloads and merges.
/// One JSON object keyed by target id (HEAD's id), keys sorted.
public enum DiffPatchFormat {
    public static func render(_ report: DiffReport) -> String {
        JSONWriter.write(document(report), sortedKeys: true)
    }

    public static func document(_ report: DiffReport) -> JSONValue {
        .makeObject(report.targets.compactMap { target in
            target.patch.map { (target.id, $0) }
        })
    }
}
