import LiveryJSON
import LiveryTargets
import Testing

@testable import LiveryImport

/// Which modifier is the brand, which the theme, and what every other one is pinned to.
@Suite struct ImportPlanTests {
    static func modifier(_ name: String, _ contexts: [String], default context: String? = nil, line: Int = 1) -> DTCGModifier {
        DTCGModifier(
            name: name, contexts: contexts, defaultContext: context,
            location: JSONLocation(file: "tokens.resolver.json", line: line, column: 5))
    }

    static let appearances = ["light", "dark", "light-high-contrast", "dark-high-contrast"]

    /// The modifiers of the multi-brand example, plus a theme.
    static let multiBrand = [
        modifier("brand", ["brand1", "brand2"], default: "brand1", line: 13),
        modifier("breakpoint", ["breakpoints", "breakpoints2"], default: "breakpoints", line: 21),
        modifier("theme", appearances, default: "light", line: 29),
    ]

    static func failure(_ modifiers: [DTCGModifier], _ request: ImportPlanRequest) -> [Diagnostic] {
        do {
            _ = try ImportPlan.make(modifiers: modifiers, request: request)
            return []
        } catch {
            return error.diagnostics
        }
    }

    // MARK: Brand and theme named on the command line

    @Test func brandAndThemeFromTheFlags() throws {
        let plan = try ImportPlan.make(modifiers: Self.multiBrand, request: ImportPlanRequest(brand: "brand", theme: "theme"))
        #expect(plan.brandModifier == "brand")
        #expect(plan.brands == ["brand1", "brand2"])
        #expect(plan.themeModifier == "theme")
        #expect(
            plan.appearances == [
                .light: "light", .dark: "dark", .highContrastLight: "light-high-contrast", .highContrastDark: "dark-high-contrast",
            ])
        #expect(plan.pinned == ["breakpoint": "breakpoints"])
        #expect(plan.guesses.isEmpty)
    }

    @Test func theSelectionNamesEveryModifier() throws {
        let plan = try ImportPlan.make(
            modifiers: Self.multiBrand, request: ImportPlanRequest(brand: "brand", theme: "theme", contexts: ["breakpoint": "breakpoints2"])
        )
        #expect(
            plan.selection(brand: "brand2", appearance: .highContrastDark) == [
                "brand": "brand2", "theme": "dark-high-contrast", "breakpoint": "breakpoints2",
            ])
        #expect(plan.selection(brand: "brand1", appearance: .light) == ["brand": "brand1", "theme": "light", "breakpoint": "breakpoints2"])
    }

    @Test func anAppearanceThePlanLacksFallsBackAsLiveryDoes() throws {
        let plan = try ImportPlan.make(modifiers: [Self.modifier("mode", ["light", "dark"])], request: ImportPlanRequest(theme: "mode"))
        #expect(plan.selection(brand: nil, appearance: .highContrastDark) == ["mode": "dark"])
        #expect(plan.selection(brand: nil, appearance: .highContrastLight) == ["mode": "light"])
    }

    // MARK: Recognised appearance names

    @Test(arguments: [
        ("light", Appearance.light), ("Light", .light), ("DARK", .dark),
        ("light-high-contrast", .highContrastLight), ("dark-high-contrast", .highContrastDark),
        ("light_high_contrast", .highContrastLight), ("Dark High Contrast", .highContrastDark),
        ("light-hc", .highContrastLight), ("dark-hc", .highContrastDark), ("Light_HC", .highContrastLight),
        ("highContrastLight", .highContrastLight), ("highContrastDark", .highContrastDark),
        ("high-contrast-dark", .highContrastDark), ("hc-light", .highContrastLight),
    ])
    func commonContextNamesAreAppearances(_ name: String, _ appearance: Appearance) {
        #expect(ImportPlan.appearance(named: name) == appearance)
    }

    @Test(arguments: ["dim", "default", "lightish", "night", "hc", "contrast", ""])
    func otherNamesAreNot(_ name: String) {
        #expect(ImportPlan.appearance(named: name) == nil)
    }

    // MARK: --map

    @Test func mapNamesTheAppearanceOfUnrecognisedContexts() throws {
        let plan = try ImportPlan.make(
            modifiers: [Self.modifier("mode", ["day", "night"])],
            request: ImportPlanRequest(theme: "mode", themeMap: [.light: "day", .dark: "night"])
        )
        #expect(plan.appearances == [.light: "day", .dark: "night"])
        #expect(plan.guesses.isEmpty)
    }

    @Test func mapOverridesARecognisedNameAndTheDisplacedContextIsLeftOut() throws {
        let plan = try ImportPlan.make(
            modifiers: [Self.modifier("mode", ["light", "dark", "dim"])],
            request: ImportPlanRequest(theme: "mode", themeMap: [.dark: "dim"])
        )
        #expect(plan.appearances == [.light: "light", .dark: "dim"])
        #expect(plan.guesses == ["theme context \"dark\" is not imported: --map dark=dim takes its place"])
    }

    @Test func aThemeContextWithNoPlaceIsAnErrorShowingSkipAndTheme() {
        let errors = Self.failure([Self.modifier("mode", ["light", "dark", "dim"], line: 7)], ImportPlanRequest(theme: "mode"))
        #expect(errors.count == 1)
        #expect(errors.first?.rule.id == "dtcg-modifier")
        #expect(
            errors.first?.message
                == "theme modifier \"mode\": no place for context \"dim\" (livery's appearances are light, dark, highContrastLight and highContrastDark). "
                + "Leave it out with --skip-context mode=dim, or import one as a theme of its own, a target extending the client, with --context-as-theme mode=dim"
        )
        #expect(errors.first?.file == "tokens.resolver.json" && errors.first?.line == 7)
    }

    @Test func aThemeWithoutLightOrDarkNamesShowsMapToo() {
        let errors = Self.failure([Self.modifier("mode", ["day", "night"])], ImportPlanRequest(theme: "mode"))
        #expect(
            errors.map(\.message) == [
                "theme modifier \"mode\": no place for contexts \"day\", \"night\" (livery's appearances are light, dark, highContrastLight and highContrastDark). "
                    + "Leave them out with --skip-context mode=day --skip-context mode=night, or import one as a theme of its own, a target extending the client, with --context-as-theme mode=day, "
                    + "or name the light appearance with --map light=day if that is what it is"
            ])
    }

    static let seven = [
        modifier(
            "theme", ["light", "dark", "light-high-contrast", "dark-high-contrast", "light-colorblind", "dark-colorblind", "dark-dimmed"],
            default: "light")
    ]

    @Test func sevenContextsAreGuessedAsTheThemeAndEachExtraOneNeedsAPlace() throws {
        let errors = Self.failure(Self.seven, ImportPlanRequest())
        #expect(errors.count == 1)
        let message = errors.first?.message ?? ""
        #expect(message.contains("no place for contexts \"light-colorblind\", \"dark-colorblind\", \"dark-dimmed\""), "\(message)")
        #expect(!message.contains("--map"), "\(message)")

        let plan = try ImportPlan.make(
            modifiers: Self.seven,
            request: ImportPlanRequest(
                skipped: [ModifierContext("theme", "dark-colorblind"), ModifierContext("theme", "dark-dimmed")],
                asThemes: [ModifierContext("theme", "light-colorblind")]
            ))
        #expect(plan.themeModifier == "theme")
        #expect(
            plan.appearances == [
                .light: "light", .dark: "dark", .highContrastLight: "light-high-contrast", .highContrastDark: "dark-high-contrast",
            ])
        #expect(plan.contextThemes == [ContextTheme(context: "light-colorblind", appearance: .light)])
        #expect(plan.selection(brand: nil, appearance: .light, theme: plan.contextThemes[0]) == ["theme": "light-colorblind"])
        #expect(plan.selection(brand: nil, appearance: .dark, theme: plan.contextThemes[0]) == ["theme": "dark"])
    }

    @Test(arguments: [
        ("light-colorblind", Appearance.light), ("dark-dimmed", .dark), ("sepia", .light), ("Night Owl", .dark),
        ("dark-high-contrast-colorblind", .highContrastDark), ("high_contrast_light_tritanopia", .highContrastLight),
    ])
    func aContextThemeStandsInForTheAppearanceItsNameLeansTo(_ context: String, _ appearance: Appearance) {
        #expect(ContextTheme.appearance(leaningFrom: context) == appearance)
    }

    @Test func aContextThemeLeaningToAnAppearanceTheThemeLacksTakesItsFallback() throws {
        let plan = try ImportPlan.make(
            modifiers: [Self.modifier("mode", ["light", "dark", "dark-hc-warm"])],
            request: ImportPlanRequest(asThemes: [ModifierContext("mode", "dark-hc-warm")])
        )
        // `dark-hc-warm` says neither "high contrast" in full nor is the theme's; it leans to dark.
        #expect(plan.contextThemes == [ContextTheme(context: "dark-hc-warm", appearance: .dark)])
        let highContrast = try ImportPlan.make(
            modifiers: [Self.modifier("mode", ["light", "dark", "dark-high-contrast-warm"])],
            request: ImportPlanRequest(asThemes: [ModifierContext("mode", "dark-high-contrast-warm")])
        )
        #expect(highContrast.contextThemes == [ContextTheme(context: "dark-high-contrast-warm", appearance: .dark)])
    }

    @Test func skipAndThemeFlagsAreChecked() {
        let unknown = Self.failure(
            Self.seven, ImportPlanRequest(skipped: [ModifierContext("theme", "dark-dimed")], asThemes: [ModifierContext("mood", "x")]))
        #expect(
            unknown.contains {
                $0.message.hasPrefix(
                    "--skip-context theme=dark-dimed: modifier \"theme\" has no context \"dark-dimed\" (did you mean \"dark-dimmed\"?)")
            }, "\(unknown.map(\.message))")
        #expect(
            unknown.contains { $0.message.hasPrefix("--context-as-theme mood=x: no modifier is named \"mood\"") },
            "\(unknown.map(\.message))")
        let both = Self.failure(
            Self.seven,
            ImportPlanRequest(
                skipped: ["light-colorblind", "dark-colorblind", "dark-dimmed"].map { ModifierContext("theme", $0) },
                asThemes: [ModifierContext("theme", "dark-dimmed")]
            ))
        #expect(
            both.map(\.message) == [
                "--skip-context and --context-as-theme both name theme=dark-dimmed: a context is either left out or imported as a theme"
            ])
        let notTheTheme = Self.failure(
            Self.seven + [Self.modifier("size", ["s", "m"], default: "s")],
            ImportPlanRequest(
                theme: "theme",
                skipped: ["light-colorblind", "dark-colorblind", "dark-dimmed"].map { ModifierContext("theme", $0) } + [
                    ModifierContext("size", "m")
                ]
            ))
        #expect(
            notTheTheme.map(\.message) == [
                "--skip-context size=m names a context of \"size\", but --theme names \"theme\": only the theme's contexts are skipped or imported as themes"
            ])
    }

    @Test func aPinnedModifierThatLooksLikeAThemeGetsANoteShowingTheme() throws {
        let plan = try ImportPlan.make(modifiers: [Self.modifier("mode", ["day", "night"], default: "day")], request: ImportPlanRequest())
        #expect(plan.themeModifier == nil)
        #expect(
            plan.guesses == [
                "modifier \"mode\" looks like a theme but is imported at its default \"day\" only; import its contexts as appearances with --theme mode --map light=CONTEXT --map dark=CONTEXT"
            ])
        let noDefault = Self.failure([Self.modifier("appearance", ["day", "night"])], ImportPlanRequest())
        #expect(
            noDefault.first?.message.contains("or pass --theme appearance if its contexts are light and dark appearances") == true,
            "\(noDefault.map(\.message))")
    }

    @Test func aMapToAnUnknownContextIsAnError() {
        let errors = Self.failure([Self.modifier("mode", ["light", "dark"])], ImportPlanRequest(theme: "mode", themeMap: [.dark: "drak"]))
        #expect(
            errors.map(\.message) == [
                "--map dark=drak: modifier \"mode\" has no context \"drak\" (did you mean \"dark\"?); its contexts are \"light\", \"dark\""
            ])
    }

    @Test func aThemeWithoutLightIsAnError() {
        let errors = Self.failure([Self.modifier("mode", ["dark", "dark-hc"])], ImportPlanRequest(theme: "mode"))
        #expect(
            errors.map(\.message) == [
                "theme modifier \"mode\" has no light context (its contexts are \"dark\", \"dark-hc\"); name it with --map light=CONTEXT"
            ])
    }

    @Test func twoContextsNamingOneAppearanceAreAnError() {
        let errors = Self.failure(
            [Self.modifier("mode", ["light", "dark", "dark-hc", "dark-high-contrast"])], ImportPlanRequest(theme: "mode"))
        #expect(
            errors.map(\.message) == [
                "theme modifier \"mode\": contexts \"dark-hc\", \"dark-high-contrast\" all name highContrastDark; choose one with --map highContrastDark=dark-hc"
            ])
        let plan = try? ImportPlan.make(
            modifiers: [Self.modifier("mode", ["light", "dark", "dark-hc", "dark-high-contrast"])],
            request: ImportPlanRequest(theme: "mode", themeMap: [.highContrastDark: "dark-hc"])
        )
        #expect(plan?.appearances[.highContrastDark] == "dark-hc")
    }

    @Test func aMapWithoutAThemeIsAnError() {
        let errors = Self.failure([Self.modifier("size", ["s", "m"], default: "s")], ImportPlanRequest(themeMap: [.light: "s"]))
        #expect(
            errors.map(\.message) == [
                "--map names the contexts of a theme modifier, but no modifier's contexts are light and dark; name it with --theme"
            ])
    }

    // MARK: Guesses

    @Test func aModifierOfAppearanceNamesIsTakenAsTheThemeWithANote() throws {
        let plan = try ImportPlan.make(
            modifiers: [Self.modifier("mode", ["light", "dark"], default: "light")], request: ImportPlanRequest())
        #expect(plan.themeModifier == "mode")
        #expect(plan.appearances == [.light: "light", .dark: "dark"])
        #expect(plan.pinned.isEmpty)
        #expect(plan.guesses == ["took modifier \"mode\" as the theme (contexts \"light\", \"dark\"); choose another with --theme"])
    }

    @Test func ofTwoThemeCandidatesTheFirstIsTakenAndTheOtherNamed() throws {
        let plan = try ImportPlan.make(
            modifiers: [Self.modifier("mode", ["light", "dark"]), Self.modifier("scheme", ["Light", "Dark"], default: "Light")],
            request: ImportPlanRequest()
        )
        #expect(plan.themeModifier == "mode")
        #expect(plan.pinned == ["scheme": "Light"])
        #expect(
            plan.guesses == [
                "took modifier \"mode\" as the theme (contexts \"light\", \"dark\") (\"scheme\" would also fit); choose another with --theme"
            ])
    }

    @Test(arguments: [["light"], ["light", "sepia"], ["dark", "dim"]])
    func aModifierThatIsNotAllAppearancesIsNotGuessed(_ contexts: [String]) throws {
        let plan = try ImportPlan.make(modifiers: [Self.modifier("mode", contexts, default: contexts[0])], request: ImportPlanRequest())
        #expect(plan.themeModifier == nil)
        #expect(plan.appearances == [.light: nil])
        #expect(plan.pinned == ["mode": contexts[0]])
    }

    @Test(arguments: ["brand", "Brands", "client", "CLIENTS", "tenant"])
    func aModifierNamedLikeABrandIsTakenAsTheBrandWithANote(_ name: String) throws {
        let plan = try ImportPlan.make(modifiers: [Self.modifier(name, ["acme", "globex"], default: "acme")], request: ImportPlanRequest())
        #expect(plan.brandModifier == name)
        #expect(plan.brands == ["acme", "globex"])
        #expect(plan.pinned.isEmpty)
        #expect(
            plan.guesses == [
                "took modifier \"\(name)\" as the brand (contexts \"acme\", \"globex\": one target each); choose another with --brand, or import one client with --context \(name)=acme"
            ])
    }

    @Test func theMultiBrandExampleIsTwoBrandsWithItsBreakpointAtItsDefault() throws {
        let plan = try ImportPlan.make(modifiers: Array(Self.multiBrand.prefix(2)), request: ImportPlanRequest())
        #expect(plan.brandModifier == "brand")
        #expect(plan.brands == ["brand1", "brand2"])
        #expect(plan.themeModifier == nil)
        #expect(plan.appearances == [.light: nil])
        #expect(plan.pinned == ["breakpoint": "breakpoints"])
        #expect(plan.selection(brand: "brand2", appearance: .light) == ["brand": "brand2", "breakpoint": "breakpoints"])
    }

    @Test func withoutABrandModifierTheInputIsOneClient() throws {
        let plan = try ImportPlan.make(
            modifiers: [Self.modifier("density", ["compact", "regular"], default: "regular")], request: ImportPlanRequest())
        #expect(plan.brandModifier == nil)
        #expect(plan.brands.isEmpty)
        #expect(plan.pinned == ["density": "regular"])
        #expect(plan.selection(brand: nil, appearance: .light) == ["density": "regular"])
    }

    @Test func tokenFilesWithoutModifiersAreOneClientInOneAppearance() throws {
        let plan = try ImportPlan.make(modifiers: [], request: ImportPlanRequest())
        #expect(plan.brandModifier == nil && plan.themeModifier == nil)
        #expect(plan.appearances == [.light: nil])
        #expect(plan.pinned.isEmpty && plan.guesses.isEmpty)
        #expect(plan.selection(brand: nil, appearance: .light).isEmpty)
    }

    @Test func aModifierPinnedWithContextIsNeverGuessed() throws {
        let plan = try ImportPlan.make(
            modifiers: Self.multiBrand, request: ImportPlanRequest(contexts: ["brand": "brand2", "theme": "dark"]))
        #expect(plan.brandModifier == nil && plan.themeModifier == nil)
        #expect(plan.pinned == ["brand": "brand2", "breakpoint": "breakpoints", "theme": "dark"])
        #expect(plan.guesses.isEmpty)
    }

    // MARK: Other modifiers

    @Test func contextPinsAModifierOverItsDefault() throws {
        let plan = try ImportPlan.make(modifiers: Self.multiBrand, request: ImportPlanRequest(contexts: ["breakpoint": "breakpoints2"]))
        #expect(plan.pinned == ["breakpoint": "breakpoints2"])
    }

    @Test func aModifierWithOneContextNeedsNoDefault() throws {
        let plan = try ImportPlan.make(modifiers: [Self.modifier("platform", ["ios"])], request: ImportPlanRequest())
        #expect(plan.pinned == ["platform": "ios"])
    }

    @Test func aModifierWithoutDefaultAndSeveralContextsNeedsContext() {
        let errors = Self.failure([Self.modifier("size", ["mobile", "desktop"], line: 4)], ImportPlanRequest())
        #expect(
            errors.map(\.message) == [
                "modifier \"size\" has no default and contexts \"mobile\", \"desktop\"; choose one with --context size=mobile, or pass --brand size if each context is a client"
            ])
        #expect(errors.first?.line == 4)
    }

    @Test func aDefaultThatIsNoContextIsAnError() {
        let errors = Self.failure([Self.modifier("size", ["mobile", "desktop"], default: "tablet")], ImportPlanRequest())
        #expect(errors.map(\.message) == ["modifier \"size\": its default \"tablet\" is not one of its contexts (\"mobile\", \"desktop\")"])
    }

    // MARK: Names the flags get wrong

    @Test func anUnknownModifierInAFlagListsTheModifiers() {
        let errors = Self.failure(Self.multiBrand, ImportPlanRequest(brand: "brnd", theme: "theme"))
        #expect(
            errors.map(\.message) == [
                "--brand brnd: no modifier is named \"brnd\" (did you mean \"brand\"?); the modifiers are \"brand\", \"breakpoint\", \"theme\""
            ])
        #expect(errors.first?.file == nil)
        let context = Self.failure(Self.multiBrand, ImportPlanRequest(brand: "brand", theme: "theme", contexts: ["density": "compact"]))
        #expect(
            context.map(\.message) == [
                "--context density=compact: no modifier is named \"density\"; the modifiers are \"brand\", \"breakpoint\", \"theme\""
            ])
        // Only the unknown name: not also that --map has no theme to map.
        let theme = Self.failure(Self.multiBrand, ImportPlanRequest(brand: "brand", theme: "mode", themeMap: [.dark: "dark"]))
        #expect(theme.count == 1)
        #expect(theme.first?.message.hasPrefix("--theme mode: no modifier is named \"mode\"") == true)
    }

    @Test func anUnknownContextListsTheContexts() {
        let errors = Self.failure(Self.multiBrand, ImportPlanRequest(contexts: ["breakpoint": "brekpoints2"]))
        #expect(
            errors.map(\.message) == [
                "--context breakpoint=brekpoints2: modifier \"breakpoint\" has no context \"brekpoints2\" (did you mean \"breakpoints2\"?); its contexts are \"breakpoints\", \"breakpoints2\""
            ])
        #expect(errors.first?.line == 21)
    }

    @Test func flagsOnAnInputWithoutModifiersSaySo() {
        let errors = Self.failure([], ImportPlanRequest(brand: "brand"))
        #expect(errors.map(\.message) == ["--brand brand: the input has no modifiers (only a resolver document has them)"])
    }

    @Test func theBrandCannotBeTheTheme() {
        let errors = Self.failure(Self.multiBrand, ImportPlanRequest(brand: "theme", theme: "theme"))
        #expect(
            errors.contains {
                $0.message == "--brand and --theme both name modifier \"theme\"; its contexts are either clients or appearances"
            })
    }

    @Test func theBrandModifierCannotBePinned() {
        let errors = Self.failure(Self.multiBrand, ImportPlanRequest(brand: "brand", contexts: ["brand": "brand1"]))
        #expect(
            errors.map(\.message) == [
                "--context brand=brand1 pins the modifier --brand names, whose contexts are the clients; drop --brand to import that one client"
            ])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let errors = Self.failure(
            Self.multiBrand + [Self.modifier("size", ["s", "m"])],
            ImportPlanRequest(brand: "brnd", contexts: ["breakpoint": "xl"])
        )
        #expect(errors.count == 3)
        #expect(errors.allSatisfy { $0.rule.id == "dtcg-modifier" && $0.severity == .error })
    }
}
