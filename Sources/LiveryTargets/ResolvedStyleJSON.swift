import LiveryCore
import LiveryJSON
import LiveryText

/// The bundle's `style.json`: the target fully resolved — merged, palettes
/// expanded, aliases and component references replaced by values — with keys
/// sorted. It is what an app loads as its built-in style, and what
/// `livery diff --format patch` compares. It lives beside the resolved style,
/// below both the emitters (which write it) and the diff (which compares it).
public enum ResolvedStyleJSON {
    public static let path = "style.json"

    /// The file's bytes: `JSONWriter.write(document(for: style))`, written member
    /// by member instead of through the tree (a test holds the two equal).
    public static func bytes(for style: ResolvedStyle) -> [UInt8] {
        var json = JSONWriter.Stream()
        json.beginObject()
        json.key("animations")
        object(style.animations, &json) { timings, json in object(timings, &json) { seconds, json in json.value(number(seconds)) } }
        json.key("app")
        json.beginObject()
        if let package = style.app.androidPackage {
            json.key("androidPackage")
            json.string(package)
        }
        if let bundle = style.app.bundleId {
            json.key("bundleId")
            json.string(bundle)
        }
        if let tag = style.app.defaultLocale {
            json.key("defaultLocale")
            json.string(tag)
        }
        if let name = style.app.displayName {
            json.key("displayName")
            json.string(name)
        }
        if !style.app.localized.isEmpty {
            json.key("localized")
            object(style.app.localized, &json) { texts, json in
                json.beginObject()
                for (key, text) in texts.members {
                    json.key(key)
                    json.string(text)
                }
                json.endObject()
            }
        }
        if let email = style.app.supportEmail {
            json.key("supportEmail")
            json.string(email)
        }
        if let tagline = style.app.tagline {
            json.key("tagline")
            json.string(tagline)
        }
        json.endObject()
        if let icon = style.appIcon {
            json.key("appIcon")
            json.string(icon.path)
        }
        json.key("colors")
        object(style.colors, &json) { token, json in color(token, &json) }
        json.key("components")
        object(style.components, &json) { variants, json in
            object(variants, &json) { properties, json in object(properties, &json) { value, json in component(value, &json) } }
        }
        json.key("dimensions")
        object(style.dimensions, &json) { value, json in json.value(number(value)) }
        json.key("flags")
        object(style.flags, &json) { value, json in json.value(value) }
        json.key("fonts")
        object(style.fonts, &json) { token, json in font(token, &json) }
        json.key("id")
        json.string(style.id)
        json.key("images")
        object(style.images, &json) { token, json in image(token, &json) }
        json.key("palettes")
        json.beginObject()
        for name in JSONWriter.Stream.sortedUTF8(Array(style.palettes.keys)) {
            guard let shades = style.palettes[name] else { continue }
            json.key(name)
            if let wide = style.widePalettes[name] {
                object(wide, &json) { color, json in json.string(color.text) }
            } else {
                object(shades, &json) { color, json in json.string(color.hex) }
            }
        }
        json.endObject()
        json.endObject()
        return json.finish()
    }

    /// A dictionary as an object, keys in the writer's order.
    static func object<Value>(
        _ dictionary: [String: Value], _ json: inout JSONWriter.Stream, _ write: (Value, inout JSONWriter.Stream) -> Void
    ) {
        json.beginObject()
        for key in JSONWriter.Stream.sortedUTF8(Array(dictionary.keys)) {
            guard let value = dictionary[key] else { continue }
            json.key(key)
            write(value, &json)
        }
        json.endObject()
    }

    static func color(_ token: ColorToken, _ json: inout JSONWriter.Stream) {
        json.beginObject()
        // A colour written in Display P3 or OKLCH is written back as it was; hex as always.
        let wide = token.wide
        json.key("dark")
        json.string(wide?.dark?.text ?? token.dark.hex)
        if let high = token.highContrastDark {
            json.key("highContrastDark")
            json.string(wide?.highContrastDark?.text ?? high.hex)
        }
        if let high = token.highContrastLight {
            json.key("highContrastLight")
            json.string(wide?.highContrastLight?.text ?? high.hex)
        }
        json.key("light")
        json.string(wide?.light?.text ?? token.light.hex)
        json.endObject()
    }

    static func font(_ token: ResolvedFont, _ json: inout JSONWriter.Stream) {
        json.beginObject()
        json.key("family")
        json.string(token.family)
        if let file = token.file {
            json.key("file")
            json.string(file.path)
        }
        // The name apps find the file by; it follows the file, so a remote update may not change it.
        if let name = token.postScriptName {
            json.key("postScriptName")
            json.string(name)
        }
        json.key("size")
        json.value(number(token.size))
        json.key("weight")
        json.string(token.weight.rawValue)
        json.endObject()
    }

    static func image(_ token: ResolvedImage, _ json: inout JSONWriter.Stream) {
        json.beginObject()
        if let dark = token.dark {
            json.key("dark")
            json.string(dark.file.path)
        }
        json.key("light")
        json.string(token.light.file.path)
        json.endObject()
    }

    static func component(_ value: ResolvedComponentValue, _ json: inout JSONWriter.Stream) {
        switch value {
        case .color(let token, _): color(token, &json)
        case .font(let token, _): font(token, &json)
        default: json.value(component(value))
        }
    }

    public static func document(for style: ResolvedStyle) -> JSONValue {
        var top: [(String, JSONValue)] = [("id", .string(style.id))]
        var app: [(String, JSONValue)] = []
        if let name = style.app.displayName { app.append(("displayName", .string(name))) }
        if let bundle = style.app.bundleId { app.append(("bundleId", .string(bundle))) }
        if let package = style.app.androidPackage { app.append(("androidPackage", .string(package))) }
        if let tag = style.app.defaultLocale { app.append(("defaultLocale", .string(tag))) }
        if let tagline = style.app.tagline { app.append(("tagline", .string(tagline))) }
        if let email = style.app.supportEmail { app.append(("supportEmail", .string(email))) }
        if !style.app.localized.isEmpty {
            app.append(("localized", map(style.app.localized) { texts in .makeObject(texts.members.map { ($0.key, .string($0.text)) }) }))
        }
        top.append(("app", .makeObject(app)))
        top.append(
            (
                "palettes",
                .makeObject(
                    style.palettes.keys.sorted().compactMap { name in
                        if let wide = style.widePalettes[name] { return (name, map(wide) { .string($0.text) }) }
                        return style.palettes[name].map { (name, map($0) { .string($0.hex) }) }
                    })
            ))
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
        guard token.isWide else { return .makeObject(token.appearances.map { ($0.name, .string($0.color.hex)) }) }
        return .makeObject(token.appearanceValues.map { ($0.name, .string($0.value.text)) })
    }

    static func font(_ token: ResolvedFont) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("family", .string(token.family)),
            ("size", number(token.size)),
            ("weight", .string(token.weight.rawValue)),
        ]
        if let file = token.file { pairs.append(("file", .string(file.path))) }
        if let name = token.postScriptName { pairs.append(("postScriptName", .string(name))) }
        return .makeObject(pairs)
    }

    static func image(_ token: ResolvedImage) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("light", .string(token.light.file.path))]
        if let dark = token.dark { pairs.append(("dark", .string(dark.file.path))) }
        return .makeObject(pairs)
    }

    static func component(_ value: ResolvedComponentValue) -> JSONValue {
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
