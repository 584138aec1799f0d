import Foundation
import LiveryTestSupport
import Testing

/// The `dtcg` bundles of the demo targets, checked by `scripts/testing/check-dtcg.py`
/// against the official DTCG 2025.10 JSON schemas (draft-07), kept with their
/// licence in `Tests/Conformance/dtcg-schemas/2025.10`, with Python's jsonschema
/// (installed by `scripts/product/bootstrap --test`). The script also merges every
/// theme context as the resolver module says and follows every reference.
@Suite("dtcg bundles validate against the DTCG 2025.10 schemas")
struct DTCGOutputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path
    static let schemas = root + "/Tests/Conformance/dtcg-schemas/2025.10"
    static let script = root + "/scripts/testing/check-dtcg.py"

    @Test(
        .enabled(
            if: ExternalTool.jsonschema.isInstalled,
            "python3 with jsonschema 4.18+ is missing (scripts/product/bootstrap --test installs it: python3 -m pip install jsonschema)")
    )
    func theDemoBundlesValidate() throws {
        let python = try #require(ExternalTool.jsonschema.path)
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--repo", Self.root, "--out", out.path, "--platform", "ios,android,web,dtcg"])
        #expect(build.status == 0, "\(build.stderr)")
        let bundles = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(bundles.count >= 3)
        for id in bundles {
            let dtcg = "\(out.path)/\(id)/dtcg"
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: dtcg).sorted() == [
                    "base.tokens.json", "dark-high-contrast.tokens.json", "dark.tokens.json",
                    "light-high-contrast.tokens.json", "light.tokens.json", "tokens.resolver.json",
                ], "\(id)")
        }
        let check = try runProcess(python, [Self.script, "--schemas", Self.schemas, out.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(
            check.stdout.contains(
                "check-dtcg: valid: \(bundles.count * 5) token files, \(bundles.count) resolvers (\(bundles.count * 4) resolutions)"),
            "\(check.stdout)")

        // The check can fail: a colour with a 3-digit hex, a size in points, a
        // reference to nothing, each in a copy of a valid bundle.
        let broken = try TemporaryDirectory()
        let source = "\(out.path)/\(bundles[0])/dtcg"
        for (file, from, to) in [
            ("light.tokens.json", ##""hex": "#ffffff""##, ##""hex": "#fff""##),
            ("base.tokens.json", ##""unit": "px""##, ##""unit": "pt""##),
            ("dark.tokens.json", ##""{colors."##, ##""{colours."##),
        ] {
            let copy = "\(broken.path)/\(file)-broken"
            try FileManager.default.copyItem(atPath: source, toPath: copy)
            let path = "\(copy)/\(file)"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(from), "\(file) has no \(from)")
            try Data(text.replacingOccurrences(of: from, with: to).utf8).write(to: URL(fileURLWithPath: path))
            let rejected = try runProcess(python, [Self.script, "--schemas", Self.schemas, copy])
            #expect(rejected.status == 1, "\(file): \(rejected.stdout)\(rejected.stderr)")
            #expect(rejected.stdout.contains(file), "\(rejected.stdout)")
        }
    }
}
