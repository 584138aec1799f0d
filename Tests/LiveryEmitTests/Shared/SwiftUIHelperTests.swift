import Foundation
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEmit

/// The SwiftUI font helpers have one source, `SwiftUIHelpers`: a bundle's `Theme.swift`, the
/// contract's `AppTheme.swift` and LiveryRuntime (`FontLookup.swift`, written from it, and
/// `SwiftUISupport.swift`'s `font`) carry the same text, so the font lookup by PostScript
/// name cannot drift between them again. What the rule decides is checked in
/// LiveryRuntimeTests (`FontLookupTests`), on the runtime's copy.
@Suite("SwiftUI helpers: one source for the generated files and LiveryRuntime")
struct SwiftUIHelperTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theRuntimesLookupIsWrittenFromTheSource() throws {
        let path = "Sources/LiveryRuntime/FontLookup.swift"
        if ProcessInfo.processInfo.environment["LIVERY_WRITE_SWIFTUI_HELPERS"] == "1" {
            try Data(SwiftUIHelpers.runtimeFile.utf8).write(to: Self.root.appendingPathComponent(path))
            return
        }
        #expect(
            try Self.read(path) == SwiftUIHelpers.runtimeFile,
            "\(path) differs from SwiftUIHelpers (LIVERY_WRITE_SWIFTUI_HELPERS=1 swift test --skip-build --filter SwiftUIHelperTests writes it)"
        )
    }

    @Test func theRuntimesSwiftUIFontIsTheSource() throws {
        let support = try Self.read("Sources/LiveryRuntime/SwiftUISupport.swift")
        #expect(support.contains("extension LiveryStyle.FontToken {\n" + SwiftUIHelpers.swiftUIFontProperty))
        #expect(support.contains("var swiftUIWeight: Font.Weight { weight.weight }"))
    }

    @Test func aBundlesThemeSwiftCarriesTheSource() throws {
        let document = try JSONReader.parse(
            Array(
                ##"{"app": {"displayName": "Acme", "bundleId": "com.acme.app"}, "fonts": {"body": {"family": "System", "size": 17, "weight": "regular"}}}"##
                    .utf8), file: "style.json")
        let (style, _) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        let theme = SwiftTheme.file(for: style).text
        #expect(theme.contains(SwiftUIHelpers.lookupExtension(of: "LiveryFont", hasFile: "postScriptName != nil")))
        #expect(theme.contains("extension LiveryFont {\n" + SwiftUIHelpers.swiftUIFontProperty))
        // The lookup is plain Swift, outside the SwiftUI part, so the Linux compile checks it.
        let swiftUI = try #require(theme.range(of: "#if canImport(SwiftUI)\nextension LiveryColor"))
        #expect(try #require(theme.range(of: "    var lookup: Lookup {")).lowerBound < swiftUI.lowerBound)
    }

    @Test func theContractsAppThemeSwiftCarriesTheSource() {
        let text = AppThemeSwift.conveniences
        #expect(text.contains(SwiftUIHelpers.lookupExtension(of: "AppThemeFont", hasFile: "postScriptName != nil")))
        #expect(text.contains("extension AppThemeFont {\n" + SwiftUIHelpers.swiftUIFontProperty))
    }

    /// The old drift: a style's `System` font was looked up as a family by Theme.swift only.
    @Test func noFileWritesItsOwnFontLookup() throws {
        let files = [
            "Sources/LiveryRuntime/SwiftUISupport.swift", "Sources/LiveryEmit/iOS/SwiftTheme.swift",
            "Sources/LiveryEmit/Contract/AppThemeSwiftSupport.swift",
        ]
        for path in files {
            let text = try Self.read(path)
            #expect(!text.contains(".custom(postScriptName"), "\(path) looks a font up by its own rule")
            #expect(!text.contains("family == \"System\""), "\(path) decides the system font by its own rule")
        }
    }
}
