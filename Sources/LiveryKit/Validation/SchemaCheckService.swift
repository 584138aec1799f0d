import Foundation
import LiveryJSON
import LiveryStyle

/// `livery schema check`: any JSON files against any schema file, so users can
/// test their own schema extensions.
public struct SchemaCheckService: Sendable {
    public let schema: JSONSchema

    /// Loads and compiles the schema file; throws `SchemaError` when it is unusable.
    public init(schemaPath: String, formatAssertion: Bool = false) throws {
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
        schema = try JSONSchema(compiling: node, baseURI: base.absoluteString, options: SchemaOptions(formatAssertion: formatAssertion), resolver: resolver)
    }

    public struct Result: Sendable {
        public var valid: Bool
        /// `file:line:col: error: message (at /pointer) [schema: keyword location]`, one per problem.
        public var lines: [String]
    }

    public func check(file: String) -> Result {
        guard let data = FileManager.default.contents(atPath: file) else {
            return Result(valid: false, lines: ["\(file): error: cannot read the file"])
        }
        return check(bytes: [UInt8](data), file: file)
    }

    public func check(bytes: [UInt8], file: String) -> Result {
        let node: JSONNode
        do {
            node = try JSONReader.parse(bytes, file: file)
        } catch {
            return Result(valid: false, lines: ["\(error.location): error: \(error.message)" + (error.pointer.tokens.isEmpty ? "" : " (at \(error.pointer))")])
        }
        let violations = schema.validate(node)
        return Result(valid: violations.isEmpty, lines: violations.map { violation in
            "\(violation.location): error: \(violation.message)" + (violation.instancePointer.tokens.isEmpty ? "" : " (at \(violation.instancePointer))") + " [schema: \(violation.keywordLocation)]"
        })
    }
}
