import LiveryJSON
import LiveryTargets

/// Works out an `ImportPlan` from the resolver's modifiers and the command line,
/// collecting every problem (rule `dtcg-modifier`) and every guess on the way.
///
/// - `--brand` and `--theme` name modifiers; without them a modifier named brand,
///   brands, client, clients or tenant is taken as the brand, and one whose contexts
///   are all appearance names (with at least light and dark) as the theme, each with a note.
/// - Theme contexts become appearances by name (`ImportPlan.appearance(named:)`);
///   `--map` overrides, `--skip-context` leaves a context out, `--context-as-theme` makes
///   it a target of its own, and a context none of these places is an error that names
///   each flag with the contexts left.
/// - Every other modifier takes `--context`, else its default, else its only context.
/// - A modifier pinned with `--context` is never guessed to be the brand or the theme.
struct ImportPlanner {
    let modifiers: [DTCGModifier]
    let request: ImportPlanRequest
    private(set) var errors: [Diagnostic] = []
    private var guesses: [String] = []
    /// Whether a theme was named or guessed: only without one does a lookalike get a note.
    private var hasTheme = false

    static let brandNames: Set<String> = ["brand", "brands", "client", "clients", "tenant"]
    /// Names a theme modifier often has; one of these that is not taken as the theme gets a hint.
    static let themeNames: Set<String> = [
        "theme", "themes", "mode", "modes", "appearance", "appearances", "scheme", "colorscheme", "color-scheme",
    ]

    init(modifiers: [DTCGModifier], request: ImportPlanRequest) {
        self.modifiers = modifiers
        self.request = request
    }

    mutating func plan() -> ImportPlan {
        checkFlags()
        let theme = chooseTheme()
        hasTheme = theme != nil
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
        var plan = ImportPlan(
            brandModifier: brand?.name, brands: brand?.contexts ?? [], themeModifier: theme?.name,
            appearances: appearances, pinned: pinned, guesses: guesses
        )
        plan.contextThemes = contextThemes(of: theme, appearances: appearances)
        return plan
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
        for (flag, pairs) in [("--skip-context", request.skipped), ("--context-as-theme", request.asThemes)] {
            for pair in pairs {
                guard let modifier = modifier(named: pair.modifier) else {
                    fail("\(flag) \(pair.text): \(unknownModifier(pair.modifier))")
                    continue
                }
                if !modifier.contexts.contains(pair.context) {
                    fail("\(flag) \(pair.text): \(unknownContext(pair.context, of: modifier))", at: modifier)
                }
                if let request = request.theme, request != pair.modifier {
                    fail(
                        "\(flag) \(pair.text) names a context of \"\(pair.modifier)\", but --theme names \"\(request)\": only the theme's contexts are skipped or imported as themes",
                        at: modifier)
                }
            }
        }
        for pair in Set(request.skipped).intersection(request.asThemes).sorted(by: { $0.text < $1.text }) {
            fail("--skip-context and --context-as-theme both name \(pair.text): a context is either left out or imported as a theme")
        }
        for pair in request.skipped + request.asThemes {
            if let appearance = request.themeMap.first(where: { $0.value == pair.context })?.key {
                fail(
                    "--map \(appearance.rawValue)=\(pair.context) makes \"\(pair.context)\" an appearance, so it cannot also be skipped or imported as a theme"
                )
            }
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
                fail(
                    "--context \(name)=\(context) pins the modifier --brand names, whose contexts are the clients; drop --brand to import that one client",
                    at: modifier)
            }
            if name == request.theme {
                fail(
                    "--context \(name)=\(context) pins the modifier --theme names, whose contexts are the appearances; drop --theme to import that one context",
                    at: modifier)
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

    /// The theme contexts the flags place elsewhere: left out, or imported as themes.
    private func placedElsewhere(_ modifier: String) -> Set<String> {
        Set((request.skipped + request.asThemes).filter { $0.modifier == modifier }.map(\.context))
    }

    /// `--theme`; else the modifier `--skip-context` or `--context-as-theme` names; else the
    /// first whose contexts name light and dark (the others are then placed, or an error).
    private mutating func chooseTheme() -> DTCGModifier? {
        if let name = request.theme { return modifier(named: name) }
        if let named = (request.skipped + request.asThemes).first?.modifier, let modifier = modifier(named: named) {
            return modifier
        }
        let candidates = modifiers.filter { modifier in
            let recognised = modifier.contexts.map(ImportPlan.appearance(named:))
            return modifier.name != request.brand && request.contexts[modifier.name] == nil && !modifier.contexts.isEmpty
                && recognised.contains(.light) && recognised.contains(.dark)
        }
        guard let theme = candidates.first else { return nil }
        let others = candidates.dropFirst().map(\.name)
        let alternatives = others.isEmpty ? "" : " (\(Self.list(others)) would also fit)"
        guesses.append(
            "took modifier \"\(theme.name)\" as the theme (contexts \(Self.list(theme.contexts)))\(alternatives); choose another with --theme"
        )
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
        let mapped = Set(request.themeMap.values).union(placedElsewhere(theme.name))
        var unnamed: [String] = []
        var recognised: [Appearance: [String]] = [:]
        for context in theme.contexts where !mapped.contains(context) {
            guard let appearance = ImportPlan.appearance(named: context) else {
                unnamed.append(context)
                continue
            }
            if request.themeMap[appearance] != nil {
                guesses.append(
                    "theme context \"\(context)\" is not imported: --map \(appearance.rawValue)=\(request.themeMap[appearance] ?? "") takes its place"
                )
            } else {
                recognised[appearance, default: []].append(context)
            }
        }
        for appearance in Appearance.allCases {
            guard let contexts = recognised[appearance] else { continue }
            if contexts.count > 1 {
                fail(
                    "theme modifier \"\(theme.name)\": contexts \(Self.list(contexts)) all name \(appearance.rawValue); choose one with --map \(appearance.rawValue)=\(contexts[0])",
                    at: theme)
            }
            result[appearance] = contexts[0]
        }
        if !unnamed.isEmpty {
            // --map only where the theme lacks light or dark: then a context may be that appearance under another name.
            let free = [Appearance.light, .dark].filter { result[$0] == nil }
            let mapHint =
                free.isEmpty
                ? "" : ", or name the \(free[0].rawValue) appearance with --map \(free[0].rawValue)=\(unnamed[0]) if that is what it is"
            let skip = unnamed.map { "--skip-context \(theme.name)=\($0)" }.joined(separator: " ")
            fail(
                "theme modifier \"\(theme.name)\": no place for context\(unnamed.count == 1 ? "" : "s") \(Self.list(unnamed)) "
                    + "(livery's appearances are light, dark, highContrastLight and highContrastDark). "
                    + "Leave \(unnamed.count == 1 ? "it" : "them") out with \(skip), "
                    + "or import one as a theme of its own, a target extending the client, with --context-as-theme \(theme.name)=\(unnamed[0])"
                    + mapHint,
                at: theme
            )
        } else if result[.light] == nil {
            fail(
                "theme modifier \"\(theme.name)\" has no light context (its contexts are \(Self.list(theme.contexts))); name it with --map light=CONTEXT",
                at: theme)
        }
        return result
    }

    // MARK: Every other modifier

    /// `--context`, else the default, else the only context; an error when there is a choice and nothing makes it.
    private mutating func pin(_ modifier: DTCGModifier) -> String? {
        if let context = request.contexts[modifier.name] { return context }
        if let context = modifier.defaultContext {
            guard modifier.contexts.contains(context) else {
                fail(
                    "modifier \"\(modifier.name)\": its default \"\(context)\" is not one of its contexts (\(Self.list(modifier.contexts)))",
                    at: modifier)
                return nil
            }
            noteThemeLookalike(modifier, pinnedTo: context)
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
                    + (looksLikeTheme(modifier) && !hasTheme
                        ? ", or pass --theme \(modifier.name) if its contexts are light and dark appearances" : "")
                    + (request.brand == nil ? ", or pass --brand \(modifier.name) if each context is a client" : ""),
                at: modifier
            )
            return nil
        }
    }

    /// A theme by its name or by a context named like an appearance.
    private func looksLikeTheme(_ modifier: DTCGModifier) -> Bool {
        Self.themeNames.contains(modifier.name.lowercased()) || modifier.contexts.contains { ImportPlan.appearance(named: $0) != nil }
    }

    /// A modifier that looks like a theme but was pinned to its default: a note, as any guess.
    private mutating func noteThemeLookalike(_ modifier: DTCGModifier, pinnedTo context: String) {
        guard !hasTheme, request.contexts[modifier.name] == nil, looksLikeTheme(modifier) else { return }
        guesses.append(
            "modifier \"\(modifier.name)\" looks like a theme but is imported at its default \"\(context)\" only; "
                + "import its contexts as appearances with --theme \(modifier.name) --map light=CONTEXT --map dark=CONTEXT"
        )
    }

    /// `--context-as-theme`, each with the appearance it stands in for: the one its name
    /// leans to, else (the plan has no such appearance) the one livery falls back to.
    private func contextThemes(of theme: DTCGModifier?, appearances: [Appearance: String?]) -> [ContextTheme] {
        guard let theme else { return [] }
        return request.asThemes.filter { $0.modifier == theme.name }.map { pair in
            var appearance = ContextTheme.appearance(leaningFrom: pair.context)
            while appearances[appearance] == nil, appearance != .light {
                appearance =
                    switch appearance {
                    case .highContrastLight: .light
                    case .highContrastDark: .dark
                    default: .light
                    }
            }
            return ContextTheme(context: pair.context, appearance: appearance)
        }
    }

    // MARK: Messages

    private mutating func fail(_ message: String, at modifier: DTCGModifier? = nil) {
        if let modifier {
            errors.append(Diagnostic(.error, rule: .dtcgModifier, message, at: modifier.location))
        } else {
            errors.append(Diagnostic(.error, rule: .dtcgModifier, message))
        }
    }

    /// `"a", "b", "c"`.
    static func list(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
