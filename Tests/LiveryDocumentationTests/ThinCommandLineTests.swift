import Foundation
import Testing

/// The command line parses, calls LiveryKit and prints: its files import
/// LiveryKit (and the argument parser and Foundation), nothing below it.
@Suite("The command line imports LiveryKit only")
struct ThinCommandLineTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/livery")

    @Test func commandsImportLiveryKitOnly() throws {
        let allowed: Set<String> = ["ArgumentParser", "Foundation", "LiveryKit"]
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ") || $0.hasPrefix("@testable import ") }
            for line in imports {
                let module = line.split(separator: " ").last.map { String($0.split(separator: ".")[0]) } ?? ""
                #expect(allowed.contains(module), "\(file): \(line)")
            }
        }
    }
}
