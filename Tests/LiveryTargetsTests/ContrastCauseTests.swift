import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Low contrast is reported where the colour that causes it was written")
struct ContrastCauseTests {
    static let base = """
        {
          "colors": {"bg": "#FFFFFF", "fg": {"light": "#111111", "dark": "#222222"}, "brand": "#0B5FFF"},
          "components": {"text": {"body": {"background": "bg", "foreground": "fg"}}}
        }
        """

    /// Merges `chain` (most derived first, as `targets/<id>/style.json` files) and resolves its first target.
    func diagnostics(_ chain: [(id: String, text: String)]) throws -> [Diagnostic] {
        var merged: JSONNode?
        for (id, text) in chain.reversed() {
            let node = try JSONReader.parse(Array(text.utf8), file: "targets/\(id)/style.json")
            merged = merged.map { MergePatch.apply(node, to: $0) ?? node } ?? node
        }
        let document = try #require(merged)
        let id = try #require(chain.first?.id)
        return StyleResolver().resolve(id: id, chain: chain.map(\.id), document: document, assets: MemoryAssets(files: [:])).1
    }

    @Test func aClientsOwnColourIsTheProblemsPlace() throws {
        let found = try diagnostics([
            ("acme", "{\n  \"extends\": \"base\",\n  \"colors\": {\"fg\": \"#EEEEEE\"}\n}"),
            ("base", Self.base),
        ])
        #expect(
            found.map(\.message) == [
                "text.body: foreground #EEEEEE on background #FFFFFF has contrast 1.16:1 in dark, below 4.5:1; the nearest passing foreground of the same hue is #767676 (4.54:1); caused by `colors.fg` as set here",
                "text.body: foreground #EEEEEE on background #FFFFFF has contrast 1.16:1 in light, below 4.5:1; the nearest passing foreground of the same hue is #767676 (4.54:1); caused by `colors.fg` as set here",
            ])
        let warning = try #require(found.first)
        #expect(warning.rule.id == "contrast")
        #expect(warning.file == "targets/acme/style.json")
        #expect(warning.line == 3)
        #expect(warning.column == 20)
        #expect(warning.pointer?.description == "/colors/fg")
        #expect(warning.target == "acme")
        #expect(
            warning.related == [
                RelatedLocation(
                    "`text.body` pairs the colours here", file: "targets/base/style.json", line: 3, column: 70,
                    pointer: JSONPointer(tokens: ["components", "text", "body", "foreground"]))
            ])
    }

    @Test func theAppearanceAndTheAliasThatCauseItAreNamed() throws {
        let found = try diagnostics([
            ("acme", ##"{"extends": "banks", "colors": {"bg": {"light": "#FFFFFF", "dark": "{colors.brand}"}}}"##),
            ("banks", ##"{"extends": "base", "colors": {"brand": "#1A1A1A"}}"##),
            ("base", Self.base),
        ])
        // Dark: #222222 on acme's bg.dark, an alias to banks' brand; acme wrote the alias.
        let warning = try #require(found.first)
        #expect(found.count == 1)
        #expect(
            warning.message.hasSuffix(
                "in dark, below 4.5:1; the nearest passing foreground of the same hue is #828282 (4.52:1); caused by `colors.bg.dark` as set here"
            ))
        #expect(warning.file == "targets/acme/style.json")
        #expect(warning.pointer?.description == "/colors/bg/dark")
    }

    @Test func aMiddleParentsColourIsReportedInTheMiddleParent() throws {
        let found = try diagnostics([
            ("acme", ##"{"extends": "banks", "app": {"displayName": "Acme"}}"##),
            ("banks", ##"{"extends": "base", "colors": {"bg": "#000000"}}"##),
            ("base", Self.base),
        ])
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.file == "targets/banks/style.json" && $0.pointer?.description == "/colors/bg" })
        #expect(found.allSatisfy { $0.message.hasSuffix("; caused by `colors.bg` as set here") })
    }

    @Test func whenTheComponentIsAsNewAsItsColoursItStaysThePlace() throws {
        // Both colours and the pairing in one file: today's place and message.
        let alone = try diagnostics([
            (
                "base",
                ##"{"colors": {"bg": "#FFFFFF", "fg": "#EEEEEE"}, "components": {"text": {"body": {"background": "bg", "foreground": "fg"}}}}"##
            )
        ])
        #expect(
            alone.map(\.message) == [
                "text.body: foreground #EEEEEE on background #FFFFFF has contrast 1.16:1 in dark, below 4.5:1; the nearest passing foreground of the same hue is #767676 (4.54:1)",
                "text.body: foreground #EEEEEE on background #FFFFFF has contrast 1.16:1 in light, below 4.5:1; the nearest passing foreground of the same hue is #767676 (4.54:1)",
            ])
        #expect(alone.allSatisfy { $0.pointer?.description == "/components/text/body/foreground" && $0.related.isEmpty })
        // The client re-pairs its parent's colours: the client's component is the place.
        let repaired = try diagnostics([
            ("acme", ##"{"extends": "base", "colors": {"pale": "#EEEEEE"}, "components": {"text": {"body": {"foreground": "pale"}}}}"##),
            ("base", Self.base),
        ])
        #expect(repaired.count == 2)
        #expect(
            repaired.allSatisfy {
                $0.file == "targets/acme/style.json" && $0.pointer?.description == "/components/text/body/foreground" && $0.related.isEmpty
            })
    }

    @Test func aClientsOwnBackgroundPropertyIsThePlaceWithTheForegroundAsRelated() throws {
        let found = try diagnostics([
            ("acme", ##"{"extends": "base", "components": {"text": {"body": {"background": "#EEEEEE"}}}}"##),
            ("base", ##"{"colors": {"fg": "#FFFFFF"}, "components": {"text": {"body": {"background": "#000000", "foreground": "fg"}}}}"##),
        ])
        let warning = try #require(found.first)
        #expect(found.count == 2)
        #expect(warning.pointer?.description == "/components/text/body/background")
        #expect(warning.message.hasSuffix("; caused by `components.text.body.background` as set here"))
        #expect(warning.related.first?.file == "targets/base/style.json")
    }
}
