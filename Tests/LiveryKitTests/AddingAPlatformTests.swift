import Foundation
import LiveryCore
import LiveryEmit
import LiveryGit
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

// The example of docs/architecture.md's "Adding a platform", as the page shows it
// (the page's imports are this file's too). `AddingAPlatformTests` fails when the two differ.
// page: begin
/// `palette/colors.txt`: every colour token, one line each: name, light, dark.
public enum PalettePlatform: PlatformEmitter {
    public static let name = "palette"
    public static let summary = "colors.txt: every colour token with its light and dark value"
    public static let isDefault = false

    public static func files(for style: ResolvedStyle) -> [EmittedFile] {
        let lines = style.colors.sorted { $0.key < $1.key }.map { name, color in
            "\(name) \(color.light.hex) \(color.dark.hex)\n"
        }
        return [EmittedFile(path: "palette/colors.txt", text: lines.joined())]
    }
}
// page: end

/// docs/architecture.md's "Adding a platform" stays true: its example is the platform
/// above, compiled against LiveryEmit, and a build with it writes the files the page shows.
@Suite("docs/architecture.md: adding a platform")
struct AddingAPlatformTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path

    /// The fenced blocks under `## Adding a platform`, in order.
    static func pageBlocks() throws -> [String] {
        let page = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        let section = try #require(page.components(separatedBy: "\n## ").first { $0.hasPrefix("Adding a platform\n") })
        var blocks: [String] = []
        var open: [String]?
        for line in section.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let lines = open {
                    blocks.append(lines.joined(separator: "\n"))
                    open = nil
                } else {
                    open = []
                }
            } else if open != nil {
                open?.append(line)
            }
        }
        return blocks
    }

    @Test func thePageShowsThisPlatformAndItsRegistryLine() throws {
        let blocks = try Self.pageBlocks()
        #expect(blocks.count == 3, "the section's blocks: the platform, its registry line, its output")
        let example = try #require(blocks.first).components(separatedBy: "\n")
        let own = try String(contentsOfFile: #filePath, encoding: .utf8)
        let marked = try #require(own.components(separatedBy: "// page: begin\n").last?.components(separatedBy: "\n// page: end").first)
        // The page's imports are this file's; the rest is the code above, line for line.
        let imports = example.prefix { $0.hasPrefix("import ") || $0.isEmpty }
        for line in imports where !line.isEmpty {
            #expect(own.hasPrefix(line) || own.contains("\n" + line + "\n"), "this file lacks \(line)")
        }
        #expect(
            example.dropFirst(imports.count).joined(separator: "\n") == marked,
            "docs/architecture.md's example differs from AddingAPlatformTests' PalettePlatform")
        #expect(blocks.dropFirst().first?.trimmingCharacters(in: .whitespaces) == "Platform(\(PalettePlatform.self).self),")
        #expect(PalettePlatform.name == "palette" && !Platform.all.contains(Platform(PalettePlatform.self)))
    }

    @Test func aBuildWithItWritesTheFilesThePageShows() async throws {
        let blocks = try Self.pageBlocks()
        let output = try #require(blocks.last)
        let workspace = Workspace(
            repository: nil,
            source: MemorySource(files: [
                "targets/acme/style.json": Array(
                    ##"""
                    {"app": {"displayName": "Acme", "bundleId": "com.example.acme"},
                     "colors": {"primary": {"light": "#0A3D91", "dark": "#6C8BBD"}, "onPrimary": "#FFFFFF"}}
                    """##.utf8)
            ]))
        let page = try String(contentsOfFile: Self.root + "/docs/architecture.md", encoding: .utf8)
        #expect(page.contains(##"`"colors": {"primary": {"light": "#0A3D91", "dark": "#6C8BBD"}, "onPrimary": "#FFFFFF"}`"##))
        let palette = Platform(PalettePlatform.self)
        let out = try TemporaryDirectory()
        var request = BuildRequest(repository: RepositorySelection(path: nil), version: "test")
        request.out = out.path + "/dist"
        let plan = BuildPlan(request: request, output: URL(fileURLWithPath: out.path + "/dist"), platforms: [palette])
        let report = try await BuildService(workspace: workspace).build(plan)
        #expect(report.built == ["acme"], "\(report.validation.diagnostics)")
        let bundle = try FileTree.contents(under: out.path + "/dist/acme")
        #expect(bundle.keys.sorted() == ["manifest.json", "palette/colors.txt", "style.json"])
        let written = try #require(bundle["palette/colors.txt"])
        #expect(String(decoding: written, as: UTF8.self) == output + "\n")
    }
}
