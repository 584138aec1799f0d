import Foundation
import LiveryConcurrency
import LiveryCore
import LiveryImport
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// A theme modifier with more contexts than livery's four appearances: each context
/// is mapped, left out (`--skip-context`) or imported as a target of its own
/// (`--context-as-theme`), and every target resolves to exactly its context's colours.
@Suite("Import: theme contexts beyond the four appearances")
struct ImportContextThemeTests {
    static let files = DTCGSevenContextsExample.files

    struct Setup {
        let fixture: FixtureRepository
        let input: TemporaryDirectory
        func targetFile(_ id: String) -> String { fixture.path + "/targets/\(id)/style.json" }
    }

    func setup() throws -> Setup {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.commitAll("start")
        let input = try TemporaryDirectory(prefix: "livery-dtcg-seven")
        try DTCGSevenContextsExample.write(to: input.path + "/design")
        return Setup(fixture: fixture, input: input)
    }

    func request(_ setup: Setup, _ plan: ImportPlanRequest, dryRun: Bool = false) -> ImportRequest {
        ImportRequest(
            files: ["design/seven.resolver.json"], plan: plan, bundleIDPrefix: "com.example", dryRun: dryRun,
            currentDirectory: setup.input.path
        )
    }

    func run(_ setup: Setup, _ request: ImportRequest) async throws -> ImportResult {
        var request = request
        request.repositoryPath = setup.fixture.path
        return try await ImportService.run(request)
    }

    func resolved(_ setup: Setup) async throws -> [String: ResolvedStyle] {
        let workspace = try Workspace.open(RepositorySelection(path: setup.fixture.path))
        let styles = Locked<[String: ResolvedStyle]>([:])
        let report = try await ValidationService(workspace: workspace, schema: SchemaLoader.styleSchema(for: workspace))
            .validate(jobs: 1, onResolved: { style, _ in styles.withLock { $0[style.id] = style } })
        #expect(!report.diagnostics.hasErrors, "\(report.diagnostics.map(\.message))")
        return styles.withLock { $0 }
    }

    /// The input's colours for one brand and theme context, read straight from the files: `text` → `#1F2328`.
    func inputColors(_ setup: Setup, brand: String, context: String) throws -> [String: String] {
        let directory = try DTCGDirectory.locate(["design/seven.resolver.json"], currentDirectory: setup.input.path)
        let input = try DTCGInput.load(directory.1, provider: directory.0)
        let tokens = try input.resolve(["brand": brand, "theme": context]).value
        var colors: [String: String] = [:]
        for token in tokens.tokens where token.type == "color" {
            colors[token.path.last ?? ""] = token.value.value.stringValue?.uppercased()
        }
        return colors
    }

    static let sevenContexts = ImportPlanRequest(
        skipped: [ModifierContext("theme", "dark-colorblind"), ModifierContext("theme", "dark-dimmed")],
        asThemes: [ModifierContext("theme", "light-colorblind")]
    )

    @Test func sevenContextsFourMappedOneThemeTwoSkippedResolveToTheInputExactly() async throws {
        let setup = try setup()
        let result = try await run(setup, request(setup, Self.sevenContexts))
        #expect(result.inputErrors.isEmpty, "\(result.inputErrors.map(\.message))")
        #expect(result.written)
        #expect(result.targets.map(\.id) == ["seven", "acme", "acme-light-colorblind", "globex", "globex-light-colorblind"])
        #expect(result.targets.map(\.role) == [.parent, .client, .theme, .client, .theme])

        let styles = try await resolved(setup)
        let appearances: [(context: String, dark: Bool, highContrast: Bool)] = [
            ("light", false, false), ("dark", true, false), ("light-high-contrast", false, true), ("dark-high-contrast", true, true),
        ]
        for brand in ["acme", "globex"] {
            let client = try #require(styles[brand])
            let theme = try #require(styles[brand + "-light-colorblind"])
            #expect(theme.chain.first == brand || theme.chain.contains(brand))
            for (context, dark, highContrast) in appearances {
                let wanted = try inputColors(setup, brand: brand, context: context)
                #expect(wanted.count == 4)
                for (name, hex) in wanted {
                    #expect(client.colors[name]?.resolved(dark: dark, highContrast: highContrast).hex == hex, "\(brand) \(context) \(name)")
                }
                // The theme takes light from its own context; every other appearance is the client's.
                let themeWanted = context == "light" ? try inputColors(setup, brand: brand, context: "light-colorblind") : wanted
                for (name, hex) in themeWanted {
                    #expect(
                        theme.colors[name]?.resolved(dark: dark, highContrast: highContrast).hex == hex,
                        "\(brand)-light-colorblind \(context) \(name)")
                }
            }
        }
        // A theme target extends its client and writes only what its context changes: `border`
        // follows `text` as an alias, so it is not written again.
        let themeDocument = try JSONReader.parse(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: setup.targetFile("acme-light-colorblind")))), file: "t"
        ).value
        let object = try #require(themeDocument.objectValue)
        #expect(object["extends"]?.value.stringValue == "acme")
        #expect(object["app"] == nil)
        let colors = try #require(object["colors"]?.value.objectValue)
        #expect(Set(colors.keys) == ["accent", "text"])
        #expect(object["dimensions"] == nil)

        // Importing the same input again changes nothing, the context themes included.
        let again = try await run(setup, request(setup, Self.sevenContexts))
        #expect(again.written)
        #expect(again.files.isEmpty, "\(again.files.keys.sorted())")
        #expect(again.targets.map(\.isNew) == [false, false, false, false, false])
    }

    @Test func contextsWithoutAPlaceAreListedWithBothFlags() async throws {
        let setup = try setup()
        await #expect {
            _ = try await run(setup, request(setup, ImportPlanRequest()))
        } throws: { error in
            guard let failure = error as? ImportPlanFailure else { return false }
            let message = failure.message
            return message.contains("\"light-colorblind\", \"dark-colorblind\", \"dark-dimmed\"")
                && message.contains(
                    "--skip-context theme=light-colorblind --skip-context theme=dark-colorblind --skip-context theme=dark-dimmed")
                && message.contains("--context-as-theme theme=light-colorblind")
                && !message.contains("--map highContrastDark")
        }
        #expect(!FileManager.default.fileExists(atPath: setup.targetFile("acme")))
    }

    @Test func skippingEveryExtraContextImportsTheClientsAlone() async throws {
        let setup = try setup()
        let plan = ImportPlanRequest(skipped: ["light-colorblind", "dark-colorblind", "dark-dimmed"].map { ModifierContext("theme", $0) })
        let result = try await run(setup, request(setup, plan))
        #expect(result.written)
        #expect(result.targets.map(\.id) == ["seven", "acme", "globex"])
    }

    @Test func aDarkContextThemeStandsInForDark() async throws {
        let setup = try setup()
        let plan = ImportPlanRequest(
            skipped: [ModifierContext("theme", "light-colorblind"), ModifierContext("theme", "dark-colorblind")],
            asThemes: [ModifierContext("theme", "dark-dimmed")]
        )
        let result = try await run(setup, request(setup, plan))
        #expect(result.written)
        let styles = try await resolved(setup)
        let dimmed = try #require(styles["acme-dark-dimmed"])
        let wanted = try inputColors(setup, brand: "acme", context: "dark-dimmed")
        for (name, hex) in wanted {
            #expect(dimmed.colors[name]?.dark.hex == hex, "\(name)")
        }
        let light = try inputColors(setup, brand: "acme", context: "light")
        for (name, hex) in light {
            #expect(dimmed.colors[name]?.light.hex == hex, "\(name)")
        }
    }
}

/// What an import says while it previews: an identity it need not have yet, a warning
/// per cause rather than per font, a clipped colour once.
@Suite("Import: previews and their warnings")
struct ImportPreviewTests {
    static let tokens = ##"""
        {
          "color": {
            "$type": "color",
            "brand": { "$value": { "colorSpace": "rec2020", "components": [1, 0, 1] } },
            "link": { "$value": "{color.brand}" },
            "accent": { "$value": "{color.link}" }
          },
          "font": {
            "$type": "typography",
            "body": { "$value": { "fontFamily": "Inter", "fontSize": { "value": 16, "unit": "px" }, "fontWeight": 400 } },
            "title": { "$value": { "fontFamily": "Inter", "fontSize": { "value": 22, "unit": "px" }, "fontWeight": 700 } },
            "quote": { "$value": { "fontFamily": "Source Serif", "fontSize": { "value": 18, "unit": "px" }, "fontWeight": 400 } }
          }
        }
        """##

    func prepare(dryRun: Bool) async throws -> (ImportResult, FixtureRepository) {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.commitAll("start")
        let input = try TemporaryDirectory(prefix: "livery-dtcg-preview")
        try Data(Self.tokens.utf8).write(to: URL(fileURLWithPath: input.path + "/acme.tokens.json"))
        let request = ImportRequest(
            files: ["acme.tokens.json"], id: "acme", dryRun: dryRun, repositoryPath: fixture.path, currentDirectory: input.path)
        return (try await ImportService.run(request), fixture)
    }

    @Test func aDryRunPreviewsWithAPlaceholderIdentityAndARealImportStillAsks() async throws {
        let (result, fixture) = try await prepare(dryRun: true)
        #expect(!result.fails(strict: false), "\(result.inputErrors.map(\.message)) \(result.validation?.diagnostics.map(\.message) ?? [])")
        #expect(!result.written)
        #expect(
            result.notes.contains { $0.hasPrefix("--dry-run: acme has no app identity, so the preview uses a placeholder") },
            "\(result.notes)")
        let style = try #require(result.files["targets/acme/style.json"].flatMap { String(validating: $0, as: UTF8.self) })
        #expect(style.contains("\"bundleId\": \"com.example.placeholder.acme\""), "\(style)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/targets/acme/style.json"))
        await #expect(throws: ImportError.noAppIdentity(["acme"])) {
            _ = try await prepare(dryRun: false)
        }
    }

    @Test func aClippedColourIsReportedOnceAtTheTokenThatWritesIt() async throws {
        let (result, _) = try await prepare(dryRun: true)
        let clipped = result.warnings.filter { $0.rule.id == "dtcg-clipped" }
        #expect(clipped.count == 1, "\(clipped.map(\.message))")
        #expect(clipped.first?.message.hasPrefix("`color.brand`:") == true, "\(clipped.map(\.message))")
        #expect(clipped.first?.pointer?.description == "/color/brand/$value")
    }

    @Test func warningsOfOneCauseArePrintedOnceWithACountAndVerboseListsEach() async throws {
        let (result, _) = try await prepare(dryRun: true)
        let fonts = result.warnings.filter { $0.rule.id == "dtcg-font-file" }
        #expect(fonts.count == 3, "\(fonts.map(\.message))")
        let shown = result.shownWarnings(verbose: false).filter { $0.rule.id == "dtcg-font-file" }
        #expect(shown.count == 1)
        #expect(shown.first?.message.hasSuffix("(and 2 more of this cause; --verbose lists each)") == true, "\(shown.map(\.message))")
        #expect(result.shownWarnings(verbose: true) == result.warnings)
        // Warnings of other causes are not merged with them: the clipped colour stays as it is.
        #expect(
            result.shownWarnings(verbose: false).filter { $0.rule.id == "dtcg-clipped" }
                == result.warnings.filter { $0.rule.id == "dtcg-clipped" })
    }

    @Test func aCauseIsTheMessageAfterItsSubjectWithItsValuesMasked() {
        func warning(_ message: String, _ rule: Rule = .dtcgAssumed) -> Diagnostic { Diagnostic(.warning, rule: rule, message) }
        let hex = [
            warning(
                "`color.text`: a hex string where DTCG 2025.10 wants a colour object {colorSpace, components}; read \"#1f2328\" as sRGB #1F2328"
            ),
            warning(
                "`color.surface`: a hex string where DTCG 2025.10 wants a colour object {colorSpace, components}; read \"#fff\" as sRGB #FFFFFF"
            ),
        ]
        #expect(ImportResult.groupKey(hex[0]) == ImportResult.groupKey(hex[1]))
        #expect(ImportResult.groupKey(hex[0]) != ImportResult.groupKey(warning(hex[0].message, .dtcgClipped)))
        #expect(ImportResult.groupKey(hex[0]) != ImportResult.groupKey(warning("`color.text`: sizes in rem are read at 16 px")))
        #expect(
            ImportResult.masked("display-p3 [1, 0, 1] is outside; clipped to #FF00FF (`a.b` 12.5)")
                == "display-p0 […] is outside; clipped to #… (`…` 0)")
        var result = ImportResult(name: "x", branch: "b")
        result.warnings = hex
        #expect(
            result.shownWarnings(verbose: false).map(\.message) == [hex[0].message + " (and 1 more of this cause; --verbose lists each)"])
    }
}
