import LiveryCore
import LiveryJSON
import LiveryTargets
import Testing

/// A contract's `version` is a semantic version, placed where it is wrong; without one the
/// contract is named by its digest, so a client's contract can always be told apart.
@Suite("Contract version")
struct ContractVersionTests {
    static let file = "targets/contract.json"

    static func problems(_ text: String) -> [Diagnostic] {
        do {
            _ = try ContractParser.parse(Array(text.utf8), file: file)
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test(arguments: ["1.0.0", "2.10.3", "0.1.0-beta.2", "1.0.0-rc.1+build.7", "3.0.0+20261207"])
    func aSemanticVersionIsReadAndNamesTheContract(_ version: String) throws {
        let text = "{\n  \"version\": \"\(version)\",\n  \"colors\": {\"primary\": {}}\n}\n"
        let contract = try ContractParser.parse(Array(text.utf8), file: Self.file)
        let named = ContractVersion.of(Array(text.utf8), file: Self.file, contract: contract)
        #expect(named == ContractVersion(version: version, file: Self.file))
    }

    @Test(arguments: ["1.0", "v1.0.0", "01.0.0", "1.0.0-", "1.0.0-01", "1.0.0+", "1.0.0-a..b", "1.2.3.4", ""])
    func aVersionThatIsNotSemanticIsAContractFileErrorAtItsPlace(_ version: String) {
        let found = Self.problems("{\n  \"colors\": {},\n  \"version\": \"\(version)\"\n}")
        #expect(found.count == 1)
        #expect(found.first?.rule == .contractFile)
        #expect(found.first?.file == Self.file)
        #expect(found.first?.line == 3)
        #expect(found.first?.column == 14)
        #expect(found.first?.pointer?.description == "/version")
        #expect(found.first?.message == "'version' must be a semantic version, MAJOR.MINOR.PATCH such as \"2.1.0\", found '\(version)'")
    }

    @Test func aVersionThatIsNotAStringSaysWhatItFound() {
        let found = Self.problems(#"{"version": 2}"#)
        #expect(found.map(\.message) == [#"'version' must be a semantic version, MAJOR.MINOR.PATCH such as "2.1.0", found number"#])
    }

    @Test func aContractWithoutAVersionIsNamedByItsDigest() throws {
        let bytes = Array(#"{"colors": {"primary": {}}}"#.utf8)
        let contract = try ContractParser.parse(bytes, file: Self.file)
        #expect(contract.version == nil)
        let named = ContractVersion.of(bytes, file: Self.file, contract: contract)
        #expect(named.version == "sha256:" + CanonicalJSON.digest(bytes).prefix(12))
        #expect(named.version.count == "sha256:".count + 12)
        // Another contract's bytes give another name; a broken file is still named.
        let other = Array(#"{"colors": {"accent": {}}}"#.utf8)
        #expect(ContractVersion.of(other, file: Self.file, contract: nil).version != named.version)
    }

    @Test func initWritesTheVersionAfterTheSchema() {
        var contract = AppContract(file: Self.file, tokens: [ContractToken(section: .colors, name: "primary", kind: .color)])
        #expect(!ContractWriter.text(contract).contains("\"version\""))
        contract.version = "1.0.0"
        let text = ContractWriter.text(contract)
        #expect(text.hasPrefix("{\n  \"$schema\": \"\(ContractWriter.schemaID)\",\n  \"version\": \"1.0.0\",\n  \"colors\""))
        #expect((try? ContractParser.parse(Array(text.utf8), file: Self.file))?.version == "1.0.0")
    }
}
