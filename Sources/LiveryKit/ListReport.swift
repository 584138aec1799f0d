import LiveryGit
import LiveryJSON
import LiveryStyle

/// Renders what `livery list` found. Pure: a listing in, text out.
public enum ListReport {
    /// Version of the JSON structure; bumped only when a field changes meaning or goes away.
    public static let jsonVersion = 1

    /// A table for people: id, parent, abstract, tree id.
    public static func text(_ listing: TargetListing) -> String {
        let header = ["TARGET", "EXTENDS", "ABSTRACT", "TREE"]
        let rows = listing.targets.map { target in
            [target.id, target.extends ?? "-", target.abstract ? "yes" : "no", target.tree.short]
        }
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
        let concrete = listing.targets.count { !$0.abstract }
        out += "\(listing.targets.count) targets (\(concrete) concrete, \(listing.targets.count - concrete) abstract)\n"
        return out
    }

    /// The documented JSON structure (docs/json-output.md):
    /// `{"version": 1, "source": {...}, "targets": [{"id", "extends", "abstract", "tree"}], "diagnostics": [...]}`.
    public static func json(_ listing: TargetListing, source: some Source) -> String {
        let targets = listing.targets.map { target in
            JSONValue.makeObject([
                ("id", .string(target.id)),
                ("extends", .optionalString(target.extends)),
                ("abstract", .bool(target.abstract)),
                ("tree", .string(target.tree.hex)),
            ])
        }
        let document = JSONValue.makeObject([
            ("version", .integer(jsonVersion)),
            ("source", source.sourceJSON),
            ("targets", .makeArray(targets)),
            ("diagnostics", .makeArray(listing.diagnostics.map(DiagnosticJSON.value))),
        ])
        return JSONWriter.write(document, sortedKeys: false)
    }
}

extension Source {
    /// `{"label", "revision", "commit"}` for JSON output.
    public var sourceJSON: JSONValue {
        .makeObject([
            ("label", .string(label)),
            ("revision", .optionalString(commit?.spec)),
            ("commit", .optionalString(commit?.id.hex)),
        ])
    }
}

/// The JSON form of a diagnostic, shared by every command's JSON output.
public enum DiagnosticJSON {
    public static func value(_ diagnostic: Diagnostic) -> JSONValue {
        .makeObject([
            ("severity", .string(diagnostic.severity.rawValue)),
            ("rule", .string(diagnostic.rule)),
            ("message", .string(diagnostic.message)),
            ("target", .optionalString(diagnostic.target)),
            ("file", .optionalString(diagnostic.file)),
            ("line", diagnostic.line.map { .integer($0) } ?? .null),
            ("column", diagnostic.column.map { .integer($0) } ?? .null),
            ("pointer", .optionalString(diagnostic.pointer?.description)),
        ])
    }
}
