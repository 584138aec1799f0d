import Foundation
import LiveryTargets
import Testing

/// docs/locales.md lists the locale model's table and docs/store-listings.md
/// every store field with its limit: the pages and the code are one.
@Suite("LocaleDocumentationTests: the locale table and store limits in docs")
struct LocaleDocumentationTests {
    static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs")

    static let begin = "<!-- locale-table: written by LIVERY_WRITE_DOCS=1 swift test --skip-build --filter LocaleDocumentationTests -->\n"
    static let end = "<!-- end locale-table -->"

    /// The table as docs/locales.md shows it.
    static var table: String {
        var text = "| tag | language | Apple | Android | App Store | Google Play |\n|---|---|---|---|---|---|\n"
        for row in AppLocale.table {
            let language = AppLocale(row.tag)?.languageName ?? ""
            text +=
                "| `\(row.tag)` | \(language) | `\(row.lproj)` | `values-\(row.android)` | \(row.appStore.map { "`\($0)`" } ?? "—") | \(row.play.map { "`\($0)`" } ?? "—") |\n"
        }
        return text
    }

    @Test func theLocalesPageHoldsTheModelsTable() throws {
        let page = Self.docs.appendingPathComponent("locales.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin))
        let stop = try #require(text.range(of: Self.end))
        let generated = String(text[..<start.upperBound]) + Self.table + String(text[stop.lowerBound...])
        if ProcessInfo.processInfo.environment["LIVERY_WRITE_DOCS"] == "1", generated != text {
            try Data(generated.utf8).write(to: page)
            return
        }
        #expect(generated == text, "docs/locales.md's table differs from the locale model (LIVERY_WRITE_DOCS=1 writes it)")
        #expect(text.contains("| `he` | Hebrew | `he.lproj` | `values-iw` | `he` | `iw-IL` |"))
    }

    @Test func theStoreListingsPageNamesEveryFieldWithItsLimitAndUnit() throws {
        let text = try String(contentsOf: Self.docs.appendingPathComponent("store-listings.md"), encoding: .utf8)
        for field in StoreField.all {
            let name = field.file == "changelogs/" ? "`changelogs/<versionCode>.txt`" : "`\(field.file)`"
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("| ") && $0.contains(name) }) else {
                Issue.record("no row for \(field.file)")
                continue
            }
            #expect(line.contains(field.store == .appStore ? "| App Store |" : "| Google Play |"), "\(line)")
            if let maximum = field.maximum {
                let limit = maximum.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
                #expect(line.contains(field.minimum > 0 ? "\(field.minimum)–\(limit)" : "| \(limit) |"), "\(line)")
                #expect(line.contains(field.unit == .bytes ? "bytes" : "characters"), "\(line)")
            } else {
                #expect(line.contains("https URL"), "\(line)")
            }
        }
    }

    /// The App Store screenshot sizes of docs/store-listings.md are the ones validate takes:
    /// every size the model has is on the page (as written or turned), every size on the page is taken.
    @Test func theStorePageListsTheAppStoreScreenshotSizes() throws {
        let text = try String(contentsOf: Self.docs.appendingPathComponent("store-listings.md"), encoding: .utf8)
        let start = try #require(text.range(of: "<!-- app-store-displays: checked by LocaleDocumentationTests -->"))
        let stop = try #require(text.range(of: "<!-- end app-store-displays -->"))
        let section = text[start.upperBound..<stop.lowerBound]
        var listed: [(Int, Int)] = []
        for match in section.matches(of: /([0-9]+)×([0-9]+)/) {
            listed.append((Int(match.output.1) ?? 0, Int(match.output.2) ?? 0))
        }
        #expect(listed.count > 30)
        for (width, height) in listed {
            #expect(AppStoreDisplay.of(width: width, height: height) != nil, "\(width)×\(height) on the page is not taken")
        }
        for display in AppStoreDisplay.all {
            for size in display.sizes {
                let onPage = listed.contains { $0 == (size.width, size.height) || $0 == (size.height, size.width) }
                #expect(onPage, "\(display.name) \(size.width)×\(size.height) is not on the page")
            }
        }
    }
}
