import LiveryCore
import LiveryJSON
import LiveryTargets

/// A group of colour tokens that is exactly a livery palette: `base`, `light02` …
/// `light08` and `dark02` … `dark08`, nothing else, the same in every appearance,
/// and every shade the one livery derives from `base` (`PaletteShades`). It becomes
/// `palettes.<name>: "#base"`, and references to its shades `{palettes.<name>.<shade>}`.
extension MappingRun {
    mutating func findPalettes() {
        var childrenByGroup: [[String]: [TokenAcross]] = [:]
        var groupOrder: [[String]] = []
        for token in tokens where token.path.count > 1 {
            let group = Array(token.path.dropLast())
            if childrenByGroup[group] == nil { groupOrder.append(group) }
            childrenByGroup[group, default: []].append(token)
        }
        let shadeNames = Set(PaletteShades.names)
        for group in groupOrder {
            guard let children = childrenByGroup[group], children.count == shadeNames.count,
                Set(children.compactMap(\.path.last)) == shadeNames,
                children.allSatisfy({ $0.type == "color" }),
                !tokens.contains(where: { $0.path.count > group.count + 1 && Array($0.path.prefix(group.count)) == group }),
                let base = children.first(where: { $0.path.last == "base" }).flatMap({ singleColor($0) }),
                children.allSatisfy({ child in
                    guard let shade = child.path.last, let color = singleColor(child) else { return false }
                    return PaletteShades.shade(shade, of: base) == color
                })
            else { continue }
            // A second group with the same name stays colours (whose names are checked for collisions).
            guard let name = names.name(names.droppingTypeGroup(group, in: .palettes), in: .palettes), palettes[name] == nil else {
                continue
            }
            palettes[name] = .string(base.hex)
            for child in children {
                if let shade = child.path.last { placements[child.path] = .paletteShade(palette: name, shade: shade) }
            }
        }
    }

    /// The colour a token has in every appearance of the brand, if it is one hex
    /// colour (a palette's base and shades are 8-bit sRGB).
    func singleColor(_ token: TokenAcross) -> RGBA? {
        guard let values = colorValues[token.path], let first = values.values.first, first.isHex,
            appearances.allSatisfy({ values[$0] == first })
        else { return nil }
        return first.srgb
    }
}
