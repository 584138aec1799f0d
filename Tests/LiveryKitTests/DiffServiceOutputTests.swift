import Foundation
import LiveryDiff
import LiveryTestSupport
import Testing

@testable import LiveryKit

/// `diff`'s services write what they make, as every command's service does: the report to
/// `--output FILE` (or back as text for standard output), the updates into their directory.
@Suite("DiffService and UpdateService write their own output")
struct DiffServiceOutputTests {
    @Test func theReportIsWrittenToItsFileOrGivenBackAsText() async throws {
        let fixture = try ConcurrencyHeaderCacheTests.repository()
        let out = try TemporaryDirectory()
        var request = DiffRequest(repository: RepositorySelection(path: fixture.path, revision: "v2"), base: "v1")
        request.environment = ["LIVERY_NO_CACHE": "1"]
        request.format = try #require(DiffFormat(named: "json"))
        let printed = try await DiffService.run(request)
        let text = try #require(printed.text)
        #expect(text.contains(#""acme""#))
        #expect(printed.stepSummary == nil)

        request.reportFile = out.path + "/diff.json"
        let written = try await DiffService.run(request)
        #expect(written.text == nil)
        #expect(try String(contentsOfFile: out.path + "/diff.json", encoding: .utf8) == text)

        // Under GitHub Actions the step summary gets the report in Markdown, whatever the format.
        request.environment["GITHUB_ACTIONS"] = "true"
        request.environment["GITHUB_STEP_SUMMARY"] = out.path + "/summary.md"
        let summary = try #require(try await DiffService.run(request).stepSummary)
        #expect(summary.file == out.path + "/summary.md")
        var markdown = request
        markdown.format = .markdown
        markdown.reportFile = nil
        #expect(try await DiffService.run(markdown).text == summary.text)
        #expect(summary.text.contains("acme"))
    }

    @Test func theUpdatesAreWrittenIntoTheirDirectory() async throws {
        let fixture = try FixtureRepository()
        func client(_ bg: String) -> String {
            ##"{"app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "colors": {"bg": "\##(bg)"}}"##
        }
        try fixture.write("targets/acme/style.json", client("#FFFFFF"))
        try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/acme/style.json", client("#000000"))
        try fixture.commitAll("v2", tag: "v2")
        let out = try TemporaryDirectory()
        var diff = DiffRequest(repository: RepositorySelection(path: fixture.path, revision: "v2"), base: "v1")
        diff.environment = ["LIVERY_NO_CACHE": "1"]
        var request = UpdateRequest(diff: diff, directory: out.path + "/updates")
        request.sequence = 7
        let result = try await UpdateService.run(request)
        #expect(result.written.count == 1, "\(result.release.refused)")
        // Paths from the directory, as the command prints them.
        let path = try #require(result.written.first)
        #expect(path.hasPrefix("acme/") && path.hasSuffix(".json"))
        #expect(FileManager.default.fileExists(atPath: out.path + "/updates/" + path))
    }
}
