import LiveryEngine
import LiveryGit
import LiveryJSON
import LiveryTargets

/// Renders what `livery list` found. Pure: a listing in, text out.
enum ListReport {
    /// Version of the JSON structure; bumped only when a field changes meaning or goes away.
    static let jsonVersion = 1

    /// A table for people: id, parent, abstract, tree id; with `affected`, only
    /// the affected targets and why each is.
    static func text(_ listing: TargetListing, affected: AffectedTargets? = nil) -> String {
        if let affected { return affectedText(listing, affected) }
        let header = ["TARGET", "EXTENDS", "ABSTRACT", "TREE"]
        let rows = listing.targets.map { target in
            [target.id, target.extends ?? "-", target.abstract ? "yes" : "no", target.tree.short]
        }
        var out = table(header, rows)
        let concrete = listing.targets.count { !$0.abstract }
        out += "\(listing.targets.count) targets (\(concrete) concrete, \(listing.targets.count - concrete) abstract)\n"
        return out
    }

    static func affectedText(_ listing: TargetListing, _ affected: AffectedTargets) -> String {
        let byID = Dictionary(listing.targets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = affected.affected.map { item in
            [item.id, byID[item.id]?.extends ?? "-", item.reason.description, byID[item.id]?.tree.short ?? "-"]
        }
        var out = rows.isEmpty ? "" : table(["TARGET", "EXTENDS", "CHANGE", "TREE"], rows)
        let concrete = listing.targets.count { !$0.abstract }
        out += "\(affected.affected.count) of \(concrete) concrete targets affected"
        if !affected.removed.isEmpty { out += "; removed: " + affected.removed.joined(separator: " ") }
        return out + "\n"
    }

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                if index == cells.count - 1 {
                    text += cell
                } else {
                    text += cell + String(repeating: " ", count: widths[index] - cell.count + 2)
                }
            }
            return text + "\n"
        }
        var out = line(header)
        for row in rows { out += line(row) }
        return out
    }

    /// The documented JSON structure (docs/json-output.md):
    /// `{"version": 1, "source": {...}, "targets": [{"id", "extends", "abstract", "tree", "displayName", "bundleId", "androidPackage"}], "diagnostics": [...]}`.
    /// With `affected`, `targets` holds only the affected ones, each with its
    /// `change`, and `removed` lists the concrete targets gone since the base.
    /// Each target carries `displayName`, `bundleId` and `androidPackage` from `identities` (null where unset),
    /// and each concrete one the `contract` it is built against (null without a contract file).
    static func json(
        _ listing: TargetListing, source: some Source, affected: AffectedTargets? = nil, identities: [String: TargetIdentity] = [:],
        contract: ContractVersion? = nil
    ) -> String {
        let reasons = Dictionary((affected?.affected ?? []).map { ($0.id, $0.reason.description) }, uniquingKeysWith: { first, _ in first })
        let shown = affected == nil ? listing.targets : listing.targets.filter { reasons[$0.id] != nil }
        let targets = shown.map { target in
            var pairs: [(String, JSONValue)] = [
                ("id", .string(target.id)),
                ("extends", .optionalString(target.extends)),
                ("abstract", .bool(target.abstract)),
                ("tree", .string(target.tree.hex)),
            ]
            let identity = identities[target.id]
            pairs.append(("displayName", .optionalString(identity?.displayName)))
            pairs.append(("bundleId", .optionalString(identity?.bundleId)))
            pairs.append(("androidPackage", .optionalString(identity?.androidPackage)))
            let contractValue = contract.map { JSONValue.makeObject([("version", .string($0.version)), ("file", .string($0.file))]) }
            pairs.append(("contract", target.abstract ? .null : contractValue ?? .null))
            if let reason = reasons[target.id] { pairs.append(("change", .string(reason))) }
            return JSONValue.makeObject(pairs)
        }
        var pairs: [(String, JSONValue)] = [
            ("version", .integer(jsonVersion)),
            ("source", source.sourceJSON),
            ("targets", .makeArray(targets)),
        ]
        if let affected { pairs.append(("removed", .makeArray(affected.removed.map { .string($0) }))) }
        pairs.append(("diagnostics", .makeArray(listing.diagnostics.map(DiagnosticJSON.value))))
        let document = JSONValue.makeObject(pairs)
        return JSONWriter.write(document, sortedKeys: false)
    }
}

extension Source {
    /// `{"label", "revision", "commit"}` for JSON output.
    var sourceJSON: JSONValue {
        .makeObject([
            ("label", .string(label)),
            ("revision", .optionalString(commit?.spec)),
            ("commit", .optionalString(commit?.id.hex)),
        ])
    }
}
