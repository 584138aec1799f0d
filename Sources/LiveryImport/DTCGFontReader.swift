import LiveryCore
import LiveryJSON
import LiveryTargets

/// Reads `typography`, `fontWeight` and `fontFamily` values.
///
/// - A weight is a number 1…1000 or one of the spec's names, and becomes the
///   livery weight whose numeric value (100 … 900, what livery writes) is nearest,
///   so a weight livery wrote reads back as itself. Exactly halfway between two,
///   it goes the way CSS font matching looks first: lighter below 400, heavier from 400 up.
///   The spec's names differ from livery's (its `thin` is 100, livery's `ultraLight`):
///   names are read by their number. A name spelt another way (`SemiBold`,
///   `semi_bold`) or a number in a string is read with a `dtcg-assumed` warning.
/// - A family is a string, or a list of them of which livery keeps the first.
/// - Typography needs `fontFamily` and `fontSize`; without `fontWeight` it is regular,
///   with a warning. `letterSpacing` and `lineHeight` have no place in livery and are not read.
enum DTCGFontReader {
    static func typography(_ node: JSONNode, at site: inout DTCGValueSite) throws(Diagnostic) -> DTCGFont {
        guard case .object(let object) = node.value else {
            throw site.error(
                "expected a typography object {fontFamily, fontSize, fontWeight, letterSpacing, lineHeight}, found \(DTCGValueSite.describe(node.value))"
            )
        }
        let missing = ["fontFamily", "fontSize"].filter { object[$0] == nil }
        if !missing.isEmpty {
            throw site.error("the typography has no \(missing.map { "`\($0)`" }.joined(separator: " and ")), which livery's fonts need")
        }
        var familySite = site.child("fontFamily")
        var sizeSite = site.child("fontSize")
        var weightSite = site.child("fontWeight")
        let family = try self.family(object["fontFamily"] ?? node, at: &familySite)
        let size = try DTCGNumberReader.dimension(object["fontSize"] ?? node, at: &sizeSite)
        var weight = FontWeight.regular
        if let weightNode = object["fontWeight"] {
            weight = try self.weight(weightNode, at: &weightSite)
        } else {
            site.warn(.dtcgAssumed, "the typography has no `fontWeight`; assumed regular (400)")
        }
        for part in [familySite, sizeSite, weightSite] { site.absorb(part) }
        return DTCGFont(family: family, size: size, weight: weight)
    }

    static func family(_ node: JSONNode, at site: inout DTCGValueSite) throws(Diagnostic) -> String {
        switch node.value {
        case .string(let name) where !name.isEmpty:
            return name
        case .array(let names):
            guard let first = names.first else {
                throw site.error("expected a font family name or a list of them, found an empty list")
            }
            for (index, item) in names.enumerated() {
                guard case .string(let name) = item.value, !name.isEmpty else {
                    throw site.child(String(index)).error("expected a font family name, found \(DTCGValueSite.describe(item.value))")
                }
            }
            return first.value.stringValue ?? ""
        default:
            throw site.error("expected a font family name or a list of them, found \(DTCGValueSite.describe(node.value))")
        }
    }

    static func weight(_ node: JSONNode, at site: inout DTCGValueSite) throws(Diagnostic) -> FontWeight {
        let expected = "a font weight from 1 to 1000 or one of \(names.map(\.name).joined(separator: ", "))"
        switch node.value {
        case .number(let number):
            guard let weight = nearest(number.doubleValue) else {
                throw site.error("expected \(expected), found \(number.literal)")
            }
            return weight
        case .string(let text):
            if let numeric = names.first(where: { $0.name == text })?.value, let weight = nearest(numeric) {
                return weight
            }
            let folded = fold(text)
            if let known = names.first(where: { fold($0.name) == folded }), let weight = nearest(known.value) {
                site.warn(
                    .dtcgAssumed, "font weight \"\(text)\" is not spelt as DTCG names it; read as \"\(known.name)\" (\(Int(known.value)))")
                return weight
            }
            if let (number, unit) = DecimalText.split(text), unit.isEmpty, let weight = nearest(number.value) {
                site.warn(.dtcgAssumed, "a string where DTCG 2025.10 wants a number; read font weight \"\(text)\" as \(number.text)")
                return weight
            }
            let hint = NearestName.closest(to: text, in: names.map(\.name)).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw site.error("unknown font weight \"\(text)\"\(hint); expected \(expected)")
        default:
            throw site.error("expected \(expected), found \(DTCGValueSite.describe(node.value))")
        }
    }

    /// The spec's weight names and their numbers, in its order.
    static let names: [(name: String, value: Double)] = [
        ("thin", 100), ("hairline", 100), ("extra-light", 200), ("ultra-light", 200), ("light", 300),
        ("normal", 400), ("regular", 400), ("book", 400), ("medium", 500), ("semi-bold", 600), ("demi-bold", 600),
        ("bold", 700), ("extra-bold", 800), ("ultra-bold", 800), ("black", 900), ("heavy", 900),
        ("extra-black", 950), ("ultra-black", 950),
    ]

    /// Lowercase, without `-`, `_` and spaces: `Semi Bold` and `semibold` both fold to `semibold`.
    private static func fold(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
    }

    /// livery's weight nearest a numeric weight in 1…1000; nil outside it.
    static func nearest(_ value: Double) -> FontWeight? {
        guard value >= 1, value <= 1000 else { return nil }
        var best = FontWeight.ultraLight
        for weight in FontWeight.allCases {
            let distance = abs(Double(weight.numeric) - value)
            let bestDistance = abs(Double(best.numeric) - value)
            // Halfway: the heavier from 400 up, else the lighter (CSS font matching's first look).
            if distance < bestDistance || (distance == bestDistance && value >= 400) { best = weight }
        }
        return best
    }
}
