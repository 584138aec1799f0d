import LiveryImport
import Testing

@Suite("Token names: DTCG paths become livery names")
struct TokenNamesTests {
    func name(_ dotted: String, _ section: StyleSection, verbatim: Bool = false) -> String? {
        let names = TokenNames(verbatim: verbatim)
        let path = dotted.split(separator: ".").map(String.init)
        return names.name(names.droppingTypeGroup(path, in: section), in: section)
    }

    @Test(arguments: [
        ("color.text-hdr", StyleSection.colors, "textHdr"),
        ("colours.brand_primary", .colors, "brandPrimary"),
        ("Color.Background Subtle", .colors, "backgroundSubtle"),
        ("brand.primary.500", .colors, "brandPrimary500"),
        ("color.100", .colors, "color100"),
        ("spacing.m", .dimensions, "spacingM"),
        ("dimension.gutter", .dimensions, "gutter"),
        ("size.icon-l", .dimensions, "sizeIconL"),
        ("font.body", .fonts, "body"),
        ("typography.heading-1", .fonts, "heading1"),
        ("number.max-items", .flags, "maxItems"),
        ("spacingXS", .dimensions, "spacingXS"),
        ("UI.accent", .colors, "UIAccent"),
        ("3d.depth", .flags, "flag3dDepth"),
    ])
    func pathsBecomeLowerCamelCaseNames(dotted: String, section: StyleSection, expected: String) {
        #expect(name(dotted, section) == expected)
    }

    @Test func aTypeGroupAloneIsKept() {
        // `color` with nothing after it is the name itself, not a group to drop.
        #expect(name("color", .colors) == "color")
    }

    @Test func nothingUsableOrTooLongIsNoName() {
        #expect(name("color.---", .colors) == nil)
        #expect(name("color.é", .colors) == nil)
        #expect(name("color." + String(repeating: "a", count: 65), .colors) == nil)
        #expect(name("color." + String(repeating: "a", count: 64), .colors)?.count == 64)
    }

    @Test func liveryFilesKeepTheirNamesAsWritten() {
        #expect(name("colors.extra_003", .colors) == "extra003")
        #expect(name("colors.extra_003", .colors, verbatim: true) == "extra_003")
        #expect(name("colors.Zed", .colors) == "zed")
        #expect(name("colors.Zed", .colors, verbatim: true) == "Zed")
        // A segment that is not a livery name is still made into one.
        #expect(name("colors.text-hdr", .colors, verbatim: true) == "textHdr")
    }

    @Test func validityFollowsTheSchemasPattern() {
        #expect(TokenNames.isValid("onPrimary"))
        #expect(TokenNames.isValid("a_1"))
        #expect(!TokenNames.isValid("1a"))
        #expect(!TokenNames.isValid("_a"))
        #expect(!TokenNames.isValid("a-b"))
        #expect(!TokenNames.isValid(""))
    }
}
