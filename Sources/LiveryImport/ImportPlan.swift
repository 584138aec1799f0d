import LiveryJSON
import LiveryTargets

/// What the command line says about modifiers: `--brand`, `--theme`, `--map`, `--context`,
/// `--skip-context`, `--context-as-theme`.
public struct ImportPlanRequest: Sendable {
    public var brand: String?
    public var theme: String?
    /// `--map APPEARANCE=CONTEXT`: appearance → context of the theme modifier.
    public var themeMap: [Appearance: String]
    /// `--context MODIFIER=CONTEXT`.
    public var contexts: [String: String]
    /// `--skip-context MODIFIER=CONTEXT`: theme contexts left out of the import.
    public var skipped: [ModifierContext]
    /// `--context-as-theme MODIFIER=CONTEXT`: theme contexts imported as targets of their own.
    public var asThemes: [ModifierContext]

    public init(
        brand: String? = nil, theme: String? = nil, themeMap: [Appearance: String] = [:], contexts: [String: String] = [:],
        skipped: [ModifierContext] = [], asThemes: [ModifierContext] = []
    ) {
        self.brand = brand
        self.theme = theme
        self.themeMap = themeMap
        self.contexts = contexts
        self.skipped = skipped
        self.asThemes = asThemes
    }
}

/// `MODIFIER=CONTEXT` as a flag names it.
public struct ModifierContext: Sendable, Hashable {
    public var modifier: String
    public var context: String

    public init(_ modifier: String, _ context: String) {
        self.modifier = modifier
        self.context = context
    }

    public var text: String { modifier + "=" + context }
}

/// A theme context imported as a target of its own: the client with `appearance`
/// taken from `context` instead (`light-colorblind` stands in for light).
public struct ContextTheme: Sendable, Equatable {
    public var context: String
    public var appearance: Appearance

    public init(context: String, appearance: Appearance) {
        self.context = context
        self.appearance = appearance
    }

    /// The appearance a context's name leans to: dark when it says dark, high contrast
    /// when it says so, else light (`dark-dimmed` → dark, `light-colorblind` → light).
    public static func appearance(leaningFrom context: String) -> Appearance {
        let folded = String(context.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
        let dark = folded.contains("dark") || folded.contains("night")
        let high = folded.contains("highcontrast")
        switch (dark, high) {
        case (false, false): return .light
        case (true, false): return .dark
        case (false, true): return .highContrastLight
        case (true, true): return .highContrastDark
        }
    }
}

/// Which modifier's contexts are clients, which are appearances, and the context
/// every other modifier is pinned to; with a note for each guess, saying how to choose another.
public struct ImportPlan: Sendable {
    public var brandModifier: String?
    /// The brand contexts, in the resolver's order (one target each); empty without a brand modifier.
    public var brands: [String]
    public var themeModifier: String?
    /// Appearance → theme context; only `.light` (no context) without a theme modifier.
    public var appearances: [Appearance: String?]
    /// Every other modifier → the context it is pinned to.
    public var pinned: [String: String]
    /// Theme contexts imported as targets of their own (`--context-as-theme`), in the flags' order.
    public var contextThemes: [ContextTheme] = []
    /// Guesses made, each saying how to choose otherwise (shown as notes).
    public var guesses: [String]

    /// Decides, or fails naming what is unknown (a modifier, a context, an appearance).
    /// Every problem is reported at once; the rules are those of docs/import.md.
    public static func make(modifiers: [DTCGModifier], request: ImportPlanRequest) throws(DTCGImportFailure) -> ImportPlan {
        var planner = ImportPlanner(modifiers: modifiers, request: request)
        let plan = planner.plan()
        if !planner.errors.isEmpty { throw DTCGImportFailure(planner.errors) }
        return plan
    }

    /// The selection to resolve for one brand (nil without a brand modifier) and appearance:
    /// every modifier → its context. An appearance the plan lacks takes the one livery
    /// falls back to (high contrast → light or dark, dark → light).
    /// With `theme`, its context takes the place of the appearance it stands in for.
    public func selection(brand: String?, appearance: Appearance, theme: ContextTheme? = nil) -> [String: String] {
        var selection = pinned
        if let brandModifier, let brand { selection[brandModifier] = brand }
        if let themeModifier, let theme, theme.appearance == appearance {
            selection[themeModifier] = theme.context
        } else if let themeModifier, let context = themeContext(for: appearance) {
            selection[themeModifier] = context
        }
        return selection
    }

    private func themeContext(for appearance: Appearance) -> String? {
        if let context = appearances[appearance] ?? nil { return context }
        switch appearance {
        case .light: return nil
        case .dark: return themeContext(for: .light)
        case .highContrastLight: return themeContext(for: .light)
        case .highContrastDark: return themeContext(for: .dark)
        }
    }

    /// The appearance a theme context's name stands for, recognised without `--map`:
    /// `light`, `dark`, `light-high-contrast`, `high-contrast-light`, `light-hc`, `hc-light`,
    /// `highContrastLight` and the same for dark, in any case and with `-`, `_`, spaces or none.
    public static func appearance(named context: String) -> Appearance? {
        let folded = String(context.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
        switch folded {
        case "light": return .light
        case "dark": return .dark
        case "lighthighcontrast", "highcontrastlight", "lighthc", "hclight": return .highContrastLight
        case "darkhighcontrast", "highcontrastdark", "darkhc", "hcdark": return .highContrastDark
        default: return nil
        }
    }
}
