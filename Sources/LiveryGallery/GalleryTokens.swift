import LiveryCore
import LiveryDiff
import LiveryJSON
import LiveryTargets
import LiveryText

/// The detail view's rows: every token of a client, its value, and the targets
/// whose files set it (`via`), nearest first, as the diff attributes changes.
enum GalleryTokens {
    struct Row: Equatable {
        var path: String
        var value: String
        var via: [String]
    }

    static func list(_ style: ResolvedStyle, provenance: Provenance) -> [Row] {
        var rows: [Row] = []
        func add(_ path: [String], _ value: String) {
            let key = path.joined(separator: "/")
            let writers = provenance.writers(of: key)
            // Nearest first: the client, then its parents in order.
            let via = writers.sorted { (style.chain.firstIndex(of: $0) ?? Int.max, $0) < (style.chain.firstIndex(of: $1) ?? Int.max, $1) }
            rows.append(Row(path: path.joined(separator: "."), value: value, via: via))
        }
        if let name = style.app.displayName { add(["app", "displayName"], name) }
        if let bundle = style.app.bundleId { add(["app", "bundleId"], bundle) }
        for (name, shades) in style.palettes.sorted(by: { $0.key < $1.key }) {
            if let base = shades["base"] { add(["palettes", name], base.hex) }
        }
        for (name, token) in style.colors.sorted(by: { $0.key < $1.key }) { add(["colors", name], color(token)) }
        for (name, token) in style.fonts.sorted(by: { $0.key < $1.key }) { add(["fonts", name], font(token)) }
        for (name, size) in style.dimensions.sorted(by: { $0.key < $1.key }) { add(["dimensions", name], NumberText.text(size)) }
        for (name, timings) in style.animations.sorted(by: { $0.key < $1.key }) {
            for (timing, seconds) in timings.sorted(by: { $0.key < $1.key }) {
                add(["animations", name, timing], NumberText.text(seconds) + " s")
            }
        }
        for (kind, variants) in style.components.sorted(by: { $0.key < $1.key }) {
            for (variant, properties) in variants.sorted(by: { $0.key < $1.key }) {
                for (property, value) in properties.sorted(by: { $0.key < $1.key }) {
                    add(["components", kind, variant, property], component(value))
                }
            }
        }
        for (name, image) in style.images.sorted(by: { $0.key < $1.key }) {
            add(["images", name], image.light.file.path + (image.dark.map { "; dark: " + $0.file.path } ?? ""))
        }
        if let icon = style.appIcon { add(["appIcon"], icon.path) }
        for (name, value) in style.flags.sorted(by: { $0.key < $1.key }) {
            add(["flags", name], JSONWriter.compact(value, sortedKeys: true))
        }
        return rows
    }

    static func color(_ token: ColorToken) -> String {
        token.appearanceValues.map { "\($0.name) \($0.value.text)" }.joined(separator: ", ")
    }

    static func font(_ token: ResolvedFont) -> String {
        "\(token.family) \(NumberText.text(token.size)) \(token.weight.rawValue)" + (token.file.map { " (\($0.path))" } ?? "")
    }

    static func component(_ value: ResolvedComponentValue) -> String {
        switch value {
        case .color(let token, let name): (name.map { $0 + " = " } ?? "") + color(token)
        case .font(let token, let name): name + " = " + font(token)
        case .dimension(let size, let name): (name.map { $0 + " = " } ?? "") + NumberText.text(size)
        case .shape(let shape): DiffValue.shape(shape).display
        case .string(let text): JSONWriter.quoted(text)
        case .number(let number): NumberText.text(number)
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}
