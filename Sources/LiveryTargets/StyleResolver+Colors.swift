import LiveryCore
import LiveryJSON

/// Palettes and colour tokens: hex values, the light/dark/high-contrast slots,
/// and aliases to colours, their slots and palette shades.
extension Resolution {
    mutating func resolvePalettes() {
        for member in group("palettes").members {
            guard let text = member.value.value.stringValue else {
                error(.palette, "palette '\(member.key)' must be a colour such as #11A4D6", member.value, ["palettes", member.key])
                continue
            }
            if let base = RGBA(hex: text) {
                style.palettes[member.key] = Dictionary(uniqueKeysWithValues: PaletteShades.all(of: base).map { ($0.name, $0.color) })
                continue
            }
            guard ColorValue.isWideSyntax(text) else {
                error(.palette, "palette '\(member.key)' must be a colour such as #11A4D6", member.value, ["palettes", member.key])
                continue
            }
            switch ColorValue.parse(text) {
            case .success(let base):
                let shades = PaletteShades.all(of: base)
                style.palettes[member.key] = Dictionary(uniqueKeysWithValues: shades.map { ($0.name, $0.color.srgb) })
                style.widePalettes[member.key] = Dictionary(uniqueKeysWithValues: shades.map { ($0.name, $0.color) })
            case .failure(let syntax):
                error(.palette, "palette '\(member.key)': \(syntax.message)", member.value, ["palettes", member.key])
            }
        }
    }

    /// The colour token `name`, resolving its aliases; nil when it cannot be resolved (already reported).
    mutating func color(named name: String) -> ColorToken?? {
        if let memo = colorMemo[name] { return memo }
        guard let node = group("colors")[name] else { return .some(nil) }
        let pointer = ["colors", name]
        guard enter("colors.\(name)", node, pointer: pointer) else { return .some(nil) }
        defer { leave() }
        let token: ColorToken?
        switch node.value {
        case .string(let text):
            token = colorValue(text, node: node, pointer: pointer, appearance: nil)
        case .object(let object):
            var slots: [String: ColorToken] = [:]
            var failed = false
            for slot in ["light", "dark", "highContrastLight", "highContrastDark"] {
                guard let slotNode = object[slot] else { continue }
                guard let text = slotNode.value.stringValue else {
                    error(
                        .color, "'\(slot)' of colour '\(name)' must be a colour string, found \(slotNode.value.typeName)", slotNode,
                        pointer + [slot])
                    failed = true
                    continue
                }
                if let resolved = colorValue(text, node: slotNode, pointer: pointer + [slot], appearance: slot) {
                    slots[slot] = resolved.appearance(slot)
                } else {
                    failed = true
                }
            }
            if let light = slots["light"], let dark = slots["dark"], !failed {
                let highLight = slots["highContrastLight"]
                let highDark = slots["highContrastDark"]
                if light.isWide || dark.isWide || highLight?.isWide == true || highDark?.isWide == true {
                    token = ColorToken(
                        light: light.lightValue, dark: dark.lightValue, highContrastLight: highLight?.lightValue,
                        highContrastDark: highDark?.lightValue)
                } else {
                    token = ColorToken(
                        light: light.light, dark: dark.light, highContrastLight: highLight?.light, highContrastDark: highDark?.light)
                }
            } else {
                if !failed {
                    error(.color, "colour '\(name)' needs both \"light\" and \"dark\"", node, pointer)
                }
                token = nil
            }
        default:
            error(.color, "colour '\(name)' must be a colour string or {\"light\", \"dark\"}, found \(node.value.typeName)", node, pointer)
            token = nil
        }
        colorMemo[name] = .some(token)
        return .some(token)
    }

    /// A colour written as hex, `color(display-p3 …)`, `oklch(…)` or an alias. `appearance` is the slot it fills, if any.
    mutating func colorValue(_ text: String, node: JSONNode, pointer: [String], appearance: String?) -> ColorToken? {
        if let rgba = RGBA(hex: text) { return ColorToken(rgba) }
        if ColorValue.isWideSyntax(text) {
            switch ColorValue.parse(text) {
            case .success(let value): return ColorToken(value)
            case .failure(let syntax):
                error(.color, syntax.message, node, pointer)
                return nil
            }
        }
        guard let parsed = TokenReference.parse(text) else {
            error(
                .color,
                "\"\(text)\" is not a colour: use #RGB, #RRGGBB, #RRGGBBAA, color(display-p3 R G B), oklch(L C H) or an alias such as {colors.primary}",
                node, pointer)
            return nil
        }
        switch parsed {
        case .failure(let syntax):
            error(.aliasSyntax, "\"\(syntax.text)\" is not a valid alias: \(syntax.reason)", node, pointer)
            return nil
        case .success(let reference):
            return colorReference(reference, node: node, pointer: pointer)
        }
    }

    mutating func colorReference(_ reference: TokenReference, node: JSONNode, pointer: [String]) -> ColorToken? {
        switch reference.group {
        case .colors:
            let name = reference.path[0]
            guard group("colors")[name] != nil else {
                error(
                    .aliasMissing, "\(reference) points at no colour token\(NameSuggestion.hint(for: name, in: group("colors").keys))",
                    node, pointer)
                return nil
            }
            guard let token = color(named: name) ?? nil else { return nil }
            if reference.path.count == 1 {
                noteAlias(pointer, "colors.\(name)")
                return token
            }
            let slot = reference.path[1]
            guard reference.path.count == 2, ["light", "dark", "highContrastLight", "highContrastDark"].contains(slot) else {
                error(
                    .aliasMissing,
                    "\(reference) points inside colour '\(name)', which has only light, dark, highContrastLight and highContrastDark", node,
                    pointer)
                return nil
            }
            noteAlias(pointer, "colors.\(name).\(slot)")
            return token.appearance(slot)
        case .palettes:
            let name = reference.path[0]
            guard let shades = style.palettes[name] else {
                if group("palettes")[name] == nil {
                    error(
                        .aliasMissing, "\(reference) points at no palette\(NameSuggestion.hint(for: name, in: group("palettes").keys))",
                        node, pointer)
                }
                return nil
            }
            let shade = reference.path.count > 1 ? reference.path[1] : "base"
            guard reference.path.count <= 2, let color = shades[shade] else {
                error(
                    .aliasMissing,
                    "\(reference): palette shades are \(PaletteShades.names.joined(separator: ", "))\(NameSuggestion.hint(for: shade, in: PaletteShades.names))",
                    node, pointer)
                return nil
            }
            noteAlias(pointer, "palettes.\(name).\(shade)")
            if let wide = style.widePalettes[name]?[shade] { return ColorToken(wide) }
            return ColorToken(color)
        default:
            error(.aliasKind, "\(reference) is a \(reference.group.kindName), but a colour is needed here", node, pointer)
            return nil
        }
    }
}
