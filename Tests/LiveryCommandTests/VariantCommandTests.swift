import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

/// Variants end to end: built into a bundle (the bundle both runtimes' tests
/// load, `Tests/Fixtures/variant-cases/bundle/`), validated, and `livery variant`.
@Suite("livery variant, and variants in build and validate")
struct VariantCommandTests {
    static let bundleFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/variant-cases/bundle")

    static let client = ##"""
        {"app": {"displayName": "Acme", "bundleId": "com.acme.app"},
         "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}, "fg": {"light": "#111111", "dark": "#EEEEEE"},
                    "primary": {"light": "#0B5FFF", "dark": "#6C8BBD"}},
         "dimensions": {"spacingM": 16},
         "flags": {"snow": false, "welcome": "Hello"}}
        """##

    /// acme with a holiday look in Kiribati's time (for installs in KI), one in
    /// UTC (for the rest), and a two-arm experiment at 20 % coverage.
    static func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", client)
        try fixture.write(
            "targets/acme/variants/holiday-ki/variant.json",
            ##"""
            {"order": 1, "description": "December in Kiribati, UTC+14",
             "when": {"all": [{"countries": ["KI"]},
                              {"from": "2026-12-01T00:00", "until": "2026-12-27T00:00", "timeZone": "Pacific/Kiritimati"}]}}
            """##)
        try fixture.write(
            "targets/acme/variants/holiday-ki/style.json",
            ##"{"colors": {"primary": {"light": "#C0392B", "dark": "#E74C3C"}}, "flags": {"snow": true}}"##)
        try fixture.write(
            "targets/acme/variants/holiday/variant.json",
            ##"{"order": 2, "when": {"from": "2026-12-01T00:00", "until": "2026-12-27T00:00"}}"##)
        try fixture.write(
            "targets/acme/variants/holiday/style.json",
            ##"{"colors": {"primary": {"light": "#B03A2E", "dark": "#E74C3C"}}, "flags": {"snow": true}}"##)
        for (arm, spacing) in [("cta-blue", 16), ("cta-yellow", 20)] {
            try fixture.write(
                "targets/acme/variants/\(arm)/variant.json",
                ##"{"order": 5, "experiment": {"id": "cta-2026", "weight": 50, "coverage": 20}}"##)
            try fixture.write("targets/acme/variants/\(arm)/style.json", ##"{"dimensions": {"spacingM": \##(spacing)}}"##)
        }
        try fixture.commitAll("acme with variants", tag: "v1")
        return fixture
    }

    @Test func aBundleCarriesTheVariantsTheSharedFixtureHolds() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        let result = try LiveryBinary.run(["build", "--rev", "v1", "--platform", "web", "--out", out.path], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        let built = try FileTree.contents(under: out.path + "/acme")
        let names = [
            "style.json", "variants.json", "variants/holiday/style.json", "variants/holiday-ki/style.json", "variants/cta-blue/style.json",
            "variants/cta-yellow/style.json",
        ]
        for name in names { #expect(built[name] != nil, "missing \(name)") }
        let manifest = String(decoding: built["manifest.json"] ?? Data(), as: UTF8.self)
        #expect(manifest.contains("\"variants.json\""))
        if ProcessInfo.processInfo.environment["LIVERY_WRITE_GOLDEN"] == "1" {
            for name in ["style.json", "variants.json"] {
                try built[name]?.write(to: Self.bundleFixture.appendingPathComponent(name))
            }
        }
        for name in ["style.json", "variants.json"] {
            #expect(
                built[name] == (try? Data(contentsOf: Self.bundleFixture.appendingPathComponent(name))),
                "\(name) differs from Tests/Fixtures/variant-cases/bundle (LIVERY_WRITE_GOLDEN=1 rewrites it)")
        }
    }

    /// A variant names a folder of the bundle (`variants/<name>/`): the names Windows reserves
    /// for devices are refused as target ids are, by one rule (`PortableName`).
    @Test func aVariantNamedAsAWindowsDeviceIsRefusedAndNotBuilt() throws {
        let fixture = try Self.repository()
        try fixture.write("targets/acme/variants/con/variant.json", ##"{"order": 9}"##)
        try fixture.write("targets/acme/variants/con/style.json", ##"{"dimensions": {"spacingM": 4}}"##)
        try fixture.commitAll("a variant named con")
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 1, "\(validate.stdout)")
        #expect(
            validate.stdout.contains("'con' is not a variant name") && validate.stdout.contains("Windows reserves"), "\(validate.stdout)")
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--platform", "web", "--out", out.path + "/dist"], in: fixture.path)
        #expect(build.status != 0)
        #expect(!FileManager.default.fileExists(atPath: out.path + "/dist/acme/variants/con"))
        for name in ["con", "CON", "nul.json", "Aux", "com1", "lpt9", "com0", "con .txt"] {
            #expect(PortableName.isWindowsDevice(name), "\(name)")
        }
        for name in ["cone", "icon", "console", "com10", "a-con", "holiday"] {
            #expect(!PortableName.isWindowsDevice(name), "\(name)")
            #expect(VariantParser.isValidName(name) == !name.isEmpty, "\(name)")
        }
        #expect(!VariantParser.isValidName("con") && !VariantParser.isValidName("lpt1"))
    }

    @Test func printsTheVariantAnInstallGets() throws {
        let fixture = try Self.repository()
        func variant(_ extra: [String]) throws -> ProcessResult {
            try LiveryBinary.run(["variant", "acme", "--rev", "v1"] + extra, in: fixture.path)
        }
        // The first day in Kiribati is 2026-11-30T10:00Z; the UTC look starts 14 hours later.
        let ki = try variant(["--install-id", "i-1", "--country", "KI", "--date", "2026-11-30T10:00:00Z"])
        #expect(ki.status == 0, "\(ki.stderr)")
        #expect(ki.stdout == "holiday-ki\n")
        let before = try variant(["--install-id", "i-1", "--country", "KI", "--date", "2026-11-30T09:59:59Z", "--format", "json"])
        #expect(before.stdout.contains("\"variant\": null"), "\(before.stdout)")
        let elsewhere = try variant(["--install-id", "i-1", "--country", "FR", "--date", "2026-12-01T00:00:00+00:00", "--format", "json"])
        #expect(elsewhere.stdout.contains("\"variant\": \"holiday\""), "\(elsewhere.stdout)")
        #expect(elsewhere.stdout.contains("\"date\": \"2026-12-01T00:00:00Z\""))
        let after = try variant(["--install-id", "i-1", "--country", "FR", "--date", "2026-12-27T00:00:00Z"])
        #expect(after.stdout == "none (the client's style)\n" || after.stdout.contains("arm of experiment cta-2026"), "\(after.stdout)")
    }

    @Test func answersAFileOfInstallIdsAsAJSONArray() throws {
        let fixture = try Self.repository()
        let ids = try TemporaryDirectory()
        let lines = (0..<200).map { "install-\($0)" }
        try Data((lines.joined(separator: "\n") + "\n\n").utf8).write(to: URL(fileURLWithPath: ids.path + "/ids.txt"))
        let result = try LiveryBinary.run(
            [
                "variant", "acme", "--rev", "v1", "--install-ids", ids.path + "/ids.txt", "--date", "2027-03-01T00:00:00Z", "--format",
                "json",
            ], in: fixture.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 200)
        #expect(array.first?["installId"] as? String == "install-0")
        let arms = array.compactMap { $0["variant"] as? String }
        #expect(Set(arms).isSubset(of: ["cta-blue", "cta-yellow"]))
        // About a fifth of installs are in the experiment at 20 % coverage.
        #expect((20...70).contains(arms.count), "\(arms.count) of 200 in the experiment")
    }

    @Test func refusesUsageMistakesWithStatusTwo() throws {
        let fixture = try Self.repository()
        for arguments in [
            ["variant", "acme", "--rev", "v1"],
            ["variant", "acme", "--rev", "v1", "--install-id", "x", "--date", "2026-12-01"],
            ["variant", "nobody", "--rev", "v1", "--install-id", "x"],
            ["variant", "acme", "--rev", "v1", "--install-ids", "/nonexistent/ids.txt"],
        ] {
            let result = try LiveryBinary.run(arguments, in: fixture.path)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.isEmpty)
        }
    }

    /// A fact in a form no app passes is a usage error naming the form it must have,
    /// not an answer computed as if the fact were unknown.
    @Test(arguments: [
        (["--install-id", "x", "--country", "CAN"], "--country takes an ISO 3166-1 alpha-2 code, two letters such as CA"),
        (["--install-id", "x", "--platform", "windows"], "--platform takes one of android, ios, macos, web"),
        (["--install-id", "x", "--app-version", "banana"], "--app-version takes one to four dot-separated whole numbers"),
        (["--install-id", "x", "--app-version", "1.2.3.4.5"], "--app-version takes one to four dot-separated whole numbers"),
        (["--install-id", "x", "--locale", "fr CA"], "--locale takes a BCP 47 tag such as fr-CA"),
        (["--install-id", ""], "--install-id: an install id is the non-empty id the app passes"),
        (["--install-id", "   "], "--install-id: an install id is the non-empty id the app passes"),
        (["--install-id", String(repeating: "a", count: 1_025)], "an install id is at most 1024 bytes; this one is 1025"),
    ])
    func factsInAFormNoAppPassesAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let fixture = try Self.repository()
        let result = try LiveryBinary.run(["variant", "acme", "--rev", "v1"] + arguments, in: fixture.path)
        #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// The forms apps do pass, in either case where the runtimes ignore case.
    @Test func factsInTheFormsAppsPassAreAnswered() throws {
        let fixture = try Self.repository()
        let result = try LiveryBinary.run(
            [
                "variant", "acme", "--rev", "v1", "--install-id", "x", "--country", "ki", "--platform", "IOS", "--app-version", "3.2",
                "--locale", "fr_CA",
                "--date", "2026-12-02T09:00:00Z",
            ], in: fixture.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "holiday-ki\n")
    }

    /// `--install-ids` is read a line at a time: a line longer than an install id
    /// is refused by its number and length (never echoed) before any answer is
    /// written, and other line endings and blank lines read as before.
    @Test func aFileOfIdsIsStreamedAndATooLongLineIsRefusedByItsLength() throws {
        let fixture = try Self.repository()
        let ids = try TemporaryDirectory()
        let secret = String(repeating: "Z", count: 300_000)
        try Data("install-0\ninstall-1\n\(secret)\ninstall-3\n".utf8).write(to: URL(fileURLWithPath: ids.path + "/long.txt"))
        let long = try LiveryBinary.run(["variant", "acme", "--rev", "v1", "--install-ids", ids.path + "/long.txt"], in: fixture.path)
        #expect(long.status == 2, "\(long.stderr.prefix(500))")
        #expect(
            long.stderr.contains("line 3 of \(ids.path)/long.txt is 300000 bytes long; an install id is at most 1024 bytes"),
            "\(long.stderr.prefix(500))")
        #expect(!long.stderr.contains("ZZZZ"), "the line is not echoed")
        #expect(long.stdout.isEmpty, "no answer is written before the file is known good")

        try Data([0x61, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: ids.path + "/binary.txt"))
        let binary = try LiveryBinary.run(["variant", "acme", "--rev", "v1", "--install-ids", ids.path + "/binary.txt"], in: fixture.path)
        #expect(binary.status == 2)
        #expect(binary.stderr.contains("line 2 of \(ids.path)/binary.txt is not UTF-8 text"), "\(binary.stderr)")

        // CRLF, a final line without a break, blank lines and spaces around ids; 3 answers,
        // across more than one 64 KiB read.
        let padding = String(repeating: "\r\n", count: 40_000)
        try Data(" install-0 \r\n\(padding)install-1\r\n\n\tinstall-2".utf8).write(to: URL(fileURLWithPath: ids.path + "/crlf.txt"))
        let crlf = try LiveryBinary.run(
            ["variant", "acme", "--rev", "v1", "--install-ids", ids.path + "/crlf.txt", "--date", "2027-03-01T00:00:00Z"], in: fixture.path)
        #expect(crlf.status == 0, "\(crlf.stderr)")
        #expect(
            crlf.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" } == [
                "install-0", "install-1", "install-2",
            ], "\(crlf.stdout)")

        try Data().write(to: URL(fileURLWithPath: ids.path + "/empty.txt"))
        let empty = try LiveryBinary.run(
            ["variant", "acme", "--rev", "v1", "--install-ids", ids.path + "/empty.txt", "--format", "json"], in: fixture.path)
        #expect(empty.status == 0)
        #expect(empty.stdout == "[]\n")
    }

    @Test func validateReportsUnreachableVariantsAndArmsThatDoNotAddUp() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.client)
        let files: [(String, String, String)] = [
            ("always", ##"{"order": 1, "when": {"all": []}}"##, ##"{"dimensions": {"spacingM": 8}}"##),
            ("shadowed", ##"{"order": 2, "when": {"countries": ["CA"]}}"##, ##"{"dimensions": {"spacingM": 9}}"##),
            ("never", ##"{"order": 0, "when": {"any": []}}"##, "{}"),
            ("arm-a", ##"{"experiment": {"id": "x", "weight": 60}}"##, "{}"),
            ("arm-b", ##"{"experiment": {"id": "x", "weight": 30}}"##, "{}"),
            ("bad", "{\n  \"when\": {\"countries\": [\"ca\"]}\n}", "{}"),
            ("forbidden", ##"{"order": 9, "when": {"countries": ["US"]}}"##, ##"{"flags": {"welcome": "Call 555"}}"##),
        ]
        for (name, definition, style) in files {
            try fixture.write("targets/acme/variants/\(name)/variant.json", definition)
            try fixture.write("targets/acme/variants/\(name)/style.json", style)
        }
        try fixture.commitAll("variants with problems")
        let result = try LiveryBinary.run(["validate", "--rev", "HEAD"], in: fixture.path)
        #expect(result.status == 1)
        let out = result.stdout
        #expect(
            out.contains(
                "targets/acme/variants/bad/variant.json:2:26: error: \"countries\" takes values such as \"CA\", not \"ca\" (at /when/countries/0) [variant-file]"
            ), "\(out)")
        #expect(out.contains("warning: no install gets variant 'never': its condition never holds (at /when) [variant-unreachable]"))
        #expect(
            out.contains(
                "warning: no install gets variant 'shadowed': 'always', tried before it, holds for every install (at /when) [variant-unreachable]"
            ))
        #expect(
            out.contains(
                "error: the arms of experiment 'x' ('arm-a', 'arm-b') have weights summing to 90, not 100 (at /experiment/weight) [variant-experiment]"
            ))
        #expect(
            out.contains("targets/acme/variants/forbidden/style.json:1:23: error: variant 'forbidden' changes /flags/welcome"), "\(out)")
    }

    /// v1: acme without variants; v2: the same style with the holiday variants;
    /// v3: a new spacing, variants kept.
    @Test func updatesCarryTheVariantSetSignedAndARollout() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.client)
        try fixture.commitAll("no variants", tag: "v1")
        try fixture.write(
            "targets/acme/variants/holiday/variant.json", ##"{"when": {"from": "2026-12-01T00:00", "until": "2026-12-27T00:00"}}"##)
        try fixture.write("targets/acme/variants/holiday/style.json", ##"{"flags": {"snow": true}}"##)
        try fixture.commitAll("holiday", tag: "v2")
        try fixture.write("targets/acme/style.json", Self.client.replacingOccurrences(of: "\"spacingM\": 16", with: "\"spacingM\": 18"))
        try fixture.commitAll("spacing", tag: "v3")
        let keys = try TemporaryDirectory()
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["keys", "generate", "--output", keys.path]).status == 0)
        // Each release into a folder of its own: both updates start from the same digest (v1's style is v2's).
        var updates: [StyleUpdate] = []
        for (from, to, sequence) in [("v1", "v2", "2"), ("v2", "v3", "3")] {
            let folder = out.path + "/" + to
            let result = try LiveryBinary.run(
                [
                    "diff", from, to, "--format", "update", "--output", folder, "--signing-key", keys.path + "/signing.key",
                    "--sequence", sequence, "--rollout-percent", "12.5", "--rollout-seed", "spring",
                ], in: fixture.path)
            #expect(result.status == 0, "\(from)→\(to): \(result.stderr)")
            let files = try FileTree.contents(under: folder)
            #expect(files.count == 1, "\(files.keys.sorted())")
            updates += try files.values.map { try StyleUpdate(parsing: Array($0)) }
            // The folder verifies: a variants-only update is no loop.
            let verify = try LiveryBinary.run(["keys", "verify", folder, "--public-key", keys.path + "/signing.pub"])
            #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        }
        try #require(updates.count == 2)
        let trusted = try #require(TrustedKey(text: String(decoding: try Data(contentsOf: keys.url("signing.pub")), as: UTF8.self)))
        // v1→v2: the style is the same, the update brings the variants.
        #expect(updates[0].base == updates[0].result)
        #expect(updates[0].variants?.entries.map(\.definition.name) == ["holiday"])
        #expect(updates[0].rollout == UpdateRollout(percent: 12_500_000, seed: "spring"))
        // v2→v3: a new style, its variants made against the new result.
        #expect(updates[1].base == updates[0].result && updates[1].base != updates[1].result)
        #expect(updates[1].variants?.client == updates[1].result)
        #expect(updates.allSatisfy(trusted.hasSigned))
        // The condition is signed: altered, the signature no longer holds.
        var altered = updates[1]
        let alteredText = String(decoding: updates[1].variants?.bytes ?? [], as: UTF8.self).replacingOccurrences(
            of: "2026-12-27T00:00", with: "2027-12-27T00:00")
        altered.variants = try VariantSet(parsing: Array(alteredText.utf8))
        #expect(!trusted.hasSigned(altered))
    }

    @Test func theGalleryShowsEachVariantBesideItsClient() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        let run = try LiveryBinary.run(["gallery", "--repo", fixture.path, "--rev", "v1", "--output", out.path + "/g"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("✓ gallery: 1 client"), "\(run.stdout)")
        let clients = try GalleryCommandTests.clients(try String(contentsOfFile: out.path + "/g/index.html", encoding: .utf8))
        #expect(
            clients.compactMap { $0["id"] as? String } == [
                "acme", "acme · holiday-ki", "acme · holiday", "acme · cta-blue", "acme · cta-yellow",
            ])
        #expect(clients[2]["chain"] as? [String] == ["acme"])
    }

    /// A commit that changes only a client's variants still shows the client, through the
    /// pipeline on both sides: its tree changed, so the fast path does not skip it.
    @Test func diffListsAVariantOnlyChangeUnderItsClient() throws {
        let fixture = try Self.repository()
        try fixture.write(
            "targets/acme/variants/holiday/variant.json",
            ##"{"order": 2, "when": {"from": "2026-12-01T00:00", "until": "2027-01-02T00:00"}}"##)
        try fixture.write("targets/acme/variants/cta-yellow/style.json", ##"{"dimensions": {"spacingM": 24}}"##)
        try fixture.commitAll("later holiday, wider arm", tag: "v2")
        let result = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 target changed · 0 changes, 0 breaking · 2 variant changes · 0 unchanged"), "\(result.stdout)")
        #expect(result.stdout.contains("acme: changed (2 variant changes)\n  Variants\n"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "    ~ cta-yellow  what its installs see changes  [style update only]\n        dimensions.spacingM 20 → 24\n"),
            "\(result.stdout)")
        #expect(result.stdout.contains("    ~ holiday  who gets it changes  [style update only]\n        when "), "\(result.stdout)")
        let same = try LiveryBinary.run(["diff", "v1", "v1"], in: fixture.path)
        #expect(same.status == 0 && same.stdout.contains("no differences"), "\(same.stdout)")
    }
}
