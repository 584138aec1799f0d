import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// The per-client constants (`Theme.swift`, `LiveryTheme.kt`) and the app's typed theme
/// (`AppTheme.swift`, `AppTheme.kt`) name a token alike, keywords escaped the same way, so
/// code moves from one to the other by changing only the root (docs/app-theme.md).
@Suite("Contract names in the per-client code and the typed theme")
struct ContractNamesTests {
    /// Token names each language must escape: Swift's `default` and `class`, Kotlin's `object`, `class`, `in`, `is` and `where`.
    static let style = ##"""
        {"app": {"displayName": "Acme", "bundleId": "com.example.acme"},
         "colors": {"default": "#112233", "object": "#445566", "primaryText": "#000000"},
         "dimensions": {"class": 4, "in": 2},
         "flags": {"is": true, "where": 3}}
        """##

    static let contract = AppContract(
        file: "targets/contract.json",
        tokens: [
            ContractToken(section: .colors, name: "default", kind: .color),
            ContractToken(section: .colors, name: "object", kind: .color),
            ContractToken(section: .colors, name: "primaryText", kind: .color),
            ContractToken(section: .dimensions, name: "class", kind: .dimension),
            ContractToken(section: .dimensions, name: "in", kind: .dimension),
            ContractToken(section: .flags, name: "is", kind: .flag(.boolean)),
            ContractToken(section: .flags, name: "where", kind: .flag(.number)),
        ])

    func resolved() throws -> ResolvedStyle {
        let document = try JSONReader.parse(Array(Self.style.utf8), file: "targets/acme/style.json")
        let (style, diagnostics) = StyleResolver().resolve(
            id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        return style
    }

    /// The names declared in the block that opens with `header`, up to its closing brace.
    static func names(in text: String, block header: String, declaration: String) throws -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == header }, "no \(header)")
        let indent = lines[start].prefix { $0 == " " }
        let end = lines[(start + 1)...].firstIndex { $0 == indent + "}" } ?? lines.endIndex
        let pattern = try Regex(declaration + #" (`[^`]+`|\w+)"#)
        return lines[(start + 1)..<end].compactMap { line in
            (try? pattern.firstMatch(in: String(line))).flatMap { $0.output[1].substring.map(String.init) }
        }
    }

    @Test func swiftNamesAreTheSameInThemeAndAppTheme() throws {
        let theme = String(
            decoding: try #require(IOSPlatform.files(for: resolved()).first { $0.path.hasSuffix("Theme.swift") }).bytes, as: UTF8.self)
        let appTheme = AppThemeSwift.file(for: Self.contract)
        for (section, expected) in [
            ("Colors", ["`default`", "object", "primaryText"]), ("Dimensions", ["`class`", "`in`"]), ("Flags", ["`is`", "`where`"]),
        ] {
            let perClient = try Self.names(in: theme, block: "public enum \(section) {", declaration: "public static let")
            let typed = try Self.names(in: appTheme, block: "public struct \(section): Sendable {", declaration: "public var")
            #expect(perClient.sorted() == expected.sorted(), "Theme.swift \(section): \(perClient)")
            #expect(typed.sorted() == perClient.sorted(), "AppTheme.swift \(section): \(typed)")
        }
    }

    @Test func kotlinNamesAreTheSameInLiveryThemeAndAppTheme() throws {
        let theme = KotlinTheme.file(for: try resolved()).text
        let appTheme = AppThemeKotlin.file(for: Self.contract)
        for (section, expected) in [
            ("Colors", ["default", "`object`", "primaryText"]), ("Dimensions", ["`class`", "`in`"]), ("Flags", ["`is`", "`where`"]),
        ] {
            let perClient = try Self.names(in: theme, block: "object \(section) {", declaration: "val")
            let typed = try Self.names(in: appTheme, block: "inner class \(section) {", declaration: "val")
            #expect(perClient.sorted() == expected.sorted(), "LiveryTheme.kt \(section): \(perClient)")
            #expect(typed.sorted() == perClient.sorted(), "AppTheme.kt \(section): \(typed)")
        }
    }
}
