import LiveryJSON
import LiveryStyle

/// The bundle's `style.json`: the target fully resolved — merged, palettes
/// expanded, aliases and component references replaced by values — with keys
/// sorted. It is what an app loads as its built-in style, and what
/// `livery diff --format patch` compares.
public enum ResolvedStyleJSON {
    public static let path = "style.json"

    public static func file(for style: ResolvedStyle) -> EmittedFile {
        EmittedFile(path: path, text: JSONWriter.write(document(for: style), sortedKeys: true))
    }

    public static func document(for style: ResolvedStyle) -> JSONValue {
        var top: [(String, JSONValue)] = [("id", .string(style.id))]
        var app: [(String, JSONValue)] = []
        if let name = style.app.displayName { app.append(("displayName", .string(name))) }
        if let bundle = style.app.bundleId { app.append(("bundleId", .string(bundle))) }
        top.append(("app", .makeObject(app)))
        top.append(("palettes", map(style.palettes) { shades in map(shades) { .string($0.hex) } }))
        top.append(("colors", map(style.colors, color)))
        top.append(("fonts", map(style.fonts, font)))
        top.append(("dimensions", map(style.dimensions, number)))
        top.append(("animations", map(style.animations) { timings in map(timings, number) }))
        top.append(("components", map(style.components) { variants in map(variants) { properties in map(properties, component) } }))
        top.append(("images", map(style.images, image)))
        if let icon = style.appIcon { top.append(("appIcon", .string(icon.path))) }
        top.append(("flags", map(style.flags) { $0 }))
        return .makeObject(top)
    }

    static func map<Value>(_ dictionary: [String: Value], _ transform: (Value) -> JSONValue) -> JSONValue {
        .makeObject(dictionary.keys.sorted().compactMap { key in dictionary[key].map { (key, transform($0)) } })
    }

    static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(literal: NumberText.text(value)))
    }

    static func color(_ token: ColorToken) -> JSONValue {
        .makeObject(token.appearances.map { ($0.name, .string($0.color.hex)) })
    }

    static func font(_ token: FontToken) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("family", .string(token.family)),
            ("size", number(token.size)),
            ("weight", .string(token.weight.rawValue)),
        ]
        if let file = token.file { pairs.append(("file", .string(file.path))) }
        return .makeObject(pairs)
    }

    static func image(_ token: ImageToken) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("light", .string(token.light.file.path))]
        if let dark = token.dark { pairs.append(("dark", .string(dark.file.path))) }
        return .makeObject(pairs)
    }

    static func component(_ value: ComponentValue) -> JSONValue {
        switch value {
        case .color(let token, _): color(token)
        case .font(let token, _): font(token)
        case .dimension(let value, _): number(value)
        case .shape(.circle): .string("circle")
        case .shape(.capsule): .string("capsule")
        case .shape(.rectangle): .string("rectangle")
        case .shape(.roundedRectangle(let radius)): .makeObject([("roundedRectangle", .makeObject([("cornerRadius", number(radius))]))])
        case .string(let text): .string(text)
        case .number(let value): number(value)
        case .bool(let flag): .bool(flag)
        }
    }
}
