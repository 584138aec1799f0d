import Foundation
import Testing

@testable import LiveryKit

@Suite("schema check: many files at once")
struct SchemaCheckServiceTests {
    /// Files checked several at a time come back in the order given, each with the
    /// result it has when checked alone: the report never depends on scheduling.
    @Test func filesCheckedInParallelKeepTheirOrderAndResults() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("livery-schema-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("schema.json")
        try Data(#"{"type": "object", "properties": {"n": {"type": "integer", "maximum": 50}}, "required": ["n"]}"#.utf8).write(to: schema)
        var files: [String] = []
        for index in 0..<97 {
            let file = directory.appendingPathComponent("f\(index).json")
            // Every seventh file is not JSON; above 50 the value breaks `maximum`.
            let text = index % 7 == 0 ? "{\"n\": " : "{\"n\": \(index)}"
            try Data(text.utf8).write(to: file)
            files.append(file.path)
        }
        files.append(directory.appendingPathComponent("missing.json").path)

        let checker = try SchemaCheckService(schemaPath: schema.path)
        let alone = files.map { checker.check(file: $0) }
        for jobs in [1, 2, 5] {
            let together = await checker.check(files: files, jobs: jobs)
            #expect(together.map(\.lines) == alone.map(\.lines), "jobs \(jobs)")
            #expect(together.map(\.valid) == alone.map(\.valid), "jobs \(jobs)")
        }
        #expect(alone.filter(\.valid).count == (1...50).filter { $0 % 7 != 0 }.count)
        #expect(alone.last?.valid == false)
    }
}
