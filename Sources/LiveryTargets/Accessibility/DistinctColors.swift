import LiveryCore
import LiveryJSON
import LiveryText

/// The contract's distinct colour sets held apart under each colour vision deficiency:
/// every two colours of a set keep a CIEDE2000 distance of at least the set's minimum
/// as protanopes, deuteranopes and tritanopes see them (``ColorDeficiency``), in light,
/// dark and both high-contrast appearances (derived values included). Pure over the
/// resolved style and the merged document that places each finding.
package enum DistinctColors {
    package struct Failure: Sendable, Hashable {
        package var set: DistinctColorSet
        package var first: String
        package var second: String
        package var deficiency: ColorDeficiency
        /// The appearances in which the two colours are these values, in appearance order.
        package var appearances: [String]
        package var firstValue: ColorValue
        package var secondValue: ColorValue
        package var firstSeen: RGBA
        package var secondSeen: RGBA
        package var distance: Double
    }

    package static let appearances = ["light", "dark", "highContrastLight", "highContrastDark"]

    /// Every pair of every set too close under a deficiency; an appearance that shows the
    /// two colours as an earlier one does joins that one's failure rather than repeating it.
    package static func failures(colors: [String: ColorToken], sets: [DistinctColorSet]) -> [Failure] {
        var found: [Failure] = []
        for set in sets.sorted() {
            for (index, first) in set.colors.enumerated() {
                for second in set.colors.dropFirst(index + 1) {
                    guard let firstToken = colors[first], let secondToken = colors[second] else { continue }
                    found += pairFailures(set, first, firstToken, second, secondToken)
                }
            }
        }
        return found
    }

    private static func pairFailures(_ set: DistinctColorSet, _ first: String, _ a: ColorToken, _ second: String, _ b: ColorToken)
        -> [Failure]
    {
        var found: [Failure] = []
        for deficiency in ColorDeficiency.allCases {
            for appearance in appearances {
                guard let one = a.appearance(appearance)?.lightValue, let two = b.appearance(appearance)?.lightValue else { continue }
                if let earlier = found.firstIndex(where: {
                    $0.deficiency == deficiency && $0.firstValue == one && $0.secondValue == two
                }) {
                    found[earlier].appearances.append(appearance)
                    continue
                }
                let seenOne = deficiency.simulate(linearSRGB: one.linearSRGB)
                let seenTwo = deficiency.simulate(linearSRGB: two.linearSRGB)
                let distance = ColorDifference.ciede2000(seenOne, seenTwo)
                guard distance < set.minimumDistance else { continue }
                found.append(
                    Failure(
                        set: set, first: first, second: second, deficiency: deficiency, appearances: [appearance], firstValue: one,
                        secondValue: two, firstSeen: deficiency.simulate(one), secondSeen: deficiency.simulate(two), distance: distance))
            }
        }
        return found
    }

    /// `distinct-colors` warnings for `failures`, each at the first colour's value in its
    /// first appearance, the second colour's as related information.
    package static func diagnostics(_ failures: [Failure], document: JSONNode, target: String) -> [Diagnostic] {
        let root = document.value.objectValue ?? JSONObject()
        return failures.map { failure in
            let appearance = failure.appearances[0]
            var diagnostic: Diagnostic
            if let place = ColorSite.value(of: failure.first, appearance: appearance, in: root) {
                diagnostic = Diagnostic(
                    .warning, rule: .distinctColors, message(failure), at: place.node.location, pointer: JSONPointer(tokens: place.pointer),
                    target: target)
            } else {
                diagnostic = Diagnostic(.warning, rule: .distinctColors, message(failure), target: target)
            }
            if let other = ColorSite.value(of: failure.second, appearance: appearance, in: root) {
                diagnostic.related.append(
                    RelatedLocation(
                        "colors.\(failure.second) is set here", at: other.node.location, pointer: JSONPointer(tokens: other.pointer)))
            }
            return diagnostic
        }
    }

    /// `colors.error #D32F2F and colors.success #2E7D32 of the distinct set 'status' are 3.4 apart
    /// under deuteranopia in light and high-contrast light (CIEDE2000), below 10: seen as #8A7A2F and #857C33`.
    static func message(_ failure: Failure) -> String {
        let appearances = ListPhrase.join(failure.appearances.map(appearanceText), lastSeparator: " and ")
        return
            "colors.\(failure.first) \(failure.firstValue.text) and colors.\(failure.second) \(failure.secondValue.text) of the distinct set '\(failure.set.name)' are \(distanceText(failure.distance)) apart under \(failure.deficiency.rawValue) in \(appearances) (CIEDE2000), below \(distanceText(failure.set.minimumDistance)): seen as \(failure.firstSeen.hex) and \(failure.secondSeen.hex)"
    }

    static func appearanceText(_ appearance: String) -> String {
        switch appearance {
        case "highContrastLight": "high-contrast light"
        case "highContrastDark": "high-contrast dark"
        default: appearance
        }
    }

    /// Rounded down to one decimal, so a distance just below the minimum never reads as it.
    static func distanceText(_ value: Double) -> String {
        var text = String((value * 10).rounded(.down) / 10)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
