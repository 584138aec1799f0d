import Foundation
import LiveryTestSupport
import Testing

/// docs/runtime.md's Swift compiles as written: every ```swift block that does
/// not import SwiftUI (which Linux lacks) is type-checked with swiftc against
/// the LiveryRuntime module this build made, all blocks as one module, as an
/// app's files would be.
@Suite("docs/runtime.md's Swift code")
struct RuntimeDocumentationCodeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func swiftBlocks(of text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theNonSwiftUIBlocksTypeCheckAgainstLiveryRuntime() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(of: page)
        let plain = blocks.filter { !$0.contains("import SwiftUI") }
        #expect(blocks.count >= 2 && !plain.isEmpty, "docs/runtime.md has no plain Swift block")
        #expect(plain.contains { $0.contains("StyleStore(") && $0.contains("refresh(from:") })
        let modules = Self.root.appendingPathComponent(".build/debug/Modules")
        try #require(
            FileManager.default.fileExists(atPath: modules.appendingPathComponent("LiveryRuntime.swiftmodule").path),
            "build first: no \(modules.path)/LiveryRuntime.swiftmodule")
        let swiftc = try #require(which("swiftc"), "swiftc is not on PATH")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("livery-runtime-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for (index, block) in plain.enumerated() {
            let file = directory.appendingPathComponent("Block\(index).swift")
            try Data(block.utf8).write(to: file)
            files.append(file.path)
        }
        let result = try runProcess(swiftc, ["-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules.path] + files)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
