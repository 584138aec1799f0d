import LiveryCore
import LiveryJSON
import LiveryTargets
import LiveryText

/// Tokens under `components.<kind>.<variant>.<property>` → `components`. livery
/// reads a property by its name (`ComponentPropertyKind`): `background` is a colour,
/// `font` a font, `padding` a dimension, `opacity` a literal. A token is written in
/// the form its property reads: a reference to an imported token as its alias
/// (`{colors.primary}`, `{fonts.body}`, `{dimensions.spacingM}`, `{animations.fade.short}`),
/// a value as a literal; `….shape.cornerRadius` as `{"roundedRectangle": {"cornerRadius": n}}`.
/// A token whose type the property cannot hold (a number at `background`), a
/// typography value that names no font token (a component names its fonts) and a
/// length below 0 at a dimension property are not imported, with a warning.
extension MappingRun {
    mutating func mapComponents() {
        for token in tokens {
            switch placements[token.path] {
            case .component(let kind, let variant, let property)?:
                if let value = componentValue(token, property: property) {
                    components[kind, default: [:]][variant, default: [:]][property] = value
                }
            case .cornerRadius(let kind, let variant)?:
                guard let radius = numberValue(token, kind: .dimensions) else { continue }
                components[kind, default: [:]][variant, default: [:]]["shape"] = .makeObject([
                    ("roundedRectangle", .makeObject([("cornerRadius", radius)]))
                ])
            default:
                continue
            }
        }
    }

    mutating func componentValue(_ token: TokenAcross, property: String) -> JSONValue? {
        let kind = ComponentPropertyKind(property: property)
        switch (token.type, kind) {
        case ("color", .color), ("color", .other):
            // At a property livery does not read as a colour, a hex value is kept as text.
            return componentColor(token)
        case ("dimension", .dimension), ("number", .dimension):
            guard let value = numberValue(token, kind: .dimensions) else { return nil }
            if let number = value.numberValue?.doubleValue, number < 0 {
                return dropComponent(token, "is \(NumberText.text(number)), but livery reads `\(property)` as a length, 0 or more")
            }
            return value
        case ("dimension", .other), ("number", .other):
            return numberValue(token, kind: .dimensions)
        case ("duration", .other):
            return numberValue(token, kind: .animations)
        case ("typography", .font), ("typography", .other):
            noteSingleValue(token)
            if let alias = alias(of: token.primary, kind: .fonts) { return .string(alias) }
            return dropComponent(
                token, "is a typography value, but a component names a font token: refer to one (e.g. {fonts.body})",
                rule: .dtcgComponentFont)
        default:
            return dropComponent(token, "is a \(token.type) token, but livery reads `\(property)` as \(Self.describe(kind))")
        }
    }

    /// A component property with no place: a warning naming the token, counted as not imported.
    mutating func dropComponent(_ token: TokenAcross, _ reason: String, rule: Rule = .dtcgComponent) -> JSONValue? {
        warnings.append(
            Diagnostic(
                .warning, rule: rule, "`\(token.dotted)` \(reason); not imported",
                at: token.primary.location, pointer: JSONPointer(tokens: token.path + ["$value"])
            ))
        skip(token.type)
        return nil
    }

    static func describe(_ kind: ComponentPropertyKind) -> String {
        switch kind {
        case .color: "a colour"
        case .font: "a font"
        case .dimension: "a length"
        case .shape: "a shape"
        case .other: "text, a number or an alias"
        }
    }
}

/// `$extensions["dev.livery"]` at the root of a token file: what DTCG has no type
/// for, as livery's style format writes it. livery's own `dtcg` output writes
/// `names: "livery"` (its token names are livery names), `app`, the `flags` that
/// are not numbers, and the component properties that are not colours, fonts,
/// sizes or numbers (text, true/false, shapes other than a rounded rectangle),
/// with every variant that has nothing else.
extension MappingRun {
    mutating func mergeExtensions() {
        if let extra = livery["flags"]?.value.objectValue {
            for member in extra.members where flags[member.key] == nil && TokenNames.isValid(member.key) {
                flags[member.key] = member.value.value
            }
        }
        guard let kinds = livery["components"]?.value.objectValue else { return }
        for kind in kinds.members where TokenNames.isValid(kind.key) {
            var variants = components[kind.key] ?? [:]
            for variant in kind.value.value.objectValue?.members ?? [] where TokenNames.isValid(variant.key) {
                var properties = variants[variant.key] ?? [:]
                for property in variant.value.value.objectValue?.members ?? []
                where properties[property.key] == nil && TokenNames.isValid(property.key) {
                    properties[property.key] = property.value.value
                }
                variants[variant.key] = properties
            }
            components[kind.key] = variants
        }
    }
}
