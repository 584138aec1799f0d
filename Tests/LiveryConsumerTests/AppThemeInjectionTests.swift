import Foundation
import LiveryEmit
import LiveryTargets
import LiveryTestSupport
import Testing

/// No text of the repository reaches the app's generated code except through that
/// language's string-literal escaper: the contract's place (`targetsDir` of livery.json)
/// is in no generated file, and a description is written into comments only through
/// `TextEscaping.codeComment`, so neither can close a comment or start a line of code.
@Suite("AppTheme: repository text cannot inject code")
struct AppThemeInjectionTests {
    /// Replaces `emptyMap` throughout the package if it ever reaches AppTheme.kt as code.
    static let kotlinAttack = #"t*/fun <K, V> emptyMap(): Map<K, V> { println("PWNED"); return kotlin.collections.emptyMap() }/*"#
    static let lineAttack = "t\nfunc injectedSwift() {}\nfun injectedKotlin() {}\n"

    func repository(targetsDir: String, description: String = "plain") throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        let config = ["targetsDir": targetsDir]
        try fixture.write("livery.json", String(decoding: try JSONSerialization.data(withJSONObject: config), as: UTF8.self))
        try fixture.write(
            targetsDir + "/alpha/style.json",
            ##"{"app": {"displayName": "Alpha", "bundleId": "com.example.alpha"}, "colors": {"bg": "#FFFFFF"}}"##)
        let contract = ["colors": ["bg": ["description": description]]]
        try fixture.write(
            targetsDir + "/contract.json", String(decoding: try JSONSerialization.data(withJSONObject: contract), as: UTF8.self))
        try fixture.commitAll("first")
        return fixture
    }

    func generate(_ fixture: FixtureRepository) throws -> (swift: String, kotlin: String) {
        let result = try LiveryBinary.run(["contract", "generate", "--swift", "gen", "--kotlin", "gen"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        let read = { (name: String) in
            String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: fixture.path + "/gen/" + name))) ?? Data(), as: UTF8.self)
        }
        return (read("AppTheme.swift"), read("AppTheme.kt"))
    }

    @Test func theContractsPlaceIsInNoGeneratedFile() throws {
        for targetsDir in [Self.kotlinAttack, Self.lineAttack] {
            let fixture = try repository(targetsDir: targetsDir)
            let (swift, kotlin) = try generate(fixture)
            #expect(swift.hasPrefix(AppThemeLanguage.generatedMark) && kotlin.hasPrefix(AppThemeLanguage.generatedMark))
            for text in [swift, kotlin] {
                #expect(!text.contains("PWNED") && !text.contains("emptyMap(): Map") && !text.contains("injected"))
            }
        }
    }

    @Test func aDescriptionStaysInsideItsComment() throws {
        let description = "a */ fun injectedKotlin() {} /* b\nfunc injectedSwift() {}\r\u{2028}fun injectedLine() {} /*"
        let fixture = try repository(targetsDir: "targets", description: description)
        let (swift, kotlin) = try generate(fixture)
        let swiftLines = swift.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" }.filter {
            $0.contains("injected")
        }
        #expect(
            swiftLines.count == 1 && swiftLines.allSatisfy { $0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }, "\(swiftLines)")
        let kotlinLines = kotlin.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" }.filter {
            $0.contains("injected")
        }
        #expect(kotlinLines.count == 1, "\(kotlinLines)")
        for line in kotlinLines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // One comment, opened at the start and closed at the end, with no delimiter between.
            #expect(trimmed.hasPrefix("/**") && trimmed.hasSuffix(" */"), "\(line)")
            let inner = trimmed.dropFirst(3).dropLast(3)
            #expect(!inner.contains("*/") && !inner.contains("/*"), "\(line)")
        }
    }

    /// The attack of a hostile livery.json, compiled and run: kotlinc compiles the file and
    /// `AppTheme(json)` runs no function of the repository's.
    @Test(.enabled(if: ExternalTool.kotlinc.isInstalled && ExternalTool.java.isInstalled, "kotlinc or java is not installed"))
    func kotlinCompilesAndRunsNothingOfTheRepository() throws {
        let fixture = try repository(targetsDir: Self.kotlinAttack, description: "*/ fun emptyList(): Nothing = throw Error(\"PWNED\") /*")
        let (_, kotlin) = try generate(fixture)
        let kotlinc = try #require(ExternalTool.kotlinc.path)
        let java = try #require(ExternalTool.java.path)
        let scratch = try TemporaryDirectory(prefix: "livery-injection")
        try Data(kotlin.utf8).write(to: URL(fileURLWithPath: scratch.path + "/AppTheme.kt"))
        try Data(
            """
            import dev.livery.theme.AppTheme
            fun main() {
                val theme = AppTheme(\"\"\"{"colors": {"bg": {"light": "#FF0000", "dark": "#000000"}}}\"\"\".toByteArray())
                println("red=" + theme.colors.bg.light.red)
            }

            """.utf8
        ).write(to: URL(fileURLWithPath: scratch.path + "/Main.kt"))
        let jars = "/usr/share/java/com.android.json.jar"
        let jar = scratch.path + "/app.jar"
        let compiled = try runProcess(
            kotlinc, [scratch.path + "/AppTheme.kt", scratch.path + "/Main.kt", "-cp", jars, "-include-runtime", "-nowarn", "-d", jar])
        try #require(compiled.status == 0, "kotlinc: \(compiled.stderr.prefix(3_000))")
        let run = try runProcess(java, ["-cp", jar + ":" + jars, "MainKt"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "red=1.0\n", "\(run.stdout)")
        #expect(!run.stdout.contains("PWNED") && !run.stderr.contains("PWNED"))
    }
}
