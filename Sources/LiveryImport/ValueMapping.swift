import LiveryCore
import LiveryJSON
import LiveryTargets

/// Dimensions, animation timings, fonts and flags: one value each (the light one
/// when a theme changes it, with a warning), kept as an alias when the token
/// refers to a token of the same kind that is itself imported.
extension MappingRun {
    mutating func mapNumbersAndFonts() {
        for token in tokens {
            switch placements[token.path] {
            case .dimension(let name)?:
                dimensions[name] = numberValue(token, kind: .dimensions)
            case .timing(let animation, let timing)?:
                if let value = numberValue(token, kind: .animations) { animations[animation, default: [:]][timing] = value }
            case .font(let name)?:
                fonts[name] = fontValue(token, name: name)
            case .flag(let name)?:
                flags[name] = flagValue(token)
            default:
                continue
            }
        }
        fontsWithoutFiles.sort()
    }

    /// The alias of the token `token` refers to, when that token is imported as `kind`.
    func alias(of token: DTCGToken, kind: StyleSection) -> String? {
        guard let reference = token.reference, let target = placements[reference] else { return nil }
        switch (target, kind) {
        case (.dimension, .dimensions), (.timing, .animations), (.font, .fonts): return target.alias
        default: return nil
        }
    }

    /// A dimension in points or a timing in seconds, or its alias.
    mutating func numberValue(_ token: TokenAcross, kind: StyleSection) -> JSONValue? {
        noteSingleValue(token)
        let single = token.primary
        if let alias = alias(of: single, kind: kind) { return .string(alias) }
        let value: Double?
        switch single.type {
        case "dimension":
            if Self.usesRem(single.value.value) { remTokens.append(token.dotted) }
            value = read { () throws(Diagnostic) in try DTCGValueReader.dimension(single) }
        case "duration":
            value = read { () throws(Diagnostic) in try DTCGValueReader.duration(single) }
        default:
            value = read { () throws(Diagnostic) in try DTCGValueReader.number(single) }
        }
        guard let value else { return nil }
        guard value.isFinite else {
            errors.append(
                Diagnostic(
                    .error, rule: .dtcgValue, "`\(token.dotted)`: the value is too large to be a number", at: single.location,
                    pointer: JSONPointer(tokens: token.path + ["$value"])))
            return nil
        }
        return Self.number(value)
    }

    /// `{family, size, weight}`, or `{fonts.x}` for a typography token that refers to another.
    mutating func fontValue(_ token: TokenAcross, name: String) -> JSONValue? {
        noteSingleValue(token)
        let single = token.primary
        if let alias = alias(of: single, kind: .fonts) { return .string(alias) }
        if Self.usesRem(single.value.value) { remTokens.append(token.dotted) }
        guard let font = read({ () throws(Diagnostic) in try DTCGValueReader.font(single) }) else { return nil }
        fontsWithoutFiles.append(name)
        return .makeObject([
            ("family", .string(font.family)),
            ("size", Self.number(font.size)),
            ("weight", .string(font.weight.rawValue)),
        ])
    }

    /// A number token as a numeric flag; a stroke style keyword as a text flag.
    mutating func flagValue(_ token: TokenAcross) -> JSONValue? {
        noteSingleValue(token)
        let single = token.primary
        if single.type == "strokeStyle" {
            guard let keyword = read({ () throws(Diagnostic) in try DTCGValueReader.strokeStyle(single) }) ?? nil else { return nil }
            return .string(keyword)
        }
        return read { () throws(Diagnostic) in try DTCGValueReader.number(single) }.map(Self.number)
    }
}
