import Foundation
import LiveryGit
import LiveryJSON
import LiveryTargets
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("Validation reports in every format")
struct ValidationReportFormatsTests {
    static let clients = (0..<50).map { "client-" + String(format: "%02d", $0) }

    /// 50 clients inheriting one typo from base, and one client with a warning
    /// of its own explained by a place in base.
    static var report: ValidationReport {
        var diagnostics = DiagnosticGroupingTests.typo(in: clients)
        var contrast = Diagnostic(
            .warning, rule: .contrast, "foreground on background has contrast 2:1", file: "targets/client-07/style.json",
            line: 3, column: 16, pointer: JSONPointer(tokens: ["colors", "primary"]), target: "client-07")
        contrast.related = [
            RelatedLocation(
                "`button.primary` pairs the colours here", file: "targets/base/style.json", line: 88, column: 23,
                pointer: JSONPointer(tokens: ["components", "button", "primary", "foreground"]))
        ]
        diagnostics.append(contrast)
        return ValidationReport(targets: ["base"] + clients, diagnostics: diagnostics.sorted())
    }

    @Test func textGroupsByFileAndCountsProblems() {
        let text = ValidationReportFormats.text(Self.report)
        #expect(
            text == """
                targets/base/style.json:
                  targets/base/style.json:25:14: error: `colors.error` is not a colour (at /colors/error) [schema]
                    affects 50 targets: client-00, client-01, client-02, client-03, client-04, …
                targets/client-07/style.json:
                  targets/client-07/style.json:3:16: warning: foreground on background has contrast 2:1 (at /colors/primary) [contrast]
                    targets/base/style.json:88:23: note: `button.primary` pairs the colours here (at /components/button/primary/foreground)
                ✗ 1 error, 1 warning in 50 of 51 targets

                """)
    }

    /// The text written in pieces is the whole text, and groups each file's
    /// problems under one heading as grouping by file does: problems without a
    /// file first, shared files' problems once, files in order.
    @Test func textWrittenInPiecesIsTheWholeTextGroupedByFile() {
        var diagnostics = Self.report.diagnostics
        diagnostics.append(Diagnostic(.error, rule: .targetId, "no file", target: "client-03"))
        diagnostics.append(
            Diagnostic(.warning, rule: .contrast, "low", file: "targets/client-07/style.json", line: 1, column: 2, target: "client-07"))
        diagnostics.append(
            Diagnostic(
                .warning, rule: .androidImage, "not usable", file: "targets/client-01/style.json", line: 9, column: 2, target: "client-01"))
        let report = ValidationReport(targets: Self.report.targets, diagnostics: diagnostics.sorted())
        var pieces: [String] = []
        ValidationReportFormats.text(report, chunkBytes: 1) { pieces.append($0) }
        #expect(pieces.count > 5)
        let whole = ValidationReportFormats.text(report)
        #expect(pieces.joined() == whole)
        var expected = ""
        // Problems without a file (under "") first, then each file in order, its problems as reported.
        let byFile = Dictionary(grouping: report.problems) { $0.file ?? "" }
        for file in byFile.keys.sorted() {
            expected += (file.isEmpty ? "repository" : file) + ":\n"
            for problem in byFile[file, default: []] {
                expected += DiagnosticFormats.block(problem, targetsDirectory: report.targetsDirectory, indent: "  ")
            }
        }
        expected += ValidationReportFormats.summary(report) + "\n"
        #expect(whole == expected)
        #expect(whole.components(separatedBy: "targets/client-07/style.json:\n").count == 2)
    }

    /// GitHub commands and SARIF written in pieces are the whole documents.
    @Test func githubAndSarifWrittenInPiecesAreTheWholeDocuments() throws {
        let report = Self.report
        var github: [String] = []
        ValidationReportFormats.github(report, chunkBytes: 1) { github.append($0) }
        #expect(github.count == 3)
        let wholeGithub = ValidationReportFormats.github(report)
        #expect(github.joined() == wholeGithub)
        #expect(wholeGithub.hasPrefix("::error file=targets/base/style.json,line=25,col=14,"))
        #expect(
            wholeGithub.hasSuffix(
                "\n::warning file=targets/client-07/style.json,line=3,col=16,title=livery contrast::"
                    + "foreground on background has contrast 2:1 (at /colors/primary); targets/base/style.json:88:23: note: "
                    + "`button.primary` pairs the colours here (at /components/button/primary/foreground)\n✗ 1 error, 1 warning in 50 of 51 targets\n"
            ),
            "\(wholeGithub)")
        var annotations: [String] = []
        ValidationReportFormats.annotations(report, chunkBytes: 1) { annotations.append($0) }
        #expect(annotations.joined() == ValidationReportFormats.annotations(report))
        #expect(ValidationReportFormats.annotations(report) + "\n" + ValidationReportFormats.summary(report) + "\n" == wholeGithub)

        var sarif: [UInt8] = []
        var pieces = 0
        DiagnosticFormats.sarif(report.diagnostics, toolVersion: "1.0", chunkBytes: 1) {
            sarif += $0
            pieces += 1
        }
        #expect(pieces == 3)
        let whole = DiagnosticFormats.sarif(report.diagnostics, toolVersion: "1.0")
        #expect(String(decoding: sarif, as: UTF8.self) == whole)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.count == 2)
        let rules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
        #expect(rules?.compactMap { $0["id"] as? String } == ["contrast", "schema"])
    }

    @Test func aCheckMarkOnlyWhenValidateExitsZero() {
        let warnings = ValidationReport(
            targets: ["a", "b"], diagnostics: [Diagnostic(.warning, rule: .contrast, "low", file: "targets/a/style.json", target: "a")])
        #expect(ValidationReportFormats.summary(warnings) == "✓ 2 targets valid (1 warning)")
        #expect(warnings.fails(strict: true))
        let strict = ValidationReportFormats.summary(warnings, strict: true)
        #expect(!strict.contains("✓"))
        #expect(strict == "✗ 1 warning in 1 of 2 targets (--strict fails on warnings)")
        #expect(ValidationReportFormats.text(warnings, strict: true).hasSuffix(strict + "\n"))
        let empty = ValidationReport(targets: [], diagnostics: [Diagnostic(.error, rule: .noTargets, "no targets", file: "targets")])
        #expect(ValidationReportFormats.summary(empty) == "✗ 1 error, no targets")
    }

    @Test func jsonCarriesAffectedTargetsAndRelatedPlaces() throws {
        let json = ValidationReportFormats.json(Self.report, source: MemorySource(files: [:]), strict: false)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(document["errors"] as? Int == 1)
        #expect(document["warnings"] as? Int == 1)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 2)
        #expect(diagnostics[0]["affectedTargets"] as? [String] == Self.clients)
        #expect(diagnostics[0]["target"] is NSNull)
        #expect(diagnostics[0]["file"] as? String == "targets/base/style.json")
        #expect(diagnostics[1]["target"] as? String == "client-07")
        #expect(diagnostics[1]["affectedTargets"] as? [String] == [])
        let related = try #require(diagnostics[1]["related"] as? [[String: Any]])
        #expect(related.first?["file"] as? String == "targets/base/style.json")
        #expect(related.first?["line"] as? Int == 88)
        #expect(related.first?["column"] as? Int == 23)
        #expect(related.first?["pointer"] as? String == "/components/button/primary/foreground")
    }

    /// The report as one tree of values written at once: what the streamed writer must equal byte for byte.
    @Test func jsonWrittenInPiecesEqualsTheDocumentWrittenWhole() {
        let report = Self.report
        let source = MemorySource(files: [:])
        let problems = report.problems
        let whole = JSONWriter.write(
            JSONValue.makeObject([
                ("version", .integer(ValidationReportFormats.jsonVersion)),
                ("source", source.sourceJSON),
                ("valid", .bool(!report.fails(strict: false))),
                ("targets", .makeArray(report.targets.map { .string($0) })),
                ("errors", .integer(problems.errorCount)),
                ("warnings", .integer(problems.warningCount)),
                ("diagnostics", .makeArray(problems.map(DiagnosticJSON.value))),
            ]), sortedKeys: false)
        var pieces = 0
        var bytes: [UInt8] = []
        ValidationReportFormats.json(report, source: source, strict: false, chunkBytes: 1) { piece in
            pieces += 1
            bytes += piece
        }
        #expect(pieces == problems.count + 1)
        #expect(String(decoding: bytes, as: UTF8.self) == whole)
        let empty = ValidationReport(targets: [], diagnostics: [])
        #expect(ValidationReportFormats.json(empty, source: source, strict: false).contains("\"diagnostics\": []\n}"))
    }

    @Test func githubGivesOneAnnotationPerProblem() {
        let lines = ValidationReportFormats.github(Self.report).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == "::error file=targets/base/style.json,line=25,col=14,title=livery schema::`colors.error` is not a colour (at /colors/error); affects 50 targets: client-00, client-01, client-02, client-03, client-04, …"
        )
        #expect(lines[1].hasPrefix("::warning file=targets/client-07/style.json,line=3,col=16,title=livery contrast::"))
        #expect(
            lines[1].hasSuffix(
                "; targets/base/style.json:88:23: note: `button.primary` pairs the colours here (at /components/button/primary/foreground)")
        )
        #expect(lines[2] == "✗ 1 error, 1 warning in 50 of 51 targets")
    }

    @Test func sarifGivesOneResultWithTheTargetsAndRelatedLocations() throws {
        let sarif = DiagnosticFormats.sarif(Self.report.diagnostics, toolVersion: "1.0")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        let shared = try #require(results[0]["properties"] as? [String: Any])
        #expect(shared["affectedTargets"] as? [String] == Self.clients)
        #expect(
            (results[0]["message"] as? [String: Any])?["text"] as? String
                == "`colors.error` is not a colour (affects 50 targets: client-00, client-01, client-02, client-03, client-04, …)")
        let related = try #require(results[1]["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1)
        #expect(related[0]["id"] as? Int == 1)
        #expect((related[0]["message"] as? [String: Any])?["text"] as? String == "`button.primary` pairs the colours here")
        let physical = try #require(related[0]["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "targets/base/style.json")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 88)
    }

    @Test func theStepSummaryHasOneRowPerProblem() {
        let markdown = ValidationReportFormats.markdown(Self.report, source: MemorySource(label: "working tree", files: [:]))
        #expect(markdown.contains("✗ 1 error, 1 warning in 50 of 51 targets"))
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ❌") || $0.hasPrefix("| ⚠️") }
        #expect(rows.count == 2)
        // The pointer in `<code>` (a code span cannot hold a `|` in a table); messages escaped whole.
        #expect(
            rows[0]
                == "| ❌ | 50 targets: client-00, client-01, client-02, client-03, client-04, … | targets/base/style.json:25:14 <code>/colors/error</code> | &#96;colors.error&#96; is not a colour |"
        )
        #expect(
            rows[1].hasPrefix(
                "| ⚠️ | client-07 | targets/client-07/style.json:3:16 <code>/colors/primary</code> | foreground on background has contrast 2:1 — targets/base/style.json:88:23: note:"
            ))
    }

    @Test func theStepSummaryKeepsRepositoryTextInert() {
        // A target id and a message as a hostile repository could make them: a cell break, a link, markup.
        let hostile = Diagnostic(
            .error, rule: .schema, "value | ![x](https://evil.example/t.png) <img src=x> **bold**\nnext",
            file: "targets/a|b/style.json", line: 1, column: 2, pointer: JSONPointer("/x|y"), target: "a|b"
        )
        let report = ValidationReport(targets: ["a|b"], diagnostics: [hostile])
        let markdown = ValidationReportFormats.markdown(report, source: MemorySource(label: "[label](http://x)", files: [:]))
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ❌") }
        #expect(rows.count == 1)
        // Five cell borders, none from the repository's text.
        #expect(rows.first?.filter { $0 == "|" }.count == 5, "\(markdown)")
        #expect(!markdown.contains("<img") && !markdown.contains("](http") && !markdown.contains("**bold"))
        #expect(markdown.hasPrefix("### livery validate — &#91;label&#93;(http://x)\n"))
    }
}
