import LiveryJSON
import LiveryTargets

/// Platform warnings carry a JSON pointer into the resolved style; the merged
/// document knows which file and line wrote that value.
enum PlatformWarnings {
    static func placed(_ diagnostics: [Diagnostic], in document: JSONNode, target: String) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            var placed = diagnostic
            placed.target = target
            if placed.file == nil, let pointer = placed.pointer, let node = nearestNode(at: pointer, in: document) {
                placed.file = node.location.file
                placed.line = node.location.line
                placed.column = node.location.column
            }
            return placed
        }
    }

    /// The node at `pointer`, or at its nearest ancestor that exists (a value
    /// the platform derived, such as a palette shade, has no node of its own).
    private static func nearestNode(at pointer: JSONPointer, in document: JSONNode) -> JSONNode? {
        var current: JSONPointer? = pointer
        while let candidate = current {
            if let node = document.value(at: candidate) { return node }
            current = candidate.parent
        }
        return nil
    }
}
