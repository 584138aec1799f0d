import Foundation
import LiveryTestSupport
import Testing

/// Numbers at the edges of Int64 written into a repository or a token file: each
/// command answers with a message at the number's place, never a trap. (`abs` of
/// Int64.min and an exponent shifted past Int64.min used to kill the process with
/// SIGILL and no message.)
@Suite("Input numbers at Int64's edges")
struct InputNumberTests {
    static let lowest = "-9223372036854775808"

    /// acme with a variant `holiday`; at v2 its `order` is Int64.min.
    static func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/acme/style.json", ##"{"app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "colors": {"bg": "#FFFFFF"}}"##)
        try fixture.write("targets/acme/variants/holiday/style.json", ##"{"colors": {"bg": "#000000"}}"##)
        try fixture.write("targets/acme/variants/holiday/variant.json", ##"{"order": 1}"##)
        try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/acme/variants/holiday/variant.json", "{\"order\": \(lowest)}")
        try fixture.commitAll("v2", tag: "v2")
        return fixture
    }

    static let message =
        "targets/acme/variants/holiday/variant.json:1:11: error: \"order\" must be a whole number from -1000000000 to 1000000000 (at /order)"

    @Test func theLowestOrderIsAnErrorInEveryCommandThatReadsVariants() throws {
        let fixture = try Self.repository()
        let environment = ["NO_COLOR": "1"]
        let out = try TemporaryDirectory()
        let runs: [(arguments: [String], status: Int32)] = [
            (["validate"], 1),
            (["build", "--out", out.path + "/bundles"], 1),
            (["variant", "acme", "--install-id", "install-1"], 1),
        ]
        for run in runs {
            let result = try LiveryBinary.run(run.arguments, in: fixture.path, environment: environment)
            #expect(result.status == run.status, "\(run.arguments): \(result.stdout)\(result.stderr)")
            #expect((result.stdout + result.stderr).contains(Self.message), "\(run.arguments): \(result.stdout)\(result.stderr)")
        }
        // diff and gallery report the client's errors and finish: no signal, the error shown.
        let diff = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path, environment: environment)
        #expect([0, 1].contains(diff.status), "\(diff.stdout)\(diff.stderr)")
        #expect((diff.stdout + diff.stderr).contains("\"order\" must be a whole number"), "\(diff.stdout)\(diff.stderr)")
        let gallery = try LiveryBinary.run(["gallery", "--output", out.path + "/gallery"], in: fixture.path, environment: environment)
        #expect([0, 1].contains(gallery.status), "\(gallery.stdout)\(gallery.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path + "/gallery/index.html"), "the gallery is written: \(gallery.stderr)")
    }

    /// One past either end of Int64 and Int64.max itself are refused alike.
    @Test(arguments: ["9223372036854775807", "-9223372036854775809", "99999999999999999999999", "1e3", "1.5"])
    func anOrderOutsideTheRangeOrNotWholeIsTheSameError(_ literal: String) throws {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/acme/style.json", ##"{"app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "colors": {"bg": "#FFFFFF"}}"##)
        try fixture.write("targets/acme/variants/holiday/style.json", ##"{"colors": {"bg": "#000000"}}"##)
        try fixture.write("targets/acme/variants/holiday/variant.json", "{\"order\": \(literal)}")
        try fixture.commitAll("v1")
        let result = try LiveryBinary.run(["validate"], in: fixture.path, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains(Self.message), "\(result.stdout)\(result.stderr)")
    }

    /// A duration whose exponent is Int64.min, as a string and as DTCG's object:
    /// the value is 0 ms (the exponent is far below any Double), imported with the
    /// warning a string gets, and the process exits normally.
    @Test(arguments: [
        "\"1e-9223372036854775808ms\"",
        "{\"value\": 1e-9223372036854775808, \"unit\": \"ms\"}",
        "{\"value\": 1e-9223372036854775808, \"unit\": \"s\"}",
        "\"1e9223372036854775807ms\"",
    ])
    func aDurationWithAnExtremeExponentIsReadOrRefusedWithoutATrap(_ value: String) throws {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.commitAll("start")
        try fixture.write(
            "design/tokens.json",
            "{\"color\": {\"primary\": {\"$type\": \"color\", \"$value\": {\"colorSpace\": \"srgb\", \"components\": [0.2, 0.4, 0.6]}}}, \"motion\": {\"fast\": {\"$type\": \"duration\", \"$value\": \(value)}}}"
        )
        let result = try LiveryBinary.run(
            ["import", "dtcg", "design/tokens.json", "--id", "acme", "--bundle-id-prefix", "com.example"], in: fixture.path,
            environment: ["NO_COLOR": "1"])
        if value.contains("e9223372036854775807") {
            // Infinite: refused at its place.
            #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("design/tokens.json:1:"), "\(result.stderr)")
        } else {
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let style = try String(contentsOfFile: fixture.path + "/targets/acme/style.json", encoding: .utf8)
            #expect(style.contains("\"fast\": 0"), "\(style)")
        }
    }
}
