import LiveryCore

/// The pairs the app draws, measured in light and dark against their normal target
/// (`contrastMinimum` for text, 3:1 for large text and non-text), each failure with
/// the nearest passing value of the same hue (``ContrastSearch``). Pure.
package enum NormalContrast {
    package struct Failure: Sendable, Hashable {
        package var pair: ColorPair
        /// `light` or `dark`.
        package var appearance: String
        package var text: ColorValue
        package var background: ColorValue
        package var ratio: Double
        package var target: Double
        /// The nearest passing value, when one of the two colours has one.
        package var fix: Fix?
    }

    /// A value to write instead of one of the pair's colours.
    package struct Fix: Sendable, Hashable {
        /// The token whose value it replaces (the pair's text or background colour).
        package var token: String
        package var value: ColorValue
        package var ratio: Double
    }

    package static func failures(colors: [String: ColorToken], pairs: [ColorPair], contrastMinimum: Double) -> [Failure] {
        var found: [Failure] = []
        for pair in pairs.sorted() {
            guard let textToken = colors[pair.text], let backToken = colors[pair.background] else { continue }
            for appearance in ["light", "dark"] {
                guard let text = textToken.appearance(appearance)?.lightValue, let back = backToken.appearance(appearance)?.lightValue
                else { continue }
                let target = pair.use.normalTarget(contrastMinimum: contrastMinimum)
                let ratio = PairContrast.ratio(text, on: back)
                guard !PairContrast.meets(ratio, target) else { continue }
                let fix = nearestFix(text: (pair.text, text), background: (pair.background, back), target: target)
                found.append(
                    Failure(pair: pair, appearance: appearance, text: text, background: back, ratio: ratio, target: target, fix: fix))
            }
        }
        return found
    }

    /// The nearest passing value of the text colour, moved the way that keeps the pair's
    /// order; the background's when no lightness of the text colour's hue passes.
    package static func nearestFix(
        text: (name: String, value: ColorValue), background: (name: String, value: ColorValue), target: Double,
        preferBackground: Bool = false
    ) -> Fix? {
        let textWay = ContrastSearch.direction(of: text.value, against: background.value)
        let backWay: ContrastSearch.Direction = textWay == .lighter ? .darker : .lighter
        func fixText() -> Fix? {
            let outcome = ContrastSearch.nearest(
                moving: text.value, against: background.value, movingIsText: true, target: target, direction: textWay)
            guard case .reached(let value, let ratio) = outcome else { return nil }
            return Fix(token: text.name, value: value, ratio: ratio)
        }
        func fixBackground() -> Fix? {
            let outcome = ContrastSearch.nearest(
                moving: background.value, against: text.value, movingIsText: false, target: target, direction: backWay)
            guard case .reached(let value, let ratio) = outcome else { return nil }
            return Fix(token: background.name, value: value, ratio: ratio)
        }
        return preferBackground ? fixBackground() ?? fixText() : fixText() ?? fixBackground()
    }
}
