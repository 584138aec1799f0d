import Foundation
import LiveryJSON
import LiveryTargets
import Testing

/// `targets/contract.json` is read as docs/contract.md describes it: every token with its
/// section, kind and requirements, and every problem with its file, line, column and pointer.
@Suite("Contract parser")
struct ContractParserTests {
    static let file = "targets/contract.json"

    static func parse(_ text: String) throws(ContractError) -> AppContract {
        try ContractParser.parse(Array(text.utf8), file: file)
    }

    static func problems(_ text: String) -> [Diagnostic] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func readsEveryKindWithItsRequirements() throws {
        let contract = try Self.parse(
            """
            {
              "$schema": "https://livery.dev/schemas/contract/v1.json",
              "description": "the app",
              "flags": {"welcomeText": {"type": "string"}, "animatedSplash": {"type": "boolean", "optional": true}},
              "colors": {"primary": {"requires": ["highContrast", "dark"], "description": "actions"}, "background": {}},
              "palettes": {"brand": {}},
              "fonts": {"body": {"requires": ["file"]}},
              "dimensions": {"spacingM": {}},
              "animations": {"easeInOut": {}},
              "components": {"button": {"primary": {"properties": {"background": "color", "font": "font", "shape": "shape"}}}},
              "images": {"splash": {"requires": ["dark"]}}
            }
            """)
        #expect(contract.file == Self.file)
        #expect(
            contract.tokens.map(\.path) == [
                "colors.background", "colors.primary", "palettes.brand", "fonts.body", "dimensions.spacingM",
                "animations.easeInOut", "components.button.primary", "images.splash", "flags.animatedSplash", "flags.welcomeText",
            ])
        let primary = try #require(contract.token(.colors, "primary"))
        #expect(primary.kind == .color)
        #expect(primary.sortedRequirements == [.dark, .highContrast])
        #expect(primary.description == "actions")
        #expect(primary.location == JSONLocation(file: Self.file, line: 5, column: 14))
        #expect(contract.token(.fonts, "body")?.requirements == [.file])
        #expect(contract.token(.images, "splash")?.requirements == [.dark])
        #expect(contract.token(.flags, "welcomeText")?.kind == .flag(.string))
        #expect(contract.token(.flags, "animatedSplash")?.isOptional == true)
        #expect(contract.token(.flags, "welcomeText")?.isOptional == false)
        let button = try #require(contract.token(.components, "button.primary"))
        #expect(button.kind == .component(properties: ["background": .color, "font": .font, "shape": .shape]))
        #expect(button.stylePointer.description == "/components/button/primary")
        #expect(contract.tokens(in: .palettes).map(\.name) == ["brand"])
    }

    @Test func anEmptyContractHasNoTokens() throws {
        #expect(try Self.parse("{}").tokens.isEmpty)
    }

    @Test func malformedJSONIsPlaced() {
        let found = Self.problems("{\n  \"colors\": {\"primary\": {},}\n}")
        #expect(found.count == 1)
        #expect(found.first?.rule == .jsonSyntax)
        #expect(found.first?.file == Self.file)
        #expect(found.first?.line == 2)
    }

    @Test func everyProblemIsReportedAtOnceWithItsPlace() {
        let found = Self.problems(
            """
            {
              "colours": {},
              "colors": {"primary": {"requires": ["file"]}, "9lives": {}},
              "flags": {"beta": {}, "limit": {"type": "integer"}},
              "images": {"logo": {"requires": "dark"}},
              "components": {"button": {"primary": {"properties": {"background": "paint"}, "requires": ["dark"]}}}
            }
            """)
        let summary = found.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.pointer?.description ?? "") \($0.rule.id)" }
        #expect(
            summary == [
                "2:3 /colours contract-file",
                "3:39 /colors/primary/requires/0 contract-file",
                "3:49 /colors/9lives contract-file",
                "4:21 /flags/beta contract-file",
                "4:43 /flags/limit/type contract-file",
                "5:35 /images/logo/requires contract-file",
                "6:70 /components/button/primary/properties/background contract-file",
                "6:80 /components/button/primary/requires contract-file",
            ])
        #expect(found.allSatisfy { $0.file == Self.file && $0.severity == .error })
        #expect(found.first?.message.contains("did you mean 'colors'?") == true)
        #expect(found[3].message.contains("needs a \"type\""))
        #expect(found[4].message.contains("'integer'"))
    }

    @Test func theRootMustBeAnObject() {
        let found = Self.problems("[]")
        #expect(found.map(\.message) == ["a contract must be an object, found array"])
        #expect(found.first?.pointer == .root)
    }

    @Test func aRequirementNamedTwiceIsAProblem() {
        let found = Self.problems(#"{"colors": {"primary": {"requires": ["dark", "dark"]}}}"#)
        #expect(found.map(\.pointer?.description) == ["/colors/primary/requires/1"])
    }

    /// The demo repository's contract is one livery reads.
    @Test func theDemoContractParses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let bytes = try Array(Data(contentsOf: root.appendingPathComponent("targets/contract.json")))
        let contract = try ContractParser.parse(bytes, file: "targets/contract.json")
        #expect(contract.token(.colors, "primary")?.requirements == [.dark])
        #expect(contract.token(.flags, "animatedSplash")?.kind == .flag(.boolean))
        // The demo shows a rename without a flag day (docs/contract.md, "Deprecation").
        #expect(contract.renames.map { "\($0.deprecated.path)→\($0.replacement.path)" } == ["colors.warning→colors.caution"])
    }
}
