import Foundation
import LiveryTestSupport
import Testing

/// The fuzz targets' seeds and the interesting inputs fuzzing found, kept under
/// `Tests/FuzzCorpus/<target>/`, run through the same entry points as the libFuzzer
/// harnesses (`scripts/fuzz`), here without sanitizers: none may crash, and each
/// ends accepted or refused with the error livery documents for it.
@Suite("Fuzz corpus regressions")
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzCorpus")

    /// The refusals each target may give; anything else is a regression.
    static let documented: [String: Set<String>] = [
        "json": ["JSONSyntaxError"],
        "schema": ["JSONSyntaxError", "SchemaError"],
        "resolve": ["JSONSyntaxError", "style-root", "deleted"],
        "sniff": [],
        "revision": ["RepositoryError"],
        "dtcg": ["DTCGImportFailure"],
    ]

    @Test(arguments: FuzzEntryPoints.names)
    func everyCorpusInputEndsWithADocumentedOutcome(target: String) throws {
        let directory = Self.corpus.appendingPathComponent(target)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(!files.isEmpty, "no corpus for \(target)")
        var refusals = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(file)))
            let outcome = try #require(FuzzEntryPoints.run(target, bytes))
            if case .refused(let reason) = outcome {
                refusals += 1
                #expect(Self.documented[target]?.contains(reason) == true, "\(target)/\(file): \(reason)")
            }
        }
        // Seeds are accepted inputs: a corpus of only refusals tests nothing past the parser.
        #expect(refusals < files.count, "\(target): every input was refused")
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
        #expect(FuzzEntryPoints.revision(Array("HEAD~1".utf8)) == .accepted)
        #expect(FuzzEntryPoints.revision(Array("HEAD~2".utf8)) == .refused("RepositoryError"))
        #expect(FuzzEntryPoints.run("nope", []) == nil)
    }
}
