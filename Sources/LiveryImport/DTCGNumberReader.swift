import LiveryJSON
import LiveryTargets

/// Reads `dimension`, `duration` and `number` values.
///
/// - A dimension is `{value, unit}` with unit `px` (points as is) or `rem` (× 16).
///   A string such as `"16px"` or `"1rem"`, or a bare number (taken as px), is read
///   with a `dtcg-assumed` warning; a bare 0 needs no unit and gets none.
/// - A duration is `{value, unit}` with unit `ms` or `s`, in seconds. A string such as
///   `"200ms"` or `"0.2s"`, or a bare number (taken as ms), is read with a warning.
///   Milliseconds are converted on the decimal text (`350` ms is the Double nearest
///   0.35, not 350 / 1000 rounded twice), so a duration livery wrote reads back exactly.
/// - A number is a JSON number; a string holding one is read with a warning.
enum DTCGNumberReader {
    static func dimension(_ node: JSONNode, at site: inout DTCGValueSite) throws(Diagnostic) -> Double {
        let expected = "a dimension {value, unit: \"px\" | \"rem\"}"
        switch node.value {
        case .object(let object):
            let (value, unit) = try measure(object, expected: expected, at: site)
            guard unit == "px" || unit == "rem" else {
                throw site.child("unit").error("expected \"px\" or \"rem\", found \"\(unit)\"")
            }
            guard let points = points(value.doubleValue, unit: unit) else {
                throw site.child("value").error("\(value.literal) rem is too large a size")
            }
            return points
        case .string(let text):
            guard let (number, unit) = DecimalText.split(text), let points = points(number.value, unit: unit.isEmpty ? "px" : unit) else {
                throw site.error("expected \(expected), found \(DTCGValueSite.describe(node.value))")
            }
            let assumed = unit.isEmpty ? "\(number.text) px (no unit: assumed px)" : "\(number.text) \(unit)"
            site.warn(.dtcgAssumed, "a string where DTCG 2025.10 wants \(expected); read \"\(text)\" as \(assumed)")
            return points
        case .number(let number) where number.doubleValue.isFinite:
            if number.doubleValue != 0 {
                site.warn(.dtcgAssumed, "a bare number where DTCG 2025.10 wants \(expected); read \(number.literal) as px")
            }
            return number.doubleValue
        default:
            throw site.error("expected \(expected), found \(DTCGValueSite.describe(node.value))")
        }
    }

    /// px are points; a rem is 16 px, the browsers' default font size (the mapper says so).
    private static func points(_ value: Double, unit: String) -> Double? {
        switch unit {
        case "px": value
        // A rem too large for a Double in px is no size at all.
        case "rem": (value * 16).isFinite ? value * 16 : nil
        default: nil
        }
    }

    static func duration(_ node: JSONNode, at site: inout DTCGValueSite) throws(Diagnostic) -> Double {
        let expected = "a duration {value, unit: \"ms\" | \"s\"}"
        switch node.value {
        case .object(let object):
            let (value, unit) = try measure(object, expected: expected, at: site)
            guard let seconds = seconds(value.literal, unit: unit) else {
                throw site.child("unit").error("expected \"ms\" or \"s\", found \"\(unit)\"")
            }
            return seconds
        case .string(let text):
            guard let (number, unit) = DecimalText.split(text), let seconds = seconds(number.text, unit: unit.isEmpty ? "ms" : unit) else {
                throw site.error("expected \(expected), found \(DTCGValueSite.describe(node.value))")
            }
            let assumed = unit.isEmpty ? "\(number.text) ms (no unit: assumed ms)" : "\(number.text) \(unit)"
            site.warn(.dtcgAssumed, "a string where DTCG 2025.10 wants \(expected); read \"\(text)\" as \(assumed)")
            return seconds
        case .number(let number) where number.doubleValue.isFinite:
            guard let seconds = seconds(number.literal, unit: "ms") else { break }
            if number.doubleValue != 0 {
                site.warn(.dtcgAssumed, "a bare number where DTCG 2025.10 wants \(expected); read \(number.literal) as ms")
            }
            return seconds
        default:
            break
        }
        throw site.error("expected \(expected), found \(DTCGValueSite.describe(node.value))")
    }

    /// Seconds of a decimal number in `ms` or `s`; nil for another unit.
    private static func seconds(_ decimal: String, unit: String) -> Double? {
        switch unit {
        case "s": DecimalText.value(decimal, shiftedBy: 0)
        case "ms": DecimalText.value(decimal, shiftedBy: -3)
        default: nil
        }
    }

    static func number(_ node: JSONNode, at site: inout DTCGValueSite) throws(Diagnostic) -> Double {
        switch node.value {
        case .number(let number) where number.doubleValue.isFinite:
            return number.doubleValue
        case .string(let text):
            if let (number, unit) = DecimalText.split(text), unit.isEmpty {
                site.warn(.dtcgAssumed, "a string where DTCG 2025.10 wants a number; read \"\(text)\" as \(number.text)")
                return number.value
            }
        default:
            break
        }
        throw site.error("expected a number, found \(DTCGValueSite.describe(node.value))")
    }

    /// `value` (a finite number) and `unit` (a string) of a dimension or duration object.
    private static func measure(_ object: JSONObject, expected: String, at site: DTCGValueSite) throws(Diagnostic) -> (JSONNumber, String) {
        guard let valueNode = object["value"], let unitNode = object["unit"] else {
            let missing = ["value", "unit"].filter { object[$0] == nil }.map { "`\($0)`" }.joined(separator: " and ")
            throw site.error("expected \(expected), found an object without \(missing)")
        }
        guard case .number(let value) = valueNode.value, value.doubleValue.isFinite else {
            throw site.child("value").error("expected a number, found \(DTCGValueSite.describe(valueNode.value))")
        }
        guard case .string(let unit) = unitNode.value else {
            throw site.child("unit").error("expected a unit string, found \(DTCGValueSite.describe(unitNode.value))")
        }
        return (value, unit)
    }
}

/// Decimal numbers in text, as lenient values write them (`"16px"`, `"0.2s"`, `"8"`).
enum DecimalText {
    /// The leading number of `text` (JSON's number grammar, spaces around allowed)
    /// and the letters after it; nil when there is no number or something else follows.
    static func split(_ text: String) -> (number: (text: String, value: Double), unit: String)? {
        let trimmed = trimmed(text)
        let scalars = Array(trimmed.unicodeScalars)
        var end = 0
        func digits() -> Int {
            let start = end
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            return end - start
        }
        if end < scalars.count, scalars[end] == "-" || scalars[end] == "+" { end += 1 }
        var count = digits()
        if end < scalars.count, scalars[end] == "." {
            end += 1
            count += digits()
        }
        guard count > 0 else { return nil }
        // An exponent only when digits follow it, so "1em" stays 1 with unit "em".
        if end < scalars.count, scalars[end] == "e" || scalars[end] == "E" {
            let mark = end
            end += 1
            if end < scalars.count, scalars[end] == "-" || scalars[end] == "+" { end += 1 }
            if digits() == 0 { end = mark }
        }
        let number = String(String.UnicodeScalarView(scalars[..<end]))
        let unit = self.trimmed(String(String.UnicodeScalarView(scalars[end...])))
        guard unit.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) }),
            let value = Double(number), value.isFinite
        else { return nil }
        return ((number, value), unit)
    }

    /// The Double nearest `decimal × 10^shift`, computed on the text (moving the
    /// exponent) so there is one rounding, not two.
    static func value(_ decimal: String, shiftedBy shift: Int) -> Double? {
        let parts = decimal.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: { $0 == "e" || $0 == "E" })
        let exponent = parts.count == 2 ? InputInteger(parts[1]) : InputInteger(0)
        // The exponent is input: shifting it may leave Int64 (`1e-9223372036854775808ms`), so it is checked.
        let value =
            exponent.flatMap { $0.adding(Int64(shift)) }.flatMap { Double("\(parts[0])e\($0)") }
            // An exponent too long for an Int64: the Double itself, scaled (it is 0 or infinite anyway).
            ?? Double(decimal).map { $0 * pow10(shift) }
        guard let value, value.isFinite else { return nil }
        return value
    }

    private static func pow10(_ exponent: Int) -> Double {
        (0..<exponent.magnitude).reduce(1.0) { value, _ in exponent < 0 ? value / 10 : value * 10 }
    }

    /// Without spaces, tabs and line breaks at either end.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
