import Foundation
import LiveryJSON

/// Why bytes are not a resolved style: the JSON pointer of the first bad
/// value and what is wrong with it.
public struct LiveryStyleError: Error, Sendable, Hashable, CustomStringConvertible {
    public var pointer: String
    public var message: String

    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    public var description: String { pointer.isEmpty ? message : "\(pointer): \(message)" }
}

extension LiveryStyle {
    /// Decodes a bundle's `style.json`.
    ///
    /// Every value must have its resolved form: colours are `#RRGGBB`,
    /// `#RRGGBBAA`, `color(display-p3 R G B [/ A])` or `oklch(L C H [/ A])` with `light` and `dark`, fonts have a family, a size above
    /// 0 and a known weight, and no alias (`{colors.primary}`) is left, so
    /// every reference resolves. Sections a newer livery adds are ignored.
    public init(document: Data) throws(LiveryStyleError) {
        let value: JSONValue
        do {
            value = try CanonicalJSON.parse(Array(document), file: "style.json")
        } catch {
            throw LiveryStyleError(pointer: "", message: "not JSON: \(error.description)")
        }
        try self.init(json: value)
    }

    /// Decodes a resolved style already parsed: the check `StyleUpdate.make`
    /// runs on every update's result, so the CLI never writes one an app refuses.
    public init(json value: JSONValue) throws(LiveryStyleError) {
        let reader = StyleReader()
        let root = try reader.object(value, [])
        guard let id = root["id"]?.value.stringValue, !id.isEmpty else {
            throw LiveryStyleError(pointer: "/id", message: "a resolved style has a non-empty string id")
        }
        self.init(id: id)
        if let node = root["app"] {
            let app = try reader.object(node.value, ["app"])
            self.app = App(
                displayName: try app["displayName"].map { node throws(LiveryStyleError) in
                    try reader.string(node.value, ["app", "displayName"])
                },
                bundleId: try app["bundleId"].map { node throws(LiveryStyleError) in try reader.string(node.value, ["app", "bundleId"]) }
            )
        }
        let paletteColors = try reader.section(root, "palettes") { value, path throws(LiveryStyleError) in
            try reader.map(value, path) { value, path throws(LiveryStyleError) in try reader.anyColor(value, path) }
        }
        palettes = paletteColors.mapValues { $0.mapValues(\.rgba) }
        widePalettes = paletteColors.compactMapValues { shades in
            shades.values.contains { $0.wide != nil } ? shades.mapValues { $0.wide ?? ColorValue($0.rgba) } : nil
        }
        colors = try reader.section(root, "colors") { value, path throws(LiveryStyleError) in try reader.color(value, path) }
        fonts = try reader.section(root, "fonts") { value, path throws(LiveryStyleError) in try reader.font(value, path) }
        dimensions = try reader.section(root, "dimensions") { value, path throws(LiveryStyleError) in try reader.number(value, path) }
        animations = try reader.section(root, "animations") { value, path throws(LiveryStyleError) in
            try reader.map(value, path) { value, path throws(LiveryStyleError) in try reader.number(value, path) }
        }
        components = try reader.section(root, "components") { value, path throws(LiveryStyleError) in
            try reader.map(value, path) { value, path throws(LiveryStyleError) in
                try reader.map(value, path) { value, path throws(LiveryStyleError) in try reader.component(value, path) }
            }
        }
        images = try reader.section(root, "images") { value, path throws(LiveryStyleError) in try reader.image(value, path) }
        appIcon = try root["appIcon"].map { node throws(LiveryStyleError) in try reader.string(node.value, ["appIcon"]) }
        flags = try reader.section(root, "flags") { value, path throws(LiveryStyleError) in try reader.flag(value, path) }
    }
}

/// Reads the parts of a resolved style, failing with the pointer of the first bad value.
struct StyleReader {
    func fail(_ path: [String], _ message: String) -> LiveryStyleError {
        LiveryStyleError(pointer: JSONPointer(tokens: path).description, message: message)
    }

    func object(_ value: JSONValue, _ path: [String]) throws(LiveryStyleError) -> JSONObject {
        guard case .object(let object) = value else { throw fail(path, "expected an object, found \(value.typeName)") }
        return object
    }

    func map<T>(_ value: JSONValue, _ path: [String], _ element: (JSONValue, [String]) throws(LiveryStyleError) -> T)
        throws(LiveryStyleError) -> [String: T]
    {
        var result: [String: T] = [:]
        for member in try object(value, path).members {
            result[member.key] = try element(member.value.value, path + [member.key])
        }
        return result
    }

    /// A top-level section; absent means empty.
    func section<T>(_ root: JSONObject, _ key: String, _ element: (JSONValue, [String]) throws(LiveryStyleError) -> T)
        throws(LiveryStyleError) -> [String: T]
    {
        guard let node = root[key] else { return [:] }
        return try map(node.value, [key], element)
    }

    func string(_ value: JSONValue, _ path: [String]) throws(LiveryStyleError) -> String {
        guard let text = value.stringValue else { throw fail(path, "expected a string, found \(value.typeName)") }
        if Self.isAlias(text) { throw fail(path, "unresolved reference \(text)") }
        return text
    }

    func number(_ value: JSONValue, _ path: [String]) throws(LiveryStyleError) -> Double {
        guard let number = value.numberValue else { throw fail(path, "expected a number, found \(value.typeName)") }
        let double = number.doubleValue
        guard double.isFinite else { throw fail(path, "\(number.literal) is out of range") }
        return double
    }

    func rgba(_ value: JSONValue, _ path: [String]) throws(LiveryStyleError) -> RGBA {
        let text = try string(value, path)
        // A bundle writes every colour in full; the short `#RGB` a style may use is not a resolved form.
        guard text.utf8.count == 7 || text.utf8.count == 9, let color = RGBA(hex: text) else {
            throw fail(path, "\(text) is not a colour (#RRGGBB or #RRGGBBAA)")
        }
        return color
    }

    func color(_ value: JSONValue, _ path: [String]) throws(LiveryStyleError) -> ColorToken {
        let members = try object(value, path)
        for key in members.keys where !["light", "dark", "highContrastLight", "highContrastDark"].contains(key) {
            throw fail(path + [key], "not a colour appearance")
        }
        guard let light = members["light"], let dark = members["dark"] else { throw fail(path, "a colour has light and dark") }
        let lightColor = try anyColor(light.value, path + ["light"])
        let darkColor = try anyColor(dark.value, path + ["dark"])
        let highLight = try members["highContrastLight"].map { node throws(LiveryStyleError) in
            try anyColor(node.value, path + ["highContrastLight"])
        }
        let highDark = try members["highContrastDark"].map { node throws(LiveryStyleError) in
            try anyColor(node.value, path + ["highContrastDark"])
        }
        var token = ColorToken(
            light: lightColor.rgba, dark: darkColor.rgba, highContrastLight: highLight?.rgba, highContrastDark: highDark?.rgba)
        if lightColor.wide != nil || darkColor.wide != nil || highLight?.wide != nil || highDark?.wide != nil {
            token.wide = WideColors(
                light: lightColor.wide, dark: darkColor.wide, highContrastLight: highLight?.wide, highContrastDark: highDark?.wide)
        }
        return token
    }

    /// A colour as a bundle writes it: hex (``rgba(_:_:)``), or `color(display-p3 …)` /
    /// `oklch(…)` read with ``ColorValue``, its sRGB fallback beside it.
    func anyColor(_ value: JSONValue, _ path: [String]) throws(LiveryStyleError) -> (rgba: RGBA, wide: ColorValue?) {
        let text = try string(value, path)
        guard ColorValue.isWideSyntax(text) else { return (try rgba(value, path), nil) }
        switch ColorValue.parse(text) {
        case .success(let color): return (color.srgb, color)
        case .failure(let error): throw fail(path, error.message)
        }
    }

    func font(_ value: JSONValue, _ path: [String]) throws(LiveryStyleError) -> LiveryStyle.FontToken {
        let members = try object(value, path)
        guard let family = members["family"], let size = members["size"], let weight = members["weight"] else {
            throw fail(path, "a font has family, size and weight")
        }
        let points = try number(size.value, path + ["size"])
        guard points > 0 else { throw fail(path + ["size"], "a font size is greater than 0") }
        let weightName = try string(weight.value, path + ["weight"])
        guard let fontWeight = FontWeight(rawValue: weightName) else { throw fail(path + ["weight"], "unknown weight \(weightName)") }
        return LiveryStyle.FontToken(
            family: try string(family.value, path + ["family"]), size: points, weight: fontWeight,
            file: try members["file"].map { node throws(LiveryStyleError) in try string(node.value, path + ["file"]) },
            postScriptName: try members["postScriptName"].map { node throws(LiveryStyleError) in
                try string(node.value, path + ["postScriptName"])
            }
        )
    }

    func image(_ value: JSONValue, _ path: [String]) throws(LiveryStyleError) -> LiveryStyle.ImageToken {
        let members = try object(value, path)
        guard let light = members["light"] else { throw fail(path, "an image has a light path") }
        return LiveryStyle.ImageToken(
            light: try string(light.value, path + ["light"]),
            dark: try members["dark"].map { node throws(LiveryStyleError) in try string(node.value, path + ["dark"]) }
        )
    }

    func shape(_ value: JSONValue, _ path: [String]) throws(LiveryStyleError) -> Shape {
        switch value {
        case .string("circle"): return .circle
        case .string("capsule"): return .capsule
        case .string("rectangle"): return .rectangle
        case .object(let members) where members.count == 1:
            if let rounded = members["roundedRectangle"] {
                let inner = try object(rounded.value, path + ["roundedRectangle"])
                if inner.count == 1, let radius = inner["cornerRadius"] {
                    let points = try number(radius.value, path + ["roundedRectangle", "cornerRadius"])
                    if points >= 0 { return .roundedRectangle(cornerRadius: points) }
                }
            }
        default: break
        }
        throw fail(path, "not a shape: circle, capsule, rectangle or {\"roundedRectangle\": {\"cornerRadius\": n}}")
    }

    func component(_ value: JSONValue, _ path: [String]) throws(LiveryStyleError) -> LiveryStyle.ComponentValue {
        if path.last == "shape" { return .shape(try shape(value, path)) }
        switch value {
        case .bool(let flag): return .bool(flag)
        case .number: return .number(try number(value, path))
        case .string: return .string(try string(value, path))
        case .object(let members):
            if members["light"] != nil { return .color(try color(value, path)) }
            if members["family"] != nil { return .font(try font(value, path)) }
            if members["roundedRectangle"] != nil { return .shape(try shape(value, path)) }
            throw fail(path, "not a colour, font or shape")
        default:
            throw fail(path, "expected a colour, font, shape, number, string or boolean, found \(value.typeName)")
        }
    }

    func flag(_ value: JSONValue, _ path: [String]) throws(LiveryStyleError) -> LiveryStyle.FlagValue {
        switch value {
        case .bool(let flag): return .bool(flag)
        case .number: return .number(try number(value, path))
        // Flags are passed through as written, so a string that looks like an alias is still a string.
        case .string(let text): return .string(text)
        default: throw fail(path, "a flag is a boolean, number or string, found \(value.typeName)")
        }
    }

    /// `{group.name…}`: an alias livery resolves; none is left in a resolved style.
    static func isAlias(_ text: String) -> Bool {
        text.hasPrefix("{") && text.hasSuffix("}") && text.count > 2
            && !text.dropFirst().dropLast().contains(where: { $0 == "{" || $0 == "}" || $0 == " " })
    }
}
