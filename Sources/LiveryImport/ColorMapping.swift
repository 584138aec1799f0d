import LiveryCore
import LiveryJSON
import LiveryTargets

/// How one appearance of a colour is written in style.json: an alias to a colour
/// or palette shade, or the colour itself.
enum ColorForm: Equatable {
    case alias(String)
    case color(ColorValue)

    var json: JSONValue {
        switch self {
        case .alias(let text): .string(text)
        case .color(let color): .string(color.text)
        }
    }
}

/// Colour tokens → `colors`. Per appearance a colour is written as an alias when
/// the token refers to a colour token (or palette shade) that is itself imported,
/// else as the colour (`#RRGGBB`, `#RRGGBBAA` when not opaque, or `color(display-p3 …)`
/// / `oklch(…)` as read). One string when every
/// appearance writes the same, or has the same colour; else `{light, dark}` plus
/// a high-contrast appearance only where it differs from the one livery falls
/// back to (light for highContrastLight, dark for highContrastDark), unless
/// `$extensions["dev.livery"].highContrast` names it (livery's own files do, for a
/// colour whose own high-contrast value equals the fallback).
extension MappingRun {
    mutating func mapColors() {
        for token in tokens {
            guard case .color(let name)? = placements[token.path] else { continue }
            colors[name] = colorValue(token, keeping: keptHighContrast(name))
        }
    }

    /// One appearance of a colour: written as the token says in that appearance,
    /// or, when the token is missing there, the colour of the appearance livery
    /// would fall back to (as a value: an alias would name the other appearance).
    mutating func colorSlot(_ token: TokenAcross, _ appearance: Appearance) -> (form: ColorForm, color: ColorValue)? {
        guard appearances.contains(appearance) else { return nil }
        let values = colorValues[token.path] ?? [:]
        if let single = token.byAppearance[appearance], let color = values[appearance] {
            return (form(of: single, color), color)
        }
        let fallbacks: [Appearance] =
            switch appearance {
            case .light: [.dark, .highContrastLight, .highContrastDark]
            case .dark: [.light, .highContrastDark, .highContrastLight]
            case .highContrastLight: [.light, .dark]
            case .highContrastDark: [.dark, .light]
            }
        guard let fallback = fallbacks.first(where: { values[$0] != nil }), let color = values[fallback] else { return nil }
        if appearance == .light || appearance == .dark {
            warnings.append(
                Diagnostic(
                    .warning, rule: .dtcgThemeValue,
                    "`\(token.dotted)` has no \(appearance.rawValue) value: its \(fallback.rawValue) one is used",
                    at: token.primary.location, pointer: JSONPointer(tokens: token.path)
                ))
        }
        return (.color(color), color)
    }

    /// An alias when the token refers to an imported colour token, else the colour.
    func form(of token: DTCGToken, _ color: ColorValue) -> ColorForm {
        if let reference = token.reference, let target = placements[reference], target.isColor, let alias = target.alias {
            return .alias(alias)
        }
        return .color(color)
    }

    /// `keeping`: high-contrast appearances written even when they equal the fallback.
    mutating func colorValue(_ token: TokenAcross, keeping: Set<Appearance> = []) -> JSONValue? {
        let slots = Appearance.allCases.compactMap { appearance in colorSlot(token, appearance).map { (appearance, $0) } }
        guard let first = slots.first?.1 else { return nil }
        if keeping.isEmpty {
            if slots.allSatisfy({ $0.1.form == first.form }) { return first.form.json }
            if slots.allSatisfy({ $0.1.color == first.color }) { return .string(first.color.text) }
        }
        let bySlot = Dictionary(slots, uniquingKeysWith: { first, _ in first })
        let light = bySlot[.light] ?? first
        let dark = bySlot[.dark] ?? light
        var pairs: [(String, JSONValue)] = [("light", light.form.json), ("dark", dark.form.json)]
        if let high = bySlot[.highContrastLight], high.color != light.color || keeping.contains(.highContrastLight) {
            pairs.append((Appearance.highContrastLight.rawValue, high.form.json))
        }
        if let high = bySlot[.highContrastDark], high.color != dark.color || keeping.contains(.highContrastDark) {
            pairs.append((Appearance.highContrastDark.rawValue, high.form.json))
        }
        return .makeObject(pairs)
    }

    /// A component's colour: livery has one per property, so a token that writes
    /// the same alias (or has the same colour) in every appearance; otherwise the
    /// light one, with a warning. Aliases are written `{colors.x}` (not the bare
    /// name), which livery reads as a colour whatever the property is called.
    mutating func componentColor(_ token: TokenAcross) -> JSONValue? {
        let slots = Appearance.allCases.compactMap { colorSlot(token, $0) }
        guard let first = slots.first else { return nil }
        if slots.allSatisfy({ $0.form == first.form }) { return first.form.json }
        if slots.allSatisfy({ $0.color == first.color }) { return .string(first.color.text) }
        noteSingleValue(token)
        return first.form.json
    }

    /// `$extensions["dev.livery"].highContrast.<name>`: the appearances to write even when equal to the fallback.
    func keptHighContrast(_ name: String) -> Set<Appearance> {
        let listed = livery["highContrast"]?.value.objectValue?[name]?.value.arrayValue ?? []
        return Set(
            listed.compactMap { $0.value.stringValue.flatMap(Appearance.init(rawValue:)) }.filter {
                $0 == .highContrastLight || $0 == .highContrastDark
            })
    }
}
