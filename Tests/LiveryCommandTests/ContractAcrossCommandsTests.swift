import Foundation
import LiveryTestSupport
import Testing

/// `diff` and `gallery` hold every client of the revision they show to its contract as
/// `validate` does, `diff` lists a change of the contract itself as breaking for the app in
/// every format, and `validate` holds each variant to it (docs/contract.md).
@Suite("The app's contract in diff, gallery and variants")
struct ContractAcrossCommandsTests {
    /// v1: two clients that keep the contract. v2: the contract asks for `accent`, which only
    /// alpha defines; no client's files changed except alpha's.
    func history() throws -> FixtureRepository {
        let fixture = try ContractCheckCommandTests().repository(contract: ContractCheckCommandTests.contract)
        try fixture.git(["tag", "v1"])
        let grown = ContractCheckCommandTests.contract.replacingOccurrences(of: #""fg": {}"#, with: #""fg": {}, "accent": {}"#)
        try fixture.write("targets/contract.json", grown)
        try fixture.write("targets/alpha/style.json", ContractCheckCommandTests.client("alpha", ##", "colors": {"accent": "#FF0000"}"##))
        try fixture.commitAll("accent", tag: "v2")
        return fixture
    }

    @Test func diffHoldsHeadsClientsToTheContractAndListsItsChangeAsBreaking() throws {
        let fixture = try history()
        let text = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path)
        #expect(text.status == 0, "\(text.stderr)")
        // beta's files did not change, yet it no longer keeps the contract: checked again, invalid.
        #expect(text.stdout.contains("beta: invalid"), "\(text.stdout)")
        #expect(text.stdout.contains("'beta' has no colour 'accent', which the app's contract declares"), "\(text.stdout)")
        #expect(text.stdout.contains("app contract targets/contract.json changed (1 token), breaking for the app"), "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "+ colors.accent  colour  BREAKING: every client must now define it, and the typed theme gains theme.colors.accent"),
            "\(text.stdout)")
        #expect(!text.stdout.contains("alpha: invalid"))

        let json = try LiveryBinary.run(["diff", "v1", "v2", "--format", "json"], in: fixture.path)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let contract = try #require(document["contract"] as? [String: Any])
        #expect(contract["status"] as? String == "changed")
        #expect(contract["breaking"] as? Bool == true)
        let changes = try #require(contract["changes"] as? [[String: Any]])
        #expect(changes.map { "\($0["kind"] ?? "") \($0["path"] ?? "") \($0["new"] ?? "")" } == ["added colors.accent colour"])
        let beta = (document["targets"] as? [[String: Any]] ?? []).first { $0["id"] as? String == "beta" }
        let headErrors = ((beta?["errors"] as? [String: Any])?["head"] as? [[String: Any]]) ?? []
        #expect(headErrors.contains { $0["rule"] as? String == "contract-missing" }, "\(String(describing: beta))")

        let markdown = try LiveryBinary.run(["diff", "v1", "v2", "--format", "markdown"], in: fixture.path)
        #expect(markdown.stdout.contains("| ➕ | colors.accent | — | colour | ⚠️ every client must now define it"), "\(markdown.stdout)")
        let html = try LiveryBinary.run(["diff", "v1", "v2", "--format", "html"], in: fixture.path)
        #expect(html.stdout.contains("<section class=\"contract\" id=\"contract\">"), "\(html.stdout.prefix(3000))")
        let patch = try LiveryBinary.run(["diff", "v1", "v2", "--format", "patch"], in: fixture.path)
        let patches = try #require(try JSONSerialization.jsonObject(with: Data(patch.stdoutBytes)) as? [String: Any])
        #expect((patches["$contract"] as? [String: Any])?["status"] as? String == "changed", "\(patch.stdout)")
    }

    @Test func aContractChangeAloneFailsTheBreakingGate() throws {
        let fixture = try ContractCheckCommandTests().repository(contract: ContractCheckCommandTests.contract)
        try fixture.git(["tag", "v1"])
        // Described, not asked more of: every client still keeps it, yet the typed theme changes.
        try fixture.write(
            "targets/contract.json",
            ContractCheckCommandTests.contract.replacingOccurrences(of: #""fg": {}"#, with: #""fg": {"description": "Text"}"#))
        try fixture.commitAll("described", tag: "v2")
        let gate = try LiveryBinary.run(["diff", "v1", "v2", "--exit-code", "breaking"], in: fixture.path)
        #expect(gate.status == 1, "\(gate.stdout)")
        #expect(
            gate.stdout.contains(
                "app contract targets/contract.json changed (1 token), breaking for the app · no target differs (2 unchanged)"),
            "\(gate.stdout)")
        #expect(gate.stdout.contains("~ colors.fg  colour → colour: \"Text\""), "\(gate.stdout)")
        // The same contract at both sides: no contract section, and the gate passes.
        let same = try LiveryBinary.run(["diff", "v2", "v2", "--exit-code", "breaking", "--format", "json"], in: fixture.path)
        #expect(same.status == 0)
        #expect(same.stdout.contains("\"contract\": null"), "\(same.stdout)")
    }

    @Test func galleryShowsAClientThatBreaksTheContractAsInvalid() throws {
        let fixture = try history()
        let out = try TemporaryDirectory()
        let run = try LiveryBinary.run(["gallery", "--rev", "v2", "--output", out.path + "/g"], in: fixture.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("✓ gallery: 2 clients, 1 invalid"), "\(run.stdout)")
        let html = try String(contentsOfFile: out.path + "/g/index.html", encoding: .utf8)
        let clients = try GalleryCommandTests.clients(html)
        let beta = clients.first { $0["id"] as? String == "beta" }
        let errors = beta?["errors"] as? [String] ?? []
        #expect(
            errors.contains { $0.contains("'beta' has no colour 'accent'") && $0.contains("[contract-missing]") },
            "\(String(describing: beta))")
        #expect(clients.first { $0["id"] as? String == "alpha" }?["errors"] == nil)
    }

    /// A contract that cannot be read checks no client: the gallery and the
    /// diff still report, and say so with the contract's problem at its place.
    @Test func galleryAndDiffNameAContractTheyCannotRead() throws {
        let fixture = try history()
        try fixture.write("targets/contract.json", #"{"colors": {"bg": {}, "#)
        try fixture.commitAll("broken contract", tag: "v3")
        let out = try TemporaryDirectory()
        let run = try LiveryBinary.run(["gallery", "--rev", "v3", "--output", out.path + "/g"], in: fixture.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("targets/contract.json:1:"), "\(run.stderr)")
        #expect(run.stderr.contains("not checked against the app's contract"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path + "/g/index.html"))
        let fine = try LiveryBinary.run(["gallery", "--rev", "v2", "--output", out.path + "/h"], in: fixture.path)
        #expect(!fine.stderr.contains("contract"), "\(fine.stderr)")
        // diff says it too, whether or not the contract changed between the two revisions.
        try fixture.write("targets/alpha/style.json", ContractCheckCommandTests.client("alpha", ##", "colors": {"accent": "#00FF00"}"##))
        try fixture.commitAll("alpha", tag: "v4")
        for (base, head) in [("v2", "v3"), ("v3", "v4")] {
            let diff = try LiveryBinary.run(["diff", base, head], in: fixture.path)
            #expect(diff.stderr.contains("targets/contract.json:1:"), "\(base)..\(head): \(diff.stderr)")
            #expect(diff.stderr.contains("were not checked against the app's contract"), "\(base)..\(head): \(diff.stderr)")
        }
        let clean = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path)
        #expect(!clean.stderr.contains("not checked against"), "\(clean.stderr)")
    }

    @Test func validateHoldsEachVariantToTheContractNamingIt() throws {
        let alpha = ContractCheckCommandTests.client("alpha", ##", "colors": {"accent": "#FF0000"}"##)
        let beta = ContractCheckCommandTests.client("beta", ##", "colors": {"accent": "#00FF00"}"##)
        let contract = ContractCheckCommandTests.contract.replacingOccurrences(of: #""fg": {}"#, with: #""fg": {}, "accent": {}"#)
        let fixture = try ContractCheckCommandTests().repository(contract: contract, alpha: alpha, beta: beta)
        #expect(try LiveryBinary.run(["validate"], in: fixture.path).status == 0)
        // A variant that drops a token the app reads: a whole style after the merge, without it.
        try fixture.write("targets/alpha/variants/plain/style.json", ##"{"colors": {"accent": null}}"##)
        try fixture.write("targets/alpha/variants/plain/variant.json", ##"{"when": {"percent": 10, "seed": "plain"}}"##)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "error: variant 'plain': 'alpha' has no colour 'accent', which the app's contract declares: add it to targets/alpha/variants/plain/style.json"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("[contract-missing]"))
        // A variant that keeps the contract is fine.
        try fixture.write("targets/alpha/variants/plain/style.json", ##"{"colors": {"accent": "#0000FF"}}"##)
        let fixed = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(fixed.status == 0, "\(fixed.stdout)")
        #expect(!fixed.stdout.contains("contract-"), "\(fixed.stdout)")
    }
}
