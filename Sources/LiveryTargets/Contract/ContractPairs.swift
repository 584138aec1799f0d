import LiveryJSON

/// How a colour is drawn, which sets the contrast it needs on its backgrounds
/// (WCAG 2): body text needs the most; large text and what is not text (icons,
/// borders, a switch's thumb) need less.
package enum ContrastUse: String, Sendable, Hashable, CaseIterable {
    case text, largeText, nonText

    /// The ratio the pair needs in light and dark: `contrastMinimum` for text (4.5:1
    /// unless livery.json says otherwise), WCAG AA's 3:1 for large text and non-text.
    package func normalTarget(contrastMinimum: Double) -> Double {
        self == .text ? contrastMinimum : min(3, contrastMinimum)
    }

    /// The ratio the pair needs in high contrast: WCAG AAA's 7:1 for text, 4.5:1 for
    /// large text and non-text.
    package var highContrastTarget: Double {
        self == .text ? 7 : 4.5
    }
}

/// One colour named in a colour's `on`, where the contract names it.
package struct ContractBackground: Sendable, Hashable {
    package var name: String
    package var location: JSONLocation
    package var pointer: JSONPointer
}

/// Two colours the app draws one on the other: `text` (a text or icon colour) on
/// `background`.
package struct ColorPair: Sendable, Hashable, Comparable {
    package var text: String
    package var background: String
    package var use: ContrastUse

    package init(text: String, background: String, use: ContrastUse = .text) {
        self.text = text
        self.background = background
        self.use = use
    }

    package static func < (lhs: ColorPair, rhs: ColorPair) -> Bool {
        (lhs.text, lhs.background) < (rhs.text, rhs.background)
    }
}

extension AppContract {
    /// The pairs the app draws, sorted: every colour's `on`, and for a colour named
    /// `onX` that writes no `on`, `X` when the contract declares it (`onPrimary` over
    /// `primary`).
    package var colorPairs: [ColorPair] {
        let colours = tokens(in: .colors)
        let names = Set(colours.map(\.name))
        var pairs: [ColorPair] = []
        for token in colours {
            if !token.drawnOn.isEmpty {
                pairs += token.drawnOn.map { ColorPair(text: token.name, background: $0.name, use: token.use) }
            } else if let background = Self.impliedBackground(of: token.name), names.contains(background) {
                pairs.append(ColorPair(text: token.name, background: background, use: token.use))
            }
        }
        return pairs.sorted()
    }

    /// `primary` for `onPrimary`, `primaryContainer` for `onPrimaryContainer`; nil for a
    /// name that is not `on` followed by an upper-case letter.
    static func impliedBackground(of name: String) -> String? {
        guard name.hasPrefix("on"), name.count > 2 else { return nil }
        let rest = name.dropFirst(2)
        guard let first = rest.first, first.isUppercase else { return nil }
        return first.lowercased() + rest.dropFirst()
    }
}
