import LiveryCore
import LiveryJSON
import LiveryTargets

/// Reads a token's resolved `$value` into livery's units: colours to sRGB, sizes to
/// points, durations to seconds, typography to a font. Real exports are not always
/// schema-perfect: what is unambiguous is read, with a warning naming the token and
/// what was assumed; what cannot be read is an error saying why.
public enum DTCGValueReader {
    /// A `color` token: `display-p3` and `oklch` as written, any other 2025.10 colour
    /// space converted to sRGB (out-of-gamut values clipped with a warning).
    public static func color(_ token: DTCGToken) throws(Diagnostic) -> DTCGRead<ColorValue> {
        try read(token) { (site: inout DTCGValueSite) throws(Diagnostic) in try DTCGColorReader.read(token.value, at: &site) }
    }

    /// A `dimension` token in points: `px` as is, `rem` at 16 px.
    public static func dimension(_ token: DTCGToken) throws(Diagnostic) -> DTCGRead<Double> {
        try read(token) { (site: inout DTCGValueSite) throws(Diagnostic) in try DTCGNumberReader.dimension(token.value, at: &site) }
    }

    /// A `duration` token in seconds.
    public static func duration(_ token: DTCGToken) throws(Diagnostic) -> DTCGRead<Double> {
        try read(token) { (site: inout DTCGValueSite) throws(Diagnostic) in try DTCGNumberReader.duration(token.value, at: &site) }
    }

    /// A `number` token.
    public static func number(_ token: DTCGToken) throws(Diagnostic) -> DTCGRead<Double> {
        try read(token) { (site: inout DTCGValueSite) throws(Diagnostic) in try DTCGNumberReader.number(token.value, at: &site) }
    }

    /// A `typography` token as a livery font (family, size in points, weight).
    public static func font(_ token: DTCGToken) throws(Diagnostic) -> DTCGRead<DTCGFont> {
        try read(token) { (site: inout DTCGValueSite) throws(Diagnostic) in try DTCGFontReader.typography(token.value, at: &site) }
    }

    /// A `fontWeight` token (a number 1…1000 or one of the spec's names) as livery's nearest weight.
    public static func fontWeight(_ token: DTCGToken) throws(Diagnostic) -> DTCGRead<FontWeight> {
        try read(token) { (site: inout DTCGValueSite) throws(Diagnostic) in try DTCGFontReader.weight(token.value, at: &site) }
    }

    /// A `fontFamily` token: the first family of a list.
    public static func fontFamily(_ token: DTCGToken) throws(Diagnostic) -> DTCGRead<String> {
        try read(token) { (site: inout DTCGValueSite) throws(Diagnostic) in try DTCGFontReader.family(token.value, at: &site) }
    }

    /// A `strokeStyle` token that is a keyword (`solid`, `dashed`, …); nil for the object form.
    public static func strokeStyle(_ token: DTCGToken) throws(Diagnostic) -> DTCGRead<String?> {
        try read(token) { (site: inout DTCGValueSite) throws(Diagnostic) in try strokeStyle(token.value, at: &site) }
    }

    /// The spec's stroke keywords (CSS's border styles).
    static let strokeKeywords = ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"]

    private static func strokeStyle(_ node: JSONNode, at site: inout DTCGValueSite) throws(Diagnostic) -> String? {
        let expected = "one of \(strokeKeywords.joined(separator: ", ")) or an object {dashArray, lineCap}"
        switch node.value {
        case .string(let keyword) where strokeKeywords.contains(keyword):
            return keyword
        case .string(let keyword) where strokeKeywords.contains(keyword.lowercased()):
            site.warn(.dtcgAssumed, "stroke style \"\(keyword)\" read as \"\(keyword.lowercased())\" (DTCG keywords are lowercase)")
            return keyword.lowercased()
        case .object(let object) where object["dashArray"] != nil && object["lineCap"] != nil:
            return nil
        default:
            throw site.error("expected \(expected), found \(DTCGValueSite.describe(node.value))")
        }
    }

    /// Runs one reading with a fresh site for the token and returns its value with the warnings it made.
    private static func read<Value: Sendable>(
        _ token: DTCGToken, _ body: (inout DTCGValueSite) throws(Diagnostic) -> Value
    ) throws(Diagnostic) -> DTCGRead<Value> {
        var site = DTCGValueSite(token)
        let value = try body(&site)
        return DTCGRead(value, warnings: site.warnings)
    }
}

/// A font as livery's style format has it; DTCG has no font files.
public struct DTCGFont: Sendable, Equatable {
    public var family: String
    public var size: Double
    public var weight: FontWeight

    public init(family: String, size: Double, weight: FontWeight) {
        self.family = family
        self.size = size
        self.weight = weight
    }
}
