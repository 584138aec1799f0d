/// The one rule every platform reads for dimensions that are not lengths.
///
/// A dimension is unitless (a ratio or factor, never `dp`, `pt` or `px`) when
/// its name's last word says so: `cardAspectRatio`, `ratio`, `imageScale`,
/// `zoomFactor`, `lineHeightMultiplier`, `disabledOpacity`, `pressedAlpha`,
/// `fillFraction`. Android writes it as a float item, CSS as a plain number,
/// DTCG as a `number` token.
public enum UnitlessDimension {
    public static func matches(_ name: String) -> Bool {
        for word in words {
            if name == word.lowercased() { return true }
            if name.hasSuffix(word), name.utf8.count > word.utf8.count { return true }
        }
        return false
    }

    static let words = ["Ratio", "Scale", "Factor", "Multiplier", "Opacity", "Alpha", "Fraction"]
}
