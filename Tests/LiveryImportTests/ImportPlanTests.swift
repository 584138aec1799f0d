import LiveryJSON
import LiveryStyle
import Testing
@testable import LiveryImport

/// Which modifier is the brand, which the theme, and what every other one is pinned to.
@Suite struct ImportPlanTests {
    static func modifier(_ name: String, _ contexts: [String], default context: String? = nil, line: Int = 1) -> DTCGModifier {
        DTCGModifier(name: name, contexts: contexts, defaultContext: context, location: JSONLocation(file: "tokens.resolver.json", line: line, column: 5))
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
        #expect(plan.appearances == [.light: "light", .dark: "dark", .highContrastLight: "light-high-contrast", .highContrastDark: "dark-high-contrast"])
        #expect(plan.pinned == ["breakpoint": "breakpoints"])
        #expect(plan.guesses.isEmpty)
    }

    @Test func theSelectionNamesEveryModifier() throws {
        let plan = try ImportPlan.make(modifiers: Self.multiBrand, request: ImportPlanRequest(brand: "brand", theme: "theme", contexts: ["breakpoint": "breakpoints2"]))
        #expect(plan.selection(brand: "brand2", appearance: .highContrastDark) == ["brand": "brand2", "theme": "dark-high-contrast", "breakpoint": "breakpoints2"])
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

    @Test func aThemeContextWithNoAppearanceIsAnErrorShowingMap() {
        let errors = Self.failure([Self.modifier("mode", ["light", "dark", "dim"], line: 7)], ImportPlanRequest(theme: "mode"))
        #expect(errors.count == 1)
        #expect(errors.first?.rule == "dtcg-modifier")
        #expect(errors.first?.message == "theme modifier \"mode\": no appearance for context \"dim\" (its contexts are \"light\", \"dark\", \"dim\"); "
            + "name each with --map APPEARANCE=CONTEXT, e.g. --map highContrastDark=dim (appearances: light, dark, highContrastLight, highContrastDark)")
        #expect(errors.first?.file == "tokens.resolver.json" && errors.first?.line == 7)
    }

    @Test func aMapToAnUnknownContextIsAnError() {
        let errors = Self.failure([Self.modifier("mode", ["light", "dark"])], ImportPlanRequest(theme: "mode", themeMap: [.dark: "drak"]))
        #expect(errors.map(\.message) == ["--map dark=drak: modifier \"mode\" has no context \"drak\" (did you mean \"dark\"?); its contexts are \"light\", \"dark\""])
    }

    @Test func aThemeWithoutLightIsAnError() {
        let errors = Self.failure([Self.modifier("mode", ["dark", "dark-hc"])], ImportPlanRequest(theme: "mode"))
        #expect(errors.map(\.message) == ["theme modifier \"mode\" has no light context (its contexts are \"dark\", \"dark-hc\"); name it with --map light=CONTEXT"])
    }

    @Test func twoContextsNamingOneAppearanceAreAnError() {
        let errors = Self.failure([Self.modifier("mode", ["light", "dark", "dark-hc", "dark-high-contrast"])], ImportPlanRequest(theme: "mode"))
        #expect(errors.map(\.message) == ["theme modifier \"mode\": contexts \"dark-hc\", \"dark-high-contrast\" all name highContrastDark; choose one with --map highContrastDark=dark-hc"])
        let plan = try? ImportPlan.make(
            modifiers: [Self.modifier("mode", ["light", "dark", "dark-hc", "dark-high-contrast"])],
            request: ImportPlanRequest(theme: "mode", themeMap: [.highContrastDark: "dark-hc"])
        )
        #expect(plan?.appearances[.highContrastDark] == "dark-hc")
    }

    @Test func aMapWithoutAThemeIsAnError() {
        let errors = Self.failure([Self.modifier("size", ["s", "m"], default: "s")], ImportPlanRequest(themeMap: [.light: "s"]))
        #expect(errors.map(\.message) == ["--map names the contexts of a theme modifier, but no modifier's contexts are light and dark; name it with --theme"])
    }

    // MARK: Guesses

    @Test func aModifierOfAppearanceNamesIsTakenAsTheThemeWithANote() throws {
        let plan = try ImportPlan.make(modifiers: [Self.modifier("mode", ["light", "dark"], default: "light")], request: ImportPlanRequest())
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
        #expect(plan.guesses == ["took modifier \"mode\" as the theme (contexts \"light\", \"dark\") (\"scheme\" would also fit); choose another with --theme"])
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
        #expect(plan.guesses == [
            "took modifier \"\(name)\" as the brand (contexts \"acme\", \"globex\": one target each); choose another with --brand, or import one client with --context \(name)=acme",
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
        let plan = try ImportPlan.make(modifiers: [Self.modifier("density", ["compact", "regular"], default: "regular")], request: ImportPlanRequest())
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
        let plan = try ImportPlan.make(modifiers: Self.multiBrand, request: ImportPlanRequest(contexts: ["brand": "brand2", "theme": "dark"]))
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
        #expect(errors.map(\.message) == [
            "modifier \"size\" has no default and contexts \"mobile\", \"desktop\"; choose one with --context size=mobile, or pass --brand size if each context is a client",
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
        #expect(errors.map(\.message) == ["--brand brnd: no modifier is named \"brnd\" (did you mean \"brand\"?); the modifiers are \"brand\", \"breakpoint\", \"theme\""])
        #expect(errors.first?.file == nil)
        let context = Self.failure(Self.multiBrand, ImportPlanRequest(brand: "brand", theme: "theme", contexts: ["density": "compact"]))
        #expect(context.map(\.message) == ["--context density=compact: no modifier is named \"density\"; the modifiers are \"brand\", \"breakpoint\", \"theme\""])
        // Only the unknown name: not also that --map has no theme to map.
        let theme = Self.failure(Self.multiBrand, ImportPlanRequest(brand: "brand", theme: "mode", themeMap: [.dark: "dark"]))
        #expect(theme.count == 1)
        #expect(theme.first?.message.hasPrefix("--theme mode: no modifier is named \"mode\"") == true)
    }

    @Test func anUnknownContextListsTheContexts() {
        let errors = Self.failure(Self.multiBrand, ImportPlanRequest(contexts: ["breakpoint": "brekpoints2"]))
        #expect(errors.map(\.message) == [
            "--context breakpoint=brekpoints2: modifier \"breakpoint\" has no context \"brekpoints2\" (did you mean \"breakpoints2\"?); its contexts are \"breakpoints\", \"breakpoints2\"",
        ])
        #expect(errors.first?.line == 21)
    }

    @Test func flagsOnAnInputWithoutModifiersSaySo() {
        let errors = Self.failure([], ImportPlanRequest(brand: "brand"))
        #expect(errors.map(\.message) == ["--brand brand: the input has no modifiers (only a resolver document has them)"])
    }

    @Test func theBrandCannotBeTheTheme() {
        let errors = Self.failure(Self.multiBrand, ImportPlanRequest(brand: "theme", theme: "theme"))
        #expect(errors.contains { $0.message == "--brand and --theme both name modifier \"theme\"; its contexts are either clients or appearances" })
    }

    @Test func theBrandModifierCannotBePinned() {
        let errors = Self.failure(Self.multiBrand, ImportPlanRequest(brand: "brand", contexts: ["brand": "brand1"]))
        #expect(errors.map(\.message) == ["--context brand=brand1 pins the modifier --brand names, whose contexts are the clients; drop --brand to import that one client"])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let errors = Self.failure(
            Self.multiBrand + [Self.modifier("size", ["s", "m"])],
            ImportPlanRequest(brand: "brnd", contexts: ["breakpoint": "xl"])
        )
        #expect(errors.count == 3)
        #expect(errors.allSatisfy { $0.rule == "dtcg-modifier" && $0.severity == .error })
    }
}
