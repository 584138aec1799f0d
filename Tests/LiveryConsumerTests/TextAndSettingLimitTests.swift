import Foundation
import LiveryTestSupport
import Testing

/// The `text-length` limit is one kotlinc accepts: the longest display name livery lets through
/// compiles in LiveryTheme.kt. (The limits themselves: LiveryCommandTests.)
@Suite("Text and setting limits: the longest text compiles")
struct TextAndSettingLimitTests {
    /// A base and one client, `client` being its style.json.
    static func repository(client: String) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}, "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}}}"##
        )
        try fixture.write("targets/client/style.json", client)
        try fixture.commitAll("start")
        return fixture
    }

    @Test(
        .enabled(
            if: ExternalTool.kotlinc.isInstalled,
            "kotlinc is not installed: LiveryTheme.kt is not compiled (scripts/product/bootstrap --test installs Debian's kotlin)"
        ))
    func theLongestDisplayNameCompilesInLiveryThemeKt() throws {
        let kotlinc = try #require(ExternalTool.kotlinc.path)
        // Characters outside the BMP take 6 bytes each in a class file's constant: the worst case.
        let name = String(repeating: "😀", count: 4_096)
        let fixture = try Self.repository(
            client: ##"{"extends": "base", "app": {"displayName": "\##(name)", "bundleId": "com.example.client"}}"##)
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--platform", "android", "--out", out.path + "/dist"], in: fixture.path)
        #expect(build.status == 0, "\(build.stdout.prefix(2000))\(build.stderr.prefix(2000))")
        let sources = try FileTree.contents(under: out.path + "/dist/client").keys.filter { $0.hasSuffix("LiveryTheme.kt") }
        let theme = try #require(sources.first)
        let compiled = try runProcess(kotlinc, [out.path + "/dist/client/" + theme, "-nowarn", "-d", out.path + "/classes"])
        #expect(compiled.status == 0, "kotlinc: \(compiled.stderr.prefix(2000))")
    }
}
