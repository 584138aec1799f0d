import LiveryCore
import LiveryEmit
import LiveryTargets
import LiveryTestSupport
import Testing

/// Compose cannot be compiled without the Android SDK, so the file is checked
/// for shape here and against stand-ins of the Compose API in
/// `KotlinCompileTests`; every `LiveryTheme` member it names must exist.
@Suite("compose: LiveryComposeTheme.kt")
struct ComposeThemeTests {
    @Test func isOptInAndBuildsOnAndroid() throws {
        let platform = try #require(Platform(named: "compose"))
        #expect(!platform.isDefault)
        #expect(platform.requires == ["android"])
        #expect(!Platform.defaults.contains(platform))
        #expect(Platform.parse(names: ["compose"]) == .failure(.missingRequirement("compose", needs: "android")))
    }

    @Test func theFileIsWellFormed() throws {
        let style = try KotlinFixtures.rich()
        let files = ComposePlatform.files(for: style)
        #expect(files.map(\.path) == ["android/kotlin/dev/livery/theme/LiveryComposeTheme.kt"])
        let text = try #require(files.first).text
        #expect(KotlinOutline.balanced(text), "unbalanced braces or parentheses")
        #expect(text.contains("\npackage dev.livery.theme\n"))
        for module in [
            "androidx.compose.material3.MaterialTheme", "androidx.compose.material3.lightColorScheme",
            "androidx.compose.material3.darkColorScheme",
            "androidx.compose.material3.Typography", "androidx.compose.runtime.Composable",
            "androidx.compose.foundation.isSystemInDarkTheme",
            "androidx.compose.ui.text.TextStyle", "androidx.compose.ui.text.font.FontWeight", "androidx.compose.ui.unit.sp",
        ] {
            #expect(text.contains("\nimport \(module)\n"), "missing import \(module)")
        }
        #expect(
            text.contains(
                "@Composable\nfun LiveryComposeTheme(\n    darkTheme: Boolean = isSystemInDarkTheme(),\n    highContrast: Boolean = false,\n    content: @Composable () -> Unit\n) {"
            ))
        #expect(
            text.contains(
                "MaterialTheme(colorScheme = liveryColorScheme(darkTheme, highContrast), typography = typography, content = content)"))
        // Roles take the token of their name first, then livery's usual names.
        #expect(text.contains("            primary = c(LiveryTheme.Colors.primary),\n"))
        #expect(text.contains("            onBackground = c(LiveryTheme.Colors.foreground),\n"))
        #expect(text.contains("            outline = c(LiveryTheme.Colors.separator),\n"))
        #expect(!text.contains("secondary ="), "no token for secondary, so Material's default stays")
        #expect(
            text.contains(
                "        displayLarge = style(LiveryTheme.Fonts.display),\n        bodyLarge = style(LiveryTheme.Fonts.body)\n    )"))
        #expect(text.contains("TextStyle(fontFamily = family, fontSize = font.sizeSp.sp, fontWeight = FontWeight(font.weight))"))
    }

    @Test func everyMemberItNamesExists() throws {
        for style in [try KotlinFixtures.rich(), ResolvedStyle(id: "empty", chain: ["empty"])] {
            let theme = KotlinOutline.members(of: KotlinTheme.file(for: style).text)
            let compose = try #require(ComposePlatform.files(for: style).first).text
            let named = KotlinOutline.references(in: compose)
            #expect(named.isEmpty == style.colors.isEmpty)
            for member in named {
                #expect(theme.contains(member), "\(style.id): \(member) is not in LiveryTheme.kt")
            }
        }
        // The check can fail.
        let theme = KotlinOutline.members(of: KotlinTheme.file(for: try KotlinFixtures.rich()).text)
        #expect(theme.contains("LiveryTheme.Colors.`object`"))
        #expect(!theme.contains("LiveryTheme.Colors.secondary"))
        #expect(!KotlinOutline.balanced("fun f() { g(1 }"))
    }

    @Test func anEmptyStyleKeepsMaterialDefaults() throws {
        let text = try #require(ComposePlatform.files(for: ResolvedStyle(id: "empty", chain: ["empty"])).first).text
        #expect(text.contains("darkColorScheme()"))
        #expect(text.contains("return Typography()"))
        #expect(KotlinOutline.balanced(text))
    }
}

/// Just enough of Kotlin's shape to check generated files without a compiler.
enum KotlinOutline {
    /// Braces, parentheses and brackets pair up outside string literals.
    static func balanced(_ text: String) -> Bool {
        var stack: [Character] = []
        var inString = false
        var escaped = false
        for c in text {
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            switch c {
            case "\"": inString = true
            case "{", "(", "[": stack.append(c)
            case "}": if stack.popLast() != "{" { return false }
            case ")": if stack.popLast() != "(" { return false }
            case "]": if stack.popLast() != "[" { return false }
            default: break
            }
        }
        return stack.isEmpty && !inString
    }

    /// Every `val` of every object, as a dotted path: `LiveryTheme.Colors.primary`.
    static func members(of text: String) -> Set<String> {
        var found: Set<String> = []
        var objects: [(name: String, depth: Int)] = []
        var depth = 0
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("object "), trimmed.hasSuffix(" {") {
                objects.append((String(trimmed.dropFirst(7).dropLast(2)), depth + 1))
            } else if let range = trimmed.range(of: "val ") {
                let name = trimmed[range.upperBound...].prefix { $0 != ":" && $0 != " " }
                if objects.last?.depth == depth { found.insert((objects.map(\.name) + [String(name)]).joined(separator: ".")) }
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            while let last = objects.last, last.depth > depth { objects.removeLast() }
        }
        return found
    }

    /// Every `LiveryTheme.…` path a file names.
    static func references(in text: String) -> Set<String> {
        Set(text.matches(of: /LiveryTheme(?:\.(?:`[^`]+`|[A-Za-z_][A-Za-z0-9_]*))+/).map { String($0.output) })
    }
}
