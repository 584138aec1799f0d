import LiveryJSON

/// Finds the files a style refers to. The loader implements it over a `Source`;
/// tests implement it in memory, so resolution stays free of I/O.
public protocol AssetLocator: Sendable {
    /// Looks `path` (relative to a target directory) up in the target whose file
    /// `declaringFile` is, then in that target's ancestors.
    func locate(_ path: String, declaredIn declaringFile: String) -> AssetLookup
}

public enum AssetLookup: Sendable {
    case found(AssetReference)
    /// Not found; the repository paths that were tried.
    case missing(searched: [String])
    /// The path itself is unsafe (absolute, `..`, `.git`…) or names a refused entry.
    case refused(reason: String)
    /// The file is larger than livery reads (`maxAssetBytes`); the message says by how much.
    case tooLarge(message: String)
}

/// Turns a merged style document into a `ResolvedStyle`: palettes expanded,
/// aliases and component references resolved with their kinds checked, assets
/// found and checked, contrast measured. Pure; every problem becomes a
/// diagnostic at the file, line and column that wrote the value.
public struct StyleResolver: Sendable {
    public var contrastMinimum = 4.5

    public init(contrastMinimum: Double = 4.5) {
        self.contrastMinimum = contrastMinimum
    }

    public func resolve(id: String, chain: [String], document: JSONNode, assets: some AssetLocator) -> (ResolvedStyle, [Diagnostic]) {
        var run = Resolution(id: id, chain: chain, root: document.value.objectValue ?? JSONObject(), assets: assets, contrastMinimum: contrastMinimum)
        run.resolveAll()
        return (run.style, run.diagnostics.sorted())
    }
}

/// One resolution in progress: the token tables, what is resolved so far, and the
/// alias chain being followed (to report cycles).
struct Resolution<Locator: AssetLocator> {
    let id: String
    let root: JSONObject
    let assets: Locator
    let contrastMinimum: Double
    var style: ResolvedStyle
    var diagnostics: [Diagnostic] = []

    var colorMemo: [String: ColorToken?] = [:]
    var dimensionMemo: [String: Double?] = [:]
    var fontMemo: [String: FontToken?] = [:]
    var timingMemo: [String: Double?] = [:]
    /// Tokens being resolved, outermost first, as `group.name` with their nodes.
    var stack: [(name: String, node: JSONNode)] = []
    var reportedCycles: Set<Set<String>> = []

    init(id: String, chain: [String], root: JSONObject, assets: Locator, contrastMinimum: Double) {
        self.id = id
        self.root = root
        self.assets = assets
        self.contrastMinimum = contrastMinimum
        self.style = ResolvedStyle(id: id, chain: chain)
    }

    func group(_ name: String) -> JSONObject {
        root[name]?.value.objectValue ?? JSONObject()
    }

    mutating func error(_ rule: String, _ message: String, _ node: JSONNode, _ pointer: [String]) {
        diagnostics.append(Diagnostic(.error, rule: rule, message, at: node.location, pointer: JSONPointer(tokens: pointer), target: id))
    }

    mutating func warning(_ rule: String, _ message: String, _ node: JSONNode, _ pointer: [String]) {
        diagnostics.append(Diagnostic(.warning, rule: rule, message, at: node.location, pointer: JSONPointer(tokens: pointer), target: id))
    }

    mutating func resolveAll() {
        checkText()
        resolvePalettes()
        for member in group("colors").members { style.colors[member.key] = color(named: member.key) ?? nil }
        for member in group("dimensions").members { style.dimensions[member.key] = dimension(named: member.key) ?? nil }
        for member in group("animations").members {
            var timings: [String: Double] = [:]
            for timing in member.value.value.objectValue?.members ?? [] {
                timings[timing.key] = self.timing(member.key, timing.key) ?? nil
            }
            style.animations[member.key] = timings
        }
        for member in group("fonts").members { style.fonts[member.key] = font(named: member.key) ?? nil }
        resolveComponents()
        resolveImages()
        resolveApp()
        for member in group("flags").members { style.flags[member.key] = member.value.value }
    }

    // MARK: Palettes and colours

    mutating func resolvePalettes() {
        for member in group("palettes").members {
            guard let text = member.value.value.stringValue, let base = RGBA(hex: text) else {
                error("palette", "palette '\(member.key)' must be a colour such as #11A4D6", member.value, ["palettes", member.key])
                continue
            }
            style.palettes[member.key] = Dictionary(uniqueKeysWithValues: PaletteShades.all(of: base).map { ($0.name, $0.color) })
        }
    }

    /// Enters a token for cycle detection; false (after reporting the cycle) when it is already being resolved.
    mutating func enter(_ name: String, _ node: JSONNode, pointer: [String]) -> Bool {
        if let start = stack.firstIndex(where: { $0.name == name }) {
            let members = stack[start...].map(\.name)
            if reportedCycles.insert(Set(members)).inserted {
                let path = (members + [name]).joined(separator: " → ")
                error("alias-cycle", "alias cycle: \(path); every token in it is unresolved", stack[start].node, pointer)
            }
            return false
        }
        stack.append((name, node))
        return true
    }

    mutating func leave() {
        stack.removeLast()
    }

    /// Records that the value at `pointer` was written as a reference to `target`
    /// (dotted), for formats that keep aliases; the value itself is already resolved.
    mutating func noteAlias(_ pointer: [String], _ target: String) {
        style.aliases[pointer.joined(separator: ".")] = target
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
            var slots: [String: RGBA] = [:]
            var failed = false
            for slot in ["light", "dark", "highContrastLight", "highContrastDark"] {
                guard let slotNode = object[slot] else { continue }
                guard let text = slotNode.value.stringValue else {
                    error("color", "'\(slot)' of colour '\(name)' must be a colour string, found \(slotNode.value.typeName)", slotNode, pointer + [slot])
                    failed = true
                    continue
                }
                if let resolved = colorValue(text, node: slotNode, pointer: pointer + [slot], appearance: slot) {
                    slots[slot] = appearanceColor(resolved, slot)
                } else {
                    failed = true
                }
            }
            if let light = slots["light"], let dark = slots["dark"], !failed {
                token = ColorToken(light: light, dark: dark, highContrastLight: slots["highContrastLight"], highContrastDark: slots["highContrastDark"])
            } else {
                if !failed {
                    error("color", "colour '\(name)' needs both \"light\" and \"dark\"", node, pointer)
                }
                token = nil
            }
        default:
            error("color", "colour '\(name)' must be a colour string or {\"light\", \"dark\"}, found \(node.value.typeName)", node, pointer)
            token = nil
        }
        colorMemo[name] = .some(token)
        return .some(token)
    }

    func appearanceColor(_ token: ColorToken, _ slot: String) -> RGBA {
        switch slot {
        case "dark": token.dark
        case "highContrastLight": token.highContrastLight ?? token.light
        case "highContrastDark": token.highContrastDark ?? token.dark
        default: token.light
        }
    }

    /// A colour written as hex or an alias. `appearance` is the slot it fills, if any.
    mutating func colorValue(_ text: String, node: JSONNode, pointer: [String], appearance: String?) -> ColorToken? {
        if let rgba = RGBA(hex: text) { return ColorToken(rgba) }
        guard let parsed = TokenReference.parse(text) else {
            error("color", "\"\(text)\" is not a colour: use #RGB, #RRGGBB, #RRGGBBAA or an alias such as {colors.primary}", node, pointer)
            return nil
        }
        switch parsed {
        case .failure(let syntax):
            error("alias-syntax", "\"\(syntax.text)\" is not a valid alias: \(syntax.reason)", node, pointer)
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
                error("alias-missing", "\(reference) points at no colour token\(NameSuggestion.hint(for: name, in: group("colors").keys))", node, pointer)
                return nil
            }
            guard let token = color(named: name) ?? nil else { return nil }
            if reference.path.count == 1 {
                noteAlias(pointer, "colors.\(name)")
                return token
            }
            let slot = reference.path[1]
            guard reference.path.count == 2, ["light", "dark", "highContrastLight", "highContrastDark"].contains(slot) else {
                error("alias-missing", "\(reference) points inside colour '\(name)', which has only light, dark, highContrastLight and highContrastDark", node, pointer)
                return nil
            }
            noteAlias(pointer, "colors.\(name).\(slot)")
            return ColorToken(appearanceColor(token, slot))
        case .palettes:
            let name = reference.path[0]
            guard let shades = style.palettes[name] else {
                if group("palettes")[name] == nil {
                    error("alias-missing", "\(reference) points at no palette\(NameSuggestion.hint(for: name, in: group("palettes").keys))", node, pointer)
                }
                return nil
            }
            let shade = reference.path.count > 1 ? reference.path[1] : "base"
            guard reference.path.count <= 2, let color = shades[shade] else {
                error("alias-missing", "\(reference): palette shades are \(PaletteShades.names.joined(separator: ", "))\(NameSuggestion.hint(for: shade, in: PaletteShades.names))", node, pointer)
                return nil
            }
            noteAlias(pointer, "palettes.\(name).\(shade)")
            return ColorToken(color)
        default:
            error("alias-kind", "\(reference) is a \(reference.group.kindName), but a colour is needed here", node, pointer)
            return nil
        }
    }

    // MARK: Dimensions, timings, fonts

    mutating func dimension(named name: String) -> Double?? {
        if let memo = dimensionMemo[name] { return memo }
        guard let node = group("dimensions")[name] else { return .some(nil) }
        let pointer = ["dimensions", name]
        guard enter("dimensions.\(name)", node, pointer: pointer) else { return .some(nil) }
        defer { leave() }
        let value = number(node, pointer: pointer, kind: .dimensions, what: "dimension '\(name)'")
        dimensionMemo[name] = .some(value)
        return .some(value)
    }

    mutating func timing(_ animation: String, _ name: String) -> Double?? {
        let key = "\(animation).\(name)"
        if let memo = timingMemo[key] { return memo }
        guard let node = group("animations")[animation]?.value.objectValue?[name] else { return .some(nil) }
        let pointer = ["animations", animation, name]
        guard enter("animations.\(key)", node, pointer: pointer) else { return .some(nil) }
        defer { leave() }
        let value = number(node, pointer: pointer, kind: .animations, what: "timing '\(key)'")
        timingMemo[key] = .some(value)
        return .some(value)
    }

    /// A number written literally or as an alias to a token of `kind`.
    mutating func number(_ node: JSONNode, pointer: [String], kind: TokenGroup, what: String) -> Double? {
        switch node.value {
        case .number(let number):
            return number.doubleValue
        case .string(let text):
            guard let parsed = TokenReference.parse(text) else {
                error(kind == .dimensions ? "dimension" : "animation", "\(what) must be a number or an alias, found \"\(text)\"", node, pointer)
                return nil
            }
            guard case .success(let reference) = parsed else {
                if case .failure(let syntax) = parsed {
                    error("alias-syntax", "\"\(syntax.text)\" is not a valid alias: \(syntax.reason)", node, pointer)
                }
                return nil
            }
            return numberReference(reference, node: node, pointer: pointer, kind: kind)
        default:
            error(kind == .dimensions ? "dimension" : "animation", "\(what) must be a number, found \(node.value.typeName)", node, pointer)
            return nil
        }
    }

    mutating func numberReference(_ reference: TokenReference, node: JSONNode, pointer: [String], kind: TokenGroup) -> Double? {
        switch (reference.group, kind) {
        case (.dimensions, .dimensions):
            let name = reference.path[0]
            guard reference.path.count == 1, group("dimensions")[name] != nil else {
                error("alias-missing", "\(reference) points at no dimension token\(NameSuggestion.hint(for: name, in: group("dimensions").keys))", node, pointer)
                return nil
            }
            guard let value = dimension(named: name) ?? nil else { return nil }
            noteAlias(pointer, "dimensions.\(name)")
            return value
        case (.animations, .animations):
            guard reference.path.count == 2, group("animations")[reference.path[0]]?.value.objectValue?[reference.path[1]] != nil else {
                error("alias-missing", "\(reference) points at no animation timing (write {animations.<name>.<timing>})", node, pointer)
                return nil
            }
            guard let value = timing(reference.path[0], reference.path[1]) ?? nil else { return nil }
            noteAlias(pointer, "animations.\(reference.path[0]).\(reference.path[1])")
            return value
        default:
            error("alias-kind", "\(reference) is a \(reference.group.kindName), but a \(kind.kindName) is needed here", node, pointer)
            return nil
        }
    }

    mutating func font(named name: String) -> FontToken?? {
        if let memo = fontMemo[name] { return memo }
        guard let node = group("fonts")[name] else { return .some(nil) }
        let pointer = ["fonts", name]
        guard enter("fonts.\(name)", node, pointer: pointer) else { return .some(nil) }
        defer { leave() }
        let token: FontToken?
        switch node.value {
        case .string(let text):
            if case .success(let reference)? = TokenReference.parse(text), reference.group == .fonts, reference.path.count == 1 {
                if group("fonts")[reference.path[0]] == nil {
                    error("alias-missing", "\(reference) points at no font\(NameSuggestion.hint(for: reference.path[0], in: group("fonts").keys))", node, pointer)
                    token = nil
                } else {
                    token = font(named: reference.path[0]) ?? nil
                    if token != nil { noteAlias(pointer, "fonts.\(reference.path[0])") }
                }
            } else {
                error("font", "font '\(name)' must be an object with family, size and weight, or an alias such as {fonts.body}", node, pointer)
                token = nil
            }
        case .object(let object):
            token = fontObject(object, node: node, name: name, pointer: pointer)
        default:
            error("font", "font '\(name)' must be an object with family, size and weight, found \(node.value.typeName)", node, pointer)
            token = nil
        }
        fontMemo[name] = .some(token)
        return .some(token)
    }

    mutating func fontObject(_ object: JSONObject, node: JSONNode, name: String, pointer: [String]) -> FontToken? {
        guard let family = object["family"]?.value.stringValue, !family.isEmpty else {
            error("font", "font '\(name)' needs a \"family\"", object["family"] ?? node, pointer + ["family"])
            return nil
        }
        guard let sizeNode = object["size"], let size = number(sizeNode, pointer: pointer + ["size"], kind: .dimensions, what: "size of font '\(name)'") else {
            if object["size"] == nil { error("font", "font '\(name)' needs a \"size\"", node, pointer) }
            return nil
        }
        if size <= 0 {
            error("font", "size of font '\(name)' must be greater than 0, found \(size)", sizeNode, pointer + ["size"])
            return nil
        }
        let weightText = object["weight"]?.value.stringValue ?? "regular"
        guard let weight = FontWeight(rawValue: weightText) else {
            let known = FontWeight.allCases.map(\.rawValue)
            error("font", "weight of font '\(name)' must be one of \(known.joined(separator: " ")), found \"\(weightText)\"\(NameSuggestion.hint(for: weightText, in: known))",
                  object["weight"] ?? node, pointer + ["weight"])
            return nil
        }
        var token = FontToken(family: family, size: size, weight: weight, file: nil)
        if let fileNode = object["file"], let path = fileNode.value.stringValue {
            token.file = asset(path, node: fileNode, pointer: pointer + ["file"], allowed: [.truetype, .opentype])
        }
        return token
    }
}
