import LiveryJSON
import LiveryStyle

/// Works out an `ImportPlan` from the resolver's modifiers and the command line,
/// collecting every problem (rule `dtcg-modifier`) and every guess on the way.
///
/// - `--brand` and `--theme` name modifiers; without them a modifier named brand,
///   brands, client, clients or tenant is taken as the brand, and one whose contexts
///   are all appearance names (with at least light and dark) as the theme, each with a note.
/// - Theme contexts become appearances by name (`ImportPlan.appearance(named:)`);
///   `--map` overrides, and a context that is neither recognised nor mapped is an error.
/// - Every other modifier takes `--context`, else its default, else its only context.
/// - A modifier pinned with `--context` is never guessed to be the brand or the theme.
struct ImportPlanner {
    let modifiers: [DTCGModifier]
    let request: ImportPlanRequest
    private(set) var errors: [Diagnostic] = []
    private var guesses: [String] = []

    static let brandNames: Set<String> = ["brand", "brands", "client", "clients", "tenant"]

    init(modifiers: [DTCGModifier], request: ImportPlanRequest) {
        self.modifiers = modifiers
        self.request = request
    }

    mutating func plan() -> ImportPlan {
        checkFlags()
        let theme = chooseTheme()
        let brand = chooseBrand(besides: theme?.name)
        var appearances: [Appearance: String?] = [.light: nil]
        if let theme {
            appearances = self.appearances(of: theme)
        } else if !request.themeMap.isEmpty, request.theme == nil {
            fail("--map names the contexts of a theme modifier, but \(themeAbsence); name it with --theme")
        }
        var pinned: [String: String] = [:]
        for modifier in modifiers where modifier.name != brand?.name && modifier.name != theme?.name {
            if let context = pin(modifier) { pinned[modifier.name] = context }
        }
        return ImportPlan(
            brandModifier: brand?.name, brands: brand?.contexts ?? [], themeModifier: theme?.name,
            appearances: appearances, pinned: pinned, guesses: guesses
        )
    }

    // MARK: The flags

    private func modifier(named name: String) -> DTCGModifier? {
        modifiers.first { $0.name == name }
    }

    /// Every modifier and context a flag names exists; the brand is not the theme.
    private mutating func checkFlags() {
        for (flag, name) in [("--brand", request.brand), ("--theme", request.theme)] {
            if let name, modifier(named: name) == nil { fail("\(flag) \(name): \(unknownModifier(name))") }
        }
        if let brand = request.brand, brand == request.theme {
            fail("--brand and --theme both name modifier \"\(brand)\"; its contexts are either clients or appearances")
        }
        for name in request.contexts.keys.sorted() {
            let context = request.contexts[name] ?? ""
            guard let modifier = modifier(named: name) else {
                fail("--context \(name)=\(context): \(unknownModifier(name))")
                continue
            }
            if !modifier.contexts.contains(context) {
                fail("--context \(name)=\(context): \(unknownContext(context, of: modifier))", at: modifier)
            }
            if name == request.brand {
                fail("--context \(name)=\(context) pins the modifier --brand names, whose contexts are the clients; drop --brand to import that one client", at: modifier)
            }
            if name == request.theme {
                fail("--context \(name)=\(context) pins the modifier --theme names, whose contexts are the appearances; drop --theme to import that one context", at: modifier)
            }
        }
    }

    private func unknownModifier(_ name: String) -> String {
        guard !modifiers.isEmpty else { return "the input has no modifiers (only a resolver document has them)" }
        let hint = NearestName.closest(to: name, in: modifiers.map(\.name)).map { " (did you mean \"\($0)\"?)" } ?? ""
        return "no modifier is named \"\(name)\"\(hint); the modifiers are \(Self.list(modifiers.map(\.name)))"
    }

    private func unknownContext(_ context: String, of modifier: DTCGModifier) -> String {
        let hint = NearestName.closest(to: context, in: modifier.contexts).map { " (did you mean \"\($0)\"?)" } ?? ""
        return "modifier \"\(modifier.name)\" has no context \"\(context)\"\(hint); its contexts are \(Self.list(modifier.contexts))"
    }

    // MARK: Brand and theme

    private var themeAbsence: String {
        modifiers.isEmpty ? "the input has no modifiers" : "no modifier's contexts are light and dark"
    }

    private mutating func chooseTheme() -> DTCGModifier? {
        if let name = request.theme { return modifier(named: name) }
        let candidates = modifiers.filter { modifier in
            let recognised = modifier.contexts.map(ImportPlan.appearance(named:))
            return modifier.name != request.brand && request.contexts[modifier.name] == nil && !modifier.contexts.isEmpty
                && recognised.allSatisfy { $0 != nil } && recognised.contains(.light) && recognised.contains(.dark)
        }
        guard let theme = candidates.first else { return nil }
        let others = candidates.dropFirst().map(\.name)
        let alternatives = others.isEmpty ? "" : " (\(Self.list(others)) would also fit)"
        guesses.append("took modifier \"\(theme.name)\" as the theme (contexts \(Self.list(theme.contexts)))\(alternatives); choose another with --theme")
        return theme
    }

    private mutating func chooseBrand(besides theme: String?) -> DTCGModifier? {
        if let name = request.brand { return modifier(named: name) }
        let candidate = modifiers.first { modifier in
            Self.brandNames.contains(modifier.name.lowercased()) && modifier.name != theme && request.contexts[modifier.name] == nil
        }
        guard let brand = candidate, let first = brand.contexts.first else { return nil }
        guesses.append(
            "took modifier \"\(brand.name)\" as the brand (contexts \(Self.list(brand.contexts)): one target each); "
                + "choose another with --brand, or import one client with --context \(brand.name)=\(first)"
        )
        return brand
    }

    /// Appearance → context of the theme modifier.
    private mutating func appearances(of theme: DTCGModifier) -> [Appearance: String?] {
        var result: [Appearance: String?] = [:]
        for (appearance, context) in request.themeMap.sorted(by: { $0.key < $1.key }) {
            if theme.contexts.contains(context) {
                result[appearance] = context
            } else {
                fail("--map \(appearance.rawValue)=\(context): \(unknownContext(context, of: theme))", at: theme)
            }
        }
        let mapped = Set(request.themeMap.values)
        var unnamed: [String] = []
        var recognised: [Appearance: [String]] = [:]
        for context in theme.contexts where !mapped.contains(context) {
            guard let appearance = ImportPlan.appearance(named: context) else {
                unnamed.append(context)
                continue
            }
            if request.themeMap[appearance] != nil {
                guesses.append("theme context \"\(context)\" is not imported: --map \(appearance.rawValue)=\(request.themeMap[appearance] ?? "") takes its place")
            } else {
                recognised[appearance, default: []].append(context)
            }
        }
        for appearance in Appearance.allCases {
            guard let contexts = recognised[appearance] else { continue }
            if contexts.count > 1 {
                fail("theme modifier \"\(theme.name)\": contexts \(Self.list(contexts)) all name \(appearance.rawValue); choose one with --map \(appearance.rawValue)=\(contexts[0])", at: theme)
            }
            result[appearance] = contexts[0]
        }
        if !unnamed.isEmpty {
            fail(
                "theme modifier \"\(theme.name)\": no appearance for context\(unnamed.count == 1 ? "" : "s") \(Self.list(unnamed)) "
                    + "(its contexts are \(Self.list(theme.contexts))); name each with --map APPEARANCE=CONTEXT, "
                    + "e.g. --map highContrastDark=\(unnamed[0]) (appearances: light, dark, highContrastLight, highContrastDark)",
                at: theme
            )
        } else if result[.light] == nil {
            fail("theme modifier \"\(theme.name)\" has no light context (its contexts are \(Self.list(theme.contexts))); name it with --map light=CONTEXT", at: theme)
        }
        return result
    }

    // MARK: Every other modifier

    /// `--context`, else the default, else the only context; an error when there is a choice and nothing makes it.
    private mutating func pin(_ modifier: DTCGModifier) -> String? {
        if let context = request.contexts[modifier.name] { return context }
        if let context = modifier.defaultContext {
            guard modifier.contexts.contains(context) else {
                fail("modifier \"\(modifier.name)\": its default \"\(context)\" is not one of its contexts (\(Self.list(modifier.contexts)))", at: modifier)
                return nil
            }
            return context
        }
        switch modifier.contexts.count {
        case 0:
            fail("modifier \"\(modifier.name)\" has no contexts", at: modifier)
            return nil
        case 1:
            return modifier.contexts[0]
        default:
            fail(
                "modifier \"\(modifier.name)\" has no default and contexts \(Self.list(modifier.contexts)); "
                    + "choose one with --context \(modifier.name)=\(modifier.contexts[0])"
                    + (request.brand == nil ? ", or pass --brand \(modifier.name) if each context is a client" : ""),
                at: modifier
            )
            return nil
        }
    }

    // MARK: Messages

    private mutating func fail(_ message: String, at modifier: DTCGModifier? = nil) {
        if let modifier {
            errors.append(Diagnostic(.error, rule: "dtcg-modifier", message, at: modifier.location))
        } else {
            errors.append(Diagnostic(.error, rule: "dtcg-modifier", message))
        }
    }

    /// `"a", "b", "c"`.
    static func list(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
