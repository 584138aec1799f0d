import Foundation
import LiveryCore
import LiveryGit
import LiveryJSON
import LiveryTargets

/// Finds and compiles the schema in force: `targets/style.schema.json` when the
/// source has one, otherwise livery's built-in schema.
package enum SchemaLoader {
    /// The schema document in force and the file it came from.
    package static func document(for workspace: Workspace) throws -> (node: JSONNode, file: String, bytes: [UInt8]) {
        let (file, bytes) = try file(for: workspace)
        return (try parse(file: file, bytes: bytes), file, bytes)
    }

    /// The schema file in force and its bytes, not yet parsed: enough to tell
    /// whether two revisions check their targets against the same schema.
    package static func file(for workspace: Workspace) throws -> (file: String, bytes: [UInt8]) {
        let path = workspace.configuration.targetsDirectory + "/" + TargetCatalog.schemaFileName
        if let bytes = try workspace.source.readFile(at: path) { return (path, bytes) }
        return (builtInFile, builtInBytes)
    }

    /// The schema from `file(for:)`, compiled.
    package static func compile(file: String, bytes: [UInt8]) throws -> CompiledStyleSchema {
        CompiledStyleSchema(schema: try JSONSchema(compiling: try parse(file: file, bytes: bytes)))
    }

    /// The schema from `file(for:)`, parsed; positions name the built-in schema as such.
    static func parse(file: String, bytes: [UInt8]) throws -> JSONNode {
        try parseSchema(bytes, file: file == builtInFile ? "(built-in style.schema.json)" : file)
    }

    static let builtInFile = "(built-in)"

    package static func parseSchema(_ bytes: [UInt8], file: String) throws -> JSONNode {
        do {
            return try JSONReader.parse(bytes, file: file)
        } catch {
            throw SchemaError(
                location: error.location, schemaPointer: error.pointer.description,
                message: "the schema is not valid JSON: \(error.message)")
        }
    }

    /// The compiled schema in force, as the style layer uses it.
    package static func styleSchema(for workspace: Workspace) throws -> CompiledStyleSchema {
        let (file, bytes) = try file(for: workspace)
        return file == builtInFile ? try builtIn() : try compile(file: file, bytes: bytes)
    }

    /// The built-in schema's bytes.
    package static var builtInBytes: [UInt8] { BuiltInStyleSchema.bytes }

    /// The built-in schema, compiled.
    static func builtIn() throws -> CompiledStyleSchema {
        try compile(file: builtInFile, bytes: BuiltInStyleSchema.bytes)
    }
}
