import Foundation
import LiveryEmit
import LiveryTargets
import LiveryTestSupport
import Testing

/// A token the contract deprecates reaches the app's compiler (docs/contract.md,
/// "Deprecation"): app code that reads the old accessor gets a deprecation warning at that
/// line and column from swiftc and kotlinc, naming the reason and the replacement, and the
/// replacement's accessor gets none. Both accessors read either name, so a style that
/// carries one gives the app both.
@Suite("Deprecated contract tokens warn in the app's compiler")
struct ContractDeprecationCompilerTests {
    static let contract = """
        {
          "colors": {
            "accent": {"deprecated": {"reason": "Accent is now the brand's highlight.", "replacement": "highlight"}},
            "highlight": {}
          },
          "flags": {
            "oldPromo": {"type": "boolean", "deprecated": {"reason": "Promotions have one switch.", "replacement": "promo"}},
            "promo": {"type": "boolean"}
          }
        }
        """

    static func parsed() throws -> AppContract {
        try ContractParser.parse(Array(contract.utf8), file: "targets/contract.json")
    }

    static let swiftApp = """
        import Foundation

        func screen(_ theme: AppTheme) -> String {
            let fresh = theme.colors.highlight.resolved(dark: false, highContrast: false)
            let old = theme.colors.accent.resolved(dark: false, highContrast: false)
            return "\\(fresh.red) \\(old.red) \\(theme.flags.promo) \\(theme.flags.oldPromo)"
        }

        for path in CommandLine.arguments.dropFirst() {
            print(screen(try AppTheme(current: Data(contentsOf: URL(fileURLWithPath: path)))))
        }

        """

    @Test(.enabled(if: ExternalTool.swiftc.isInstalled, "swiftc is not installed"))
    func swiftcWarnsAtTheUseAndBothNamesReadEither() throws {
        let scratch = try TemporaryDirectory(prefix: "livery-deprecation-swift")
        let swiftc = try #require(ExternalTool.swiftc.path)
        try Data(AppThemeSwift.file(for: try Self.parsed()).utf8).write(to: URL(fileURLWithPath: scratch.path + "/AppTheme.swift"))
        try Data(Self.swiftApp.utf8).write(to: URL(fileURLWithPath: scratch.path + "/main.swift"))
        let compiled = try runProcess(
            swiftc, ["AppTheme.swift", "main.swift", "-o", "app"], in: scratch.path)
        #expect(compiled.status == 0, "\(compiled.stderr.prefix(3_000))")
        let warnings = compiled.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
        #expect(
            warnings.contains(
                "main.swift:5:28: warning: 'accent' is deprecated: Accent is now the brand's highlight. [#DeprecatedDeclaration]"),
            "\(warnings)")
        #expect(
            warnings.contains { $0.hasPrefix("main.swift:6:72: warning: 'oldPromo' is deprecated: Promotions have one switch.") },
            "\(warnings)")
        #expect(compiled.stderr.contains("note: use 'highlight' instead"), "\(compiled.stderr)")
        #expect(!warnings.contains { $0.contains("'highlight' is deprecated") || $0.contains("AppTheme.swift") }, "\(warnings)")
        // A style with only the old names and one with only the new give the same values under both.
        try Data(##"{"colors": {"accent": {"light": "#FF0000", "dark": "#FF0000"}}, "flags": {"oldPromo": true}}"##.utf8).write(
            to: URL(fileURLWithPath: scratch.path + "/old.json"))
        try Data(##"{"colors": {"highlight": {"light": "#00FF00", "dark": "#00FF00"}}, "flags": {"promo": true}}"##.utf8).write(
            to: URL(fileURLWithPath: scratch.path + "/new.json"))
        let run = try runProcess(scratch.path + "/app", ["old.json", "new.json"], in: scratch.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "1.0 1.0 true true\n0.0 0.0 true true\n", "\(run.stdout)")
    }

    @Test(.enabled(if: ExternalTool.kotlinc.isInstalled, "kotlinc is not installed"))
    func kotlincWarnsAtTheUse() throws {
        let scratch = try TemporaryDirectory(prefix: "livery-deprecation-kotlin")
        let kotlinc = try #require(ExternalTool.kotlinc.path)
        try Data(AppThemeKotlin.file(for: try Self.parsed()).utf8).write(to: URL(fileURLWithPath: scratch.path + "/AppTheme.kt"))
        let app = """
            package app

            import dev.livery.theme.AppTheme

            fun screen(theme: AppTheme): String {
                val fresh = theme.colors.highlight
                return "$fresh ${theme.colors.accent} ${theme.flags.oldPromo} ${theme.flags.promo}"
            }

            """
        try Data(app.utf8).write(to: URL(fileURLWithPath: scratch.path + "/App.kt"))
        let compiled = try runProcess(
            kotlinc, ["AppTheme.kt", "App.kt", "-cp", "/usr/share/java/com.android.json.jar", "-d", "classes"], in: scratch.path)
        #expect(compiled.status == 0, "\(compiled.stderr.prefix(3_000))")
        let warnings = compiled.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
        #expect(
            warnings.contains("App.kt:7:35: warning: 'accent: AppThemeColor' is deprecated. Accent is now the brand's highlight."),
            "\(warnings)")
        #expect(warnings.contains("App.kt:7:57: warning: 'oldPromo: Boolean' is deprecated. Promotions have one switch."), "\(warnings)")
        #expect(!warnings.contains { $0.contains("highlight: AppThemeColor") || $0.hasPrefix("AppTheme.kt") }, "\(warnings)")
    }
}
