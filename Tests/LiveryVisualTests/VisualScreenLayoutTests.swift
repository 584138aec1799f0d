import LiveryTargets
import LiveryVisual
import Testing

/// The screen the visual review draws lists every text style and component variant the
/// app's contract declares and every one the client has, each in a slot of its own, and
/// is exactly as tall as what it holds.
@Suite("Visual screen layout")
struct VisualScreenLayoutTests {
    static func contract(_ components: [String]) -> AppContract {
        AppContract(
            file: "targets/contract.json",
            tokens: components.map { ContractToken(section: .components, name: $0, kind: .component(properties: [:])) }
        )
    }

    static func style(_ components: [String: [String: [String: ResolvedComponentValue]]]) -> ResolvedStyle {
        var style = ResolvedStyle(id: "acme", chain: ["acme"])
        style.components = components
        return style
    }

    @Test
    func everyDeclaredAndEveryOwnComponentHasASlotAndWhatTheClientLacksIsDrawnEmpty() {
        let contract = Self.contract(["text.title", "text.body", "button.primary", "textField.default"])
        let style = Self.style([
            "text": ["body": [:]],
            "button": ["primary": ["height": .dimension(60, token: nil)]],
            "chip": ["small": ["padding": .number(4)]],
        ])
        let layout = VisualScreen.layout(for: [style], contracts: [contract])
        #expect(layout.texts.map(\.name) == ["body", "title"])
        #expect(!layout.textsAreFonts)
        #expect(layout.components.map(\.name) == ["button.primary", "chip.small", "textField.default"])
        #expect(layout.components.map(\.height) == [60, 24, 24], "the button's own height, a label's line, an empty slot")
        let page = VisualScreen.page(style, layout: layout, title: "t") { _ in nil }
        for label in ["Body text", "text title · none", "button primary", "chip small", "textField default · none"] {
            #expect(page.contains(label), "\(label) is not drawn")
        }
        // Four panels, each with every slot.
        #expect(page.components(separatedBy: "textField default · none").count - 1 == VisualScreen.appearances.count)
        #expect(page == VisualScreen.page(style, layout: layout, title: "t") { _ in nil }, "the same style gives the same page")
    }

    @Test
    func thePageIsAsTallAsItsRowsSoAManyStyledClientIsNotCutOff() {
        let names = (1...40).map { "style\($0)" }
        let style = Self.style(["text": Dictionary(uniqueKeysWithValues: names.map { ($0, [String: ResolvedComponentValue]()) })])
        let layout = VisualScreen.layout(for: [style])
        #expect(layout.texts.count == 40)
        // The app bar, the content's padding, 40 rows of a 15-pixel line (20 + 4) and the gaps between them.
        let expected = 56 + 2 * 12 + 40 * 24 + 39 * 8
        #expect(layout.height == expected)
        #expect(layout.height > 880, "the old fixed panel would have cut these off")
        let page = VisualScreen.page(style, layout: layout, title: "t") { _ in nil }
        #expect(page.contains("height:\(expected)px"))
        for index in 1...40 { #expect(page.contains(">Style\(index) text<"), "style\(index) is not drawn") }
    }

    @Test
    func bothSidesOfAComparisonShareOneLayoutWithTheTallerSlot() {
        let before = Self.style(["button": ["primary": ["height": .dimension(44, token: nil)]]])
        let after = Self.style(["button": ["primary": ["height": .dimension(52, token: nil)], "gold": [:]]])
        let layout = VisualScreen.layout(for: [before, after])
        #expect(layout.components.map(\.name) == ["button.gold", "button.primary"])
        #expect(layout.components.map(\.height) == [24, 52])
        #expect(VisualScreen.page(before, layout: layout, title: "b") { _ in nil }.contains("button gold · none"))
    }
}
