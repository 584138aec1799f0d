import Foundation
import LiveryCore
import LiveryEmit
import LiveryTargets

/// What the consumer programs must print for a client, computed from its
/// style.json with LiveryCore's model (not the generated reader). Display P3
/// channels may differ by one step of 255 (the generated code converts OKLCH
/// itself); everything else is exact.
enum AppThemeExpectations {
    static func lines(_ contract: AppContract, style: LiveryStyle) -> [String: String] {
        var out: [String: String] = [:]
        for token in contract.tokens {
            switch token.kind {
            case .component(let properties):
                let kind = AppThemeSwift.kindName(token)
                let variant = AppThemeSwift.variantName(token)
                let values = style.components[kind]?[variant]
                for (property, type) in properties {
                    out["\(token.path).\(property)"] = values == nil && token.isOptional ? "nil" : component(values?[property], type)
                }
            default:
                out[token.path] = value(token, in: style) ?? "nil"
            }
        }
        return out
    }

    static func value(_ token: ContractToken, in style: LiveryStyle) -> String? {
        let name = token.name
        switch token.kind {
        case .color: return style.colors[name].map(color)
        case .palette:
            guard style.palettes[name] != nil else { return nil }
            let shades = style.widePalettes[name].map { $0.mapValues(rgba) } ?? style.palettes[name]?.mapValues(rgba) ?? [:]
            return shades.keys.sorted().map { "\($0):\(shades[$0] ?? "")" }.joined(separator: ";")
        case .font: return style.fonts[name].map(font)
        case .dimension: return style.dimensions[name].map(number)
        case .animation:
            return style.animations[name].map { timings in
                timings.keys.sorted().map { "\($0):\(number(timings[$0] ?? 0))" }.joined(separator: ";")
            }
        case .image: return style.images[name].map { "\($0.light)|\($0.dark ?? "nil")" }
        case .flag:
            switch style.flags[name] {
            case .bool(let flag)?: return String(flag)
            case .number(let value)?: return number(value)
            case .string(let text)?: return text.replacingOccurrences(of: "\n", with: "\\n")
            case nil: return nil
            }
        case .component: return nil
        }
    }

    static func component(_ value: LiveryStyle.ComponentValue?, _ type: ComponentPropertyType) -> String {
        switch (value, type) {
        case (.color(let token)?, .color): return color(token)
        case (.font(let token)?, .font): return font(token)
        case (.number(let value)?, .dimension), (.number(let value)?, .number): return number(value)
        case (.shape(let shape)?, .shape):
            switch shape {
            case .circle: return "circle"
            case .capsule: return "capsule"
            case .rectangle: return "rectangle"
            case .roundedRectangle(let radius): return "rounded:" + number(radius)
            }
        case (.string(let text)?, .string): return text.replacingOccurrences(of: "\n", with: "\\n")
        case (.bool(let flag)?, .boolean): return String(flag)
        default: return "missing"
        }
    }

    static func number(_ value: Double) -> String { String(format: "%.4f", value) }

    static func rgba(_ color: RGBA) -> String {
        "\(color.red),\(color.green),\(color.blue),\(color.alpha)"
    }

    static func rgba(_ value: ColorValue) -> String {
        guard value.space != .srgb else { return rgba(value.srgb) }
        return (value.components(in: .displayP3) + [value.alpha]).map { String(Int(($0 * 255).rounded())) }.joined(separator: ",") + ",p3"
    }

    static func color(_ token: ColorToken) -> String {
        let wide = token.wide
        func appearance(_ color: RGBA, _ wideValue: ColorValue?) -> String { wideValue.map(rgba) ?? rgba(color) }
        let light = appearance(token.light, wide?.light)
        let dark = appearance(token.dark, wide?.dark)
        let highLight = token.highContrastLight.map { appearance($0, wide?.highContrastLight) } ?? light
        let highDark = token.highContrastDark.map { appearance($0, wide?.highContrastDark) } ?? dark
        return [light, dark, highLight, highDark].joined(separator: "|")
    }

    static func font(_ token: LiveryStyle.FontToken) -> String {
        "\(token.family)|\(token.postScriptName ?? "nil")|\(number(token.size))|\(token.weight.numeric)"
    }

    /// Whether two printed values are the same: exact, or Display P3 channels one step apart.
    static func same(_ printed: String?, _ expected: String) -> Bool {
        guard let printed else { return false }
        if printed == expected { return true }
        let a = printed.split(whereSeparator: { "|;:".contains($0) })
        let b = expected.split(whereSeparator: { "|;:".contains($0) })
        guard a.count == b.count, printed.contains("p3") else { return false }
        return zip(a, b).allSatisfy { x, y in
            if x == y { return true }
            let xs = x.split(separator: ",")
            let ys = y.split(separator: ",")
            guard xs.count == ys.count, xs.last == "p3" else { return false }
            return zip(xs, ys).allSatisfy { p, q in p == q || (Int(p).flatMap { i in Int(q).map { abs(i - $0) <= 1 } } ?? false) }
        }
    }
}
