import LiveryConcurrency
import LiveryJSON
import LiveryTargets

/// A compiled JSON Schema seen as the style layer needs it: the pipeline's validate stage
/// (`violations`) and its load stage (`replacesWhole`, how `extends` merges a path).
package final class CompiledStyleSchema: StyleSchema, Sendable {
    let schema: JSONSchema
    /// Whether a document path is replaced whole, by path.
    private let replacing = Memo<[String], Bool>()

    package init(schema: JSONSchema) {
        self.schema = schema
    }

    package func violations(in document: JSONNode, target: String) -> [Diagnostic] {
        schema.validate(document).map { violation in
            Diagnostic(.error, rule: .schema, violation.message, at: violation.location, pointer: violation.instancePointer, target: target)
        }
    }

    /// Looked up once per path: merging asks for every key of every target.
    package func replacesWhole(_ path: [String]) -> Bool {
        replacing.value(for: path) {
            schema.keywordValues("x-livery-merge", atInstancePath: path).contains { $0.stringValue == "replace" }
        }
    }
}
