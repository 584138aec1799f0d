import Foundation
import LiveryTestSupport
import Testing

/// The fuzz targets' seeds and the interesting inputs fuzzing found, kept under
/// `Tests/FuzzCorpus/<target>/`, run through the same entry points as the libFuzzer
/// harnesses (`scripts/fuzz`), here without sanitizers: none may crash, and each
/// ends accepted or refused with the error livery documents for it. The
/// `revision` target's are run by LiveryGitTests' `RevisionFuzzTests`.
@Suite("Fuzz corpus regressions")
struct FuzzCorpusTests {
    /// The refusals each target may give; anything else is a regression.
    static let documented: [String: Set<String>] = [
        "json": ["JSONSyntaxError"],
        "schema": ["JSONSyntaxError", "SchemaError"],
        "resolve": ["JSONSyntaxError", "style-root", "deleted"],
        "sniff": [],
        "dtcg": ["DTCGImportFailure"],
    ]

    @Test(arguments: FuzzEntryPoints.names)
    func everyCorpusInputEndsWithADocumentedOutcome(target: String) throws {
        let report = try FuzzCorpus.check(target, documented: Self.documented[target] ?? []) { FuzzEntryPoints.run(target, $0) }
        #expect(report.inputs > 0, "no corpus for \(target)")
        #expect(report.undocumented == [])
        // Seeds are accepted inputs: a corpus of only refusals tests nothing past the parser.
        #expect(report.refusals < report.inputs, "\(target): every input was refused")
    }

    @Test func theEntryPointsTellGoodFromBadInput() throws {
        #expect(FuzzEntryPoints.json(Array(#"{"a": [1, 2]}"#.utf8)) == .accepted)
        #expect(FuzzEntryPoints.json(Array(#"{"a": [1, 2}"#.utf8)) == .refused("JSONSyntaxError"))
        #expect(FuzzEntryPoints.json(Array(repeating: UInt8(ascii: "["), count: 10_000)) == .refused("JSONSyntaxError"))
        #expect(FuzzEntryPoints.schema(Array(#"{"minimum": "x"}"#.utf8) + [0] + Array("3".utf8)) == .refused("SchemaError"))
        #expect(FuzzEntryPoints.schema(Array(#"{"minimum": 1}"#.utf8) + [0] + Array("3".utf8)) == .accepted)
        #expect(FuzzEntryPoints.resolve(Array("[]".utf8)) == .refused("style-root"))
        #expect(FuzzEntryPoints.resolve(Array(#"{"colors": {"x": "{colors.nope}"}}"#.utf8)) == .accepted)
        #expect(FuzzEntryPoints.sniff(TestFiles.png(width: 3, height: 2)) == .accepted)
        #expect(FuzzEntryPoints.run("nope", []) == nil)
    }

    /// Every folder of the corpus is a target here or LiveryGitTests' `revision`.
    @Test func everyCorpusFolderHasATarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: FuzzCorpus.directory.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(FuzzEntryPoints.names + ["revision"]))
    }
}
