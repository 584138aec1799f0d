import LiveryCore

/// High-contrast colours made from a client's own: where a colour of a pair has no
/// written `highContrastLight` / `highContrastDark`, its lightness is moved along its
/// own hue and chroma (``LightnessShift``), the smallest move that gives each of its
/// pairs the high-contrast target (7:1 text, 4.5:1 large text and non-text), in the
/// direction that keeps the pair's order (docs/style-format.md, "Derived high
/// contrast"). Written light, dark and high-contrast values never move. Pure and
/// deterministic: pairs are visited in their sorted order, a fixed number of rounds.
package enum HighContrastDerivation {
    /// One appearance made for one colour.
    package struct Derived: Sendable, Hashable {
        package var token: String
        /// `highContrastLight` or `highContrastDark`.
        package var appearance: String
        package var value: ColorValue
    }

    /// A pair that misses its high-contrast target in one appearance.
    package struct Shortfall: Sendable, Hashable {
        package var pair: ColorPair
        package var appearance: String
        /// The ratio the pair has as built (its written values, or what livery derived).
        package var ratio: Double
        /// The most any derivation can reach (the movable colours at the end of their
        /// range); nil when both colours are written, so nothing may move.
        package var bestReachable: Double?
    }

    package struct Result: Sendable {
        package var colors: [String: ColorToken]
        package var derived: [Derived]
        package var shortfalls: [Shortfall]
    }

    /// The high-contrast appearances: the name, and the normal appearance it starts from.
    static let appearances = [(name: "highContrastLight", base: "light"), (name: "highContrastDark", base: "dark")]

    /// How many times the pairs are visited: a colour moved for one pair may take
    /// another below its target, and the next round moves it back into place.
    static let rounds = 8

    package static func derive(colors: [String: ColorToken], pairs: [ColorPair]) -> Result {
        let pairs = pairs.filter { colors[$0.text] != nil && colors[$0.background] != nil }.sorted()
        var result = Result(colors: colors, derived: [], shortfalls: [])
        var settled: [(name: String, start: [String: ColorValue], values: [String: ColorValue], movable: Set<String>)] = []
        for appearance in appearances {
            let (start, movable) = starting(colors: colors, pairs: pairs, appearance: appearance)
            let values = settle(start, movable: movable, pairs: pairs, base: appearance.base, colors: colors)
            settled.append((appearance.name, start, values, movable))
            result.shortfalls += shortfalls(values, movable: movable, pairs: pairs, appearance: appearance, colors: colors)
        }
        // A colour moved in one appearance gets the other too (its normal value where it
        // did not move), so no platform mixes a derived and a fallen-back value; a colour
        // moved in neither writes none, as before.
        let moved = Set(settled.flatMap { one in one.movable.filter { one.values[$0] != one.start[$0] } })
        for name in moved.sorted() {
            for one in settled where one.movable.contains(name) {
                guard let value = one.values[name], let token = result.colors[name] else { continue }
                result.colors[name] = set(value, as: one.name, in: token)
                result.derived.append(Derived(token: name, appearance: one.name, value: value))
            }
        }
        return result
    }

    /// Each pair colour's value in this appearance, and those livery may move: the ones
    /// whose token writes no value for it.
    private static func starting(
        colors: [String: ColorToken], pairs: [ColorPair], appearance: (name: String, base: String)
    ) -> ([String: ColorValue], Set<String>) {
        var values: [String: ColorValue] = [:]
        var movable: Set<String> = []
        for name in Set(pairs.flatMap { [$0.text, $0.background] }) {
            guard let token = colors[name] else { continue }
            let written = appearance.name == "highContrastLight" ? token.highContrastLightValue : token.highContrastDarkValue
            values[name] = written ?? (token.appearance(appearance.base)?.lightValue ?? token.lightValue)
            if written == nil { movable.insert(name) }
        }
        return (values, movable)
    }

    /// The values after every pair has been brought to its target as far as it can.
    private static func settle(
        _ start: [String: ColorValue], movable: Set<String>, pairs: [ColorPair], base: String, colors: [String: ColorToken]
    ) -> [String: ColorValue] {
        var values = start
        for _ in 0..<rounds {
            var changed = false
            for pair in pairs {
                guard let text = values[pair.text], let back = values[pair.background] else { continue }
                let target = pair.use.highContrastTarget
                guard !PairContrast.meets(PairContrast.ratio(text, on: back), target) else { continue }
                if let fix = move(pair, text: text, back: back, movable: movable, target: target, base: base, colors: colors) {
                    for (name, value) in fix where values[name] != value {
                        values[name] = value
                        changed = true
                    }
                }
            }
            if !changed { break }
        }
        return values
    }

    /// The smallest change that brings one pair to `target`: the text colour alone, else
    /// the background alone, else both (the text at the end of its range). Each moves in
    /// the direction its normal value takes against the other's, so the pair's order
    /// holds. When nothing reaches it, the movable colours end at their best.
    private static func move(
        _ pair: ColorPair, text: ColorValue, back: ColorValue, movable: Set<String>, target: Double, base: String,
        colors: [String: ColorToken]
    ) -> [String: ColorValue]? {
        func normal(_ name: String) -> ColorValue? { colors[name]?.appearance(base)?.lightValue }
        guard let normalText = normal(pair.text), let normalBack = normal(pair.background) else { return nil }
        let textWay = ContrastSearch.direction(of: normalText, against: normalBack)
        let backWay: ContrastSearch.Direction = textWay == .lighter ? .darker : .lighter
        var textOutcome: ContrastSearch.Outcome?
        if movable.contains(pair.text) {
            let outcome = ContrastSearch.nearest(moving: text, against: back, movingIsText: true, target: target, direction: textWay)
            if case .reached(let value, _) = outcome { return [pair.text: value] }
            textOutcome = outcome
        }
        guard movable.contains(pair.background) else { return textOutcome.map { [pair.text: $0.colour] } }
        let alone = ContrastSearch.nearest(moving: back, against: text, movingIsText: false, target: target, direction: backWay)
        if case .reached(let value, _) = alone { return [pair.background: value] }
        guard let textOutcome else { return [pair.background: alone.colour] }
        let both = ContrastSearch.nearest(
            moving: back, against: textOutcome.colour, movingIsText: false, target: target, direction: backWay)
        return [pair.text: textOutcome.colour, pair.background: both.colour]
    }

    /// The pairs still below target once the values have settled.
    private static func shortfalls(
        _ values: [String: ColorValue], movable: Set<String>, pairs: [ColorPair], appearance: (name: String, base: String),
        colors: [String: ColorToken]
    ) -> [Shortfall] {
        pairs.compactMap { pair in
            guard let text = values[pair.text], let back = values[pair.background] else { return nil }
            let ratio = PairContrast.ratio(text, on: back)
            guard !PairContrast.meets(ratio, pair.use.highContrastTarget) else { return nil }
            var best: Double?
            if movable.contains(pair.text) || movable.contains(pair.background) {
                best = max(ratio, bestReachable(pair, text: text, back: back, movable: movable, base: appearance.base, colors: colors))
            }
            return Shortfall(pair: pair, appearance: appearance.name, ratio: ratio, bestReachable: best)
        }
    }

    /// The ratio with each movable colour of the pair at the end of its range.
    private static func bestReachable(
        _ pair: ColorPair, text: ColorValue, back: ColorValue, movable: Set<String>, base: String, colors: [String: ColorToken]
    ) -> Double {
        guard let normalText = colors[pair.text]?.appearance(base)?.lightValue,
            let normalBack = colors[pair.background]?.appearance(base)?.lightValue
        else { return PairContrast.ratio(text, on: back) }
        let textWay = ContrastSearch.direction(of: normalText, against: normalBack)
        let textEnd = movable.contains(pair.text) ? LightnessShift.colour(text, lightness: textWay == .lighter ? 1 : 0) : text
        let backEnd = movable.contains(pair.background) ? LightnessShift.colour(back, lightness: textWay == .lighter ? 0 : 1) : back
        return PairContrast.ratio(textEnd, on: backEnd)
    }

    /// `token` with `value` as its appearance `name`, in the token's RGBA and wide fields.
    static func set(_ value: ColorValue, as name: String, in token: ColorToken) -> ColorToken {
        var token = token
        var wide = token.wide ?? WideColors()
        let wideValue = value.isHex ? nil : value
        if name == "highContrastLight" {
            token.highContrastLight = value.srgb
            wide.highContrastLight = wideValue
        } else {
            token.highContrastDark = value.srgb
            wide.highContrastDark = wideValue
        }
        token.wide = wide.isEmpty ? nil : wide
        return token
    }
}
