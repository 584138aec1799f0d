/// The smallest move of one colour's lightness (``LightnessShift``) that gives a pair
/// the contrast it needs, the other colour held where it is. Pure and deterministic:
/// a fixed number of halvings over OKLCH lightness, every candidate measured as the
/// colour it would be written as (8-bit for hex), so the colour found passes as the
/// checks measure it.
package enum ContrastSearch {
    /// How far past its target a moved colour's ratio goes: WCAG rounds its luminance
    /// coefficients (0.2126, 0.7152, 0.0722), tools that take them from the XYZ matrix
    /// (0.2126729…) measure a few parts in 10,000 differently, and a value livery makes
    /// must pass in every one of them.
    package static let margin = 1.001

    /// Which way a colour's lightness moves.
    package enum Direction: Sendable, Hashable {
        case lighter, darker

        var end: Double { self == .lighter ? 1 : 0 }
    }

    /// What the search found.
    package enum Outcome: Sendable, Hashable {
        /// The nearest colour that meets the target (the colour itself when it already does), and its ratio.
        case reached(ColorValue, ratio: Double)
        /// No lightness in that direction meets the target: the colour at the end of its
        /// range (white or black of its hue, as far as its gamut goes) and the ratio it gives.
        case unreachable(best: ColorValue, ratio: Double)

        package var colour: ColorValue {
            switch self {
            case .reached(let colour, _), .unreachable(let colour, _): colour
            }
        }

        package var ratio: Double {
            switch self {
            case .reached(_, let ratio), .unreachable(_, let ratio): ratio
            }
        }
    }

    /// The way `moving` goes to gain contrast against `other` and keep the pair's order:
    /// lighter when it is the lighter of the two, darker when the darker; for two colours
    /// of the same luminance, the way that can reach more contrast.
    package static func direction(of moving: ColorValue, against other: ColorValue) -> Direction {
        let own = moving.relativeLuminance
        let theirs = other.relativeLuminance
        if own != theirs { return own > theirs ? .lighter : .darker }
        let lighter = ratio(LightnessShift.colour(moving, lightness: 1), other, movingIsText: true)
        let darker = ratio(LightnessShift.colour(moving, lightness: 0), other, movingIsText: true)
        return lighter >= darker ? .lighter : .darker
    }

    /// The colour nearest `moving` in `direction` whose pair with `other` meets `target`.
    /// `movingIsText` says which of the two is drawn on the other (it matters for a
    /// translucent colour).
    package static func nearest(
        moving: ColorValue, against other: ColorValue, movingIsText: Bool, target: Double, direction: Direction
    ) -> Outcome {
        let start = ratio(moving, other, movingIsText: movingIsText)
        if PairContrast.meets(start, target) { return .reached(moving, ratio: start) }
        let target = target * margin
        let extreme = LightnessShift.colour(moving, lightness: direction.end)
        let best = ratio(extreme, other, movingIsText: movingIsText)
        guard PairContrast.meets(best, target) else {
            return start >= best ? .unreachable(best: moving, ratio: start) : .unreachable(best: extreme, ratio: best)
        }
        // `failing` never meets the target, `passing` always does; 40 halvings take the
        // gap below 1e-12 of lightness, far under one 8-bit step.
        var failing = LightnessShift.oklch(of: moving)[0]
        var passing = direction.end
        var found = (colour: extreme, ratio: best)
        for _ in 0..<40 {
            let middle = (failing + passing) / 2
            let candidate = LightnessShift.colour(moving, lightness: middle)
            let measured = ratio(candidate, other, movingIsText: movingIsText)
            if PairContrast.meets(measured, target) {
                passing = middle
                found = (candidate, measured)
            } else {
                failing = middle
            }
        }
        return .reached(found.colour, ratio: found.ratio)
    }

    private static func ratio(_ moving: ColorValue, _ other: ColorValue, movingIsText: Bool) -> Double {
        movingIsText ? PairContrast.ratio(moving, on: other) : PairContrast.ratio(other, on: moving)
    }
}
