import LiveryJSON

/// The schema a merged style document is checked against, as the style layer
/// needs it: violations as diagnostics, and which values merge as a whole.
public protocol StyleSchema: Sendable {
    /// Problems with a concrete target's merged document, each placed at the
    /// file, line and column that wrote the offending value.
    func violations(in document: JSONNode, target: String) -> [Diagnostic]
    /// True when the value at `path` is marked `"x-livery-merge": "replace"`.
    func replacesWhole(_ path: [String]) -> Bool
}
