import Foundation
import LiveryTestSupport
import Testing

@Suite("livery import dtcg")
struct ImportCommandTests {
    /// This repository's root, whose targets/ the round trip imports over.
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// An empty repository (one commit) with the multi-brand example in `design/`, untracked.
    func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.commitAll("start")
        try DTCGMultiBrandExample.write(to: fixture.path + "/design")
        return fixture
    }

    func livery(_ arguments: [String], in fixture: FixtureRepository) throws -> ProcessResult {
        try LiveryBinary.run(arguments, in: fixture.path, environment: ["NO_COLOR": "1"])
    }

    static let multiBrand = ["import", "dtcg", "design/resolver.json", "--brand", "brand", "--bundle-id-prefix", "com.example"]

    func exists(_ fixture: FixtureRepository, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: fixture.path + "/" + path)
    }

    @Test func theMultiBrandExampleBecomesTwoValidClientsAndAParent() throws {
        let fixture = try repository()
        let result = try livery(Self.multiBrand, in: fixture)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.hasSuffix(
                """
                ✓ imported multi-brand: 3 targets
                  targets/multi-brand/ (parent, new)
                  targets/brand1/ (brand brand1, new)
                  targets/brand2/ (brand brand2, new)

                """))
        // Assumptions are warnings naming the token, in the file as the user named it.
        #expect(result.stderr.contains("design/brand-1.json:"))
        #expect(result.stderr.contains("input-amount.field.width"))
        // Valid, and warned of nothing but the app icons the imported clients have yet to get.
        let validate = try livery(["validate"], in: fixture)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let warnings = (validate.stdout + validate.stderr).split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.allSatisfy { $0.hasSuffix("[app-icon-missing]") }, "\(warnings)")
        let brand2 = try String(contentsOfFile: fixture.path + "/targets/brand2/style.json", encoding: .utf8)
        #expect(brand2.contains(##""primary": "#008000""##))
        #expect(brand2.contains(##""bundleId": "com.example.brand2""##))
    }

    @Test func aClientGetsTheDisplayNameGivenAndAnAndroidPackageForAnIdWithHyphens() throws {
        let fixture = try repository()
        let one = [
            "import", "dtcg", "design/resolver.json", "--context", "brand=brand1", "--id", "acme-bank", "--bundle-id-prefix", "com.example",
        ]
        let result = try livery(one + ["--display-name", "Acme Bank"], in: fixture)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let style = try String(contentsOfFile: fixture.path + "/targets/acme-bank/style.json", encoding: .utf8)
        #expect(style.contains(##""displayName": "Acme Bank""##), "\(style)")
        #expect(style.contains(##""bundleId": "com.example.acme-bank""##), "\(style)")
        #expect(style.contains(##""androidPackage": "com.example.acme_bank""##), "\(style)")
        let validate = try livery(["validate"], in: fixture)
        #expect(!validate.stdout.contains("[android-package]"), "\(validate.stdout)")
        // One name cannot be every client's.
        let many = try livery(Self.multiBrand + ["--display-name", "Acme Bank", "--dry-run"], in: fixture)
        #expect(many.status == 2)
        #expect(many.stderr.contains("--display-name names one client, and this import makes 2 (brand1, brand2)"), "\(many.stderr)")
    }

    @Test func dryRunShowsTheDiffAndWritesNothing() throws {
        let fixture = try repository()
        let result = try livery(Self.multiBrand + ["--dry-run"], in: fixture)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                would import multi-brand: 3 targets (--dry-run: nothing was written)
                  targets/multi-brand/ (parent, new)
                  targets/brand1/ (brand brand1, new)
                  targets/brand2/ (brand brand2, new)

                """)
        #expect(!exists(fixture, "targets"))
    }

    @Test func aVerboseDryRunShowsEachStyleFileItWouldWrite() throws {
        let fixture = try repository()
        let result = try livery(Self.multiBrand + ["--dry-run", "--verbose"], in: fixture)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  would write targets/brand2/style.json\n"))
        #expect(result.stdout.contains(##"      "primary": "#008000","##))
        #expect(result.stdout.contains(##"    "extends": "multi-brand","##))
        #expect(!exists(fixture, "targets"))
    }

    @Test func commitMakesABranchAndLeavesTheWorkingTreeAlone() throws {
        let fixture = try repository()
        let result = try livery(Self.multiBrand + ["--commit", "--branch", "design/v1"], in: fixture)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 targets committed on design/v1 ("))
        #expect(!exists(fixture, "targets"))
        #expect(
            try fixture.git(["ls-tree", "-r", "--name-only", "design/v1", "targets"]).split(separator: "\n") == [
                "targets/brand1/style.json", "targets/brand2/style.json", "targets/multi-brand/style.json",
            ])
        let again = try livery(Self.multiBrand + ["--commit", "--branch", "design/v1"], in: fixture)
        #expect(again.status == 2)
    }

    @Test func aReimportShowsWhatChangedAsADiff() throws {
        let fixture = try repository()
        #expect(try livery(Self.multiBrand, in: fixture).status == 0)
        try fixture.commitAll("imported")
        let file = fixture.path + "/design/brand-2.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "[0, 0.5, 0]", with: "[0, 0.5, 0.5]").utf8).write(to: URL(fileURLWithPath: file))
        let result = try livery(["import", "dtcg", "design/resolver.json", "--brand", "brand"], in: fixture)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("brand2: changed"))
        #expect(result.stdout.contains("primary  #008000 → #008080"))
        #expect(result.stdout.contains("targets/brand2/ (brand brand2, updated)"))
        #expect(result.stdout.contains("targets/brand1/ (brand brand1, unchanged)"))
    }

    // MARK: exit status

    @Test func themeContextsBeyondTheAppearancesAreSkippedOrImportedAsThemesThatBuild() throws {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.commitAll("start")
        try DTCGSevenContextsExample.write(to: fixture.path + "/design")
        let base = ["import", "dtcg", "design/seven.resolver.json", "--bundle-id-prefix", "com.example"]
        let unplaced = try livery(base, in: fixture)
        #expect(unplaced.status == 2)
        #expect(
            unplaced.stderr.contains(
                "design/seven.resolver.json:10:14: theme modifier \"theme\": no place for contexts \"light-colorblind\", \"dark-colorblind\", \"dark-dimmed\""
            ), "\(unplaced.stderr)")
        #expect(
            unplaced.stderr.contains(
                "--skip-context theme=light-colorblind --skip-context theme=dark-colorblind --skip-context theme=dark-dimmed"),
            "\(unplaced.stderr)")
        #expect(!exists(fixture, "targets"))

        let placed =
            base + [
                "--context-as-theme", "theme=light-colorblind", "--skip-context", "theme=dark-colorblind", "--skip-context",
                "theme=dark-dimmed",
            ]
        let imported = try livery(placed, in: fixture)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("  targets/acme-light-colorblind/ (context theme of brand acme, new)\n"), "\(imported.stdout)")
        // Sixteen hex strings, one cause: one line with a count; --verbose lists each.
        let hexLines = imported.stderr.split(separator: "\n").filter { $0.contains("a hex string where DTCG 2025.10 wants") }
        #expect(hexLines.count == 1 && hexLines[0].contains("(and 15 more of this cause; --verbose lists each)"), "\(imported.stderr)")
        let built = try livery(["build", "--target", "acme-light-colorblind", "--out", fixture.path + "/dist"], in: fixture)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(exists(fixture, "dist/acme-light-colorblind/style.json"))
        // The context is a theme of acme's app: marked so, without an identity of its own, and
        // two clients with one bundle id are not made.
        let theme = try String(contentsOfFile: fixture.path + "/targets/acme-light-colorblind/style.json", encoding: .utf8)
        #expect(theme.contains(##""theme": true"##), "\(theme)")
        #expect(!theme.contains("bundleId"))
        #expect(!(try livery(["validate"], in: fixture)).stdout.contains("identity-duplicate"))

        let verbose = try livery(placed + ["--dry-run", "--verbose"], in: fixture)
        #expect(verbose.status == 0, "\(verbose.stderr)")
        #expect(
            verbose.stderr.split(separator: "\n").filter { $0.contains("a hex string where DTCG 2025.10 wants") }.count == 16,
            "\(verbose.stderr)")
        #expect(verbose.stdout.contains("  targets/acme-light-colorblind/ (context theme of brand acme, unchanged)\n"), "\(verbose.stdout)")
    }

    /// A client and its context theme both lack an app icon, and the theme inherits the
    /// client's finding: the import's report prints each finding once, as validate does.
    @Test func eachFindingOfTheImportedTargetsIsPrintedOnce() throws {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.commitAll("start")
        try DTCGSevenContextsExample.write(to: fixture.path + "/design")
        let imported = try livery(
            [
                "import", "dtcg", "design/seven.resolver.json", "--bundle-id-prefix", "com.example", "--context-as-theme",
                "theme=light-colorblind",
                "--skip-context", "theme=dark-colorblind", "--skip-context", "theme=dark-dimmed",
            ], in: fixture)
        #expect(imported.status == 0, "\(imported.stderr)")
        let findings = imported.stderr.split(separator: "\n").filter { $0.contains(": warning: ") && $0.hasSuffix("[app-icon-missing]") }
        #expect(!findings.isEmpty, "\(imported.stderr)")
        #expect(findings.count == Set(findings).count, "printed more than once:\n\(imported.stderr)")
        // What validate prints of the same targets afterwards: the same findings, each once.
        let validate = try livery(["validate"], in: fixture)
        let validated = (validate.stdout + validate.stderr).split(separator: "\n").filter { $0.hasSuffix("[app-icon-missing]") }
            .map { $0.drop { $0 == " " } }
        #expect(
            Set(findings) == Set(validated), "import:\n\(findings.joined(separator: "\n"))\nvalidate:\n\(validated.joined(separator: "\n"))"
        )
    }

    @Test func aDryRunNeedsNoAppIdentity() throws {
        let fixture = try repository()
        let preview = try livery(["import", "dtcg", "design/resolver.json", "--brand", "brand", "--dry-run"], in: fixture)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(
            preview.stderr.contains(
                "note: --dry-run: brand1, brand2 have no app identity, so the preview uses a placeholder (bundle id com.example.placeholder.<brand>)"
            ), "\(preview.stderr)")
        #expect(preview.stdout.contains("would import multi-brand: 3 targets (--dry-run: nothing was written)"), "\(preview.stdout)")
        let real = try livery(["import", "dtcg", "design/resolver.json", "--brand", "brand"], in: fixture)
        #expect(real.status == 2)
        #expect(real.stderr.contains("no app identity for brand1, brand2"), "\(real.stderr)")
    }

    @Test func usageErrorsExitTwo() throws {
        let fixture = try repository()
        let missing = try livery(["import", "dtcg", "design/none.json"], in: fixture)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read 'design/none.json': no such file"))
        let noApp = try livery(["import", "dtcg", "design/resolver.json", "--brand", "brand"], in: fixture)
        #expect(noApp.status == 2)
        #expect(noApp.stderr.contains("--bundle-id-prefix"))
        let unknown = try livery(
            ["import", "dtcg", "design/resolver.json", "--brand", "company", "--bundle-id-prefix", "com.x"], in: fixture)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("company"))
        let branch = try livery(Self.multiBrand + ["--branch", "x"], in: fixture)
        #expect(branch.status == 2)
        #expect(branch.stderr.contains("add --commit"))
        let both = try livery(Self.multiBrand + ["--id", "a", "--prefix", "b-"], in: fixture)
        #expect(both.status == 2)
        #expect(!exists(fixture, "targets"))
    }

    @Test func aReferenceOutOfTheDirectoryExitsOneWithItsPlace() throws {
        let fixture = try repository()
        try fixture.write("secret.json", "{}")
        let resolver = fixture.path + "/design/resolver.json"
        let text = try String(contentsOfFile: resolver, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "./shared.json", with: "../secret.json").utf8).write(to: URL(fileURLWithPath: resolver))
        let result = try livery(Self.multiBrand, in: fixture)
        #expect(result.status == 1)
        #expect(result.stderr.contains("design/resolver.json:9:"), "\(result.stderr)")
        #expect(result.stderr.contains("[dtcg-ref-outside]"))
        #expect(result.stderr.contains("nothing was written"))
        #expect(!exists(fixture, "targets"))
    }

    @Test func aResultThatFailsValidationExitsOneAndWritesNothing() throws {
        let fixture = try repository()
        try fixture.write(
            "targets/base/style.json",
            #"""
            { "abstract": true, "colors": { "legacy": "#222222" }, "components": { "text": { "title": { "color": "legacy" } } } }
            """#)
        let result = try livery(Self.multiBrand + ["--parent", "base"], in: fixture)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("would not pass validation"))
        #expect(!exists(fixture, "targets/brand1"))
    }

    @Test func aClientTheAppsContractRefusesIsNotImportedAsValidateWouldRefuseIt() throws {
        let fixture = try repository()
        // The app's contract asks every client for a colour the design tokens do not have.
        try fixture.write("targets/contract.json", #"{ "colors": { "ledgerInk": {} } }"# + "\n")
        try fixture.commitAll("the app's contract")
        let result = try livery(Self.multiBrand, in: fixture)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let findings = result.stderr.split(separator: "\n").filter { $0.contains("[contract-missing]") }
        #expect(!findings.isEmpty && findings.allSatisfy { $0.contains(": error: ") && $0.contains("ledgerInk") }, "\(result.stderr)")
        #expect(result.stderr.contains("would not pass validation"))
        #expect(!exists(fixture, "targets/brand1") && !exists(fixture, "targets/brand2"))
    }

    @Test func strictStopsAtTheImportsOwnWarnings() throws {
        let fixture = try repository()
        let result = try livery(Self.multiBrand + ["--strict"], in: fixture)
        #expect(result.status == 1)
        #expect(result.stderr.contains("[dtcg-assumed]"))
        #expect(result.stderr.contains("--strict: the import has warnings, so nothing was written."))
        #expect(!exists(fixture, "targets"))
    }

    // MARK: round trip

    /// Every client of this repository exported with `--platform dtcg` and imported back
    /// over itself builds to the same resolved style.json, byte for byte.
    @Test func importingTheDTCGBundleOfEveryClientGivesBackTheSameStyle() throws {
        let fixture = try FixtureRepository()
        let root = Self.projectRoot.appendingPathComponent("targets").path
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue {
                try fixture.write("targets/" + path, [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))))
            }
        }
        try fixture.commitAll("branding")
        let output = try TemporaryDirectory(prefix: "livery-roundtrip")
        let export = try livery(["build", "--platform", "dtcg", "--out", output.path + "/before"], in: fixture)
        #expect(export.status == 0, "\(export.stderr)")
        let clients = try FileManager.default.contentsOfDirectory(atPath: output.path + "/before")
            .filter { FileManager.default.fileExists(atPath: output.path + "/before/\($0)/dtcg/tokens.resolver.json") }.sorted()
        #expect(clients.count >= 3)
        for client in clients {
            let imported = try livery(["import", "dtcg", output.path + "/before/\(client)/dtcg/tokens.resolver.json"], in: fixture)
            #expect(imported.status == 0, "\(client): \(imported.stdout)\(imported.stderr)")
            #expect(imported.stdout.contains("no differences"), "\(client): \(imported.stdout)")
        }
        let rebuilt = try livery(["build", "--platform", "dtcg", "--out", output.path + "/after"], in: fixture)
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        for client in clients {
            let before = try Data(contentsOf: URL(fileURLWithPath: output.path + "/before/\(client)/style.json"))
            let after = try Data(contentsOf: URL(fileURLWithPath: output.path + "/after/\(client)/style.json"))
            #expect(before == after, "\(client)'s resolved style.json changed")
        }
    }
}

/// Display P3 and OKLCH through the whole path: a DTCG file imported, the target built
/// with `--platform dtcg`, and the output's colours are the input's, space and numbers.
@Suite("livery import dtcg: wide-gamut colours round trip")
struct WideGamutImportRoundTripTests {
    static let tokens = ##"""
        {
          "color": {
            "hdr-blue": {"$type": "color", "$value": {"colorSpace": "oklch", "components": [0.6462, 0.2634, 262.09], "alpha": 1, "hex": "#0086ff"}},
            "vivid": {"$type": "color", "$value": {"colorSpace": "display-p3", "components": [0.2, 0.65, 0.25], "alpha": 0.8}},
            "plain": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0.2, 0.4, 0.6], "hex": "#336699"}}
          }
        }
        """##

    @Test func anOKLCHAndADisplayP3FileImportedAndBuiltToDTCGGiveTheInputBack() throws {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.commitAll("start")
        try fixture.write("design/tokens.json", Self.tokens)
        let imported = try LiveryBinary.run(
            ["import", "dtcg", "design/tokens.json", "--bundle-id-prefix", "com.example"], in: fixture.path, environment: ["NO_COLOR": "1"])
        try #require(imported.status == 0, "\(imported.stderr)")
        // Kept as written, without a clip warning.
        #expect(!imported.stderr.contains("dtcg-clipped"), "\(imported.stderr)")
        let style = try String(contentsOfFile: fixture.path + "/targets/tokens/style.json", encoding: .utf8)
        #expect(style.contains(#""hdrBlue": "oklch(0.6462 0.2634 262.09)""#), "\(style)")
        #expect(style.contains(#""vivid": "color(display-p3 0.2 0.65 0.25 / 0.8)""#), "\(style)")
        let built = try LiveryBinary.run(
            ["build", "--platform", "dtcg", "--out", "dist"], in: fixture.path, environment: ["NO_COLOR": "1"])
        try #require(built.status == 0, "\(built.stderr)")

        func values(_ text: String) throws -> [String: [String: Any]] {
            let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var found: [String: [String: Any]] = [:]
            for (name, group) in root {
                for (token, entry) in group as? [String: Any] ?? [:] {
                    if let value = (entry as? [String: Any])?["$value"] as? [String: Any] { found[name + "." + token] = value }
                }
            }
            return found
        }
        let input = try values(Self.tokens)
        let output = try values(try String(contentsOfFile: fixture.path + "/dist/tokens/dtcg/light.tokens.json", encoding: .utf8))
        for (inputName, outputName) in [
            ("color.hdr-blue", "colors.hdrBlue"), ("color.vivid", "colors.vivid"), ("color.plain", "colors.plain"),
        ] {
            let given = try #require(input[inputName])
            let written = try #require(output[outputName], "\(output.keys)")
            #expect(written["colorSpace"] as? String == given["colorSpace"] as? String, "\(outputName)")
            #expect(written["components"] as? [Double] == given["components"] as? [Double], "\(outputName): \(written)")
            #expect(written["alpha"] as? Double == (given["alpha"] as? Double ?? 1), "\(outputName)")
        }
    }
}
