import LiveryCore
import Testing

@testable import LiveryTargets

/// High contrast derived from the brand's own colours: each pair reaches 7:1 (text) or
/// 4.5:1 (large text, non-text) by the smallest move of lightness along the colour's
/// hue and chroma, written values never move, and what cannot be reached says so.
@Suite("Derived high contrast")
struct HighContrastDerivationTests {
    static func hex(_ text: String) -> ColorValue { ColorValue(RGBA(hex: text) ?? .black) }

    static func token(_ light: String, _ dark: String, highContrast: (String, String)? = nil) -> ColorToken {
        ColorToken(
            light: hex(light), dark: hex(dark), highContrastLight: highContrast.map { hex($0.0) },
            highContrastDark: highContrast.map { hex($0.1) })
    }

    /// Hue, in OKLCH degrees. A colour moved to the edge of sRGB and rounded to 8 bits keeps its
    /// hue to within a few degrees (the last step of CSS gamut mapping clips).
    static func hue(_ value: ColorValue) -> Double { LightnessShift.oklch(of: value)[2] }
    static let hueTolerance = 8.0

    @Test func aBrandColourUnderWhiteTextDarkensJustEnough() throws {
        let colors = ["primary": Self.token("#11A4D6", "#0E8AB4"), "onPrimary": Self.token("#FFFFFF", "#FFFFFF")]
        let result = HighContrastDerivation.derive(colors: colors, pairs: [ColorPair(text: "onPrimary", background: "primary")])
        let primary = try #require(result.colors["primary"])
        let light = try #require(primary.highContrastLightValue)
        let dark = try #require(primary.highContrastDarkValue)
        // White cannot get lighter: the background moves, darker, keeping white on top.
        #expect(result.colors["onPrimary"] == colors["onPrimary"])
        #expect(primary.light == colors["primary"]?.light && primary.dark == colors["primary"]?.dark)
        for value in [light, dark] {
            let ratio = PairContrast.ratio(Self.hex("#FFFFFF"), on: value)
            #expect(ratio >= 7, "\(value) gives \(ratio)")
            #expect(value.relativeLuminance < Self.hex("#11A4D6").relativeLuminance)
            #expect(abs(Self.hue(value) - Self.hue(Self.hex("#11A4D6"))) < Self.hueTolerance, "\(value) keeps the hue")
            // The smallest move: a little less lightness than the one found already passes, a little more fails.
            let lightness = LightnessShift.oklch(of: value)[0]
            let lighter = LightnessShift.colour(Self.hex("#11A4D6"), lightness: lightness + 0.01)
            #expect(PairContrast.ratio(Self.hex("#FFFFFF"), on: lighter) < 7)
        }
        #expect(result.derived.map(\.token) == ["primary", "primary"])
        #expect(result.derived.map(\.appearance) == ["highContrastLight", "highContrastDark"])
        #expect(result.shortfalls.isEmpty)
    }

    @Test func textMovesFirstAndKeepsItsSide() throws {
        let colors = ["muted": Self.token("#8A8F99", "#8A8F99"), "background": Self.token("#FFFFFF", "#121417")]
        let result = HighContrastDerivation.derive(
            colors: colors, pairs: [ColorPair(text: "muted", background: "background")])
        let muted = try #require(result.colors["muted"])
        let light = try #require(muted.highContrastLightValue)
        let dark = try #require(muted.highContrastDarkValue)
        #expect(PairContrast.ratio(light, on: Self.hex("#FFFFFF")) >= 7)
        #expect(PairContrast.ratio(dark, on: Self.hex("#121417")) >= 7)
        // Grey text on white gets darker; on near-black it gets lighter.
        #expect(light.relativeLuminance < Self.hex("#8A8F99").relativeLuminance)
        #expect(dark.relativeLuminance > Self.hex("#8A8F99").relativeLuminance)
        // The background is untouched: the text alone reached the target.
        #expect(result.colors["background"] == colors["background"])
    }

    @Test func aColourThatAlreadyPassesGetsNothing() {
        let colors = ["foreground": Self.token("#111111", "#EEEEEE"), "background": Self.token("#FFFFFF", "#000000")]
        let result = HighContrastDerivation.derive(colors: colors, pairs: [ColorPair(text: "foreground", background: "background")])
        #expect(result.derived.isEmpty)
        #expect(result.colors == colors)
    }

    @Test func writtenHighContrastValuesNeverMoveAndAreHeldToTheTarget() throws {
        let colors = [
            "link": Self.token("#2A6FDB", "#8AB4F8", highContrast: ("#3A7BE0", "#9AC0FA")),
            "background": Self.token("#FFFFFF", "#000000", highContrast: ("#FFFFFF", "#000000")),
        ]
        let result = HighContrastDerivation.derive(colors: colors, pairs: [ColorPair(text: "link", background: "background")])
        #expect(result.colors == colors)
        #expect(result.derived.isEmpty)
        let shortfall = try #require(result.shortfalls.first)
        #expect(result.shortfalls.count == 1)
        #expect(shortfall.appearance == "highContrastLight")
        #expect(shortfall.bestReachable == nil)
        #expect(abs(shortfall.ratio - Self.hex("#3A7BE0").srgb.contrastRatio(on: .white)) < 1e-12)
    }

    @Test func anUnreachablePairSaysTheBestRatio() throws {
        // The text is written (fixed) mid-grey; no lightness of a grey background reaches 7:1 against it.
        let colors = [
            "label": Self.token("#777777", "#777777", highContrast: ("#777777", "#777777")),
            "panel": Self.token("#808080", "#808080"),
        ]
        let result = HighContrastDerivation.derive(colors: colors, pairs: [ColorPair(text: "label", background: "panel")])
        #expect(result.shortfalls.count == 2)
        for shortfall in result.shortfalls {
            let best = try #require(shortfall.bestReachable)
            // The best the grey background reaches is white behind the text (it is the lighter side).
            #expect(abs(best - Self.hex("#777777").srgb.contrastRatio(on: .white)) < 0.01, "\(best)")
            #expect(best < 7)
        }
        #expect(result.colors["label"] == colors["label"])
    }

    @Test func wideColoursStayInTheirSpace() throws {
        let fresh = try #require(try? ColorValue.parse("oklch(0.7 0.2 145)").get())
        let p3 = try #require(try? ColorValue.parse("color(display-p3 0.2 0.65 0.25)").get())
        let colors = [
            "fresh": ColorToken(light: fresh, dark: fresh), "leaf": ColorToken(light: p3, dark: p3),
            "background": Self.token("#FFFFFF", "#101510"),
        ]
        let pairs = [ColorPair(text: "fresh", background: "background"), ColorPair(text: "leaf", background: "background")]
        let result = HighContrastDerivation.derive(colors: colors, pairs: pairs)
        let freshLight = try #require(result.colors["fresh"]?.highContrastLightValue)
        let leafLight = try #require(result.colors["leaf"]?.highContrastLightValue)
        #expect(freshLight.space == .oklch && leafLight.space == .displayP3)
        #expect(freshLight.components[2] == 145)
        #expect(PairContrast.ratio(freshLight, on: Self.hex("#FFFFFF")) >= 7)
        #expect(PairContrast.ratio(leafLight, on: Self.hex("#FFFFFF")) >= 7)
    }

    @Test func theSameInputGivesTheSameValues() {
        let colors = [
            "primary": Self.token("#11A4D6", "#0E8AB4"), "onPrimary": Self.token("#FFFFFF", "#002233"),
            "accent": Self.token("#F2A900", "#F2A900"), "background": Self.token("#FFFFFF", "#0E1117"),
        ]
        let pairs = [
            ColorPair(text: "onPrimary", background: "primary"), ColorPair(text: "primary", background: "background"),
            ColorPair(text: "accent", background: "background", use: .nonText),
        ]
        let first = HighContrastDerivation.derive(colors: colors, pairs: pairs)
        let second = HighContrastDerivation.derive(colors: colors, pairs: pairs.reversed())
        #expect(first.colors == second.colors)
        #expect(first.derived == second.derived)
        for pair in pairs {
            for appearance in ["highContrastLight", "highContrastDark"] {
                guard let text = first.colors[pair.text]?.appearance(appearance)?.lightValue,
                    let back = first.colors[pair.background]?.appearance(appearance)?.lightValue
                else { continue }
                #expect(PairContrast.ratio(text, on: back) >= pair.use.highContrastTarget, "\(pair) \(appearance)")
            }
        }
    }

    @Test func theNearestPassingValueFixesANormalFailure() throws {
        let colors = ["accent": Self.token("#F2A900", "#F2A900"), "background": Self.token("#FFFFFF", "#000000")]
        let failures = NormalContrast.failures(
            colors: colors, pairs: [ColorPair(text: "accent", background: "background")], contrastMinimum: 4.5)
        #expect(failures.map(\.appearance) == ["light"])
        let fix = try #require(failures.first?.fix)
        #expect(fix.token == "accent")
        #expect(fix.ratio >= 4.5 && fix.ratio < 4.6, "\(fix.ratio)")
        #expect(PairContrast.ratio(fix.value, on: Self.hex("#FFFFFF")) == fix.ratio)
        #expect(abs(Self.hue(fix.value) - Self.hue(Self.hex("#F2A900"))) < Self.hueTolerance)
    }
}
