import LiveryCore
import LiveryJSON
import LiveryStyle

/// Reads a DTCG 2025.10 colour value into livery's 8-bit sRGB.
///
/// The rules, as docs/import.md states them:
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
    static func read(_ node: JSONNode, at site: inout DTCGValueSite) throws(Diagnostic) -> RGBA {
        switch node.value {
        case .string(let text):
            guard let color = RGBA(hex: text) else {
                throw site.error("expected a colour object {colorSpace, components, alpha?, hex?} (or a hex string #rrggbb), found \(DTCGValueSite.describe(node.value))")
            }
            site.warn(.dtcgAssumed, "a hex string where DTCG 2025.10 wants a colour object {colorSpace, components}; read \"\(text)\" as sRGB \(color.hex)")
            return color
        case .object(let object):
            return try read(object, at: &site)
        default:
            throw site.error("expected a colour object {colorSpace, components, alpha?, hex?}, found \(DTCGValueSite.describe(node.value))")
        }
    }

    private static func read(_ object: JSONObject, at site: inout DTCGValueSite) throws(Diagnostic) -> RGBA {
        let alpha = try self.alpha(object["alpha"], at: &site)
        let fallback = try hex(object["hex"], at: site)
        let components: Components
        do {
            components = try self.components(object, at: &site)
        } catch {
            guard let fallback else { throw error.diagnostic }
            site.warn(.dtcgAssumed, "\(error.reason); read its hex \(fallback.text) instead")
            // `alpha` wins over the alpha of an 8-digit hex, as it does over the components.
            let opacity = object["alpha"] == nil ? fallback.color.alpha : alpha
            return RGBA(red: fallback.color.red, green: fallback.color.green, blue: fallback.color.blue, alpha: opacity)
        }
        guard let converted = components.space.srgb(components.values), converted.allSatisfy(\.isFinite) else {
            throw site.error("\(components.written) does not give a colour (a component is too large)")
        }
        let outside = converted.contains { $0 * 255 < -0.5 || $0 * 255 > 255.5 }
        let channels = converted.map { UInt8(max(0, min(255, ($0 * 255).rounded(.toNearestOrAwayFromZero)))) }
        let color = RGBA(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
        let opaque = RGBA(red: channels[0], green: channels[1], blue: channels[2])
        if outside {
            let note = fallback.map { " (its hex fallback is \($0.text))" } ?? ""
            site.warn(.dtcgClipped, "\(components.written) is outside the sRGB gamut; clipped each channel to \(opaque.hex)\(note)")
        } else if let fallback, differ(fallback.color, opaque) {
            site.warn(.dtcgAssumed, "its hex \(fallback.text) differs from its components (\(components.written) is \(opaque.hex)); used the components")
        }
        return color
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
            throw fail("expected `colorSpace` to be \(expected), found \(DTCGValueSite.describe(spaceNode.value))", at: site.child("colorSpace"))
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
        var values: [Double] = [], texts: [String] = []
        for (index, item) in items.enumerated() {
            switch item.value {
            case .number(let number):
                values.append(number.doubleValue)
                texts.append(number.literal)
            case .string("none"):
                values.append(0)
                texts.append("none")
            default:
                let place = site.child("components").child(String(index))
                throw fail("expected a number or \"none\" for \(space.componentNames[index]), found \(DTCGValueSite.describe(item.value))", at: place)
            }
        }
        return Components(space: space, values: values, written: "\(space.rawValue) [\(texts.joined(separator: ", "))]")
    }

    /// The colour space of a name; a name that differs only in case is read with a warning.
    private static func colorSpace(named name: String, at site: inout DTCGValueSite) -> ColorSpace? {
        if let space = ColorSpace(rawValue: name) { return space }
        guard let space = ColorSpace(rawValue: name.lowercased()) else { return nil }
        site.warn(.dtcgAssumed, "colour space \"\(name)\" read as \"\(space.rawValue)\" (DTCG names are lowercase)")
        return space
    }

    /// `alpha`: 1 when absent; clipped to 0…1 with a warning.
    private static func alpha(_ node: JSONNode?, at site: inout DTCGValueSite) throws(Diagnostic) -> UInt8 {
        guard let node else { return 255 }
        guard case .number(let number) = node.value, number.doubleValue.isFinite else {
            throw site.child("alpha").error("expected a number from 0 to 1, found \(DTCGValueSite.describe(node.value))")
        }
        let value = number.doubleValue
        if value < 0 || value > 1 {
            var place = site.child("alpha")
            place.warn(.dtcgClipped, "\(number.literal) is outside 0…1; clipped to \(value < 0 ? 0 : 1)")
            site.absorb(place)
        }
        return UInt8((max(0, min(1, value)) * 255).rounded(.toNearestOrAwayFromZero))
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
