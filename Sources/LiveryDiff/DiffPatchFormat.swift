import LiveryJSON

/// `livery diff --format patch`: for each target added, changed or renamed, the
/// RFC 7396 merge patch that turns BASE's resolved style.json (an empty object
/// for an added target) into HEAD's — what a running app downloads and merges.
/// One JSON object keyed by target id (HEAD's id), keys sorted. When tokens were
/// renamed, a `$renames` member (never a target id: ids start with a letter or digit)
/// maps each target id to its renames, BASE's path to HEAD's, so a reader of the
/// patches knows that a `null` and an addition are one token under a new name.
public enum DiffPatchFormat {
    /// The member that lists renames; absent when nothing was renamed.
    public static let renamesKey = "$renames"
    /// The member that says, per target, how each identity and store change
    /// reaches users (`appRelease` or `storeUpdate`); absent when there is none.
    public static let deliveryKey = "$delivery"
    /// The member that says the app's contract changed (always breaking for the app), as
    /// `--format json`'s `contract` says it; absent when it did not.
    public static let contractKey = "$contract"
    /// The member that says the range's release level and why, as `--format json`'s
    /// `release` does; absent when nothing differs.
    public static let releaseKey = "$release"

    public static func render(_ report: DiffReport) -> String {
        JSONWriter.write(document(report), sortedKeys: true)
    }

    public static func document(_ report: DiffReport) -> JSONValue {
        var members: [(String, JSONValue)] = report.targets.compactMap { target in
            target.patch.map { (target.id, $0) }
        }
        let renames: [(String, JSONValue)] = report.targets.compactMap { target in
            guard target.patch != nil else { return nil }
            let pairs: [(String, JSONValue)] = target.changes.compactMap { change in
                guard change.kind == .renamed, let old = change.oldPath else { return nil }
                return (old, .string(change.path))
            }
            return pairs.isEmpty ? nil : (target.id, .makeObject(pairs))
        }
        if !renames.isEmpty { members.append((renamesKey, .makeObject(renames))) }
        let deliveries: [(String, JSONValue)] = report.targets.compactMap { target in
            let pairs: [(String, JSONValue)] = target.changes.compactMap { change in change.delivery.map { (change.path, .string($0.key)) }
            }
            return pairs.isEmpty ? nil : (target.id, .makeObject(pairs))
        }
        if !deliveries.isEmpty { members.append((deliveryKey, .makeObject(deliveries))) }
        if report.contract != nil { members.append((contractKey, ContractDiffRendering.json(report.contract))) }
        if report.hasDifferences { members.append((releaseKey, DiffJSONFormat.release(report.release))) }
        return .makeObject(members)
    }
}

extension DiffPatchFormat: DiffRenderer {
    public static let name = "patch"
    public static let summary = "per target, the RFC 7396 merge patch from BASE's resolved style.json to HEAD's"

    public static func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        render(report)
    }
}
