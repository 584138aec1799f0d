import Foundation
import Testing

/// LiveryKit is no product of the package: only the command line (Sources/livery)
/// imports it, so nothing in it is `public` and its surface is `package`: what the
/// command line names and what the docs' Swift examples show, and the types those
/// declarations are made of. This counts the surface, so it grows only on purpose,
/// and names every declaration on it that nothing uses.
@Suite("LiveryKit's surface to the command line")
struct PublicSurfaceTests {
    /// The package (and public or open) declarations of Sources/LiveryKit. Raise it only
    /// with a declaration the command line or a docs example needs; lower it when one goes.
    static let recordedCount = 306

    /// The keywords that put a declaration on the surface.
    static let surfaceKeywords: Set<String> = ["package", "public", "open"]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One public declaration: where it is and the name it declares (nil for an
    /// initializer, a subscript, an operator or an extension, which are used by
    /// their type's name).
    struct Declaration: CustomStringConvertible {
        var file: String
        var line: Int
        var name: String?
        var description: String { "Sources/LiveryKit/\(file):\(line) \(name ?? "")" }
    }

    /// The text of every Swift file under `directory`, by its path there.
    static func swiftFiles(in directory: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(directory)
        let paths = try #require(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }.filter {
            $0.hasSuffix(".swift")
        }
        return try paths.sorted().map { ($0, try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// Lines that start (after indentation and attributes) with `package`, `public` or `open`.
    static func declarations() throws -> [Declaration] {
        try publicLines().map { Declaration(file: $0.file, line: $0.line, name: declaredName($0.words)) }
    }

    /// The surface declarations' lines, and the enum cases with associated values
    /// (as visible as their enum), split into words.
    static func publicLines(includingCases: Bool = false) throws -> [(file: String, line: Int, words: [String])] {
        var found: [(file: String, line: Int, words: [String])] = []
        for (path, text) in try swiftFiles(in: "Sources/LiveryKit") {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = Array(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init).drop { $0.hasPrefix("@") })
                guard let first = words.first else { continue }
                let isCase =
                    includingCases && first == "case" && words.count > 1 && words[1].first?.isLetter == true && words[1].contains("(")
                    && words[1] != "let" && words[1] != "var"
                guard Self.surfaceKeywords.contains(first) || isCase else { continue }
                found.append((path, index + 1, words))
            }
        }
        return found
    }

    /// The identifiers surface declarations are written with besides their own
    /// names: the types of their parameters, results, properties and cases, which
    /// must be as visible for them to be.
    static func signatureNames() throws -> Set<String> {
        var names: Set<String> = []
        for (_, _, words) in try publicLines(includingCases: true) {
            let own = declaredName(words)
            for word in words.joined(separator: " ").split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            where String(word) != own {
                names.insert(String(word))
            }
        }
        return names
    }

    static let introducers: Set<String> = [
        "struct", "enum", "class", "protocol", "actor", "typealias", "func", "var", "let", "case", "associatedtype",
    ]

    /// The identifier after the declaration's keyword, when it has one.
    static func declaredName(_ words: [String]) -> String? {
        guard let keyword = words.firstIndex(where: introducers.contains), keyword + 1 < words.count else { return nil }
        let name = words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// Every identifier of the command line's sources and of the docs' ```swift blocks.
    static func usedNames() throws -> Set<String> {
        var texts = try swiftFiles(in: "Sources/livery").map(\.text)
        let docs = root.appendingPathComponent("docs")
        for page in try FileManager.default.contentsOfDirectory(atPath: docs.path) where page.hasSuffix(".md") {
            let text = try String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8)
            var inSwift = false
            var block: [Substring] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") {
                    if inSwift { texts.append(block.joined(separator: "\n")) }
                    inSwift = !inSwift && line.dropFirst(3).trimmingCharacters(in: .whitespaces) == "swift"
                    block = []
                } else if inSwift {
                    block.append(line)
                }
            }
        }
        var names: Set<String> = []
        for text in texts {
            for word in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) { names.insert(String(word)) }
        }
        return names
    }

    @Test func surfaceDeclarationsAreCounted() throws {
        let count = try Self.declarations().count
        #expect(count > 0)
        #expect(
            count <= Self.recordedCount,
            "LiveryKit has \(count) package declarations, more than the \(Self.recordedCount) recorded: make the new ones internal, or raise the count if the command line or a docs example needs them"
        )
    }

    /// Nothing outside the package can import LiveryKit, so `public` there would
    /// promise an API no app or tool can reach; the command line's access is `package`.
    @Test func nothingIsPublicAndLiveryKitIsNoProduct() throws {
        let publicLines = try Self.publicLines().filter { $0.words.first == "public" || $0.words.first == "open" }
        #expect(publicLines.isEmpty, "public in LiveryKit (make it package): \(publicLines.map { "\($0.file):\($0.line)" })")
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: "products: [")).upperBound
        let end = try #require(manifest.range(of: "\n    ],", range: start..<manifest.endIndex)).lowerBound
        let productList = manifest[start..<end]
        #expect(productList.contains(".executable(name: \"livery\""))
        #expect(!productList.contains("LiveryKit"), "LiveryKit is a product: its API to other packages would need public")
    }

    @Test func everySurfaceNameIsUsed() throws {
        let used = try Self.usedNames().union(Self.signatureNames())
        let unused = try Self.declarations().filter { $0.name.map { !used.contains($0) } ?? false }
        #expect(
            unused.isEmpty,
            "on LiveryKit's surface, but named neither by Sources/livery nor by a docs example: \(unused.map(\.description).joined(separator: ", "))"
        )
    }

    /// The scan finds what it should: a declaration's name, and none for an initializer.
    @Test func namesAreReadFromDeclarations() {
        #expect(Self.declaredName(["public", "static", "func", "run(_"]) == "run")
        #expect(Self.declaredName(["public", "struct", "BuildRequest:", "Sendable", "{"]) == "BuildRequest")
        #expect(Self.declaredName(["public", "private(set)", "var", "entries:"]) == "entries")
        #expect(Self.declaredName(["public", "init(repository:"]) == nil)
        #expect(Self.declaredName(["public", "static", "func", "==(lhs:"]) == nil)
    }
}
