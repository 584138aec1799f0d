import Foundation
import LiveryEngine
import LiveryStyle

/// What `livery schema` asks: the schema in force at a revision, or the built-in one.
public struct SchemaRequest: Sendable {
    var repository: RepositorySelection
    /// The built-in schema, whatever the repository holds (no repository needed).
    public var builtIn = false

    public init(repository: RepositorySelection) {
        self.repository = repository
    }
}

/// `livery schema`: the bytes of the schema in force.
public enum SchemaService {
    public static func run(_ request: SchemaRequest) throws -> [UInt8] {
        if request.builtIn { return SchemaLoader.builtInBytes }
        return try SchemaLoader.document(for: Workspace.open(request.repository)).bytes
    }
}

/// What `livery schema check` asks: JSON files against a schema file.
public struct SchemaCheckRequest: Sendable {
    var schema: String
    var files: [String]
    /// `format` as an assertion rather than an annotation.
    public var formatAssertion = false
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    public init(schema: String, files: [String]) {
        self.schema = schema
        self.files = files
    }
}

/// Each file's result, in the order given.
public struct SchemaCheckResult: CommandOutcome, Sendable {
    public let files: [(file: String, result: SchemaCheckService.Result)]

    /// 1 when any file is invalid (or not JSON).
    public var exitStatus: ExitStatus { ExitStatus(failed: files.contains { !$0.result.valid }) }
}

extension SchemaCheckService {
    /// `livery schema check`: the schema compiled (an unusable one throws), then every file.
    public static func run(_ request: SchemaCheckRequest) async throws -> SchemaCheckResult {
        let checker = try SchemaCheckService(schemaPath: request.schema, formatAssertion: request.formatAssertion)
        let results = await checker.check(files: request.files, jobs: request.jobs)
        return SchemaCheckResult(files: Array(zip(request.files, results)))
    }
}
