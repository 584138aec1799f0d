import Foundation
import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// Every contract livery accepts gives an `AppTheme.swift` that swiftc type-checks and an
/// `AppTheme.kt` that kotlinc compiles, whatever its names and descriptions: contracts are
/// drawn (seeded, so a failure replays) from a hostile alphabet — both languages' keywords,
/// standard-library type names, the names the generated code itself uses, and comment and
/// string delimiters in descriptions. The Kotlin files are compiled in one kotlinc run, each
/// in a package of its own, because kotlinc takes tens of seconds to start.
@Suite("AppTheme from hostile contracts compiles in Swift and Kotlin")
struct AppThemeHostileNamesTests {
    static var tools: Bool { ExternalTool.swiftc.isInstalled && ExternalTool.kotlinc.isInstalled }
    static let missing: Comment = "swiftc or kotlinc is not installed (scripts/product/bootstrap --test installs them)"

    /// Names that are valid contract names and mean something to Swift, Kotlin or the generated code.
    static let names: [String] = [
        // Swift keywords and contextual names.
        "Protocol", "Type", "Self", "Any", "self", "super", "init", "deinit", "subscript", "class", "struct", "enum",
        "protocol", "extension", "func", "var", "let", "static", "default", "case", "switch", "where", "in", "is",
        "as", "nil", "true", "false", "some", "any", "async", "await", "actor", "get", "set", "willSet", "didSet",
        "inout", "throws", "rethrows", "import", "public", "private", "internal", "open", "operator", "return",
        // Kotlin keywords.
        "object", "fun", "val", "when", "typeof", "interface", "package", "this", "null", "by", "constructor",
        "companion", "data", "inner", "sealed", "value", "field", "it", "out", "reified", "suspend", "typealias",
        // Standard library and module names.
        "Swift", "swift", "Foundation", "SwiftUI", "LiveryRuntime", "String", "string", "Double", "double", "Bool",
        "Boolean", "boolean", "Int", "Optional", "Sendable", "Hashable", "Data", "KeyPath", "Color", "Font", "Never",
        "Void", "Error", "Unit", "Nothing", "Map", "List", "JvmField", "JvmOverloads", "Suppress", "JSONObject",
        "JSONArray", "kotlin", "dev", "java", "org", "Companion", "INSTANCE", "hashCode", "toString", "equals",
        "javaClass", "Math",
        // The generated code's own names.
        "AppTheme", "appTheme", "AppThemeColor", "appThemeColor", "AppThemeRGBA", "AppThemeRgba", "AppThemeFont",
        "AppThemePalette", "AppThemeAnimation", "AppThemeImage", "AppThemeShape", "AppThemeValue", "AppThemeStyle",
        "AppThemeError", "AppThemeJSON", "Colors", "Palettes", "Fonts", "Dimensions", "Animations", "Images", "Flags",
        "Components", "components", "colors", "style", "bundled", "component", "hasComponent", "flag", "MISSING",
        "appThemeMissing", "missingColor", "missingShape", "ButtonComponent", "PrimaryVariant", "button", "primary",
        "Component", "Variant", "color", "shape", "number", "resolved", "light", "dark", "getClass", "Class",
    ]

    /// The alphabet without names that differ from an earlier one only in case (which the
    /// contract refuses side by side, see `namesDifferingOnlyInCaseAreRefused`).
    static let distinctNames: [String] = {
        var seen: Set<String> = []
        return names.filter { seen.insert($0.lowercased()).inserted }
    }()

    /// Pieces of descriptions: every delimiter of a comment or string in either language.
    static let descriptionPieces: [String] = [
        "/*", "*/", "/**", "//", "\"", "\"\"\"", "\\", "$", "${x}", "\\(x)", "\n", "\r", "\r\n", "\u{2028}", "\u{2029}",
        "\u{0085}", "\u{202E}", "`", "#", "-->", "<!--", "*/fun x() {}/*", "\n}\nfunc x() {}\n", "words", " ",
    ]

    /// One contract's JSON from `random`: every section, names drawn from the alphabet.
    static func contractJSON(_ random: inout SeededRandom) -> String {
        func draw(_ count: Int) -> [String] {
            var picked: [String] = []
            while picked.count < count {
                let name = distinctNames.randomElement(using: &random) ?? "x"
                if !picked.contains(name) { picked.append(name) }
            }
            return picked
        }
        func description() -> String {
            (0..<Int.random(in: 1...4, using: &random)).map { _ in descriptionPieces.randomElement(using: &random) ?? "" }.joined()
        }
        func quoted(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        func declaration(_ extra: [String]) -> String {
            var members = extra
            if Bool.random(using: &random) { members.append("\"optional\": true") }
            if Bool.random(using: &random) { members.append("\"description\": " + quoted(description())) }
            return "{" + members.joined(separator: ", ") + "}"
        }
        var sections: [String] = []
        for section in ["colors", "palettes", "fonts", "dimensions", "animations", "images"] {
            let entries = draw(12).map { quoted($0) + ": " + declaration([]) }
            sections.append(quoted(section) + ": {" + entries.joined(separator: ", ") + "}")
        }
        let flags = draw(12).map {
            quoted($0) + ": "
                + declaration(["\"type\": " + quoted(["boolean", "number", "string"].randomElement(using: &random) ?? "string")])
        }
        sections.append("\"flags\": {" + flags.joined(separator: ", ") + "}")
        let types = ["color", "font", "dimension", "shape", "number", "string", "boolean"]
        let kinds = draw(8).map { kind in
            let variants = draw(4).map { variant in
                let properties = draw(6).map { quoted($0) + ": " + quoted(types.randomElement(using: &random) ?? "color") }
                return quoted(variant) + ": " + declaration(["\"properties\": {" + properties.joined(separator: ", ") + "}"])
            }
            return quoted(kind) + ": {" + variants.joined(separator: ", ") + "}"
        }
        sections.append("\"components\": {" + kinds.joined(separator: ", ") + "}")
        return "{" + sections.joined(separator: ", ") + "}"
    }

    /// Every name of the alphabet in every place at once: each section's token, a component
    /// kind, a variant and a property (each in one kind or variant, so the file stays within
    /// what kotlinc compiles in its default memory).
    static var everyNameEverywhere: String {
        let quoted = distinctNames.map { "\"\($0)\"" }
        var sections = ["colors", "palettes", "fonts", "dimensions", "animations", "images"].map { section in
            "\"\(section)\": {" + quoted.map { $0 + ": {}" }.joined(separator: ", ") + "}"
        }
        sections.append(
            "\"flags\": {"
                + quoted.enumerated().map { "\($1): {\"type\": \"\(["boolean", "number", "string"][$0 % 3])\"}" }.joined(separator: ", ")
                + "}")
        let kinds = ["color", "font", "dimension", "shape", "number", "string", "boolean"]
        let properties =
            "{\"properties\": {" + quoted.enumerated().map { "\($1): \"\(kinds[$0 % kinds.count])\"" }.joined(separator: ", ") + "}}"
        // Kinds and variants without the names of their neighbours' types (refused, see below).
        let types = Set(distinctNames.map(AppContract.kindTypeName) + distinctNames.map(AppContract.variantTypeName))
        let placed = distinctNames.filter { !types.contains($0) }.map { "\"\($0)\"" }
        let components =
            placed.map { $0 + ": {\"primary\": {\"properties\": {\"color\": \"color\"}}, \"Protocol\": {\"optional\": true}}" }
            + [
                "\"everyVariant\": {" + placed.map { $0 + ": {\"properties\": {\"shape\": \"shape\"}}" }.joined(separator: ", ") + "}",
                "\"everyProperty\": {\"all\": " + properties + "}",
            ]
        sections.append("\"components\": {" + components.joined(separator: ", ") + "}")
        return "{" + sections.joined(separator: ", ") + "}"
    }

    /// The contracts of one seed that livery accepts, and each refusal's messages.
    static func contracts(seed: UInt64, count: Int) -> (accepted: [AppContract], refused: [String]) {
        var random = SeededRandom(seed: seed)
        var accepted: [AppContract] = []
        var refused: [String] = []
        for index in 0..<count {
            let json = index == 0 ? everyNameEverywhere : contractJSON(&random)
            do {
                accepted.append(try ContractParser.parse(Array(json.utf8), file: "targets/contract.json"))
            } catch {
                refused.append("contract \(index): " + error.diagnostics.map(\.message).joined(separator: "; "))
            }
        }
        return (accepted, refused)
    }

    @Test(.enabled(if: tools, missing))
    func everyAcceptedContractCompilesInBothLanguages() async throws {
        let (accepted, refused) = Self.contracts(seed: 0x11FE_2026, count: 12)
        // A drawn contract may put `button` beside `ButtonComponent`; the contract refuses only that.
        #expect(accepted.count >= 8 && accepted.first?.tokens.count ?? 0 > 1_000, "most drawn contracts are accepted: \(refused)")
        for refusal in refused {
            #expect(refusal.contains("has the name of the type the app's theme gives"), "\(refusal)")
        }
        let scratch = try TemporaryDirectory(prefix: "livery-hostile-names")
        let swiftc = try #require(ExternalTool.swiftc.path)
        let kotlinc = try #require(ExternalTool.kotlinc.path)
        var kotlinFiles: [String] = []
        for (index, contract) in accepted.enumerated() {
            let swift = AppThemeSwift.file(for: contract)
            let swiftFile = scratch.path + "/AppTheme\(index).swift"
            try Data(swift.utf8).write(to: URL(fileURLWithPath: swiftFile))
            let checked = try runProcess(swiftc, ["-typecheck", swiftFile])
            #expect(checked.status == 0, "contract \(index): swiftc: \(checked.stderr.prefix(3_000))")
            // Each file in a package of its own, so one kotlinc run compiles them all.
            let kotlin = AppThemeKotlin.file(for: contract)
            #expect(kotlin.contains("\npackage dev.livery.theme\n"))
            let packaged = kotlin.replacingOccurrences(of: "\npackage dev.livery.theme\n", with: "\npackage dev.livery.theme.c\(index)\n")
            let kotlinFile = scratch.path + "/AppTheme\(index).kt"
            try Data(packaged.utf8).write(to: URL(fileURLWithPath: kotlinFile))
            kotlinFiles.append(kotlinFile)
        }
        let jars = "/usr/share/java/com.android.json.jar"
        // The contract of every name is large: more heap than kotlinc's default 256 MB.
        var environment = ProcessInfo.processInfo.environment
        environment["JAVA_OPTS"] = "-Xmx1g"
        let compiled = try runProcess(
            kotlinc, kotlinFiles + ["-cp", jars, "-nowarn", "-d", scratch.path + "/classes"], environment: environment)
        #expect(compiled.status == 0, "kotlinc: \(compiled.stderr.prefix(6_000))")
    }

    /// Two names side by side that differ only in case are refused, the message naming both,
    /// wherever they stand: a section, a kind's variants, a variant's properties.
    @Test func namesDifferingOnlyInCaseAreRefused() {
        let cases = [
            (#"{"colors": {"primary": {}, "Primary": {}}}"#, "/colors/Primary"),
            (#"{"components": {"button": {"main": {}, "Main": {}}}}"#, "/components/button/Main"),
            (
                #"{"components": {"button": {"main": {"properties": {"swift": "color", "Swift": "font"}}}}}"#,
                "/components/button/main/properties/Swift"
            ),
            (#"{"components": {"button": {"main": {}}, "ButtonComponent": {"main": {}}}}"#, "/components/ButtonComponent"),
            (#"{"components": {"button": {"main": {}, "MainVariant": {}}}}"#, "/components/button/MainVariant"),
        ]
        for (json, pointer) in cases {
            do {
                _ = try ContractParser.parse(Array(json.utf8), file: "targets/contract.json")
                Issue.record("accepted \(json)")
            } catch {
                #expect(error.diagnostics.count == 1, "\(error.diagnostics)")
                let problem = error.diagnostics.first
                #expect(problem?.pointer?.description == pointer, "\(String(describing: problem))")
                let message = problem?.message ?? ""
                #expect(message.contains("differ only in case") || message.contains("has the name of the type"), "\(message)")
            }
        }
        // Apart, they are fine: each section is its own class.
        #expect((try? ContractParser.parse(Array(#"{"colors": {"primary": {}}, "fonts": {"Primary": {}}}"#.utf8), file: "c.json")) != nil)
    }
}
