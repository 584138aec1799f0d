import LiveryTestSupport
import Testing

/// Tests that need a tool outside livery are skipped where it is missing
/// (`ExternalTool`); on CI and under `scripts/testing/test`, which install every tool
/// first, a missing one is this suite's failure instead, so a check that did
/// not run is never counted as passed.
@Suite("External tools are installed where the suite requires them")
struct RequiredToolsTests {
    @Test func everyToolIsInstalledWhereToolsAreRequired() {
        let missing = ExternalTool.all.filter { !$0.isInstalled }
        let list = missing.map { "\($0.name) (\($0.install))" }.joined(separator: ", ")
        if ExternalTool.required() {
            #expect(
                missing.map(\.name).isEmpty,
                "required (CI=true or \(ExternalTool.requiredVariable)=1) but not installed: \(list); scripts/product/bootstrap --test installs them"
            )
        } else if !missing.isEmpty {
            print("not installed, so the tests needing them are skipped: \(list)")
        }
    }

    @Test func toolsAreRequiredOnCIAndUnderTheTestScript() {
        #expect(ExternalTool.required(in: ["CI": "true"]))
        #expect(ExternalTool.required(in: [ExternalTool.requiredVariable: "1"]))
        #expect(!ExternalTool.required(in: [:]))
        #expect(!ExternalTool.required(in: ["CI": "false", ExternalTool.requiredVariable: "0"]))
    }
}
