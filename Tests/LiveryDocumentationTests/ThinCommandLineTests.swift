import Foundation
import Testing

/// The command line parses, calls LiveryKit and prints: its files import
/// LiveryKit (and the argument parser and Foundation), nothing below it; a
/// result becomes an exit code in one place, and services open workspaces.
@Suite("The command line imports LiveryKit only")
struct ThinCommandLineTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/livery")

    @Test func commandsImportLiveryKitOnly() throws {
        let allowed: Set<String> = ["ArgumentParser", "Foundation", "LiveryKit"]
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path)).compactMap { $0 as? String }.filter {
            $0.hasSuffix(".swift")
        }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter {
                $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ") || $0.hasPrefix("@testable import ")
            }
            for line in imports {
                let module = line.split(separator: " ").last.map { String($0.split(separator: ".")[0]) } ?? ""
                #expect(allowed.contains(module), "\(file): \(line)")
            }
        }
    }

    /// Every Swift file of the command line, by its path under Sources/livery, with its text.
    static func files() throws -> [(path: String, text: String)] {
        let paths = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter {
            $0.hasSuffix(".swift")
        }
        return try paths.sorted().map { ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// `Terminal.execute` is the one place a result becomes an exit code: no
    /// command throws ArgumentParser's `ExitCode` or works out a status itself.
    @Test func onlyTheTerminalMakesExitCodes() throws {
        let files = try Self.files()
        #expect(files.count > 10)
        for (path, text) in files where path != "Terminal.swift" {
            #expect(!text.contains("ExitCode("), "\(path) makes an exit code; return the result to Terminal.execute")
            #expect(!text.contains("Terminal.run"), "\(path) runs a body outside Terminal.execute")
        }
        let commands = files.filter { $0.path.hasPrefix("Commands/") && $0.path != "Commands/Version.swift" }
        for (path, text) in commands {
            #expect(text.contains("Terminal.execute"), "\(path) does not run through Terminal.execute")
        }
        let terminal = try #require(files.first { $0.path == "Terminal.swift" }?.text)
        #expect(terminal.components(separatedBy: "throw ExitCode(").count - 1 == 2, "one throw for each form of Terminal.execute")
    }

    /// Services open workspaces from the request's repository selection: the
    /// command line never opens one itself.
    @Test func commandsOpenNoWorkspace() throws {
        for (path, text) in try Self.files() {
            #expect(!text.contains("Workspace.open"), "\(path) opens a workspace; pass a RepositorySelection in the request")
            #expect(!text.contains("Workspace("), "\(path) makes a workspace")
        }
    }
}
