/// A rename without a flag day (docs/contract.md, "Deprecation"): while the contract
/// deprecates a token in favour of another, a client that writes either name gets both
/// in its resolved style, so every bundle (asset catalog, Android resources, CSS, DTCG,
/// style.json) offers the app the old and the new name with one value, and app code
/// moves one screen at a time. Pure: applied to a resolved style after its checks.
package enum ContractRenames {
    /// `style` with each rename's missing side filled from the side the client wrote
    /// (with the references it was written with), and every deprecated token the style
    /// has recorded in `deprecations` for the formats that say so (CSS, DTCG).
    package static func apply(_ contract: AppContract, to style: inout ResolvedStyle) {
        for rename in contract.renames {
            let (old, new) = (rename.deprecated.name, rename.replacement.name)
            let copied: Copy?
            switch rename.deprecated.section {
            case .colors: copied = fill(&style.colors, old, new)
            case .palettes:
                copied = fill(&style.palettes, old, new)
                _ = fill(&style.widePalettes, old, new)
            case .fonts: copied = fill(&style.fonts, old, new)
            case .dimensions: copied = fill(&style.dimensions, old, new)
            case .animations: copied = fill(&style.animations, old, new)
            case .images: copied = fill(&style.images, old, new)
            case .flags: copied = fill(&style.flags, old, new)
            case .components: copied = nil
            }
            if let copied { copyAliases(&style.aliases, section: rename.deprecated.section.rawValue, copied) }
        }
        for token in contract.tokens {
            guard let deprecation = token.deprecation, has(style, token) else { continue }
            style.deprecations[token.path] = deprecation
        }
    }

    /// Whether the style has the token (after the renames are filled).
    static func has(_ style: ResolvedStyle, _ token: ContractToken) -> Bool {
        switch token.section {
        case .colors: style.colors[token.name] != nil
        case .palettes: style.palettes[token.name] != nil
        case .fonts: style.fonts[token.name] != nil
        case .dimensions: style.dimensions[token.name] != nil
        case .animations: style.animations[token.name] != nil
        case .images: style.images[token.name] != nil
        case .flags: style.flags[token.name] != nil
        case .components: false
        }
    }

    /// A value copied from one name to the other.
    struct Copy {
        var from: String
        var to: String
    }

    /// The one of `a` and `b` that is missing gets the other's value; both written: each keeps its own.
    static func fill<Value>(_ values: inout [String: Value], _ a: String, _ b: String) -> Copy? {
        switch (values[a], values[b]) {
        case (let value?, nil):
            values[b] = value
            return Copy(from: a, to: b)
        case (nil, let value?):
            values[a] = value
            return Copy(from: b, to: a)
        default: return nil
        }
    }

    /// The references a value was written with (`colors.old.dark` → `palettes.brand.dark06`)
    /// follow it to the name it was copied to, so DTCG keeps them as references.
    static func copyAliases(_ aliases: inout [String: String], section: String, _ copy: Copy) {
        let (from, to) = ("\(section).\(copy.from)", "\(section).\(copy.to)")
        let written = aliases.filter { $0.key == from || $0.key.hasPrefix(from + ".") }
        for (key, target) in written.sorted(by: { $0.key < $1.key }) { aliases[to + key.dropFirst(from.count)] = target }
    }
}
