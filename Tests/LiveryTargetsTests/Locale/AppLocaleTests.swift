import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("The locale model: one BCP 47 tag as Apple, Android and both stores name it")
struct AppLocaleTests {
    /// App Store Connect's localizations as fastlane `deliver` checks folder names
    /// (deliver/lib/deliver/languages.rb), and Google Play's listing languages
    /// (supply/lib/supply/languages.rb, its `_` written `-` as the Play API does).
    static let appStoreCodes =
        "ar-SA bn ca cs da de-DE el en-AU en-CA en-GB en-US es-ES es-MX fi fr-CA fr-FR gu he hi hr hu id it ja kn ko ml mr ms nl-NL no or pa pl pt-BR pt-PT ro ru sk sl sv ta te th tr uk ur vi zh-Hans zh-Hant"
    static let playCodes =
        "af am ar az-AZ be bg bn-BD ca cs-CZ da-DK de-DE el-GR en-AU en-CA en-GB en-IN en-SG en-US en-ZA es-419 es-ES es-US et eu-ES fa fi-FI fil fr-CA fr-FR gl-ES hi-IN hr hu-HU hy-AM id is-IS it-IT iw-IL ja-JP ka-GE km-KH kn-IN ko-KR ky-KG lo-LA lt lv mk-MK ml-IN mn-MN mr-IN ms ms-MY my-MM ne-NP nl-NL no-NO pl-PL pt-BR pt-PT rm ro ru-RU si-LK sk sl sr sv-SE sw ta-IN te-IN th tr-TR uk vi zh-CN zh-HK zh-TW zu"

    @Test(
        arguments: [
            ("he", "he.lproj", "iw", "he", "iw-IL"),
            ("fr-CA", "fr-CA.lproj", "fr-rCA", "fr-CA", "fr-CA"),
            ("zh-Hans", "zh-Hans.lproj", "b+zh+Hans", "zh-Hans", "zh-CN"),
            ("zh-Hant", "zh-Hant.lproj", "b+zh+Hant", "zh-Hant", "zh-TW"),
            ("es-419", "es-419.lproj", "b+es+419", "es-MX", "es-419"),
            ("id", "id.lproj", "in", "id", "id"),
            ("yi", "yi.lproj", "ji", nil, nil),
            ("fil", "fil.lproj", "b+fil", nil, "fil"),
            ("de", "de.lproj", "de", "de-DE", "de-DE"),
            ("pt", "pt.lproj", "pt", "pt-BR", "pt-BR"),
            ("nb", "nb.lproj", "nb", "no", "no-NO"),
            ("he-IL", "he-IL.lproj", "iw-rIL", "he", "iw-IL"),
        ] as [(String, String, String, String?, String?)])
    func eachSystemNamesTheTagItsOwnWay(tag: String, lproj: String, android: String, appStore: String?, play: String?) throws {
        let locale = try #require(AppLocale(tag))
        #expect(locale.lproj == lproj)
        #expect(locale.androidQualifier == android)
        #expect(locale.appStoreCode == appStore)
        #expect(locale.playCode == play)
    }

    @Test func everyStoreCodeIsReachedAndNoOtherIsWritten() {
        let appStore = Set(AppLocale.table.compactMap(\.appStore))
        let play = Set(AppLocale.table.compactMap(\.play))
        #expect(appStore == Set(Self.appStoreCodes.split(separator: " ").map(String.init)))
        #expect(appStore.count == 50)
        #expect(play == Set(Self.playCodes.split(separator: " ").map(String.init)))
    }

    @Test func tagsOutsideTheModelAreRefusedWithTheNearestOne() {
        for bad in ["fr-ca", "FR-CA", "fr_CA", "iw", "xx", "zh-hans", "en-US-x", "", "-", "en--US", "en-U"] {
            #expect(AppLocale(bad) == nil, "\(bad)")
        }
        #expect(AppLocale.suggestion(for: "fr-ca") == "fr-CA")
        #expect(AppLocale.suggestion(for: "fr_CA") == "fr-CA")
        #expect(AppLocale.suggestion(for: "zh-hans") == "zh-Hans")
        #expect(AppLocale.suggestion(for: "iw") == "he")
        #expect(AppLocale.suggestion(for: "iw-IL") == "he-IL")
        #expect(AppLocale.suggestion(for: "no") == "nb")
        // A well-formed tag of a known language outside the table: platforms only.
        let irish = AppLocale("en-IE")
        #expect(irish?.androidQualifier == "en-rIE")
        #expect(irish?.appStoreCode == nil && irish?.playCode == nil)
    }

    @Test func rightToLeftLanguagesAreMarked() {
        #expect(AppLocale("he")?.isRightToLeft == true)
        #expect(AppLocale("ar-SA")?.isRightToLeft == true)
        #expect(AppLocale("fa")?.isRightToLeft == true)
        #expect(AppLocale("fr-CA")?.isRightToLeft == false)
    }
}

@Suite("Texts per language in app")
struct LocalizedAppTests {
    static let file = "targets/acme/style.json"

    func resolve(_ text: String) throws -> (ResolvedStyle, [Diagnostic]) {
        let document = try JSONReader.parse(Array(text.utf8), file: Self.file)
        return StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
    }

    @Test func aNamePerLanguageKeepsTheDefaultAndEachTag() throws {
        let (style, diagnostics) = try resolve(
            #"""
            {"app": {"displayName": {"default": "Sunny", "fr-CA": "Soleil", "he": "שמש"}, "bundleId": "com.example.sunny",
                     "tagline": {"default": "Bright", "fr-CA": "Lumineux"}, "supportEmail": "help@sunny.example", "defaultLocale": "en-GB"}}
            """#)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(style.app.displayName == "Sunny")
        #expect(style.app.localized["fr-CA"] == AppTexts(displayName: "Soleil", tagline: "Lumineux"))
        #expect(style.app.localized["he"]?.displayName == "שמש")
        #expect(style.app.texts(for: "he").tagline == "Bright")
        #expect(style.app.sourceLocale == "en-GB")
        let json = JSONWriter.compact(ResolvedStyleJSON.document(for: style), sortedKeys: true)
        #expect(json.contains(#""displayName":"Sunny""#))
        #expect(json.contains(#""localized":{"fr-CA":{"displayName":"Soleil","tagline":"Lumineux"},"he":{"displayName":"שמש"}}"#))
        // The file written member by member is the document's.
        #expect(
            String(decoding: ResolvedStyleJSON.bytes(for: style), as: UTF8.self) == JSONWriter.write(ResolvedStyleJSON.document(for: style))
        )
    }

    @Test func anUnknownTagIsAnErrorAtItsKeyWithTheNearestTag() throws {
        let (style, diagnostics) = try resolve(
            """
            {"app": {"bundleId": "com.example.sunny",
                     "displayName": {"default": "Sunny",
                                     "fr-ca": "Soleil"}}}
            """)
        let problem = try #require(diagnostics.first { $0.rule == .locale })
        #expect(problem.severity == .error)
        #expect(problem.line == 3 && problem.column == 26, "\(problem.line ?? 0):\(problem.column ?? 0)")
        #expect(problem.pointer?.description == "/app/displayName/fr-ca")
        #expect(problem.message.contains("did you mean 'fr-CA'?"))
        #expect(style.app.localized.isEmpty)
    }

    @Test func aStringNameWritesNoLocalizedMember() throws {
        let (style, _) = try resolve(#"{"app": {"displayName": "Sunny", "bundleId": "com.example.sunny"}}"#)
        #expect(!String(decoding: ResolvedStyleJSON.bytes(for: style), as: UTF8.self).contains("localized"))
    }
}
