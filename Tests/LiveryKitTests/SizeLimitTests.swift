import Foundation
import LiveryGit
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("File size limits")
struct SizeLimitTests {
    static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

    static let files: [String: [UInt8]] = [
        "targets/base/style.json": text(##"{"abstract": true, "colors": {"bg": "#FFFFFF"}}"##),
        "targets/acme/style.json": text(##"{"extends": "base", "images": {"logo": "logo.png"}}"##),
        "targets/acme/logo.png": TestFiles.png(width: 4, height: 4),
        "targets/acme/logo@2x.png": TestFiles.png(width: 8, height: 8),
    ]

    func validate(_ files: [String: [UInt8]], settings: String? = nil) throws -> ValidationReport {
        var files = files
        if let settings { files["livery.json"] = Self.text(settings) }
        let source = MemorySource(files: files)
        let (configuration, warnings) = try Configuration.load(from: source)
        #expect(warnings.isEmpty)
        let workspace = Workspace(repository: nil, source: source, configuration: configuration)
        return try ValidationService(workspace: workspace, schema: AcceptingSchema()).validate()
    }

    @Test func defaultsAreOneMebibyteForJSONAndThirtyTwoForAssets() throws {
        let configuration = Configuration()
        #expect(configuration.maxStyleBytes == 1_048_576)
        #expect(configuration.maxAssetBytes == 33_554_432)
        #expect(configuration.sizeLimits.limit(forPath: "targets/a/style.json") == (1_048_576, "maxStyleBytes"))
        #expect(configuration.sizeLimits.limit(forPath: "targets/a/logo.png") == (33_554_432, "maxAssetBytes"))
    }

    @Test func livery_jsonSetsBothLimits() throws {
        let (configuration, diagnostics) = try Configuration.parse(Self.text(#"{"maxStyleBytes": 2048, "maxAssetBytes": 1e6}"#))
        #expect(configuration.maxStyleBytes == 2048)
        #expect(configuration.maxAssetBytes == 1_000_000)
        #expect(diagnostics.isEmpty)
    }

    @Test(arguments: [
        #"{"maxStyleBytes": 0}"#, #"{"maxAssetBytes": -5}"#, #"{"maxAssetBytes": 1.5}"#, #"{"maxStyleBytes": "1MB"}"#,
        #"{"maxAssetBytes": 1e13}"#,
    ])
    func badLimitsAreErrorsWithPointer(text: String) throws {
        let error = #expect(throws: ConfigurationError.self) { try Configuration.parse(Self.text(text)) }
        #expect(error?.diagnostic.message.contains("whole number of bytes") == true)
        #expect(error?.diagnostic.pointer?.description.hasPrefix("/max") == true)
    }

    @Test func anAssetOverTheLimitIsAnErrorAtTheValueThatNamesIt() throws {
        let report = try validate(Self.files, settings: #"{"maxAssetBytes": 40}"#)
        let problems = report.diagnostics.filter { $0.rule.id == "asset-size" }
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.target == "acme")
        #expect(problem.file == "targets/acme/style.json")
        #expect(problem.pointer?.description == "/images/logo")
        #expect(
            problem.message.hasPrefix(
                "'targets/acme/logo.png' is \(TestFiles.png(width: 4, height: 4).count) bytes, over the limit of 40 bytes"))
        #expect(problem.message.hasSuffix("raise \"maxAssetBytes\" in livery.json"))
    }

    @Test func aScaledVariantOverTheLimitIsReportedToo() throws {
        let limit = TestFiles.png(width: 4, height: 4).count
        #expect(TestFiles.png(width: 8, height: 8).count > limit)
        let report = try validate(Self.files, settings: #"{"maxAssetBytes": \#(limit)}"#)
        #expect(
            report.diagnostics.filter { $0.rule.id == "asset-size" }.map { $0.message.hasPrefix("'targets/acme/logo@2x.png'") } == [true])
    }

    @Test func raisingTheLimitAcceptsTheFile() throws {
        // The fixture's client has no app icon; that warning is all there is.
        #expect(try validate(Self.files).diagnostics.allSatisfy { $0.rule.id == "app-icon-missing" })
        #expect(
            try validate(Self.files, settings: #"{"maxAssetBytes": 100000}"#).diagnostics.allSatisfy { $0.rule.id == "app-icon-missing" })
    }

    @Test func aStyleFileOverTheLimitIsAnErrorOnItsTarget() throws {
        var files = Self.files
        files["targets/acme/style.json"] = Self.text(
            ##"{"extends": "base", "images": {"logo": "logo.png"}}"## + String(repeating: " ", count: 300))
        let report = try validate(files, settings: #"{"maxStyleBytes": 200}"#)
        let problems = report.diagnostics.filter { $0.rule.id == "file-size" }
        #expect(problems.map(\.target) == ["acme"])
        #expect(problems.first?.file == "targets/acme/style.json")
        #expect(problems.first?.message.contains("raise \"maxStyleBytes\" in livery.json") == true)
    }

    @Test func anOversizedLivery_jsonIsRefusedBeforeItIsParsed() throws {
        let source = MemorySource(files: ["livery.json": Self.text("{}" + String(repeating: " ", count: 1 << 20))])
        let error = #expect(throws: ConfigurationError.self) { try Configuration.load(from: source) }
        #expect(error?.diagnostic.rule.id == "file-size")
        #expect(error?.diagnostic.file == "livery.json")
    }
}
