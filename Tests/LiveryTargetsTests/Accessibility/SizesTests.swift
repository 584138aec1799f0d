import LiveryCore
import LiveryJSON
import Testing

@testable import LiveryTargets

/// Targets a thumb can hit and body text a reader can read: the contract's `interactive`
/// components at 44×44 pt (iOS) and 48×48 dp (Android), body fonts at 11 pt / 12 sp.
@Suite("Touch targets and text sizes")
struct SizesTests {
    static func parse(_ text: String) throws(ContractError) -> AppContract {
        try ContractParser.parse(Array(text.utf8), file: "targets/contract.json")
    }

    static let components = #"{"button": {"primary": {}, "plain": {}}, "chip": {"filter": {}}, "card": {"default": {}}}"#

    @Test func theContractNamesKindsAndVariants() throws {
        let contract = try Self.parse(#"{"components": \#(Self.components), "interactive": ["button", "chip.filter"]}"#)
        #expect(contract.interactiveComponents == ["button.plain", "button.primary", "chip.filter"])
        do {
            _ = try Self.parse(#"{"components": \#(Self.components), "interactive": ["buton", "chip.filter", "chip.filter", 3]}"#)
            Issue.record("a bad list is read")
        } catch {
            #expect(
                error.diagnostics.map { "\($0.pointer?.description ?? "") \($0.message)" } == [
                    "/interactive/0 'interactive' names 'buton', which is not a component kind or variant of the contract (did you mean 'button'?)",
                    "/interactive/2 'chip.filter' is named twice in 'interactive'",
                    "/interactive/3 'interactive' names components, found number",
                ])
        }
    }

    static func font(_ size: Double) -> ResolvedComponentValue {
        .font(ResolvedFont(family: "Karla", size: size, weight: .regular), token: "button")
    }

    @Test func sizeComesFromHeightMinimumAndPadding() {
        let components: [String: [String: [String: ResolvedComponentValue]]] = [
            "button": [
                // 40 high: below both; the padding would have made it 52, but the height is fixed.
                "primary": ["height": .dimension(40, token: "buttonHeight"), "padding": .dimension(16, token: nil), "font": Self.font(17)],
                // minHeight raises a 40 high button to 48.
                "plain": ["height": .number(40), "minHeight": .number(48)],
                // 8 above and below 17 pt text: 36.4 high.
                "text": ["padding": .dimension(8, token: nil), "font": Self.font(17)],
            ],
            // 46 square: enough for iOS, not for Android, on both sides.
            "chip": ["filter": ["size": .number(46)]],
            // Not interactive: not judged.
            "card": ["default": ["height": .number(10)]],
        ]
        let found = TouchTargets.failures(
            components: components, interactive: ["button.primary", "button.plain", "button.text", "chip.filter"])
        #expect(
            found.map { "\($0.component) \($0.side) \(SizeText.number($0.size)) \($0.property)" } == [
                "button.primary height 40 height",
                "button.text height 36.4 padding",
                "chip.filter height 46 size",
                "chip.filter width 46 size",
            ])
    }

    @Test func aFailureIsPlacedAtItsValueWithAFixToTheTokenItNames() throws {
        let text = #"""
            {"dimensions": {"buttonHeight": 40},
             "components": {"button": {"primary": {"height": "buttonHeight"}, "text": {"padding": 8, "font": "body"}}}}
            """#
        let document = try JSONReader.parse(Array(text.utf8), file: "targets/acme/style.json")
        let failures = [
            TouchTargets.Failure(component: "button.primary", side: "height", size: 40, property: "height"),
            TouchTargets.Failure(component: "button.text", side: "height", size: 36.4, property: "padding"),
        ]
        let found = TouchTargets.diagnostics(failures, document: document, target: "acme")
        #expect(
            found.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message) (\($0.pointer?.description ?? ""))" } == [
                "2:50 components.button.primary is 40 pt high (from its height), below 44×44 pt on iOS and 48×48 dp on Android; make its height 48 (/components/button/primary/height)",
                "2:87 components.button.text is 36.4 pt high (from its padding), below 44×44 pt on iOS and 48×48 dp on Android; give it a minHeight of 48 (/components/button/text/padding)",
            ])
        let fix = try #require(found.first?.fix)
        #expect(fix.replacement == "48" && fix.pointer?.description == "/dimensions/buttonHeight")
        #expect((fix.line, fix.column, fix.endColumn) == (1, 33, 35))
        #expect(found.last?.fix == nil)
        #expect(found.allSatisfy { $0.rule == .touchTarget && $0.severity == .warning })
    }

    @Test func bodyFontsBelowTwelveAreNamedWithAFix() throws {
        let fonts = [
            "body": ResolvedFont(family: "Karla", size: 11, weight: .regular),
            "bodySmall": ResolvedFont(family: "Karla", size: 10, weight: .regular),
            "bodyLarge": ResolvedFont(family: "Karla", size: 16, weight: .regular),
            "bodyguard": ResolvedFont(family: "Karla", size: 8, weight: .regular),
            "caption": ResolvedFont(family: "Karla", size: 9, weight: .regular),
        ]
        let failures = BodyTextSize.failures(fonts: fonts)
        #expect(failures.map(\.name) == ["body", "bodySmall"])
        let text = #"{"fonts": {"body": {"family": "Karla", "size": 11, "weight": "regular"}, "bodySmall": "{fonts.body}"}}"#
        let document = try JSONReader.parse(Array(text.utf8), file: "targets/acme/style.json")
        let found = BodyTextSize.diagnostics(failures, document: document, target: "acme")
        #expect(
            found.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" } == [
                "1:48 fonts.body is body text of 11 pt, below 12 sp on Android; make its size 12",
                "1:87 fonts.bodySmall is body text of 10 pt, below 11 pt on iOS and 12 sp on Android; make its size 12",
            ])
        #expect(found.first?.fix?.replacement == "12")
        #expect(found.first?.fix?.pointer?.description == "/fonts/body/size")
        #expect(found.last?.fix == nil)
    }
}
