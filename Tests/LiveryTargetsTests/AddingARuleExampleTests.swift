import Foundation
import LiveryTargets
import Testing

// example: begin
extension Rule {
    public static let fontTooSmall = Rule(
        "font-too-small", [.warning], section: .validate, configurable: true,
        summary: "A font smaller than 9 points.",
        explanation: "a font whose `size` is below 9 points, which few people can read on a phone"
    )
}
// example: end

/// docs/architecture.md's "Adding a rule" stays true: its declaration is the one
/// above (which compiles against the real `Rule`), its registry line has the shape
/// of every line of `Rule.all`, its report call names the resolver helper and
/// values that exist in the file it names, and every path it names exists.
@Suite("docs/architecture.md: Adding a rule")
struct AddingARuleExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func section() throws -> String {
        let page = try text("docs/architecture.md")
        let start = try #require(page.range(of: "## Adding a rule\n"))
        let rest = page[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    static func swiftBlocks(_ section: String) -> [String] {
        section.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    @Test func theDeclarationIsTheCompiledOne() throws {
        let blocks = Self.swiftBlocks(try Self.section())
        #expect(blocks.count == 3)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let example = try #require(
            source.components(separatedBy: "// example: begin\n").last?.components(separatedBy: "// example: end").first)
        #expect(blocks.first == example, "the page's declaration differs from the compiled copy in this file")
        // A new rule: not one livery has, and with what every registered rule has.
        #expect(Rule.named(Rule.fontTooSmall.id) == nil)
        #expect(Rule.fontTooSmall.id.range(of: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", options: .regularExpression) != nil)
        #expect(Rule.fontTooSmall.summary.hasSuffix(".") && Rule.fontTooSmall.isConfigurable && Rule.fontTooSmall.severities == [.warning])
        // The declaration's form is the one the registry test reads in Sources/LiveryTargets/Rules.
        #expect(example.contains("public static let fontTooSmall = Rule(\n        \"font-too-small\""))
        let declarations = try Self.text("Sources/LiveryTargets/Rules/ValidationRules.swift")
        #expect(declarations.contains("extension Rule {\n    public static let ") && declarations.contains(" = Rule(\n        \""))
    }

    @Test func theRegistryLineHasTheShapeOfEveryLineOfRuleAll() throws {
        let blocks = Self.swiftBlocks(try Self.section())
        let line = try #require(blocks.dropFirst().first)
        #expect(line == "        .fontTooSmall,\n")
        let registry = try Self.text("Sources/LiveryTargets/Rules/RuleRegistry.swift")
        let lines = registry.split(separator: "\n").filter {
            $0.range(of: #"^        \.[a-z][A-Za-z0-9]*,$"#, options: .regularExpression) != nil
        }
        #expect(lines.count == Rule.all.count, "Rule.all is no longer one line per rule")
        #expect(registry.contains("public static let all: [Rule] = [\n"))
    }

    @Test func theReportCallUsesTheResolversHelperAndItsValues() throws {
        let blocks = Self.swiftBlocks(try Self.section())
        let call = try #require(blocks.last)
        #expect(call.contains("warning(.fontTooSmall, "))
        let resolver = try Self.text("Sources/LiveryTargets/StyleResolver.swift")
        #expect(resolver.contains("mutating func warning(_ rule: Rule, _ message: String, _ node: JSONNode, _ pointer: [String])"))
        // The names the call uses are the ones the fonts' resolver has where the size is read.
        let fonts = try Self.text("Sources/LiveryTargets/StyleResolver+Fonts.swift")
        for name in ["let sizeNode", "let size", "pointer + [\"size\"]", "font '\\(name)'"] {
            #expect(fonts.contains(name), "StyleResolver+Fonts.swift has no \(name)")
        }
    }

    @Test func everyPathAndCommandItNamesExists() throws {
        let section = try Self.section()
        let paths = section.components(separatedBy: "`").filter { $0.hasPrefix("Sources/") || $0.hasPrefix("Tests/") }
        #expect(paths.count >= 4)
        for path in paths { #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(path)") }
        let unwrapped = section.replacingOccurrences(of: "\n", with: " ")
        #expect(unwrapped.contains("LIVERY_WRITE_DOCS=1 swift test --skip-build --filter RuleDocumentationTests"))
        #expect(String(describing: RuleDocumentationTests.self) == "RuleDocumentationTests")
        #expect(section.contains("`RuleRegistryTests`") && String(describing: RuleRegistryTests.self) == "RuleRegistryTests")
    }
}
