import LiveryCore
import LiveryJSON

/// Components: each property resolved by its kind (colour, font, dimension,
/// shape, literal), and the contrast of text on its background.
extension Resolution {
    // MARK: Components

    typealias PropertyKind = ComponentPropertyKind

    static func kind(ofProperty name: String) -> PropertyKind {
        ComponentPropertyKind(property: name)
    }

    mutating func resolveComponents() {
        for kind in group("components").members {
            var variants: [String: [String: ResolvedComponentValue]] = [:]
            for variant in kind.value.value.objectValue?.members ?? [] {
                var properties: [String: ResolvedComponentValue] = [:]
                for property in variant.value.value.objectValue?.members ?? [] {
                    let pointer = ["components", kind.key, variant.key, property.key]
                    if let value = componentValue(property.key, property.value, pointer: pointer) {
                        properties[property.key] = value
                    }
                }
                variants[variant.key] = properties
                checkContrast(kind: kind.key, variant: variant.key, properties: properties, node: variant.value)
            }
            style.components[kind.key] = variants
        }
    }

    mutating func componentValue(_ name: String, _ node: JSONNode, pointer: [String]) -> ResolvedComponentValue? {
        let propertyPath = "\(pointer[1]).\(pointer[2]).\(name)"
        switch (Self.kind(ofProperty: name), node.value) {
        case (.shape, _):
            return shape(node, pointer: pointer).map { .shape($0) }
        case (.color, .string(let text)):
            if RGBA(hex: text) != nil || text.hasPrefix("{") || ColorValue.isWideSyntax(text) {
                return colorValue(text, node: node, pointer: pointer, appearance: nil).map { .color($0, token: aliasName(text, .colors)) }
            }
            guard group("colors")[text] != nil else {
                error(
                    .componentReference,
                    "\(propertyPath) names '\(text)', which is not a colour token\(NameSuggestion.hint(for: text, in: group("colors").keys))",
                    node, pointer)
                return nil
            }
            guard let token = color(named: text) ?? nil else { return nil }
            noteAlias(pointer, "colors.\(text)")
            return .color(token, token: text)
        case (.font, .string(let text)):
            return componentFont(text, node, pointer: pointer, propertyPath: propertyPath)
        case (.dimension, .number(let number)):
            return .dimension(number.doubleValue, token: nil)
        case (.dimension, .string(let text)):
            if text.hasPrefix("{") {
                return number(node, pointer: pointer, kind: .dimensions, what: propertyPath).map {
                    .dimension($0, token: aliasName(text, .dimensions))
                }
            }
            guard group("dimensions")[text] != nil else {
                error(
                    .componentReference,
                    "\(propertyPath) names '\(text)', which is not a dimension token\(NameSuggestion.hint(for: text, in: group("dimensions").keys))",
                    node, pointer)
                return nil
            }
            guard let value = dimension(named: text) ?? nil else { return nil }
            noteAlias(pointer, "dimensions.\(text)")
            return .dimension(value, token: text)
        case (_, .string(let text)):
            if case .success(let reference)? = TokenReference.parse(text) {
                switch reference.group {
                case .colors, .palettes:
                    return colorReference(reference, node: node, pointer: pointer).map { .color($0, token: aliasName(text, .colors)) }
                case .dimensions, .animations:
                    return numberReference(reference, node: node, pointer: pointer, kind: reference.group).map {
                        .dimension($0, token: nil)
                    }
                case .fonts:
                    return componentValue("font", node, pointer: pointer)
                }
            }
            return .string(text)
        case (_, .number(let number)):
            return .number(number.doubleValue)
        case (_, .bool(let flag)):
            return .bool(flag)
        default:
            error(.component, "\(propertyPath) must be a token name, an alias or a literal, found \(node.value.typeName)", node, pointer)
            return nil
        }
    }

    /// A component's font: a font token's name or a `{fonts.name}` alias, never another kind.
    mutating func componentFont(_ text: String, _ node: JSONNode, pointer: [String], propertyPath: String) -> ResolvedComponentValue? {
        let name: String
        if case .success(let reference)? = TokenReference.parse(text) {
            guard reference.group == .fonts, reference.path.count == 1 else {
                error(.aliasKind, "\(reference) is a \(reference.group.kindName), but \(propertyPath) needs a font", node, pointer)
                return nil
            }
            name = reference.path[0]
        } else {
            name = text
        }
        guard group("fonts")[name] != nil else {
            error(
                .componentReference,
                "\(propertyPath) names '\(name)', which is not a font token\(NameSuggestion.hint(for: name, in: group("fonts").keys))",
                node,
                pointer)
            return nil
        }
        guard let token = font(named: name) ?? nil else { return nil }
        noteAlias(pointer, "fonts.\(name)")
        return .font(token, token: name)
    }

    func aliasName(_ text: String, _ group: TokenGroup) -> String? {
        guard case .success(let reference)? = TokenReference.parse(text), reference.group == group, reference.path.count == 1 else {
            return nil
        }
        return reference.path[0]
    }

    mutating func shape(_ node: JSONNode, pointer: [String]) -> Shape? {
        switch node.value {
        case .string("circle"): return .circle
        case .string("capsule"): return .capsule
        case .string("rectangle"): return .rectangle
        case .object(let object):
            if let rounded = object["roundedRectangle"], let radiusNode = rounded.value.objectValue?["cornerRadius"] {
                guard
                    let radius = number(
                        radiusNode, pointer: pointer + ["roundedRectangle", "cornerRadius"], kind: .dimensions, what: "cornerRadius")
                else { return nil }
                return .roundedRectangle(cornerRadius: radius)
            }
        default:
            break
        }
        error(
            .shape, "shape must be \"circle\", \"capsule\", \"rectangle\" or {\"roundedRectangle\": {\"cornerRadius\": n}}", node, pointer)
        return nil
    }

    mutating func checkContrast(kind: String, variant: String, properties: [String: ResolvedComponentValue], node: JSONNode) {
        let foregroundNames = ["foreground", "textColor", "titleColor", "color", "text", "title", "tint"]
        let backgroundNames = ["background", "backgroundColor"]
        guard let foregroundName = foregroundNames.first(where: { if case .color? = properties[$0] { true } else { false } }),
            let backgroundName = backgroundNames.first(where: { if case .color? = properties[$0] { true } else { false } }),
            case .color(let foreground, _)? = properties[foregroundName],
            case .color(let background, _)? = properties[backgroundName]
        else { return }
        let pointer = ["components", kind, variant, foregroundName]
        let propertyNode = node.value.objectValue?[foregroundName] ?? node
        for (appearance, slot, text, back) in [
            ("light", "light", foreground.light, background.light),
            ("dark", "dark", foreground.dark, background.dark),
            (
                "high-contrast light", "highContrastLight", foreground.highContrastLight ?? foreground.light,
                background.highContrastLight ?? background.light
            ),
            (
                "high-contrast dark", "highContrastDark", foreground.highContrastDark ?? foreground.dark,
                background.highContrastDark ?? background.dark
            ),
        ] {
            // High-contrast appearances only count when either side defines one.
            if appearance.hasPrefix("high"), foreground.highContrastLight == nil, foreground.highContrastDark == nil,
                background.highContrastLight == nil, background.highContrastDark == nil
            {
                continue
            }
            // Hex pairs keep the 8-bit computation they always had; a pair with a wide
            // colour is measured on the colours as written, and named as written.
            let ratio: Double
            let textName: String
            let backName: String
            if foreground.isWide || background.isWide {
                let textValue = (foreground.appearance(slot) ?? foreground).lightValue
                let backValue = (background.appearance(slot) ?? background).lightValue
                ratio = textValue.contrastRatio(on: backValue)
                (textName, backName) = (textValue.text, backValue.text)
            } else {
                ratio = text.contrastRatio(on: back)
                (textName, backName) = (text.hex, back.hex)
            }
            if ratio + 1e-9 < contrastMinimum {
                let textValue = (foreground.appearance(slot) ?? foreground).lightValue
                let backValue = (background.appearance(slot) ?? background).lightValue
                let fix = NormalContrast.nearestFix(
                    text: (foregroundName, textValue), background: (backgroundName, backValue), target: contrastMinimum)
                var message =
                    "\(kind).\(variant): \(foregroundName) \(textName) on \(backgroundName) \(backName) has contrast \(Self.ratioText(ratio)):1 in \(appearance), below \(Self.ratioText(contrastMinimum)):1"
                if let fix {
                    message += "; the nearest passing \(fix.token) of the same hue is \(fix.value.text) (\(Self.ratioText(fix.ratio)):1)"
                }
                let backgroundNode = node.value.objectValue?[backgroundName] ?? node
                reportContrast(
                    message, pairing: propertyNode, pointer: pointer, variant: "\(kind).\(variant)", slot: slot,
                    background: (backgroundNode, ["components", kind, variant, backgroundName]),
                    fix: fix.map { fix in
                        let isText = fix.token == foregroundName
                        return (fix, isText ? (propertyNode, pointer) : (backgroundNode, ["components", kind, variant, backgroundName]))
                    })
            }
        }
    }

    /// Reports a low contrast where the colour that makes it was written, when
    /// that is a more derived file than the pairing's (a client's own colour on
    /// its parent's component), with the pairing as related information;
    /// otherwise at the pairing.
    mutating func reportContrast(
        _ message: String, pairing: JSONNode, pointer: [String], variant: String, slot: String, background: (JSONNode, [String]),
        fix: (NormalContrast.Fix, site: (JSONNode, [String]))? = nil
    ) {
        let foregroundSteps = ContrastCause.trace(property: pairing, pointer: pointer, appearance: slot, in: root)
        let backgroundSteps = ContrastCause.trace(property: background.0, pointer: background.1, appearance: slot, in: root)
        let machineFix = fix.flatMap { fix in
            ColorSite.fix(
                "use \(fix.0.value.text) for \(fix.0.token) in \(slot)", value: fix.0.value,
                at: ColorSite.literal(of: fix.site.0, pointer: fix.site.1, appearance: slot, in: root))
        }
        guard
            let (cause, other) = ContrastCause.cause(pairing: pairing, first: foregroundSteps, second: backgroundSteps, chain: style.chain)
        else {
            var diagnostic = Diagnostic(
                .warning, rule: .contrast, message, at: pairing.location, pointer: JSONPointer(tokens: pointer), target: id)
            diagnostic.fix = machineFix
            diagnostics.append(diagnostic)
            return
        }
        let name = cause.pointer.joined(separator: ".")
        var diagnostic = Diagnostic(
            .warning, rule: .contrast, "\(message); caused by `\(name)` as set here",
            at: cause.node.location, pointer: JSONPointer(tokens: cause.pointer), target: id)
        diagnostic.related.append(
            RelatedLocation("`\(variant)` pairs the colours here", at: pairing.location, pointer: JSONPointer(tokens: pointer)))
        if let other {
            diagnostic.related.append(
                RelatedLocation(
                    "`\(other.pointer.joined(separator: "."))` is also set in that file", at: other.node.location,
                    pointer: JSONPointer(tokens: other.pointer)))
        }
        diagnostic.fix = machineFix
        diagnostics.append(diagnostic)
    }

    static func ratioText(_ value: Double) -> String { ContrastRatioText.text(value) }
}

/// What a component property holds, by its name: `font` and names ending in Font
/// are fonts; `shape` a shape; names with color/colour and background, foreground,
/// tint, … are colours; cornerRadius, padding, … and names ending in Radius,
/// Padding, … are dimensions; any other is a literal or an alias. The resolver and
/// `livery import dtcg` (which must write each property in a form it reads) share it.
public enum ComponentPropertyKind: Sendable, Hashable {
    case color, font, dimension, shape, other

    public init(property name: String) {
        let lower = name.lowercased()
        if lower == "font" || name.hasSuffix("Font") {
            self = .font
        } else if lower == "shape" {
            self = .shape
        } else if lower.contains("color") || lower.contains("colour")
            || [
                "background", "foreground", "tint", "border", "fill", "stroke", "text", "title", "icon", "placeholder", "thumb", "track",
                "separator", "selected",
            ].contains(lower)
        {
            self = .color
        } else if [
            "cornerradius", "radius", "padding", "spacing", "borderwidth", "height", "width", "size", "elevation", "inset", "minheight",
            "minwidth",
        ].contains(lower)
            || ["Radius", "Padding", "Spacing", "Width", "Height", "Size", "Inset"].contains(where: { name.hasSuffix($0) })
        {
            self = .dimension
        } else {
            self = .other
        }
    }
}
