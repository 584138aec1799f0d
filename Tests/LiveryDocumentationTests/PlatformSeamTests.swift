import Foundation
import LiveryEmit
import Testing

/// docs/bundles.md has a section and a table row for every platform of the registry.
/// (The registry in parsing, help, completion and builds: LiveryCommandTests.)
@Suite("platforms as plug-ins: the docs")
struct PlatformSeamTests {
    @Test func docsHaveASectionAndATableRowForEveryPlatform() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/bundles.md"), encoding: .utf8)
        for platform in Platform.all {
            #expect(text.contains("\n### `\(platform.name)`"), "docs/bundles.md has no section ### `\(platform.name)`")
            #expect(
                text.contains("\n| `\(platform.name)` | \(platform.isDefault ? "yes" : "no")"),
                "docs/bundles.md's table lacks \(platform.name)")
        }
    }
}
