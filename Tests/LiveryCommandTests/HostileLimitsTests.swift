import Foundation
import LiveryTestSupport
import Testing

/// Hostile repositories and files that push livery's limits, through the binary:
/// depth (a long `extends` chain), work (schemas and resolvers that fan out),
/// numbers no platform can hold and images cut short each end in a clear error at
/// the file that passes the limit, quickly, never in a crash or a hang.
@Suite("Hostile limits, end to end", .serialized)
struct HostileLimitsTests {
    /// Runs livery and returns the result with how long it took.
    static func timed(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> (
        ProcessResult, Duration
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try LiveryBinary.run(arguments, in: directory, environment: environment)
        return (result, clock.now - start)
    }

    static func noCrash(_ result: ProcessResult, _ what: String) {
        let output = result.stdout + result.stderr
        #expect(
            !output.contains("Fatal error") && !output.contains("Stack dump") && result.status < 128,
            "\(what) crashed (\(result.status)):\n\(output)")
    }

    /// Every command on a chain of 7,000 targets (each extending the one before):
    /// one `extends-depth` error at the 65th, no crash, nothing left behind.
    @Test func aSevenThousandLongExtendsChainIsOneErrorInEveryCommand() throws {
        let fixture = try FixtureRepository()
        let count = 7_000
        try fixture.write("targets/t0/style.json", ##"{"abstract": true, "colors": {"bg": "#FFFFFF"}}"##)
        for index in 1..<count {
            try fixture.write(
                "targets/t\(index)/style.json",
                ##"{"extends": "t\##(index - 1)", "app": {"displayName": "T\##(index)", "bundleId": "com.example.t\##(index)"}}"##)
        }
        try fixture.commitAll("chain", tag: "v1")
        try fixture.write(
            "targets/t6999/style.json", ##"{"extends": "t6998", "app": {"displayName": "Last", "bundleId": "com.example.last"}}"##)
        try fixture.commitAll("rename the last", tag: "v2")
        let root = try TemporaryDirectory(prefix: "livery-chain")
        let environment = ["HOME": root.path, "TMPDIR": root.path]
        let message = "targets/t64/style.json:1:13: error: the `extends` chain of 't64' holds more than 64 targets, the most livery follows"

        let (validate, _) = try Self.timed(["validate", "--repo", fixture.path, "--rev", "v1"], environment: environment)
        Self.noCrash(validate, "validate")
        #expect(validate.status == 1)
        #expect(validate.stdout.contains(message), "\(validate.stdout)")
        #expect(validate.stdout.components(separatedBy: "[extends-depth]").count == 2, "reported once")

        let (build, _) = try Self.timed(
            ["build", "--repo", fixture.path, "--rev", "v1", "--out", root.path + "/out"], environment: environment)
        Self.noCrash(build, "build")
        #expect(build.status == 1)
        #expect((build.stdout + build.stderr).contains("extends-depth"), "\(build.stdout)\(build.stderr)")

        let (diff, _) = try Self.timed(["diff", "v1", "v2", "--repo", fixture.path], environment: environment)
        Self.noCrash(diff, "diff")
        #expect(diff.status == 1 || diff.status == 0, "\(diff.stdout)\(diff.stderr)")

        let (gallery, _) = try Self.timed(
            ["gallery", "--repo", fixture.path, "--rev", "v1", "--output", root.path + "/site/gallery"], environment: environment)
        Self.noCrash(gallery, "gallery")
        #expect(gallery.status == 0 || gallery.status == 1, "\(gallery.stdout)\(gallery.stderr)")
        // The gallery is built beside its place and renamed in: nothing else stays.
        let site = try FileManager.default.contentsOfDirectory(atPath: root.path + "/site")
        #expect(site == ["gallery"], "\(site)")
    }

    /// `1e999` is valid JSON but no platform's number: validate reports it where
    /// it is written, and build writes no bundle holding `inf`.
    @Test func aNumberBeyondEveryPlatformIsAnErrorAtItsPosition() throws {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/acme/style.json",
            """
            {
              "app": {"displayName": "Acme", "bundleId": "com.example.acme"},
              "dimensions": {"huge": 1e999, "fine": 3.4e38},
              "flags": {"limit": -1e39}
            }
            """)
        try fixture.commitAll("numbers")
        let validate = try LiveryBinary.run(["validate", "--repo", fixture.path, "--rev", "HEAD"])
        Self.noCrash(validate, "validate")
        #expect(validate.status == 1)
        #expect(
            validate.stdout.contains(
                "targets/acme/style.json:3:26: error: `dimensions.huge` = 1e999 is too large for the platforms' number types"),
            "\(validate.stdout)")
        #expect(validate.stdout.contains("(at /dimensions/huge) [number-range]"), "\(validate.stdout)")
        #expect(validate.stdout.contains("targets/acme/style.json:4:22: error: `flags.limit` = -1e39"), "\(validate.stdout)")
        #expect(!validate.stdout.contains("dimensions.fine"))

        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--repo", fixture.path, "--rev", "HEAD", "--out", out.path, "--platform", "all"])
        Self.noCrash(build, "build")
        #expect(build.status == 1, "\(build.stdout)\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/acme"))
    }

    /// An app icon whose header is whole but whose data is cut short: validate
    /// reports it at the style.json line naming it, as build does before it decodes.
    @Test func anAppIconCutShortIsAnErrorAtTheStyleThatNamesIt() throws {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/acme/style.json",
            """
            {
              "app": {"displayName": "Acme", "bundleId": "com.example.acme"},
              "appIcon": "icon.png"
            }
            """)
        let icon = TestFiles.png(width: 1024, height: 1024, alpha: false) { x, y in
            (UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8((x ^ y) & 0xFF), 255)
        }
        try fixture.write("targets/acme/icon.png", Array(icon.prefix(icon.count / 2)))
        try fixture.commitAll("icon")
        let expected = "targets/acme/style.json:3:14: error: 'icon.png' is not a whole PNG image: chunk IDAT at byte 33 needs"
        let validate = try LiveryBinary.run(["validate", "--repo", fixture.path, "--rev", "HEAD"])
        Self.noCrash(validate, "validate")
        #expect(validate.status == 1)
        #expect(validate.stdout.contains(expected), "\(validate.stdout)")
        #expect(validate.stdout.contains("[asset-damaged]"))
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--repo", fixture.path, "--rev", "HEAD", "--out", out.path, "--platform", "all"])
        Self.noCrash(build, "build")
        #expect(build.status == 1)
        #expect((build.stdout + build.stderr).contains(expected), "\(build.stdout)\(build.stderr)")
    }

    /// An app icon whose chunks are whole but whose data does not decompress:
    /// validate decodes it, and build, which decodes it to scale launcher icons,
    /// reports it the same way, with the position and the summary.
    @Test func anAppIconOnlyADecoderRefusesIsAnErrorAtTheStyleThatNamesIt() throws {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/acme/style.json",
            """
            {
              "app": {"displayName": "Acme", "bundleId": "com.example.acme"},
              "appIcon": {"image": "icon.png"}
            }
            """)
        try fixture.write("targets/acme/icon.png", TestFiles.undecodablePNG(width: 1024, height: 1024))
        try fixture.commitAll("icon")
        let expected =
            "targets/acme/style.json:3:24: error: 'icon.png' cannot be decoded to make the launcher icons: the PNG is damaged and cannot be decoded (at /appIcon/image) [asset-damaged]"
        let validate = try LiveryBinary.run(["validate", "--repo", fixture.path, "--rev", "HEAD"])
        Self.noCrash(validate, "validate")
        #expect(validate.status == 1)
        #expect(validate.stdout.contains(expected), "\(validate.stdout)")
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--repo", fixture.path, "--rev", "HEAD", "--out", out.path, "--platform", "android"])
        Self.noCrash(build, "build")
        #expect(build.status == 1, "\(build.stdout)\(build.stderr)")
        #expect((build.stdout + build.stderr).contains(expected), "\(build.stdout)\(build.stderr)")
        #expect((build.stdout + build.stderr).contains("0 built, 0 unchanged, 1 failed"), "\(build.stdout)\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/acme"))
    }

    /// A schema whose `allOf`s each apply the next schema twice, 40 deep: 2^40
    /// evaluations. `schema check` stops at its work limit within seconds.
    @Test func aSchemaThatFansOutTwoToTheFortyWaysStopsAtItsLimit() throws {
        let directory = try TemporaryDirectory()
        var definitions = [##""d40": {"type": "object"}"##]
        for index in 0..<40 {
            definitions.append(##""d\##(index)": {"allOf": [{"$ref": "#/$defs/d\##(index + 1)"}, {"$ref": "#/$defs/d\##(index + 1)"}]}"##)
        }
        let schema =
            ##"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"## + definitions.joined(separator: ", ")
            + ##"}, "$ref": "#/$defs/d0"}"##
        try Array(schema.utf8).write(to: directory.path + "/schema.json")
        try Array(#"{"a": 1}"#.utf8).write(to: directory.path + "/data.json")
        let (check, took) = try Self.timed(["schema", "check", "--schema", "schema.json", "data.json"], in: directory.path)
        Self.noCrash(check, "schema check")
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect((check.stdout + check.stderr).contains("takes more than 2000000 steps"), "\(check.stdout)\(check.stderr)")
        #expect(took < .seconds(60), "took \(took)")
    }

    /// A resolver whose sets each include the next one twice, 40 deep: 2^40 token
    /// documents. `import dtcg` stops at its limit within seconds and writes nothing.
    @Test func aResolverWhoseSetsFanOutStopsAtItsLimit() throws {
        let fixture = try FixtureRepository()
        var sets = [##""s40": {"sources": [{"$ref": "tokens.json"}]}"##]
        for index in 0..<40 {
            sets.append(##""s\##(index)": {"sources": [{"$ref": "#/sets/s\##(index + 1)"}, {"$ref": "#/sets/s\##(index + 1)"}]}"##)
        }
        let resolver =
            ##"{"version": "2025.10", "sets": {"## + sets.joined(separator: ", ") + ##"}, "resolutionOrder": [{"$ref": "#/sets/s0"}]}"##
        try fixture.write("design/fan.resolver.json", resolver)
        try fixture.write("design/tokens.json", ##"{"color": {"$type": "color", "bg": {"$value": "#FFFFFF"}}}"##)
        let before = try FileTreeSnapshot(fixture.path)
        let (run, took) = try Self.timed(["import", "dtcg", "design/fan.resolver.json", "--id", "acme", "--dry-run"], in: fixture.path)
        Self.noCrash(run, "import dtcg")
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect((run.stdout + run.stderr).contains("design/fan.resolver.json:1:"), "\(run.stdout)\(run.stderr)")
        #expect((run.stdout + run.stderr).contains("more than 10000 token documents in all"), "\(run.stdout)\(run.stderr)")
        #expect(took < .seconds(60), "took \(took)")
        #expect(try FileTreeSnapshot(fixture.path).changes(since: before).isEmpty)
    }
}

extension Array where Element == UInt8 {
    func write(to path: String) throws {
        try Data(self).write(to: URL(fileURLWithPath: path))
    }
}
