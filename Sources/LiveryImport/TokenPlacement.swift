import LiveryCore
import LiveryJSON
import LiveryTargets
import LiveryText

/// Where a token goes in style.json.
enum Placement: Hashable {
    case color(String)
    case paletteShade(palette: String, shade: String)
    case dimension(String)
    case timing(animation: String, timing: String)
    case font(String)
    case flag(String)
    case component(kind: String, variant: String, property: String)
    /// `components.kind.variant.shape.cornerRadius`: a rounded rectangle's radius.
    case cornerRadius(kind: String, variant: String)

    /// The dotted place in style.json; two tokens with the same place collide.
    var dotted: String {
        switch self {
        case .color(let name): "colors.\(name)"
        case .paletteShade(let palette, let shade): "palettes.\(palette).\(shade)"
        case .dimension(let name): "dimensions.\(name)"
        case .timing(let animation, let timing): "animations.\(animation).\(timing)"
        case .font(let name): "fonts.\(name)"
        case .flag(let name): "flags.\(name)"
        case .component(let kind, let variant, let property): "components.\(kind).\(variant).\(property)"
        case .cornerRadius(let kind, let variant): "components.\(kind).\(variant).shape"
        }
    }

    /// The alias that names this token in style.json, when a token there can be named.
    var alias: String? {
        switch self {
        case .color, .paletteShade, .dimension, .timing, .font: "{\(dotted)}"
        case .flag, .component, .cornerRadius: nil
        }
    }

    var isColor: Bool {
        switch self {
        case .color, .paletteShade: true
        default: false
        }
    }
}

extension MappingRun {
    /// `$extensions["dev.livery"]`: livery's own files say their names are livery names.
    mutating func readExtensions() {
        let sets = appearances.compactMap { brand.appearances[$0] }
        guard let extensions = sets.lazy.compactMap(\.rootExtensions).first,
            let object = extensions["dev.livery"]?.value.objectValue
        else { return }
        livery = object
        names = TokenNames(verbatim: object["names"]?.value.stringValue == "livery")
    }

    /// Reads every colour token in every appearance once: palettes are found, and
    /// colours compared, by these values.
    mutating func readColors() {
        let paths = Set(tokens.map(\.path))
        for token in tokens where token.type == "color" {
            var values: [Appearance: ColorValue] = [:]
            for appearance in appearances {
                guard let single = token.byAppearance[appearance] else { continue }
                // An alias holds its target's value: a clipped colour is reported once, at
                // the token that writes it, not again at every alias of it.
                let isAliasOfARead = single.reference.map(paths.contains) ?? false
                let read = read({ () throws(Diagnostic) in
                    var value = try DTCGValueReader.color(single)
                    if isAliasOfARead { value.warnings.removeAll { $0.rule == .dtcgClipped } }
                    return value
                })
                if let color = read {
                    values[appearance] = color
                }
            }
            colorValues[token.path] = values
        }
    }

    /// Decides where every token goes, and reports names that cannot be made or collide.
    mutating func placeTokens() {
        findPalettes()
        let usedFontParts = fontPartsInTypography()
        for token in tokens where placements[token.path] == nil {
            guard let placement = placement(of: token, usedFontParts: usedFontParts) else { continue }
            placements[token.path] = placement
        }
        reportCollisions()
    }

    /// Where `token` goes, or nil when it goes nowhere (counted, or reported).
    mutating func placement(of token: TokenAcross, usedFontParts: Set<JSONValue>) -> Placement? {
        let path = token.path
        switch componentPlacement(token) {
        case .placed(let placement): return placement
        case .dropped: return nil
        case .notAComponent: break
        }
        switch token.type {
        case "color":
            return named(token, .colors).map { .color($0) }
        case "dimension":
            guard fitsLivery(token) else { return nil }
            return named(token, .dimensions).map { .dimension($0) }
        case "number":
            // livery's own files write ratios (`cardAspectRatio`) as numbers among the dimensions.
            if path.count > 1, path[0] == StyleSection.dimensions.rawValue {
                guard fitsLivery(token) else { return nil }
                return named(token, .dimensions).map { .dimension($0) }
            }
            return named(token, .flags).map { .flag($0) }
        case "duration":
            guard fitsLivery(token) else { return nil }
            return timingPlacement(token)
        case "typography":
            guard fitsLivery(token) else { return nil }
            return named(token, .fonts).map { .font($0) }
        case "strokeStyle":
            // A keyword is a text flag; the object form (dashes) has no place.
            let keyword = read { () throws(Diagnostic) in try DTCGValueReader.strokeStyle(token.primary) }
            switch keyword {
            case nil: return nil
            case .some(nil):
                skip(token.type)
                return nil
            case .some(.some): return named(token, .flags).map { .flag($0) }
            }
        case "fontFamily", "fontWeight":
            // Imported through the typography tokens that use them.
            if !usedFontParts.contains(token.primary.value.value) { skip(token.type) }
            return nil
        default:
            skip(token.type)
            return nil
        }
    }

    /// Whether the token's value is one style.json allows: a dimension ≥ 0, a timing
    /// from 0 to 60 s, a font size > 0. One that is not (a negative offset) has no
    /// place: it is counted as not imported, with a warning naming it, so the import
    /// still gives a valid target. A value that cannot be read is left to the mapping,
    /// which reports it.
    mutating func fitsLivery(_ token: TokenAcross) -> Bool {
        let single = token.primary
        let (value, allowed): (Double?, String)
        switch single.type {
        case "dimension":
            value = try? DTCGValueReader.dimension(single).value
            allowed = (value ?? 0) >= 0 ? "" : "livery's dimensions are 0 or more"
        case "number":
            value = try? DTCGValueReader.number(single).value
            allowed = (value ?? 0) >= 0 ? "" : "livery's dimensions are 0 or more"
        case "duration":
            value = try? DTCGValueReader.duration(single).value
            allowed = (0...60).contains(value ?? 0) ? "" : "livery's timings are 0 to 60 seconds"
        case "typography":
            value = try? DTCGValueReader.font(single).value.size
            allowed = (value ?? 1) > 0 ? "" : "a livery font's size is more than 0"
        default:
            return true
        }
        guard !allowed.isEmpty, let value else { return true }
        warnings.append(
            Diagnostic(
                .warning, rule: .dtcgOutOfRange, "`\(token.dotted)` is \(NumberText.text(value)) (\(allowed)); not imported",
                at: single.location, pointer: JSONPointer(tokens: token.path + ["$value"])
            ))
        skip(token.type)
        return false
    }

    /// The name of `token` in `section`, or nil after reporting why there is none.
    mutating func named(_ token: TokenAcross, _ section: StyleSection) -> String? {
        let segments = names.droppingTypeGroup(token.path, in: section)
        if let name = names.name(segments, in: section) { return name }
        nameError(token, "cannot be made a livery name (a letter, then letters, digits or underscores, at most \(TokenNames.maxLength))")
        return nil
    }

    mutating func nameError(_ token: TokenAcross, _ reason: String) {
        errors.append(
            Diagnostic(
                .error, rule: .dtcgName, "`\(token.dotted)` \(reason)",
                at: token.primary.location, pointer: JSONPointer(tokens: token.path)
            ))
    }

    /// `duration.fast` → `animations.default.fast`; `motion.fade.short` → `animations.motionFade.short`:
    /// the last segment is the timing, the ones before it the animation.
    mutating func timingPlacement(_ token: TokenAcross) -> Placement? {
        let segments = names.droppingTypeGroup(token.path, in: .animations)
        let animation = segments.count > 1 ? names.name(Array(segments.dropLast()), in: .animations) : "default"
        guard let animation, let last = segments.last, let timing = names.name([last], in: .animations) else {
            nameError(token, "cannot be made a livery animation timing name")
            return nil
        }
        return .timing(animation: animation, timing: timing)
    }

    enum ComponentPlacement {
        case placed(Placement)
        /// A component property that has no place (reported or counted already).
        case dropped
        /// Not at `components.<kind>.<variant>.<property>`, or of a type no property holds.
        case notAComponent
    }

    /// `components.<kind>.<variant>.<property>` (and `….shape.cornerRadius`), for the
    /// types a component property can hold.
    mutating func componentPlacement(_ token: TokenAcross) -> ComponentPlacement {
        let path = token.path
        guard path.first == StyleSection.components.rawValue,
            ["color", "dimension", "number", "duration", "typography"].contains(token.type)
        else { return .notAComponent }
        let isRadius = path.count == 5 && path[3] == "shape" && path[4] == "cornerRadius" && token.type == "dimension"
        guard path.count == 4 || isRadius else { return .notAComponent }
        // A length below 0 has no place in a component either (a count or factor may be negative).
        if token.type == "dimension", !fitsLivery(token) { return .dropped }
        guard let kind = names.name([path[1]], in: .components), let variant = names.name([path[2]], in: .components),
            let property = names.name([path[3]], in: .components)
        else {
            nameError(token, "cannot be made a livery component property (components.kind.variant.property, each a livery name)")
            return .dropped
        }
        return .placed(
            isRadius ? .cornerRadius(kind: kind, variant: variant) : .component(kind: kind, variant: variant, property: property))
    }

    /// The values of fontFamily and fontWeight inside typography tokens: a standalone
    /// family or weight token with one of these values is part of a font (its
    /// reference is resolved by then, so it is matched by value).
    func fontPartsInTypography() -> Set<JSONValue> {
        var parts: Set<JSONValue> = []
        for token in tokens where token.type == "typography" {
            for single in token.byAppearance.values {
                guard let object = single.value.value.objectValue else { continue }
                for key in ["fontFamily", "fontWeight"] {
                    if let value = object[key]?.value { parts.insert(value) }
                }
            }
        }
        return parts
    }

    /// Two tokens with one place in style.json: an error listing both paths.
    mutating func reportCollisions() {
        var first: [String: TokenAcross] = [:]
        for token in tokens {
            guard let placement = placements[token.path] else { continue }
            let place = placement.dotted
            guard let earlier = first[place] else {
                first[place] = token
                continue
            }
            var diagnostic = Diagnostic(
                .error, rule: .dtcgNameCollision,
                "`\(token.dotted)` and `\(earlier.dotted)` (\(earlier.primary.location)) both become `\(place)`: rename one of them",
                at: token.primary.location, pointer: JSONPointer(tokens: token.path)
            )
            diagnostic.related.append(
                RelatedLocation("`\(earlier.dotted)` is here", at: earlier.primary.location, pointer: JSONPointer(tokens: earlier.path)))
            errors.append(diagnostic)
        }
    }
}
