import LiveryGitFuzz
import LiveryTestSupport
import Testing

/// The `revision` fuzz target's seeds and findings (`Tests/FuzzCorpus/revision/`),
/// run through the entry point its libFuzzer harness calls, without sanitizers.
@Suite("Fuzz corpus regressions: revision expressions")
struct RevisionFuzzTests {
    @Test func everyCorpusInputEndsWithADocumentedOutcome() throws {
        let report = try FuzzCorpus.check("revision", documented: ["RepositoryError"]) { RevisionFuzz.feed($0) }
        #expect(report.inputs > 0, "no corpus for revision")
        #expect(report.undocumented == [])
        #expect(report.refusals < report.inputs, "revision: every input was refused")
    }

    @Test func theEntryPointTellsGoodFromBadInput() {
        #expect(RevisionFuzz.feed(Array("HEAD~1".utf8)) == .accepted)
        #expect(RevisionFuzz.feed(Array("HEAD~2".utf8)) == .refused("RepositoryError"))
    }
}
