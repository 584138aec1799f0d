import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Resolving styles: which values were written as references")
struct StyleAliasesTests {
    func resolve(_ text: String) throws -> ResolvedStyle {
        let document = try JSONReader.parse(Array(text.utf8), file: "targets/acme/style.json")
        let (style, diagnostics) = StyleResolver().resolve(
            id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        return style
    }

    @Test func everyReferenceIsRecordedByTheValueItFilled() throws {
        let style = try resolve(
            """
            {
              "palettes": {"brand": "#11A4D6"},
              "colors": {
                "primary": {"light": "{palettes.brand}", "dark": "{palettes.brand.light04}"},
                "link": "{colors.primary}",
                "border": {"light": "{colors.primary.dark}", "dark": "#000000"}
              },
              "dimensions": {"m": 16, "gutter": "{dimensions.m}"},
              "animations": {"fade": {"short": 0.2, "long": "{animations.fade.short}"}},
              "fonts": {"body": {"family": "Inter", "size": "{dimensions.m}"}, "quote": "{fonts.body}"},
              "components": {"button": {"primary": {
                "background": "primary", "foreground": "{colors.link}", "font": "body", "padding": "m",
                "delay": "{animations.fade.long}", "shape": {"roundedRectangle": {"cornerRadius": "{dimensions.gutter}"}}
              }}}
            }
            """)
        #expect(
            style.aliases == [
                "colors.primary.light": "palettes.brand.base",
                "colors.primary.dark": "palettes.brand.light04",
                "colors.link": "colors.primary",
                "colors.border.light": "colors.primary.dark",
                "dimensions.gutter": "dimensions.m",
                "animations.fade.long": "animations.fade.short",
                "fonts.body.size": "dimensions.m",
                "fonts.quote": "fonts.body",
                "components.button.primary.background": "colors.primary",
                "components.button.primary.foreground": "colors.link",
                "components.button.primary.font": "fonts.body",
                "components.button.primary.padding": "dimensions.m",
                "components.button.primary.delay": "animations.fade.long",
                "components.button.primary.shape.roundedRectangle.cornerRadius": "dimensions.gutter",
            ])
        // The values are resolved as before.
        #expect(style.colors["border"]?.light == style.colors["primary"]?.dark)
        #expect(style.dimensions["gutter"] == 16)
    }

    @Test func aReferenceThatFailsIsNotRecorded() throws {
        let document = try JSONReader.parse(
            Array(##"{"colors": {"a": "{colors.missing}", "b": "#FFFFFF"}, "dimensions": {"x": "{dimensions.y}"}}"##.utf8),
            file: "targets/acme/style.json")
        let (style, diagnostics) = StyleResolver().resolve(
            id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        #expect(diagnostics.filter { $0.rule.id == "alias-missing" }.count == 2)
        #expect(style.aliases.isEmpty)
    }
}
