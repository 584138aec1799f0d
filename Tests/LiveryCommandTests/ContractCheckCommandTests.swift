import Foundation
import LiveryTestSupport
import Testing

/// `validate` and `build` hold every concrete client to `targets/contract.json`, and check
/// identity across clients (docs/contract.md).
@Suite("The app's contract in validate and build")
struct ContractCheckCommandTests {
    static let base =
        ##"{"abstract": true, "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}, "fg": {"light": "#222222", "dark": "#EEEEEE"}}, "fonts": {"body": {"family": "Inter", "size": 16, "weight": "regular"}}, "components": {"button": {"primary": {"background": "bg", "foreground": "fg", "font": "body"}}}, "appIcon": "icon.png"}"##

    static func client(_ name: String, _ extra: String = "") -> String {
        ##"{"extends": "base", "app": {"displayName": "\##(name.capitalized)", "bundleId": "com.example.\##(name)"}\##(extra)}"##
    }

    func repository(contract: String?, alpha: String = client("alpha"), beta: String = client("beta")) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", Self.base)
        try fixture.write("targets/base/icon.png", TestFiles.png(width: 1024, height: 1024))
        try fixture.write("targets/alpha/style.json", alpha)
        try fixture.write("targets/beta/style.json", beta)
        if let contract { try fixture.write("targets/contract.json", contract) }
        try fixture.commitAll("first")
        return fixture
    }

    static let contract = """
        {
          "colors": {"bg": {"requires": ["dark"]}, "fg": {}},
          "fonts": {"body": {}},
          "components": {"button": {"primary": {"properties": {"background": "color", "font": "font"}}}},
          "flags": {"promo": {"type": "boolean", "optional": true}}
        }
        """

    @Test func clientsThatKeepTheContractAreValid() throws {
        let fixture = try repository(contract: Self.contract)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "✓ 3 targets valid\n")
    }

    @Test func aMissingTokenNamesTheTargetTheTokenAndWhereItGoes() throws {
        let contract = Self.contract.replacingOccurrences(of: #""fg": {}"#, with: #""fg": {}, "accent": {}"#)
        let fixture = try repository(contract: contract, alpha: Self.client("alpha", ##", "colors": {"accent": "#FF0000"}"##))
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "targets/beta/style.json: error: 'beta' has no colour 'accent', which the app's contract declares: add it to targets/beta/style.json, or to its parent's targets/base/style.json to give it to every client that extends the parent (at /colors/accent) [contract-missing]"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("targets/contract.json:2:54: note: the contract declares colors.accent here"), "\(result.stdout)")
        #expect(!result.stdout.contains("'alpha' has no"))
        // build refuses the client that breaks the contract and builds the other.
        let build = try LiveryBinary.run(["build", "--platform", "web", "--out", fixture.path + "/out"], in: fixture.path)
        #expect(build.status == 1)
        #expect(FileManager.default.fileExists(atPath: fixture.path + "/out/alpha/web/theme.css"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/out/beta"))
    }

    @Test func wrongKindsAndUnmetRequirementsAreErrorsAtTheValue() throws {
        let alpha = Self.client(
            "alpha", ##", "colors": {"bg": "#FFFFFF"}, "flags": {"promo": "yes"}, "components": {"button": {"primary": {"font": 12}}}"##)
        let fixture = try repository(contract: Self.contract, alpha: alpha)
        let result = try LiveryBinary.run(["validate", "--format", "json"], in: fixture.path)
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        let found = (document["diagnostics"] as? [[String: Any]] ?? []).map {
            "\($0["rule"] ?? "") \($0["target"] ?? "") \($0["pointer"] ?? "") \($0["file"] ?? ""):\($0["line"] ?? "")"
        }
        #expect(found.contains("contract-requirement alpha /colors/bg targets/alpha/style.json:1"), "\(found)")
        #expect(found.contains("contract-kind alpha /flags/promo targets/alpha/style.json:1"), "\(found)")
        #expect(
            found.contains { $0.hasPrefix("contract-kind alpha /components/button/primary/font") }
                || found.contains { $0.hasPrefix("font") || $0.hasPrefix("component") }, "\(found)")
        #expect(!found.contains { $0.contains(" beta ") }, "\(found)")
    }

    @Test func aTokenOutsideTheContractIsAWarningRulesCanTurnOffOrUp() throws {
        let alpha = Self.client("alpha", ##", "colors": {"special": "#123456"}"##)
        let fixture = try repository(contract: Self.contract, alpha: alpha)
        let warned = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(warned.status == 0)
        #expect(
            warned.stdout.contains(
                "targets/alpha/style.json:1:98: warning: colour 'special' is not in the app's contract targets/contract.json"),
            "\(warned.stdout)")
        #expect(warned.stdout.contains("[contract-extra]"))
        try fixture.write("livery.json", #"{"rules": {"contract-extra": "off"}}"#)
        let off = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(off.stdout == "✓ 3 targets valid\n", "\(off.stdout)")
        try fixture.write("livery.json", #"{"rules": {"contract-extra": "error"}}"#)
        #expect(try LiveryBinary.run(["validate"], in: fixture.path).status == 1)
    }

    @Test func withoutAContractEachUnevenTokenIsOneWarning() throws {
        let alpha = Self.client("alpha", ##", "colors": {"special": "#123456"}, "flags": {"promo": true}"##)
        let fixture = try repository(contract: nil, alpha: alpha)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("[contract-uneven]") }
        #expect(lines.count == 2, "\(result.stdout)")
        #expect(
            lines.first?.contains("colors.special is not defined by beta, though 1 of 2 clients define it (alpha)") == true,
            "\(result.stdout)")
        // A selection is not every client: nothing to compare.
        #expect(try LiveryBinary.run(["validate", "--target", "alpha"], in: fixture.path).stdout == "✓ 1 target valid\n")
    }

    @Test func aBrokenContractIsPlacedAndChecksNothing() throws {
        let fixture = try repository(contract: "{\n  \"colors\": {\"bg\": {\"requires\": [\"file\"]}}\n}")
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "targets/contract.json:2:34: error: a colour may require dark, highContrast, found 'file' (at /colors/bg/requires/0) [contract-file]"
            ), "\(result.stdout)")
        #expect(!result.stdout.contains("contract-extra"))
    }

    @Test func twoClientsWithOneBundleIdAreAnErrorNamingBothFiles() throws {
        let beta = ##"{"extends": "base", "app": {"displayName": "Alpha", "bundleId": "com.example.alpha"}}"##
        let fixture = try repository(contract: nil, beta: beta)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "targets/beta/style.json:1:65: error: 'beta' (targets/beta/style.json) has the same bundleId 'com.example.alpha' as 'alpha' (targets/alpha/style.json)"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("[identity-duplicate]"))
        #expect(result.stdout.contains("targets/alpha/style.json:1:65: note: 'alpha' has it here"), "\(result.stdout)")
        #expect(result.stdout.contains("warning: 'beta' (targets/beta/style.json) has the same displayName 'Alpha'"), "\(result.stdout)")
        // The application id derived from one bundle id is the same clash: reported once.
        #expect(!result.stdout.contains("same androidPackage"))
    }

    @Test func twoClientsWithOneAndroidPackageAreAnError() throws {
        let alpha =
            ##"{"extends": "base", "app": {"displayName": "Alpha", "bundleId": "com.example.alpha", "androidPackage": "com.example.app"}}"##
        let beta =
            ##"{"extends": "base", "app": {"displayName": "Beta", "bundleId": "com.example.beta", "androidPackage": "com.example.app"}}"##
        let fixture = try repository(contract: nil, alpha: alpha, beta: beta)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "'beta' (targets/beta/style.json) has the same androidPackage 'com.example.app' as 'alpha' (targets/alpha/style.json)"),
            "\(result.stdout)")
    }
}

/// `livery contract init` writes a contract from the clients as they are, which they then keep.
@Suite("livery contract init")
struct ContractInitCommandTests {
    @Test func writesTheContractTheClientsKeepAndListsUnevenTokens() throws {
        let alpha = ContractCheckCommandTests.client("alpha", ##", "colors": {"special": "#123456"}, "flags": {"promo": true}"##)
        let fixture = try ContractCheckCommandTests().repository(contract: nil, alpha: alpha)
        let before = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(before.stdout.contains("[contract-uneven]"))
        let made = try LiveryBinary.run(["contract", "init"], in: fixture.path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            made.stdout == """
                wrote targets/contract.json: 6 tokens from 2 clients
                2 not defined by every client (written "optional": true; define them everywhere, or keep them optional for one client's own screens):
                  colors.special  1 of 2, not beta
                  flags.promo     1 of 2, not beta

                """, "\(made.stdout)")
        let text = try String(contentsOfFile: fixture.path + "/targets/contract.json", encoding: .utf8)
        #expect(
            text == """
                {
                  "$schema": "https://livery.dev/schemas/contract/v1.json",
                  "version": "1.0.0",
                  "colors": {
                    "bg": {"requires": ["dark"]},
                    "fg": {"requires": ["dark"]},
                    "special": {"optional": true}
                  },
                  "fonts": {
                    "body": {}
                  },
                  "components": {
                    "button": {
                      "primary": {"properties": {"background": "color", "font": "font", "foreground": "color"}}
                    }
                  },
                  "flags": {
                    "promo": {"optional": true, "type": "boolean"}
                  }
                }

                """)
        // The clients as they are keep it: no warning is left.
        #expect(try LiveryBinary.run(["validate"], in: fixture.path).stdout == "✓ 3 targets valid\n")
        // It is never overwritten without --force.
        let again = try LiveryBinary.run(["contract", "init"], in: fixture.path)
        #expect(again.status == 2)
        #expect(again.stderr.contains("targets/contract.json exists"))
        #expect(try LiveryBinary.run(["contract", "init", "--force"], in: fixture.path).status == 0)
        let printed = try LiveryBinary.run(["contract", "init", "--stdout"], in: fixture.path)
        #expect(printed.stdout == text)
    }

    /// `--force` over a link replaces the link itself, never what it leads to, and leaves no
    /// temporary file beside the contract.
    @Test func forceReplacesALinkAsALink() throws {
        let fixture = try ContractCheckCommandTests().repository(contract: nil)
        try Data("keep\n".utf8).write(to: URL(fileURLWithPath: fixture.path + "/outside.json"))
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path + "/targets/contract.json", withDestinationPath: fixture.path + "/outside.json")
        let made = try LiveryBinary.run(["contract", "init", "--force"], in: fixture.path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try String(contentsOfFile: fixture.path + "/outside.json", encoding: .utf8) == "keep\n")
        let written = try FileManager.default.attributesOfItem(atPath: fixture.path + "/targets/contract.json")
        #expect(written[.type] as? FileAttributeType == .typeRegular)
        let printed = try LiveryBinary.run(["contract", "init", "--stdout"], in: fixture.path)
        #expect(try String(contentsOfFile: fixture.path + "/targets/contract.json", encoding: .utf8) == printed.stdout)
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.path + "/targets").filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "\(left)")
    }

    /// The demo repository's contract is the one `contract init` writes for it, plus the
    /// colour pairs (`on`, `use`), the interactive components and the deprecated tokens (which
    /// the clients have moved off), which only the app's team can say and init never writes.
    @Test func theDemoContractIsWhatInitWrites() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let printed = try LiveryBinary.run(["contract", "init", "--stdout", "--repo", root.path])
        #expect(printed.status == 0, "\(printed.stderr)")
        let committed = try String(contentsOf: root.appendingPathComponent("targets/contract.json"), encoding: .utf8)
        #expect(committed.contains(#""on": ["#))
        let withoutPairs = committed.replacingOccurrences(of: #", "on": \[[^\]]*\]"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #", "use": "[A-Za-z]*""#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #",\n  "interactive": \[[^\]]*\]"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #",\n *"[A-Za-z]+": \{[^\n]*"deprecated"[^\n]*\}(?=\n)"#, with: "", options: .regularExpression)
            // A new contract is 1.0.0; the demo's has since deprecated a token, a minor step.
            .replacingOccurrences(of: #""version": "1.1.0""#, with: #""version": "1.0.0""#)
        #expect(committed.contains(#""interactive": ["#) && committed.contains(#""version": "1.1.0""#))
        #expect(committed.contains(#""deprecated""#) && !withoutPairs.contains(#""deprecated""#))
        #expect(printed.stdout == withoutPairs)
    }
}
