import LiveryCore
import LiveryJSON

/// The app's colour pairs (the contract's `on`, and `onX` over `X`) held to their
/// targets for one target: in light and dark to the normal target (`contrast`, with
/// the nearest passing value as a fix), in high contrast to WCAG AAA (`high-contrast`),
/// high-contrast values the client does not write derived first
/// (``HighContrastDerivation``) and recorded in the style. Pure over the resolved style
/// and the merged document that places each finding at the value that wrote it.
package struct AccessibilityCheck: Sendable {
    package let pairs: [ColorPair]
    package let contrastMinimum: Double
    /// The contract's distinct colour sets, checked once high contrast is derived (``DistinctColors``).
    package let distinctSets: [DistinctColorSet]

    package init(pairs: [ColorPair], contrastMinimum: Double, distinctSets: [DistinctColorSet] = []) {
        self.pairs = pairs
        self.contrastMinimum = contrastMinimum
        self.distinctSets = distinctSets
    }

    /// Derives `style`'s missing high-contrast values and returns what the pairs and the
    /// distinct sets break.
    package func apply(to style: inout ResolvedStyle, document: JSONNode) -> [Diagnostic] {
        let found = applyPairs(to: &style, document: document)
        guard !distinctSets.isEmpty else { return found }
        let failures = DistinctColors.failures(colors: style.colors, sets: distinctSets)
        return found + DistinctColors.diagnostics(failures, document: document, target: style.id)
    }

    private func applyPairs(to style: inout ResolvedStyle, document: JSONNode) -> [Diagnostic] {
        guard !pairs.isEmpty else { return [] }
        let root = document.value.objectValue ?? JSONObject()
        var found = NormalContrast.failures(colors: style.colors, pairs: pairs, contrastMinimum: contrastMinimum).map {
            normal($0, root: root, target: style.id)
        }
        let result = HighContrastDerivation.derive(colors: style.colors, pairs: pairs)
        style.colors = result.colors
        let all = result.derived + Self.followAliases(&style.colors, derived: result.derived, aliases: style.aliases)
        Self.refreshComponents(&style, derived: Set(all.map(\.token)))
        style.derivedHighContrast = all.sorted {
            ($0.token, $0.appearance == "highContrastLight" ? 0 : 1) < ($1.token, $1.appearance == "highContrastLight" ? 0 : 1)
        }
        // Aliases stay as written: a format that keeps them (DTCG) writes one only where it
        // gives the colour shown, so a derived value is written as a value.
        found += result.shortfalls.map { high($0, root: root, target: style.id) }
        return found
    }

    /// A component property that names a colour (`"background": "primary"`,
    /// `"{colors.primary}"`) draws that colour, derived high contrast included.
    static func refreshComponents(_ style: inout ResolvedStyle, derived: Set<String>) {
        guard !derived.isEmpty else { return }
        for (kind, variants) in style.components {
            for (variant, properties) in variants {
                for (name, value) in properties {
                    guard case .color(_, let token?) = value, derived.contains(token), let colour = style.colors[token] else { continue }
                    style.components[kind]?[variant]?[name] = .color(colour, token: token)
                }
            }
        }
    }

    /// A colour written as an alias of a whole colour (`"amountIn": "{colors.success}"`)
    /// that writes no high contrast of its own is the colour it names: it takes the values
    /// derived for it, so the two stay one colour in high contrast too.
    static func followAliases(
        _ colors: inout [String: ColorToken], derived: [HighContrastDerivation.Derived], aliases: [String: String]
    ) -> [HighContrastDerivation.Derived] {
        var byToken: [String: [HighContrastDerivation.Derived]] = [:]
        for value in derived { byToken[value.token, default: []].append(value) }
        var added: [HighContrastDerivation.Derived] = []
        for name in colors.keys.sorted() where byToken[name] == nil {
            guard let token = colors[name], token.highContrastLight == nil, token.highContrastDark == nil else { continue }
            // Follow whole-token aliases to a derived colour, as far as alias chains go.
            var target = aliases["colors.\(name)"]
            var hops = 0
            while let next = target, next.hasPrefix("colors."), byToken[String(next.dropFirst(7))] == nil, hops < 64 {
                target = aliases[next]
                hops += 1
            }
            guard let found = target, found.hasPrefix("colors."), let values = byToken[String(found.dropFirst(7))] else { continue }
            var copy = token
            for value in values {
                copy = HighContrastDerivation.set(value.value, as: value.appearance, in: copy)
                added.append(HighContrastDerivation.Derived(token: name, appearance: value.appearance, value: value.value))
            }
            colors[name] = copy
        }
        return added
    }

    private func normal(_ failure: NormalContrast.Failure, root: JSONObject, target: String) -> Diagnostic {
        let pair = failure.pair
        var message =
            "colors.\(pair.text) \(failure.text.text) on colors.\(pair.background) \(failure.background.text) has contrast \(Self.ratioText(failure.ratio)):1 in \(failure.appearance), below \(Self.ratioText(failure.target)):1 for \(Self.useText(pair.use))"
        if let fix = failure.fix {
            message +=
                "; the nearest passing colors.\(fix.token) of the same hue is \(fix.value.text) (\(Self.ratioText(fix.ratio)):1)"
        }
        let place = ColorSite.value(of: pair.text, appearance: failure.appearance, in: root)
        var diagnostic = Self.diagnostic(.contrast, message, at: place, target: target)
        if let fix = failure.fix, let step = ColorSite.replaceable(fix.token, appearance: failure.appearance, in: root) {
            diagnostic.fix = ColorSite.fix(
                "use \(fix.value.text) for colors.\(fix.token) in \(failure.appearance)", value: fix.value, at: step)
        }
        return diagnostic
    }

    private func high(_ shortfall: HighContrastDerivation.Shortfall, root: JSONObject, target: String) -> Diagnostic {
        let pair = shortfall.pair
        let appearance = shortfall.appearance == "highContrastLight" ? "high-contrast light" : "high-contrast dark"
        let goal = Self.ratioText(pair.use.highContrastTarget)
        let message: String
        if let best = shortfall.bestReachable {
            message =
                "colors.\(pair.text) on colors.\(pair.background) cannot reach \(goal):1 in \(appearance) for \(Self.useText(pair.use)) by moving the lightness of their hues: the best reachable is \(Self.ratioText(best)):1; write \(shortfall.appearance) for them"
        } else {
            message =
                "colors.\(pair.text) on colors.\(pair.background) has contrast \(Self.ratioText(shortfall.ratio)):1 in \(appearance) as written, below \(goal):1 for \(Self.useText(pair.use))"
        }
        let place = ColorSite.value(of: pair.text, appearance: shortfall.appearance, in: root)
        return Self.diagnostic(.highContrast, message, at: place, target: target)
    }

    private static func diagnostic(_ rule: Rule, _ message: String, at place: ContrastCause.Step?, target: String) -> Diagnostic {
        guard let place else { return Diagnostic(.warning, rule: rule, message, target: target) }
        return Diagnostic(
            .warning, rule: rule, message, at: place.node.location, pointer: JSONPointer(tokens: place.pointer), target: target)
    }

    static func useText(_ use: ContrastUse) -> String {
        switch use {
        case .text: "text"
        case .largeText: "large text"
        case .nonText: "non-text"
        }
    }

    static func ratioText(_ value: Double) -> String { ContrastRatioText.text(value) }
}

/// A contrast ratio as messages print it: rounded down to two decimals (so a ratio
/// just below a target never reads as the target), no trailing `.0`.
enum ContrastRatioText {
    static func text(_ value: Double) -> String {
        let rounded = (value * 100).rounded(.down) / 100
        var text = String(rounded)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
