import Foundation
import LiveryTestSupport
import Testing

/// A display name with a NUL made `Info.plist` malformed and a line break split
/// `Target.xcconfig`; `validate` now refuses them and `build` writes nothing for
/// the target.
@Suite("livery validate and build refuse control characters in text")
struct ControlCharacterTests {
    static let style = #"""
        {
          "app": {"displayName": "Ac\u0000me\nBank", "bundleId": "com.acme.app"},
          "colors": {"primary": "#0A3D91"}
        }
        """#

    @Test func validateNamesTheCharacterAndItsPlace() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.style)
        try fixture.commitAll("first")
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "targets/acme/style.json:2:26: error: the display name contains a control character (U+0000) at position 3 and 1 more; remove them (at /app/displayName) [control-character]"
            ),
            "\(result.stdout)")
    }

    @Test func buildWritesNoBrokenFiles() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.style)
        try fixture.commitAll("first")
        let out = try TemporaryDirectory()
        let result = try LiveryBinary.run(["build", "--repo", fixture.path, "--out", out.path + "/dist"])
        #expect(result.status != 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("[control-character]") || result.stderr.contains("[control-character]"),
            "\(result.stdout)\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/dist/acme/ios/Info.plist"))
        #expect(!FileManager.default.fileExists(atPath: out.path + "/dist/acme/ios/Target.xcconfig"))
    }
}
