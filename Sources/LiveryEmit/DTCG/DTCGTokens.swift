import LiveryCore
import LiveryJSON
import LiveryTargets

/// The DTCG token documents of one resolved target: the base set (everything
/// every theme shares) and, per theme context, the colours. Groups keep
/// livery's names (`colors`, `palettes`, `dimensions`, `animations`, `fonts`,
/// `components`, `flags`), so a reference written in the style stays the same
/// reference here: `{palettes.brand.light04}`, `{colors.primary}`.
struct DTCGTokens {
    let style: ResolvedStyle

    static let fontsDescription =
        "livery fonts have no line height or letter spacing, which typography tokens require: lineHeight 1.2 (CSS normal for most fonts) and letterSpacing 0px stand in."

    // MARK: Base set

    func base() -> DTCGTree {
        var tree = DTCGTree()
        tree.description =
            "\(style.id): palettes, dimensions, animations, fonts, component sizes and numeric flags, the same in every theme. Resolved by livery from \(style.chain.joined(separator: " ← "))."
        addPalettes(to: &tree)
        addDimensions(to: &tree)
        addAnimations(to: &tree)
        addFonts(to: &tree)
        addComponents(to: &tree, context: nil)
        addFlags(to: &tree)
        tree.extensions = .makeObject([(DTCGLiveryExtension.key, DTCGLiveryExtension(style: style).value)])
        markDeprecated(&tree)
        return tree
    }

    func addPalettes(to tree: inout DTCGTree) {
        for palette in sorted(style.palettes.keys) {
            guard let shades = style.palettes[palette] else { continue }
            for shade in sorted(shades.keys) {
                // A palette written in Display P3 or OKLCH keeps its space in every shade.
                guard let color = style.paletteValue(palette, shade: shade) else { continue }
                tree.insert(DTCGValue.token("color", DTCGValue.color(color)), at: ["palettes", palette, shade])
            }
            if let base = shades["base"] {
                let written = style.widePalettes[palette]?["base"]?.text ?? base.hex
                tree.describe(
                    "Shades of \(written): light02…light08 mix in 20–80 % white, dark02…dark08 20–80 % black.", at: ["palettes", palette])
            }
        }
    }

    func addDimensions(to tree: inout DTCGTree) {
        for name in sorted(style.dimensions.keys) {
            guard let value = style.dimensions[name] else { continue }
            tree.insert(size(value, at: "dimensions.\(name)", unitless: UnitlessDimension.matches(name)), at: ["dimensions", name])
        }
    }

    func addAnimations(to tree: inout DTCGTree) {
        for animation in sorted(style.animations.keys) {
            guard let timings = style.animations[animation] else { continue }
            for timing in sorted(timings.keys) {
                guard let seconds = timings[timing] else { continue }
                let path = "animations.\(animation).\(timing)"
                let value = durationReference(at: path) ?? DTCGValue.duration(seconds: seconds)
                tree.insert(DTCGValue.token("duration", value), at: ["animations", animation, timing])
            }
        }
    }

    func addFonts(to tree: inout DTCGTree) {
        for name in sorted(style.fonts.keys) {
            guard let font = style.fonts[name] else { continue }
            tree.insert(typography(font, at: "fonts.\(name)"), at: ["fonts", name])
        }
        tree.describe(Self.fontsDescription, at: ["fonts"])
    }

    func addFlags(to tree: inout DTCGTree) {
        // Only numbers have a DTCG type; true/false and text flags are left out.
        for name in sorted(style.flags.keys) {
            guard case .number(let number)? = style.flags[name] else { continue }
            tree.insert(DTCGValue.token("number", DTCGValue.number(number.doubleValue)), at: ["flags", name])
        }
    }

    /// Component properties: colours into `context`'s file, the rest into the base
    /// set (`context` nil). Shapes other than a rounded rectangle's radius, text
    /// and true/false have no DTCG type and are left out.
    func addComponents(to tree: inout DTCGTree, context: DTCGContext?) {
        for kind in sorted(style.components.keys) {
            guard let variants = style.components[kind] else { continue }
            for variant in sorted(variants.keys) {
                guard let properties = variants[variant] else { continue }
                for property in sorted(properties.keys) {
                    guard let value = properties[property] else { continue }
                    let path = "components.\(kind).\(variant).\(property)"
                    let place = ["components", kind, variant, property]
                    switch (value, context) {
                    case (.color(let token, _), let context?):
                        tree.insert(color(token, at: path, in: context, noteFallback: false), at: place)
                    case (.font(let font, _), nil):
                        tree.insert(typography(font, at: path), at: place)
                    case (.dimension(let value, _), nil):
                        if let reference = durationReference(at: path) {
                            tree.insert(DTCGValue.token("duration", reference), at: place)
                        } else {
                            tree.insert(
                                size(value, at: path, unitless: UnitlessDimension.matches(property) || aliasesUnitless(path)), at: place)
                        }
                    case (.number(let value), nil):
                        tree.insert(DTCGValue.token("number", DTCGValue.number(value)), at: place)
                    case (.shape(.roundedRectangle(let radius)), nil):
                        tree.insert(
                            size(radius, at: "\(path).roundedRectangle.cornerRadius", unitless: false), at: place + ["cornerRadius"])
                    default:
                        continue
                    }
                }
            }
        }
    }

    /// `$deprecated` on each token (or group) the app's contract deprecates (docs/contract.md,
    /// "Deprecation"): the reason, and the reference of the token that replaces it.
    func markDeprecated(_ tree: inout DTCGTree) {
        for path in style.deprecations.keys.sorted() {
            guard let deprecation = style.deprecations[path] else { continue }
            let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            var text = ContractDeprecationText.sentence(deprecation.reason)
            if let replacement = deprecation.replacement { text += " Use {\(parts[0]).\(replacement)}." }
            tree.deprecate(text, at: parts)
        }
    }

    // MARK: Theme contexts

    func context(_ context: DTCGContext) -> DTCGTree {
        var tree = DTCGTree()
        tree.description = "\(style.id): colours in the \(context.rawValue) theme."
        for name in sorted(style.colors.keys) {
            guard let token = style.colors[name] else { continue }
            tree.insert(color(token, at: "colors.\(name)", in: context), at: ["colors", name])
        }
        addComponents(to: &tree, context: context)
        markDeprecated(&tree)
        return tree
    }

    /// A colour token as `context` shows it: the reference it was written with
    /// when that reference gives the same colour in this context, else the value.
    /// (`"light": "{colors.primary.dark}"` becomes the value: a context file only
    /// has its own appearance of `primary`.) `noteFallback` describes a high-contrast
    /// value that is the light or dark one; component colours leave that to their tokens.
    func color(_ token: ColorToken, at path: String, in context: DTCGContext, noteFallback: Bool = true) -> JSONValue {
        let shown = context.value(token)
        let ownValue = context.hasOwnValue(token)
        // The reference written for this appearance, else for the one it falls back to, else for the whole token.
        let fallback = ownValue ? nil : context.fallbackSlot
        let target = style.aliases[path + "." + context.slot] ?? fallback.flatMap { style.aliases[path + "." + $0] } ?? style.aliases[path]
        let description = ownValue || !noteFallback ? nil : "No high-contrast value: the \(context.fallbackSlot ?? "") value."
        if let target, let (reference, color) = colorTarget(target, in: context), color == shown {
            return DTCGValue.token("color", DTCGValue.reference(reference), description: description)
        }
        return DTCGValue.token("color", DTCGValue.color(shown), description: description)
    }

    /// The DTCG token a colour reference names and the colour it has in `context`.
    func colorTarget(_ target: String, in context: DTCGContext) -> (String, ColorValue)? {
        let parts = target.split(separator: ".").map(String.init)
        guard parts.count >= 2, parts.dropFirst().allSatisfy(DTCGTree.isValidName) else { return nil }
        switch parts[0] {
        case "colors":
            // `colors.primary.dark` names one appearance; here it can only be `{colors.primary}`.
            guard let token = style.colors[parts[1]] else { return nil }
            return ("colors.\(parts[1])", context.value(token))
        case "palettes":
            guard parts.count == 3, let color = style.paletteValue(parts[1], shade: parts[2]) else { return nil }
            return (target, color)
        default:
            return nil
        }
    }

    // MARK: Sizes, durations, fonts

    /// A dimension (`px`) or, when `unitless`, a number; as its reference when it was
    /// written as one to a token of the same kind.
    func size(_ value: Double, at path: String, unitless: Bool) -> JSONValue {
        let type = unitless ? "number" : "dimension"
        if let reference = dimensionReference(at: path, unitless: unitless) {
            return DTCGValue.token(type, reference)
        }
        return DTCGValue.token(type, unitless ? DTCGValue.number(value) : DTCGValue.dimension(value))
    }

    func dimensionReference(at path: String, unitless: Bool) -> JSONValue? {
        guard let target = style.aliases[path], target.hasPrefix("dimensions.") else { return nil }
        let name = String(target.dropFirst("dimensions.".count))
        guard style.dimensions[name] != nil, DTCGTree.isValidName(name), UnitlessDimension.matches(name) == unitless else { return nil }
        return DTCGValue.reference(target)
    }

    /// Whether the value at `path` was a reference to a unitless dimension.
    func aliasesUnitless(_ path: String) -> Bool {
        guard let target = style.aliases[path], target.hasPrefix("dimensions.") else { return false }
        return UnitlessDimension.matches(String(target.dropFirst("dimensions.".count)))
    }

    func durationReference(at path: String) -> JSONValue? {
        guard let target = style.aliases[path], target.hasPrefix("animations.") else { return nil }
        let parts = target.split(separator: ".").map(String.init)
        guard parts.count == 3, parts.allSatisfy(DTCGTree.isValidName), style.animations[parts[1]]?[parts[2]] != nil else { return nil }
        return DTCGValue.reference(target)
    }

    /// A typography token: a reference to the font token it names, or the font
    /// itself with its size as a reference when it was written as one.
    func typography(_ font: ResolvedFont, at path: String) -> JSONValue {
        if let target = style.aliases[path], target.hasPrefix("fonts.") {
            let name = String(target.dropFirst("fonts.".count))
            if style.fonts[name] != nil, DTCGTree.isValidName(name) {
                return DTCGValue.token("typography", DTCGValue.reference(target))
            }
        }
        let size = dimensionReference(at: "\(path).size", unitless: false) ?? DTCGValue.dimension(font.size)
        return DTCGValue.token("typography", DTCGValue.typography(font, size: size))
    }

    /// Keys in a fixed order, so which of two clashing names wins never depends on hashing.
    func sorted(_ keys: Dictionary<String, some Any>.Keys) -> [String] {
        keys.filter(DTCGTree.isValidName).sorted()
    }
}

/// `$extensions["dev.livery"]` at the root of the base set: what the style holds
/// and DTCG has no type for, in style.json's own form, so that `livery import dtcg`
/// gives back the same resolved style:
/// - `names: "livery"`: the token names are livery names, to be taken as written;
/// - `app`: the app identity;
/// - `flags`: the flags that are not numbers (true/false, text);
/// - `highContrast`: colours whose own high-contrast appearance equals light or dark
///   (the theme files cannot tell it from a fallback);
/// - `components`: the properties that are not colours, fonts, sizes or numbers
///   (text, true/false, shapes other than a rounded rectangle), and every variant
///   (and kind) that has no property written as a token, so it is not lost.
/// Images, the app icon and font files are files, not tokens, and are not here.
struct DTCGLiveryExtension {
    static let key = "dev.livery"
    let style: ResolvedStyle

    var value: JSONValue {
        var pairs: [(String, JSONValue)] = [("names", .string("livery"))]
        var app: [(String, JSONValue)] = []
        // The texts as style.json writes them: one string, or {"default", "<tag>"…} per language.
        for key in ["displayName", "tagline", "supportEmail"] {
            guard let text = style.app.defaultTexts.members.first(where: { $0.key == key })?.text else { continue }
            let tagged = style.app.localized.keys.sorted().compactMap { tag in
                style.app.localized[tag]?.members.first { $0.key == key }.map { (tag, JSONValue.string($0.text)) }
            }
            app.append((key, tagged.isEmpty ? .string(text) : .makeObject([("default", .string(text))] + tagged)))
        }
        if let bundleId = style.app.bundleId { app.append(("bundleId", .string(bundleId))) }
        if let tag = style.app.defaultLocale { app.append(("defaultLocale", .string(tag))) }
        if !app.isEmpty { pairs.append(("app", .makeObject(app))) }
        let flags = style.flags.keys.sorted().compactMap { name -> (String, JSONValue)? in
            guard let value = style.flags[name], value.numberValue == nil else { return nil }
            return (name, value)
        }
        if !flags.isEmpty { pairs.append(("flags", .makeObject(flags))) }
        let kept = keptHighContrast
        if !kept.isEmpty { pairs.append(("highContrast", .makeObject(kept))) }
        let components = self.components
        if !components.isEmpty { pairs.append(("components", .makeObject(components))) }
        return .makeObject(pairs)
    }

    /// Colours with a high-contrast appearance of their own that equals the light
    /// (or dark) one: the theme files cannot tell it from a fallback, and an import
    /// leaves out what equals the fallback, so these are named.
    var keptHighContrast: [(String, JSONValue)] {
        style.colors.keys.sorted().compactMap { name in
            guard let token = style.colors[name] else { return nil }
            var slots: [JSONValue] = []
            // Compared as written: a wide colour and its sRGB fallback are not the same value.
            if token.highContrastLight != nil, DTCGContext.lightHighContrast.value(token) == DTCGContext.light.value(token) {
                slots.append(.string("highContrastLight"))
            }
            if token.highContrastDark != nil, DTCGContext.darkHighContrast.value(token) == DTCGContext.dark.value(token) {
                slots.append(.string("highContrastDark"))
            }
            return slots.isEmpty ? nil : (name, .makeArray(slots))
        }
    }

    var components: [(String, JSONValue)] {
        var kinds: [(String, JSONValue)] = []
        for kind in style.components.keys.sorted() {
            let variants = style.components[kind] ?? [:]
            var kept: [(String, JSONValue)] = []
            for variant in variants.keys.sorted() {
                let properties = variants[variant] ?? [:]
                let untyped = properties.keys.sorted().compactMap { name in properties[name].flatMap(Self.untyped).map { (name, $0) } }
                if !untyped.isEmpty || untyped.count == properties.count {
                    kept.append((variant, .makeObject(untyped)))
                }
            }
            if !kept.isEmpty || variants.isEmpty { kinds.append((kind, .makeObject(kept))) }
        }
        return kinds
    }

    /// A property DTCG has no type for, as style.json writes it; nil for one written as a token.
    static func untyped(_ value: ResolvedComponentValue) -> JSONValue? {
        switch value {
        case .string(let text): .string(text)
        case .bool(let flag): .bool(flag)
        case .shape(.circle): .string("circle")
        case .shape(.capsule): .string("capsule")
        case .shape(.rectangle): .string("rectangle")
        case .shape(.roundedRectangle), .color, .font, .dimension, .number: nil
        }
    }
}
