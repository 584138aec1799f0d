import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// Characters no output file can hold are refused by validation with their
/// place: the `control-character` rule.
@Suite("Text safety: control characters are errors with their position")
struct TextSafetyTests {
    static let file = "targets/acme/style.json"

    func resolve(_ text: String) throws -> [Diagnostic] {
        let document = try JSONReader.parse(Array(text.utf8), file: Self.file)
        return StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:])).1
    }

    /// The 1-based column where `needle` starts on line `line` of `text`.
    func column(of needle: String, line: Int, in text: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line - 1 < lines.count, let range = lines[line - 1].range(of: needle) else { return nil }
        return lines[line - 1].utf8.distance(from: lines[line - 1].startIndex, to: range.lowerBound) + 1
    }

    @Test func aNullInTheDisplayNameIsAnErrorAtItsPlace() throws {
        let text = #"""
            {
              "app": {"displayName": "Ac\u0000me", "bundleId": "com.acme.app"}
            }
            """#
        let diagnostics = try resolve(text)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        let found = try #require(diagnostics.first)
        #expect(found.severity == .error)
        #expect(found.rule.id == "control-character")
        #expect(found.message == "the display name contains a control character (U+0000) at position 3; remove it")
        #expect(found.file == Self.file)
        #expect(found.line == 2)
        #expect(found.column == column(of: #""Ac\u0000"#, line: 2, in: text))
        #expect(found.pointer?.description == "/app/displayName")
        #expect(found.target == "acme")
    }

    @Test func everyTextThatReachesAFileIsChecked() throws {
        let text = #"""
            {
              "app": {"displayName": "Acme", "bundleId": "com.acme\u007f.app"},
              "fonts": {"body": {"family": "In\nt\ter", "size": 16, "weight": "regular"}},
              "colors": {"pri\u0001mary": "#FFFFFF"},
              "components": {"card": {"main": {"label": "Two\nlines\tand a tab", "caption": "bad\r"}}},
              "flags": {"greeting": "Hi\n\tthere", "broken": "x\u0008", "odd": "\uFFFE"}
            }
            """#
        let diagnostics = try resolve(text)
        let byPointer = Dictionary(diagnostics.map { ($0.pointer?.description ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(diagnostics.allSatisfy { $0.rule.id == "control-character" && $0.severity == .error }, "\(diagnostics)")
        #expect(
            Set(byPointer.keys) == [
                "/app/bundleId", "/fonts/body/family", "/colors/pri\u{1}mary", "/components/card/main/caption", "/flags/broken",
                "/flags/odd",
            ])
        #expect(byPointer["/app/bundleId"]?.message == "the bundle id contains a control character (U+007F) at position 9; remove it")
        #expect(
            byPointer["/fonts/body/family"]?.message
                == "the family of font 'body' contains a control character (U+000A, a line break) at position 3 and 1 more; remove them")
        // A name is reported where the key is written.
        #expect(
            byPointer["/colors/pri\u{1}mary"]?.message
                == #"the name "pri\u0001mary" in /colors contains a control character (U+0001) at position 4; remove it"#)
        #expect(byPointer["/colors/pri\u{1}mary"]?.line == 4)
        #expect(byPointer["/colors/pri\u{1}mary"]?.column == column(of: #""pri"#, line: 4, in: text))
        #expect(
            byPointer["/components/card/main/caption"]?.message
                == "component property card.main.caption contains a control character (U+000D, a carriage return) at position 4; remove it")
        #expect(byPointer["/flags/broken"]?.message == "flag 'broken' contains a control character (U+0008) at position 2; remove it")
        #expect(
            byPointer["/flags/odd"]?.message
                == "flag 'odd' contains the noncharacter U+FFFE at position 1, which XML files such as Info.plist and strings.xml cannot hold; remove it"
        )
    }

    @Test func lineSeparatorsAreRefusedOnlyWhereXcconfigCarriesTheText() throws {
        let diagnostics = try resolve(
            #"""
            {"app": {"displayName": "A\u2029B", "bundleId": "com.acme.app"},
             "fonts": {"body": {"family": "A\u2028B", "size": 16, "weight": "regular"}},
             "flags": {"note": "A\u2028B"}}
            """#)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.pointer?.description == "/app/displayName")
        #expect(
            diagnostics.first?.message
                == "the display name contains a paragraph separator (U+2029) at position 2, which would end its line in ios/Target.xcconfig; remove it"
        )
    }

    @Test func positionsCountCharactersAsPeopleSeeThem() throws {
        // 👩‍👩‍👧 is five scalars and one character; é written as e + U+0301 is one character.
        let diagnostics = try resolve(#"{"app": {"displayName": "👩‍👩‍👧e\u0301\u0000", "bundleId": "com.acme.app"}}"#)
        #expect(diagnostics.first?.message == "the display name contains a control character (U+0000) at position 3; remove it")
    }
}
