import LiveryCore
import LiveryJSON
import LiveryTargets
import LiveryText

/// Reads a DTCG 2025.10 colour value into a livery colour.
///
/// The rules, as docs/import.md states them:
/// - `display-p3` and `oklch`, the spaces a style writes beyond hex, are kept as they
///   are: their components (numbers as the file wrote them, `none` as 0, a hue turned
///   into 0…360) become `color(display-p3 R G B [/ A])` or `oklch(L C H [/ A])`, and
///   `hex` is not compared with them (livery makes the sRGB fallback itself). A
///   component outside what a style can write (a Display P3 channel outside 0…1,
///   OKLCH lightness outside 0…1 or chroma above 0.5) is read like every other space,
///   by the rules below.
/// - The components are the colour. They are converted to sRGB by CSS Color 4
///   (`none` counts as 0, a hue is any angle) and each channel rounded half away from 0.
/// - A channel that lands more than half a step (1/510) outside 0…1 is out of the sRGB
///   gamut: every channel is clipped to 0…1 and a `dtcg-clipped` warning names the
///   token and the colour as written. Less than that is the rounding of the
///   components as written, not a different colour, and is clipped silently.
/// - `hex` is the file's own sRGB fallback. If it is more than one step away from
///   the converted components in any channel, the components are used and a
///   `dtcg-assumed` warning says so (one step is rounding, e.g. by truncation).
///   When the components cannot be read (missing, an unknown colour space) and
///   `hex` can, `hex` is used with a warning.
/// - A hex string (`#rgb`, `#rrggbb`, `#rrggbbaa`) where an object is expected is read
///   as sRGB with a warning. An alpha outside 0…1 is clipped with a warning.
enum DTCGColorReader {
    static func read(_ node: JSONNode, at site: inout DTCGValueSite) throws(Diagnostic) -> ColorValue {
        switch node.value {
        case .string(let text):
            guard let color = RGBA(hex: text) else {
                throw site.error(
                    "expected a colour object {colorSpace, components, alpha?, hex?} (or a hex string #rrggbb), found \(DTCGValueSite.describe(node.value))"
                )
            }
            site.warn(
                .dtcgAssumed,
                "a hex string where DTCG 2025.10 wants a colour object {colorSpace, components}; read \"\(text)\" as sRGB \(color.hex)")
            return ColorValue(color)
        case .object(let object):
            return try read(object, at: &site)
        default:
            throw site.error("expected a colour object {colorSpace, components, alpha?, hex?}, found \(DTCGValueSite.describe(node.value))")
        }
    }

    private static func read(_ object: JSONObject, at site: inout DTCGValueSite) throws(Diagnostic) -> ColorValue {
        let alpha = try self.alpha(object["alpha"], at: &site)
        let fallback = try hex(object["hex"], at: site)
        let components: Components
        do {
            components = try self.components(object, at: &site)
        } catch {
            guard let fallback else { throw error.diagnostic }
            site.warn(.dtcgAssumed, "\(error.reason); read its hex \(fallback.text) instead")
            // `alpha` wins over the alpha of an 8-digit hex, as it does over the components.
            let opacity = object["alpha"] == nil ? fallback.color.alpha : alpha.byte
            return ColorValue(RGBA(red: fallback.color.red, green: fallback.color.green, blue: fallback.color.blue, alpha: opacity))
        }
        if let kept = wide(components, alpha: alpha) { return kept }
        guard let converted = components.space.srgb(components.values), converted.allSatisfy(\.isFinite) else {
            throw site.error("\(components.written) does not give a colour (a component is too large)")
        }
        let outside = converted.contains { $0 * 255 < -0.5 || $0 * 255 > 255.5 }
        let channels = converted.map { UInt8(max(0, min(255, ($0 * 255).rounded(.toNearestOrAwayFromZero)))) }
        let color = RGBA(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha.byte)
        let opaque = RGBA(red: channels[0], green: channels[1], blue: channels[2])
        if outside {
            let note = fallback.map { " (its hex fallback is \($0.text))" } ?? ""
            site.warn(.dtcgClipped, "\(components.written) is outside the sRGB gamut; clipped each channel to \(opaque.hex)\(note)")
        } else if let fallback, differ(fallback.color, opaque) {
            site.warn(
                .dtcgAssumed,
                "its hex \(fallback.text) differs from its components (\(components.written) is \(opaque.hex)); used the components")
        }
        return ColorValue(color)
    }

    /// A `display-p3` or `oklch` colour as the style writes it, or nil when its space is
    /// another or a component lies outside what the style's syntax takes.
    private static func wide(_ components: Components, alpha: Alpha) -> ColorValue? {
        let head: String
        var texts = components.texts
        switch components.space {
        case .displayP3:
            head = "color(display-p3 "
        case .oklch:
            head = "oklch("
            // Any angle names a hue; the style takes 0…360.
            let hue = components.values[2]
            if !(0...360).contains(hue), hue.isFinite {
                let turn = hue.truncatingRemainder(dividingBy: 360)
                texts[2] = plainDecimal(turn < 0 ? turn + 360 : turn)
            }
        default:
            return nil
        }
        let alphaText = alpha.value == 1 ? "" : " / " + alpha.text
        guard case .success(let value) = ColorValue.parse(head + texts.joined(separator: " ") + alphaText + ")") else { return nil }
        return value
    }

    /// A JSON number as the style's colour syntax takes it: as written when it is a
    /// plain decimal, else (an exponent) the same number without one.
    static func plainDecimal(_ literal: String, _ value: Double) -> String {
        let body = literal.hasPrefix("-") ? literal.dropFirst() : Substring(literal)
        if !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) { return literal }
        return plainDecimal(value)
    }

    /// The shortest text of `value` that reads back to it, without an exponent.
    static func plainDecimal(_ value: Double) -> String {
        let text = NumberText.text(value)
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: e)...]) else {
            return text
        }
        var mantissa = String(text[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = whole + fraction
        var point = whole.count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        var result = String(digits.prefix(point))
        var rest = Substring(digits.dropFirst(point))
        while rest.last == "0" { rest = rest.dropLast() }
        if !rest.isEmpty { result += "." + rest }
        return (negative ? "-" : "") + result
    }

    /// More than one step apart in some channel.
    private static func differ(_ a: RGBA, _ b: RGBA) -> Bool {
        func apart(_ x: UInt8, _ y: UInt8) -> Bool { abs(Int(x) - Int(y)) > 1 }
        return apart(a.red, b.red) || apart(a.green, b.green) || apart(a.blue, b.blue)
    }

    /// A colour space and its three components as numbers, and the colour as the file wrote it, for messages.
    private struct Components {
        var space: ColorSpace
        var values: [Double]
        /// Each component as a plain decimal (`none` as 0).
        var texts: [String]
        var written: String
    }

    /// Why the components cannot be read: the error to report when there is no hex to fall back on.
    private struct Unreadable: Error {
        var reason: String
        var diagnostic: Diagnostic
    }

    private static func components(_ object: JSONObject, at site: inout DTCGValueSite) throws(Unreadable) -> Components {
        func fail(_ reason: String, at place: DTCGValueSite? = nil) -> Unreadable {
            Unreadable(reason: reason, diagnostic: (place ?? site).error(reason))
        }
        let expected = "one of \(ColorSpace.allCases.map(\.rawValue).joined(separator: ", "))"
        if object["colorSpace"] == nil, object["components"] == nil {
            throw fail("the colour has no `colorSpace` and `components`; expected {colorSpace, components, alpha?, hex?}")
        }
        guard let spaceNode = object["colorSpace"] else {
            throw fail("the colour has no `colorSpace`; expected \(expected)")
        }
        guard case .string(let name) = spaceNode.value else {
            throw fail(
                "expected `colorSpace` to be \(expected), found \(DTCGValueSite.describe(spaceNode.value))", at: site.child("colorSpace"))
        }
        guard let space = colorSpace(named: name, at: &site) else {
            let hint = NearestName.closest(to: name, in: ColorSpace.allCases.map(\.rawValue)).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw fail("unknown colour space \"\(name)\"\(hint); expected \(expected)", at: site.child("colorSpace"))
        }
        let shape = "three components [\(space.componentNames.joined(separator: ", "))]"
        guard let node = object["components"] else {
            throw fail("the colour has no `components`; \(space.rawValue) expects \(shape)")
        }
        guard case .array(let items) = node.value, items.count == 3 else {
            throw fail("\(space.rawValue) expects \(shape), found \(DTCGValueSite.describe(node.value))", at: site.child("components"))
        }
        var values: [Double] = []
        var texts: [String] = []
        var plain: [String] = []
        for (index, item) in items.enumerated() {
            switch item.value {
            case .number(let number):
                values.append(number.doubleValue)
                texts.append(number.literal)
                plain.append(plainDecimal(number.literal, number.doubleValue))
            case .string("none"):
                values.append(0)
                texts.append("none")
                plain.append("0")
            default:
                let place = site.child("components").child(String(index))
                throw fail(
                    "expected a number or \"none\" for \(space.componentNames[index]), found \(DTCGValueSite.describe(item.value))",
                    at: place)
            }
        }
        return Components(space: space, values: values, texts: plain, written: "\(space.rawValue) [\(texts.joined(separator: ", "))]")
    }

    /// The colour space of a name; a name that differs only in case is read with a warning.
    private static func colorSpace(named name: String, at site: inout DTCGValueSite) -> ColorSpace? {
        if let space = ColorSpace(rawValue: name) { return space }
        guard let space = ColorSpace(rawValue: name.lowercased()) else { return nil }
        site.warn(.dtcgAssumed, "colour space \"\(name)\" read as \"\(space.rawValue)\" (DTCG names are lowercase)")
        return space
    }

    /// An alpha 0…1, as written (for a wide colour's text) and as a byte.
    private struct Alpha {
        var value: Double
        var text: String
        var byte: UInt8 { UInt8((value * 255).rounded(.toNearestOrAwayFromZero)) }
    }

    /// `alpha`: 1 when absent; clipped to 0…1 with a warning.
    private static func alpha(_ node: JSONNode?, at site: inout DTCGValueSite) throws(Diagnostic) -> Alpha {
        guard let node else { return Alpha(value: 1, text: "1") }
        guard case .number(let number) = node.value, number.doubleValue.isFinite else {
            throw site.child("alpha").error("expected a number from 0 to 1, found \(DTCGValueSite.describe(node.value))")
        }
        let value = number.doubleValue
        if value < 0 || value > 1 {
            var place = site.child("alpha")
            place.warn(.dtcgClipped, "\(number.literal) is outside 0…1; clipped to \(value < 0 ? 0 : 1)")
            site.absorb(place)
        }
        let clipped = max(0, min(1, value))
        return Alpha(value: clipped, text: clipped == value ? plainDecimal(number.literal, value) : NumberText.text(clipped))
    }

    /// `hex`, when present: it must be a hex colour (the spec asks for `#rrggbb`; `#rgb` and `#rrggbbaa` are read too).
    private static func hex(_ node: JSONNode?, at site: DTCGValueSite) throws(Diagnostic) -> (color: RGBA, text: String)? {
        guard let node else { return nil }
        guard case .string(let text) = node.value, let color = RGBA(hex: text) else {
            throw site.child("hex").error("expected a hex colour #rrggbb, found \(DTCGValueSite.describe(node.value))")
        }
        return (color, text)
    }
}
