import Foundation
import LiveryTestSupport
import Testing

/// Two clients that would be one app to the stores are an error however few of them a run
/// checks: `validate --target` compares the chosen clients with every other, and `new`
/// refuses a client whose identity another already has (docs/contract.md).
@Suite("Identity across clients under --target and new")
struct IdentitySelectionTests {
    func repository() throws -> FixtureRepository {
        let beta = ##"{"extends": "base", "app": {"displayName": "Beta", "bundleId": "com.example.alpha"}}"##
        let gamma = ##"{"extends": "base", "app": {"displayName": "Gamma", "bundleId": "com.example.gamma"}}"##
        let fixture = try ContractCheckCommandTests().repository(contract: nil, beta: beta)
        try fixture.write("targets/gamma/style.json", gamma)
        try fixture.commitAll("gamma")
        return fixture
    }

    @Test func theChosenClientIsComparedWithEveryOther() throws {
        let fixture = try repository()
        let beta = try LiveryBinary.run(["validate", "--target", "beta"], in: fixture.path)
        #expect(beta.status == 1, "\(beta.stdout)")
        #expect(
            beta.stdout.contains(
                "targets/beta/style.json:1:64: error: 'beta' (targets/beta/style.json) has the same bundleId 'com.example.alpha' as 'alpha' (targets/alpha/style.json)"
            ), "\(beta.stdout)")
        #expect(beta.stdout.contains("targets/alpha/style.json:1:65: note: 'alpha' has it here"), "\(beta.stdout)")
        // Chosen the other way round, the clash is placed at the chosen client.
        let alpha = try LiveryBinary.run(["validate", "--target", "alpha"], in: fixture.path)
        #expect(alpha.status == 1, "\(alpha.stdout)")
        #expect(
            alpha.stdout.contains(
                "targets/alpha/style.json:1:65: error: 'alpha' (targets/alpha/style.json) has the same bundleId 'com.example.alpha' as 'beta' (targets/beta/style.json)"
            ), "\(alpha.stdout)")
        // A client that clashes with nobody passes, whatever the others do.
        let gamma = try LiveryBinary.run(["validate", "--target", "gamma"], in: fixture.path)
        #expect(gamma.status == 0, "\(gamma.stdout)")
        #expect(gamma.stdout == "✓ 1 target valid\n", "\(gamma.stdout)")
        // The whole repository reports the clash once.
        let all = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(all.stdout.components(separatedBy: "[identity-duplicate]").count == 2, "\(all.stdout)")
    }

    @Test func newRefusesAnIdentityAnotherClientHas() throws {
        let fixture = try repository()
        let taken = try LiveryBinary.run(
            ["new", "delta", "--template", "starter", "--set", "displayName=Delta", "--set", "bundleId=com.example.gamma"], in: fixture.path
        )
        #expect(taken.status == 1, "\(taken.stdout)\(taken.stderr)")
        #expect(
            (taken.stdout + taken.stderr).contains("has the same bundleId 'com.example.gamma' as 'gamma' (targets/gamma/style.json)"),
            "\(taken.stdout)\(taken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/targets/delta"), "nothing is written")
        // Its own Android package, taken by another client's bundle id, is the same clash.
        let android = try LiveryBinary.run(
            [
                "new", "delta", "--template", "starter", "--set", "displayName=Delta", "--set", "bundleId=com.example.delta", "--set",
                "androidPackage=com.example.gamma",
            ],
            in: fixture.path
        )
        #expect(android.status == 1, "\(android.stdout)\(android.stderr)")
        #expect(
            (android.stdout + android.stderr).contains("has the same androidPackage 'com.example.gamma' as 'gamma'"),
            "\(android.stdout)\(android.stderr)")
        let free = try LiveryBinary.run(
            ["new", "delta", "--template", "starter", "--set", "displayName=Delta", "--set", "bundleId=com.example.delta"], in: fixture.path
        )
        #expect(free.status == 0, "\(free.stdout)\(free.stderr)")
    }
}
