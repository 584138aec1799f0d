import Foundation
import LiveryEngine
import LiveryTargets

/// What `livery schema` asks: the schema in force at a revision, or the built-in one.
package struct SchemaRequest: Sendable {
    var repository: RepositorySelection
    /// The built-in schema, whatever the repository holds (no repository needed).
    package var builtIn = false

    package init(repository: RepositorySelection) {
        self.repository = repository
    }
}

/// `livery schema`: the bytes of the schema in force.
package enum SchemaService {
    package static func run(_ request: SchemaRequest) throws -> [UInt8] {
        if request.builtIn { return SchemaLoader.builtInBytes }
        return try SchemaLoader.document(for: Workspace.open(request.repository)).bytes
    }
}

/// What `livery schema check` asks: JSON files against a schema file.
package struct SchemaCheckRequest: Sendable {
    var schema: String
    var files: [String]
    /// `format` as an assertion rather than an annotation.
    package var formatAssertion = false
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    package init(schema: String, files: [String]) {
        self.schema = schema
        self.files = files
    }
}

/// Each file's result, in the order given.
package struct SchemaCheckResult: CommandOutcome, Sendable {
    package let files: [(file: String, result: SchemaCheckService.Result)]

    /// 1 when any file is invalid (or not JSON).
    package var exitStatus: ExitStatus { ExitStatus(failed: files.contains { !$0.result.valid }) }
}

extension SchemaCheckService {
    /// `livery schema check`: the schema compiled (an unusable one throws), then every file.
    package static func run(_ request: SchemaCheckRequest) async throws -> SchemaCheckResult {
        let checker = try SchemaCheckService(schemaPath: request.schema, formatAssertion: request.formatAssertion)
        let results = await checker.check(files: request.files, jobs: request.jobs)
        return SchemaCheckResult(files: Array(zip(request.files, results)))
    }
}
