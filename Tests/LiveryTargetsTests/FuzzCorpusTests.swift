import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

/// The fuzz targets' seeds and the interesting inputs fuzzing found, kept under
/// `Tests/FuzzCorpus/<target>/`, run through the same entry points as the libFuzzer
/// harnesses (`scripts/testing/fuzz`), here without sanitizers: none may crash, and each
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
        "variant": ["JSONSyntaxError", "VariantProblem"],
        "contract": ["ContractError"],
        "store": ["StoreProblem", "empty"],
        "numbers": ["DTCGImportFailure"],
        "envelope": ["corruptData", "badSignature", "unknownKey", "expired", "wrongBase", "forbiddenKey", "invalidResult"],
    ]

    @Test(arguments: FuzzEntryPoints.names)
    func everyCorpusInputEndsWithADocumentedOutcome(target: String) throws {
        let report = try FuzzCorpus.check(target, documented: Self.documented[target] ?? []) { FuzzEntryPoints.feed(target, $0) }
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
        #expect(FuzzEntryPoints.feed("nope", []) == nil)
    }

    /// Every folder of the corpus is a target here or LiveryGitTests' `revision`.
    @Test func everyCorpusFolderHasATarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: FuzzCorpus.directory.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(FuzzEntryPoints.names + ["revision"]))
    }

    /// The envelope target's seeds are what `FuzzEntryPoints.envelopeSeeds()` makes
    /// (LIVERY_WRITE_FUZZ_SEEDS=1 writes them), and each ends as a runtime ends it.
    @Test func theEnvelopeSeedsCoverEveryEnvelopeField() throws {
        let directory = FuzzCorpus.directory.appendingPathComponent("envelope")
        let seeds = FuzzEntryPoints.envelopeSeeds()
        #expect(seeds.count == 8)
        for (name, bytes) in seeds {
            let file = directory.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["LIVERY_WRITE_FUZZ_SEEDS"] == "1" {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(bytes).write(to: file)
            }
            #expect(
                try Data(contentsOf: file) == Data(bytes), "\(name) differs from envelopeSeeds() (LIVERY_WRITE_FUZZ_SEEDS=1 rewrites it)")
        }
        let expected: [String: FuzzEntryPoints.Outcome] = [
            "genuine-two-signatures.json": .accepted, "expired.json": .refused("expired"), "unknown-key.json": .refused("unknownKey"),
            "unsigned.json": .refused("badSignature"), "forbidden-bundle-id.json": .refused("forbiddenKey"),
            "free-text-flag.json": .refused("forbiddenKey"), "malformed-colour.json": .refused("invalidResult"),
            "old-format.json": .refused("corruptData"),
        ]
        for (name, outcome) in expected {
            #expect(FuzzEntryPoints.envelope(try #require(seeds[name])) == outcome, "\(name)")
        }
        let genuine = String(decoding: try #require(seeds["genuine-two-signatures.json"]), as: UTF8.self)
        for member in ["\"sequence\": 2", "\"expires\": \"2100-01-01T00:00:00Z\"", "\"keyId\"", "\"signatures\""] {
            #expect(genuine.contains(member), "the genuine seed carries \(member)")
        }
    }

    /// Mutated seeds (bytes changed, dropped, inserted, cut short; members
    /// swapped between seeds) never crash the envelope target, end only with a
    /// runtime's reason codes, and apply only the content the key signed.
    @Test func mutatedEnvelopesAreRefusedWithTheRuntimesReasons() throws {
        let seeds = FuzzEntryPoints.envelopeSeeds().sorted { $0.key < $1.key }.map(\.value)
        let genuine = try #require(FuzzEntryPoints.envelopeSeeds()["genuine-two-signatures.json"])
        var state: UInt64 = 34
        func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        let interesting = Array("{}[]\":,0123456789abcdef-.eTZ \n\\nulltruefalse".utf8)
        var outcomes: [String: Int] = [:]
        for round in 0..<1500 {
            var bytes = seeds[next(seeds.count)]
            switch round % 5 {
            case 4:
                bytes = Array(bytes.prefix(next(bytes.count + 1)))
            default:
                for _ in 0..<(1 + next(4)) where !bytes.isEmpty {
                    let index = next(bytes.count)
                    switch next(4) {
                    case 0: bytes[index] = interesting[next(interesting.count)]
                    case 1: bytes.remove(at: index)
                    case 2: bytes.insert(interesting[next(interesting.count)], at: index)
                    default: bytes[index] ^= UInt8(1 << next(8))
                    }
                }
            }
            let outcome = FuzzEntryPoints.envelope(bytes)
            switch outcome {
            case .accepted:
                outcomes["accepted", default: 0] += 1
                let signed = try #require(try? StyleUpdate(parsing: bytes)).signingBytes
                #expect(
                    signed == (try StyleUpdate(parsing: genuine)).signingBytes,
                    "applied content the key did not sign: \(String(decoding: bytes, as: UTF8.self))")
            case .refused(let reason):
                outcomes[reason, default: 0] += 1
                #expect(Self.documented["envelope"]?.contains(reason) == true, "\(reason): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        // Most mutations break the envelope's JSON or its signature.
        #expect((outcomes["corruptData"] ?? 0) > 300 && (outcomes["badSignature"] ?? 0) > 100, "\(outcomes)")
    }
}
