import LiveryCore
import LiveryTargets

/// The WCAG level a text/background pair reaches, per appearance, for every
/// component variant that defines both, with the property names the resolver's
/// contrast rule reads.
public enum GalleryContrast {
    public enum Level: String, Sendable {
        case aaa = "AAA"
        case aa = "AA"
        case fail

        /// WCAG 2 for normal-size text: 7:1 for AAA, 4.5:1 for AA.
        public init(ratio: Double) {
            self = ratio + 1e-9 >= 7 ? .aaa : ratio + 1e-9 >= 4.5 ? .aa : .fail
        }
    }

    public struct Pair: Sendable, Equatable {
        /// `button.primary`.
        public var component: String
        public var foreground: String
        public var background: String
        /// Light, dark, high-contrast light, high-contrast dark (a missing high-contrast colour falls back).
        public var ratios: [Double]
    }

    static let foregroundNames = ["foreground", "textColor", "titleColor", "color", "text", "title", "tint"]
    static let backgroundNames = ["background", "backgroundColor"]

    /// Every pair, sorted by component.
    public static func pairs(in style: ResolvedStyle) -> [Pair] {
        var result: [Pair] = []
        for kind in style.components.keys.sorted() {
            guard let variants = style.components[kind] else { continue }
            for variant in variants.keys.sorted() {
                guard let properties = variants[variant],
                    let foregroundName = foregroundNames.first(where: { properties[$0]?.colorToken != nil }),
                    let backgroundName = backgroundNames.first(where: { properties[$0]?.colorToken != nil }),
                    let foreground = properties[foregroundName]?.colorToken,
                    let background = properties[backgroundName]?.colorToken
                else { continue }
                let ratios = zip(GalleryAppearance.colors(of: foreground), GalleryAppearance.colors(of: background)).map { text, back in
                    (text.contrastRatio(on: back) * 100).rounded() / 100
                }
                result.append(Pair(component: kind + "." + variant, foreground: foregroundName, background: backgroundName, ratios: ratios))
            }
        }
        return result
    }
}

/// The four appearances the page switches between, in one order everywhere.
enum GalleryAppearance {
    /// Light, dark, high-contrast light (else light), high-contrast dark (else dark).
    static func colors(of token: ColorToken) -> [RGBA] {
        [token.light, token.dark, token.highContrastLight ?? token.light, token.highContrastDark ?? token.dark]
    }
}

extension ResolvedComponentValue {
    var colorToken: ColorToken? {
        if case .color(let token, _) = self { return token }
        return nil
    }
}
