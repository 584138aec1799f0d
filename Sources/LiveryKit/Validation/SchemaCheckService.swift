import Foundation
import LiveryConcurrency
import LiveryEngine
import LiveryJSON
import LiveryTargets

/// `livery schema check`: any JSON files against any schema file, so users can
/// test their own schema extensions.
package struct SchemaCheckService: Sendable {
    let schema: JSONSchema

    /// Loads and compiles the schema file; throws `SchemaError` when it is unusable.
    init(schemaPath: String, formatAssertion: Bool = false) throws {
        guard let data = FileManager.default.contents(atPath: schemaPath) else {
            throw SchemaError(location: nil, schemaPointer: "", message: "cannot read schema file '\(schemaPath)'")
        }
        let node = try SchemaLoader.parseSchema([UInt8](data), file: schemaPath)
        let base = URL(fileURLWithPath: schemaPath).standardizedFileURL
        let directory = base.deletingLastPathComponent()
        // Other schema files next to it are found by relative $ref; nothing is fetched from a network.
        let resolver: SchemaDocumentResolver = { uri in
            guard uri.hasPrefix("file://") else { return nil }
            let path = String(uri.dropFirst("file://".count)).removingPercentEncoding ?? ""
            guard path.hasPrefix(directory.path), let bytes = FileManager.default.contents(atPath: path) else { return nil }
            return try? JSONReader.parse([UInt8](bytes), file: path)
        }
        schema = try JSONSchema(
            compiling: node, baseURI: base.absoluteString, options: SchemaOptions(formatAssertion: formatAssertion), resolver: resolver)
    }

    package struct Result: Sendable {
        package var valid: Bool
        /// `file:line:col: error: message (at /pointer) [schema: keyword location]`, one per problem.
        package var lines: [String]
    }

    /// Every file's result, in the order given. Files are independent, so they are
    /// checked `jobs` at a time, in runs of neighbouring files: one task per file
    /// would cost more to schedule than a small style file takes to check.
    func check(files: [String], jobs: Int) async -> [Result] {
        let runs = max(1, min(files.count, jobs * 8))
        let size = (files.count + runs - 1) / max(runs, 1)
        let chunks = stride(from: 0, to: files.count, by: max(size, 1)).map { Array(files[$0..<min($0 + size, files.count)]) }
        let checked = await Parallel.map(chunks, width: jobs) { chunk in chunk.map { self.check(file: $0) } }
        return checked.flatMap { $0 }
    }

    func check(file: String) -> Result {
        guard let data = FileManager.default.contents(atPath: file) else {
            return Result(valid: false, lines: ["\(file): error: cannot read the file"])
        }
        return check(bytes: [UInt8](data), file: file)
    }

    func check(bytes: [UInt8], file: String) -> Result {
        let node: JSONNode
        do {
            node = try JSONReader.parse(bytes, file: file)
        } catch {
            return Result(
                valid: false,
                lines: ["\(error.location): error: \(error.message)" + (error.pointer.tokens.isEmpty ? "" : " (at \(error.pointer))")])
        }
        let violations = schema.validate(node)
        return Result(
            valid: violations.isEmpty,
            lines: violations.map { violation in
                "\(violation.location): error: \(violation.message)"
                    + (violation.instancePointer.tokens.isEmpty ? "" : " (at \(violation.instancePointer))")
                    + " [schema: \(violation.keywordLocation)]"
            })
    }
}
